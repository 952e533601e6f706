/**
 * The batch output file: its lock (`OUT.lock`, so two batches never append to one file), the
 * ids it holds already (to resume), and the checks made before any work.
 */
import { mkdir, open, readFile, rename, stat, truncate, unlink, writeFile, link, type FileHandle } from 'node:fs/promises';
import { readFileSync, unlinkSync, type Stats } from 'node:fs';
import { PithError } from '../errors.js';
import { fsReason } from '../util/fs-reason.js';

/** `--out -`: the lines go to standard output, as a device output does (no lock, nothing to resume). */
export const STDOUT_OUTPUT = '-';

/** Where the lock of an output file lives: beside it, `OUT.lock`. */
export function outputLockPath(out: string): string {
  return `${out}.lock`;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the lock when it is still this process' own (for exit paths that cannot wait). */
export function releaseOutputLockSync(out: string): void {
  const lock = outputLockPath(out);
  try {
    if (readFileSync(lock, 'utf8').trim() === String(process.pid)) unlinkSync(lock);
  } catch {
    // gone already
  }
}

/**
 * Takes the output's lock: `OUT.lock`, created exclusively, holding this process' pid. A lock
 * whose pid is alive means another batch is writing there: LOCKED. A lock left by a process
 * that died (kill -9, power loss) is taken over. Returns the release function.
 */
export async function acquireOutputLock(out: string): Promise<() => Promise<void>> {
  const lock = outputLockPath(out);
  const mine = `${process.pid}\n`;
  const release = async (): Promise<void> => {
    try {
      if ((await readFile(lock, 'utf8')).trim() === String(process.pid)) await unlink(lock);
    } catch {
      // gone already
    }
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await writeFile(lock, mine, { flag: 'wx' });
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new PithError('IO', `cannot create the lock file ${lock}: ${fsReason(e)}`, out, { cause: e });
      }
    }
    let held: string;
    let heldStat: Stats;
    try {
      [held, heldStat] = await Promise.all([readFile(lock, 'utf8'), stat(lock)]);
    } catch {
      continue; // released meanwhile: try again
    }
    const pid = /^\d+$/.test(held.trim()) ? Number(held.trim()) : NaN;
    // An empty lock a moment old is one being written right now.
    const live = Number.isInteger(pid) && pid > 0 ? pidAlive(pid) : Date.now() - heldStat.mtimeMs < 5000;
    if (live) {
      throw new PithError('LOCKED', `another pith batch${Number.isInteger(pid) ? ` (pid ${pid})` : ''} is writing to this file; wait for it to finish or stop it (lock file: ${lock})`, out);
    }
    // Stale: move it aside (only one taker wins the rename), check it was the one judged stale.
    const aside = `${lock}.stale-${process.pid}`;
    try {
      await rename(lock, aside);
    } catch {
      continue;
    }
    const moved = await readFile(aside, 'utf8').catch(() => held);
    if (moved !== held) {
      // Another taker's fresh lock: put it back and give way.
      await link(aside, lock).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
      throw new PithError('LOCKED', `another pith batch is taking over this file's lock (lock file: ${lock})`, out);
    }
    await unlink(aside).catch(() => undefined);
  }
  throw new PithError('LOCKED', `could not take the lock file ${lock}`, out);
}

/**
 * Ids already in the output; cuts a torn last line so appends stay valid JSONL. Reads the
 * file as a stream (outputs of many GB are fine).
 */
export async function completedIds(out: string): Promise<Set<string>> {
  const done = new Set<string>();
  let fh: FileHandle;
  try {
    fh = await open(out, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return done;
    throw new PithError('IO', `cannot read the output to resume: ${fsReason(e)}`, out, { cause: e });
  }
  let complete = 0; // bytes up to and including the last newline
  let size = 0;
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    let carry: Buffer[] = [];
    const addLine = (line: Buffer): void => {
      if (line.length === 0) return;
      try {
        const id = (JSON.parse(line.toString('utf8')) as { id?: unknown }).id;
        if (typeof id === 'string') done.add(id);
      } catch {
        throw new PithError('IO', 'the output exists but is not a pith JSONL file (a line is not JSON); refusing to append to it', out);
      }
    };
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      let start = 0;
      for (let nl = buf.indexOf(10, 0); nl !== -1 && nl < bytesRead; nl = buf.indexOf(10, nl + 1)) {
        const piece = buf.subarray(start, nl);
        addLine(carry.length ? Buffer.concat([...carry, piece]) : piece);
        carry = [];
        start = nl + 1;
        complete = size + nl + 1;
      }
      if (start < bytesRead) carry.push(Buffer.from(buf.subarray(start, bytesRead)));
      size += bytesRead;
    }
  } finally {
    await fh.close();
  }
  if (complete < size) await truncate(out, complete);
  return done;
}

/**
 * Checks the output before any work: a directory is refused; a regular file (or none yet) is
 * locked (`acquireOutputLock`) and resumed from; a device or FIFO (`/dev/stdout`) is written
 * to as it is, with nothing to resume and no lock, and so is `-` (standard output). Returns the lock's release.
 */
export async function prepareOutput(out: string): Promise<{ done: Set<string>; release: () => Promise<void> }> {
  if (out === STDOUT_OUTPUT) return { done: new Set(), release: async () => undefined };
  let st: Stats | undefined;
  try {
    st = await stat(out);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new PithError('IO', `cannot use the output: ${fsReason(e)}`, out, { cause: e });
  }
  if (st?.isDirectory()) throw new PithError('IO', 'is a directory; the output must be a file', out);
  if (st && !st.isFile()) return { done: new Set(), release: async () => undefined };
  const release = await acquireOutputLock(out);
  try {
    return { done: st ? await completedIds(out) : new Set(), release };
  } catch (e) {
    await release();
    throw e;
  }
}

export async function prepareOutDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    throw new PithError('IO', `cannot create the output folder: ${fsReason(e)}`, dir, { cause: e });
  }
  const st = await stat(dir);
  if (!st.isDirectory()) throw new PithError('IO', 'is not a folder; --out-dir must be one', dir);
}


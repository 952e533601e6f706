/**
 * Crash-left label locks. A save holds `labels/<id>.json.lock` (src/corpus/pith-format.ts,
 * created exclusively, holding `<owner pid> <time>`); a process that dies mid-save leaves it
 * behind, and the strict reader treats it as someone else's save until it is 30 s old. The
 * annotation tool checks the owner first: a lock whose owner process no longer exists is
 * taken over at once. (Process ids are only meaningful on one machine: corpora shared over a
 * network between machines still wait for the age rule.)
 */
import { link, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isPithError } from '../errors.js';
import { isValidPageId, savePageLabels, type PageLabels, type PageLabelsInput } from '../corpus/pith-format.js';
import { readBoundedFile } from './safe-files.js';

/** The owner pid recorded in a lock file: `<pid> <ISO time>` (or JSON `{"pid": n}`); undefined when there is none. */
export function lockOwnerPid(text: string): number | undefined {
  let pid: number | undefined;
  const m = /^\s*(\d{1,10})(?:\s|$)/.exec(text);
  if (m) pid = Number(m[1]);
  else {
    try {
      const j = JSON.parse(text) as { pid?: unknown };
      if (typeof j?.pid === 'number') pid = j.pid;
    } catch {
      /* no pid */
    }
  }
  return pid !== undefined && Number.isInteger(pid) && pid > 0 && pid < 2 ** 31 ? pid : undefined;
}

/** True when a process with this id exists (one we may not signal counts as alive). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes `<path>.lock` when the process recorded in it is gone; returns true when it did.
 * The lock is first renamed aside and compared, so a lock that a live save created in the
 * meantime is put back, not deleted.
 */
export async function takeOverDeadLock(path: string): Promise<boolean> {
  const lock = `${path}.lock`;
  let text: string;
  try {
    text = Buffer.from(await readBoundedFile(lock, 4096)).toString('utf8');
  } catch {
    return false; // no lock (or not one we understand): nothing to take over
  }
  const pid = lockOwnerPid(text);
  if (pid === undefined || processAlive(pid)) return false;
  const aside = `${lock}.dead-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(lock, aside);
  } catch {
    return false; // someone else removed it first
  }
  let moved = '';
  try {
    moved = Buffer.from(await readBoundedFile(aside, 4096)).toString('utf8');
  } catch {
    /* compared below */
  }
  const same = moved === text;
  if (!same) await link(aside, lock).catch(() => undefined); // a live lock: put it back (unless a newer one exists)
  await unlink(aside).catch(() => undefined);
  return same;
}

/**
 * `savePageLabels` that first takes over a crash-left lock (and once more if the save timed
 * out on a lock whose owner died meanwhile).
 */
export async function savePageLabelsTakingOver(dir: string, id: string, labels: PageLabelsInput, options: { expectedRevision: number }): Promise<PageLabels> {
  if (!isValidPageId(id)) return savePageLabels(dir, id, labels, options); // refuses the id
  const path = join(dir, 'labels', `${id}.json`);
  await takeOverDeadLock(path);
  try {
    return await savePageLabels(dir, id, labels, options);
  } catch (e) {
    if (isPithError(e) && e.code === 'CONFLICT' && e.subject === `${path}.lock` && (await takeOverDeadLock(path))) {
      return savePageLabels(dir, id, labels, options);
    }
    throw e;
  }
}

/** Writing a file so that readers see the old content or the new, never half of it, and it survives a crash. */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PithError } from '../errors.js';
import { fsReason } from './fs-reason.js';

/**
 * Writes `data` to `path` atomically: a unique temp file beside it, flushed to disk (fsync),
 * renamed over it (a symbolic link at `path` is replaced, never written through), then the
 * folder is flushed. On failure the temp file is removed and PithError('IO', `cannot write
 * <what> (<reason>)`) is thrown, naming `path`: the reason in words where it has some, never
 * the temp file's name (the system's message names the file it failed on).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, what = 'file'): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fh = await open(tmp, 'wx');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw new PithError('IO', `cannot write ${what} (${fsReason(e).split(tmp).join(path)})`, path, { cause: e });
  }
  // Durability of the rename itself (atomicity does not depend on it): best effort.
  const dh = await open(dir, 'r').catch(() => undefined);
  await dh?.sync().catch(() => undefined);
  await dh?.close().catch(() => undefined);
}

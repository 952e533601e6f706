/** A filesystem error in words, for messages that name the path themselves. */

const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied', EPERM: 'operation not permitted', ENOENT: 'its folder does not exist', ENOTDIR: 'a part of the path is not a folder',
  EROFS: 'read-only file system', ENOSPC: 'no space left on device', EDQUOT: 'disk quota exceeded', EISDIR: 'is a directory', EFBIG: 'file too large',
  EIO: 'input/output error',
};

/** A filesystem error as a short reason: "permission denied (EACCES)"; the system's message for a code not listed. */
export function fsReason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err.code && REASONS[err.code] ? `${REASONS[err.code]} (${err.code})` : err.message;
}

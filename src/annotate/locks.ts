/**
 * Crash-left label locks, for tools and tests that look at them directly. A save holds
 * `labels/<id>.json.lock` (src/corpus/pith-format.ts, created exclusively, holding `<pid> <ISO
 * time> <host> <nonce>`; older pith wrote `<pid> <ISO time>`). `savePageLabels` / `withLock`
 * take over a lock whose owner process is gone by themselves, so saving needs nothing from here.
 */
import { parseLockOwner, removeLockIfStale } from '../corpus/pith-format.js';

/** The owner pid recorded in a lock file (`<pid> <ISO time> [<host> <nonce>]`, or JSON `{"pid": n}`); undefined when there is none. */
export function lockOwnerPid(text: string): number | undefined {
  const pid = parseLockOwner(text).pid;
  if (pid !== undefined) return pid;
  try {
    const j = JSON.parse(text) as { pid?: unknown };
    const p = j?.pid;
    return typeof p === 'number' && Number.isInteger(p) && p > 0 && p < 2 ** 31 ? p : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes `<path>.lock` when the process recorded in it is gone (as `withLock` judges it);
 * returns true when it did. A lock that a live save created meanwhile is left in place.
 */
export function takeOverDeadLock(path: string): Promise<boolean> {
  return removeLockIfStale(path);
}

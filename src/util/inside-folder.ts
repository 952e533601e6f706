/**
 * Whether a path lies in a folder: one rule for every place that keeps reading inside a root
 * (page.ts's `root`, the batch's walk of its input folders, the corpus readers). Depends on
 * node:path only, so batch/input-walk.ts, read before anything else of pith, stays light.
 */
import { isAbsolute, relative, sep } from 'node:path';

/** Whether `path` is `root` or lies below it (both already resolved). */
export function isInsideFolder(path: string, root: string): boolean {
  const rel = relative(root, path);
  // `..` itself or a path through it leaves the folder; a name such as `..notes` does not.
  const leaves = rel === '..' || rel.startsWith(`..${sep}`);
  return rel === '' || (!leaves && !isAbsolute(rel));
}

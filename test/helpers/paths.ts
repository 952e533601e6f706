/** Paths for tests: they run from the repository root (npm test), whatever the build folder. */
import { join } from 'node:path';
import { existsSync } from 'node:fs';

export const repoRoot = process.cwd();
export function fixture(...parts: string[]): string {
  return join(repoRoot, 'test', 'fixtures', ...parts);
}
/** ../shared/corpora beside the checkout (CI has it; tests that need it skip with a reason when absent). */
export const sharedCorpora = join(repoRoot, '..', 'shared', 'corpora');
export const haveSharedCorpora = existsSync(sharedCorpora);

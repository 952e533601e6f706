/**
 * Packages only some commands use (the queue, rendering, WARC input). They are optional peer
 * dependencies, so `npm install pith` for `extract()` stays small; the commands load them with
 * `import()` and, when one is absent, fail with a PithError that says what to install.
 */
import { PithError } from '../errors.js';

/** Each optional package with the ones that must be installed beside it. */
const PACKAGE_GROUPS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  bullmq: ['bullmq', 'ioredis'],
  ioredis: ['bullmq', 'ioredis'],
  'playwright-core': ['playwright-core'],
  warcio: ['warcio'],
});

export const OPTIONAL_PACKAGES: readonly string[] = Object.freeze(Object.keys(PACKAGE_GROUPS));

/** The optional package an import failed to find, or undefined for any other failure. */
export function missingOptionalPackage(e: unknown): string | undefined {
  const err = e as NodeJS.ErrnoException | undefined;
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || typeof err.message !== 'string') return undefined;
  const name = /Cannot find package '([^']+)'/.exec(err.message)?.[1];
  return name !== undefined && Object.hasOwn(PACKAGE_GROUPS, name) ? name : undefined;
}

/** "`what` needs a and b: npm install a b". */
export function missingPackageError(what: string, pkg: string, cause?: unknown): PithError {
  const group = PACKAGE_GROUPS[pkg] ?? [pkg];
  return new PithError('MISSING_PACKAGE', `${what} needs ${group.join(' and ')}: npm install ${group.join(' ')}`, undefined, { cause });
}

/** The error to report for a failed import: a MISSING_PACKAGE PithError when an optional package is absent, else the error itself. */
export function explainImportError(e: unknown, what: string): unknown {
  const pkg = missingOptionalPackage(e);
  return pkg === undefined ? e : missingPackageError(what, pkg, e);
}

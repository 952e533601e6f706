/**
 * A `pith batch` worker thread started from the CLI bundle (bundle-loader.ts): the bundle and
 * its code cache are loaded instead of some 200 ES modules, then serve-pages.ts serves the
 * pages as batch-worker.ts would. The main thread starts workers here only while it runs from
 * the bundle; a bundle gone stale or missing since then falls back to the ES modules.
 *
 * The pool hears where the code came from in the worker's `ready` info: {loadedFrom, codeCache}.
 */
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { bundleServes, loadCliBundleFrom } from './bundle-loader.js';

/** What a bundle worker reports with `ready`. */
export interface BundleWorkerInfo {
  readonly loadedFrom: 'bundle';
  /** Whether V8 took the bundle's code cache ('used'), refused it ('rejected': other flags or another V8), or there was none. */
  readonly codeCache: 'used' | 'rejected' | 'none';
}

const root = fileURLToPath(new URL('../../..', import.meta.url));

if (!isMainThread) {
  if (bundleServes(root, 'batch')) {
    const bundle = loadCliBundleFrom(root, { withCache: true });
    const rejected = bundle.script.cachedDataRejected;
    const info: BundleWorkerInfo = { loadedFrom: 'bundle', codeCache: rejected === undefined ? 'none' : rejected ? 'rejected' : 'used' };
    const { serveBatchPages } = bundle.load('dist/src/batch/serve-pages.js') as typeof import('../batch/serve-pages.js');
    await serveBatchPages(info);
  } else {
    await import('../batch/batch-worker.js');
  }
}

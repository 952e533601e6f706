/**
 * A batch worker thread's module when dist/ is loaded as ES modules (the library's `runBatch`,
 * the queue worker, and `pith batch` without a fresh CLI bundle): serve-pages.ts does the work.
 * Used by `pith batch` and the queue worker.
 */
import { isMainThread } from 'node:worker_threads';
import { serveBatchPages } from './serve-pages.js';

export type { PageMessage, PageReply } from './batch-page.js';

if (!isMainThread) await serveBatchPages();

/**
 * A service worker thread (started by the service's pool, pool.ts): loads the model once,
 * then extracts one page per task and answers with the rendered response body (JSON or one
 * rendering), so the main thread only writes it out. A model that cannot load ends the
 * thread with its error before it is ready.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { extractWith, loadModel, type Extraction, type ExtractionOptions, type PithModel } from '../pipeline/library.js';
import { extractionJson } from '../pipeline/extraction.js';
import { toTei, toXml } from '../article/index.js';
import { isPithError } from '../errors.js';
import { serveTasks } from '../util/worker-pool/host.js';

export type ResponseFormat = 'json' | 'text' | 'markdown' | 'html' | 'xml' | 'tei';
export const RESPONSE_FORMATS: readonly ResponseFormat[] = ['json', 'text', 'markdown', 'html', 'xml', 'tei'];

export interface ExtractJob {
  /** A string (already text) or the page's bytes in any encoding, gzip allowed. */
  readonly input: string | Uint8Array;
  readonly options: Omit<ExtractionOptions, 'model'>;
  readonly format: ResponseFormat;
}

export type JobReply =
  | { readonly ok: true; readonly body: string; readonly contentType: string; readonly found: boolean }
  | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

export interface ModelInfo {
  readonly path: string;
  readonly algorithm: string;
  readonly createdAt: string;
  readonly trainingCorpora: readonly string[];
}

const CONTENT_TYPES: Record<ResponseFormat, string> = {
  json: 'application/json; charset=utf-8', text: 'text/plain; charset=utf-8', markdown: 'text/markdown; charset=utf-8', html: 'text/html; charset=utf-8',
  xml: 'application/xml; charset=utf-8', tei: 'application/tei+xml; charset=utf-8',
};

/** The reply body of one extraction: the library's fields as JSON (without the article tree), or one rendering. */
export function renderExtraction(e: Extraction, format: ResponseFormat): string {
  switch (format) {
    case 'json':
      return JSON.stringify(extractionJson(e));
    case 'text':
      return (e.title ? `${e.title}\n\n` : '') + e.body + (e.body.endsWith('\n') ? '' : '\n');
    case 'markdown':
      return e.markdown;
    case 'html':
      return e.html;
    case 'xml':
      return toXml(e.article);
    case 'tei':
      return toTei(e.article);
  }
}

/** One job: the page's extraction rendered, or the page's own error (never a thrown one). */
function answer(model: PithModel, job: ExtractJob): JobReply {
  try {
    const e = extractWith(model, job.input, job.options);
    return { ok: true, body: renderExtraction(e, job.format), contentType: CONTENT_TYPES[job.format], found: e.found };
  } catch (err) {
    return { ok: false, error: isPithError(err) ? { code: err.code, message: err.message } : { code: 'INTERNAL', message: `internal error: ${(err as Error).message}` } };
  }
}

if (!isMainThread) {
  await serveTasks<ExtractJob, JobReply>(async () => {
    const { modelPath } = workerData as { modelPath?: string };
    const model = await loadModel(modelPath);
    const info: ModelInfo = {
      path: model.path, algorithm: model.file.algorithm, createdAt: model.file.createdAt, trainingCorpora: model.file.trainingCorpora.map((c) => c.name),
    };
    return { info, handle: (job) => answer(model, job) };
  });
}

/**
 * A service worker thread: loads the model once, then extracts one page per message and
 * answers with the rendered response body (JSON or one rendering), so the main thread only
 * writes it out. Messages in: `ExtractJob`; out: `{ready, model}` once, or `{loadError}`, then
 * one `JobReply` per job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extractWith, loadModel, type Extraction, type ExtractionOptions, type PithModel } from '../pipeline/library.js';
import { extractionJson } from '../pipeline/extraction.js';
import { toTei, toXml } from '../article/index.js';
import { isPithError } from '../errors.js';

export type ResponseFormat = 'json' | 'text' | 'markdown' | 'html' | 'xml' | 'tei';
export const RESPONSE_FORMATS: readonly ResponseFormat[] = ['json', 'text', 'markdown', 'html', 'xml', 'tei'];

export interface ExtractJob {
  readonly id: number;
  /** A string (already text) or the page's bytes in any encoding, gzip allowed. */
  readonly input: string | Uint8Array;
  readonly options: Omit<ExtractionOptions, 'model'>;
  readonly format: ResponseFormat;
}

export type JobReply =
  | { readonly id: number; readonly ok: true; readonly body: string; readonly contentType: string; readonly found: boolean }
  | { readonly id: number; readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

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

if (parentPort) {
  const port = parentPort;
  const { modelPath } = workerData as { modelPath?: string };
  let model: PithModel;
  try {
    model = await loadModel(modelPath);
  } catch (e) {
    port.postMessage({ loadError: { code: isPithError(e) ? e.code : 'INTERNAL', message: (e as Error).message } });
    process.exit(1);
  }
  const info: ModelInfo = {
    path: model.path, algorithm: model.file.algorithm, createdAt: model.file.createdAt, trainingCorpora: model.file.trainingCorpora.map((c) => c.name),
  };
  port.on('message', (job: ExtractJob) => {
    let reply: JobReply;
    try {
      const e = extractWith(model, job.input, job.options);
      reply = { id: job.id, ok: true, body: renderExtraction(e, job.format), contentType: CONTENT_TYPES[job.format], found: e.found };
    } catch (err) {
      reply = { id: job.id, ok: false, error: isPithError(err) ? { code: err.code, message: err.message } : { code: 'INTERNAL', message: `internal error: ${(err as Error).message}` } };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true, model: info });
}

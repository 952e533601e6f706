/**
 * A batch worker thread (a worker pool's, src/util/worker-pool): loads the model once, then
 * extracts each page it is sent. Tasks: a page file {id, path, root?} or a page already in
 * memory {id, bytes, url?, date?, charset?} (a WARC record, a fetched URL); answers: {id, line,
 * ok} where line is the JSONL record (result or error). `root`: the input folder the file was
 * found in; a file whose real path has left it is not read (OUTSIDE_ROOT). Reads are bounded
 * (16 MiB, regular files only: see readPageBytes). Used by `pith batch` and the queue worker.
 *
 * Only the fields asked for are rendered (`fields`): a line without markdown or html never
 * writes them. With `outDir`, each page is also written to its own file there (atomically,
 * before its line is sent, so a line in the output means its file is complete).
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readPageBytes } from '../page.js';
import { extractBytes, extractPage, fieldsToJson, KEEP_COMMENTS, loadExtractionModel, resultBlocks, resultExtraction, type ExtractResult, type LoadedModel } from '../pipeline/extract.js';
import { extractionJson } from '../pipeline/extraction.js';
import { fieldsCsv } from '../pipeline/fields-csv.js';
import { loadRenderedPage, type LayoutSource } from './render-page.js';
import { LayoutCache } from '../render/cache.js';
import { Renderer } from '../render/renderer.js';
import { toHtml, toMarkdown, toTei, toText, toXml } from '../article/index.js';
import { isPithError } from '../errors.js';
import { createHash } from 'node:crypto';
import { batchFileName, type BatchField, type BatchFileFormat } from './batch-fields.js';
import { serveTasks } from '../util/worker-pool/host.js';

interface WorkerInit {
  readonly modelPath: string;
  readonly withBlocks: boolean;
  readonly keepComments: boolean;
  /** `--include-comments`: each page's readers' comments, with author and date. */
  readonly includeComments?: boolean;
  /** The site model every page uses (`--site`). */
  readonly site?: string;
  readonly fields: readonly BatchField[];
  readonly outDir?: string;
  readonly fileFormat?: BatchFileFormat;
  /** Draw each page in this worker's own browser first (`--render`). */
  readonly render?: { readonly scripts: boolean; readonly timeoutMs?: number };
  /** A `pith render` folder to read layouts from (and, with `render`, to add new ones to). */
  readonly layoutsDir?: string;
  /** `--target-lang`: a page in another language (or none found) is a skipped line, no file. */
  readonly targetLang?: string;
  /** `--dedup`: each page's body hash goes back with its line, for the batch to find repeats. */
  readonly dedup?: boolean;
}

const init = (workerData ?? {}) as WorkerInit;
const want = new Set<BatchField>(init.fields);
if (init.withBlocks) want.add('blocks');

/** One page for a worker (src/batch/batch.ts's jobs): a file to read, or bytes already in hand. */
export interface PageMessage {
  readonly id: string;
  readonly path?: string;
  readonly root?: string;
  readonly bytes?: Uint8Array;
  readonly url?: string;
  readonly date?: string;
  readonly charset?: string;
}

/** A worker's answer: the page's JSONL line, and what the batch needs to count and filter it. */
export interface PageReply {
  readonly id: string;
  readonly line: string;
  readonly ok: boolean;
  readonly filtered?: 'TARGET_LANG';
  /** With --dedup: the hash of the page's body text, and its --out-dir file. */
  readonly bodyHash?: string;
  readonly file?: string;
}

/** The --fields name of each JSON key that is not a field's own name. */
const LINE_FIELD_OF: Readonly<Record<string, BatchField>> = { reason: 'found', fieldConfidence: 'fields' };

/** The line's fields: the extraction's JSON (schema/extraction.schema.json), only those asked for. */
function renderFields(result: ExtractResult): Record<string, unknown> {
  const json = extractionJson(resultExtraction(result), want.has('blocks') ? { blocks: resultBlocks(result) } : {});
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) if (want.has(LINE_FIELD_OF[key] ?? (key as BatchField))) out[key] = value;
  return out;
}

/** A page's own file in --out-dir, written to a temp file and renamed over (never half a file). */
/** Whether a page's language is the wanted one: the same primary subtag (`en-GB` is `en`); a page without one is not. */
function sameLanguage(lang: string | undefined, wanted: string): boolean {
  const primary = (tag: string): string => tag.toLowerCase().split(/[-_]/)[0]!;
  return lang !== undefined && primary(lang) === primary(wanted);
}

/** The body's hash for --dedup: its text with whitespace runs as one space; '' (no body) has none. */
function bodyHashOf(body: string): string | undefined {
  const text = body.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : createHash('sha256').update(text).digest('hex');
}

async function writePageFile(id: string, record: Record<string, unknown>, result: ExtractResult): Promise<void> {
  const format = init.fileFormat ?? 'json';
  let text: string;
  if (format === 'json') text = JSON.stringify(record, null, 2) + '\n';
  else if (format === 'markdown') text = toMarkdown(result.article);
  else if (format === 'html') text = toHtml(result.article);
  else if (format === 'xml') text = toXml(result.article);
  else if (format === 'tei') text = toTei(result.article);
  else if (format === 'csv') {
    const f = fieldsToJson(result);
    text = fieldsCsv([{ id, url: (record['url'] as string | null) ?? '', ...(f.fields ? { fields: f.fields } : {}), ...(f.records ? { records: f.records } : {}) }], { id: true, url: true });
  }
  else {
    const body = toText(result.article);
    text = (result.article.title ? `${result.article.title}\n\n` : '') + body + (body.endsWith('\n') ? '' : '\n');
  }
  const path = join(init.outDir!, batchFileName(id, format));
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(tmp, text, { flag: 'wx' });
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

/** Extracts one page into its line; the page's own errors make an error line, never a throw. */
async function handle(msg: PageMessage, model: LoadedModel, layoutSource: LayoutSource | undefined): Promise<PageReply> {
  let line: string;
  let ok = true;
  let bodyHash: string | undefined;
  const head = { id: msg.id, url: msg.url ?? null, ...(msg.date !== undefined ? { date: msg.date } : {}) };
  try {
    const bytes = msg.bytes ?? (await readPageBytes(msg.path!, undefined, msg.root !== undefined ? { root: msg.root } : {}));
    const load = { id: msg.id, ...(msg.url !== undefined ? { url: msg.url } : {}), ...(msg.charset !== undefined ? { transportCharset: msg.charset } : {}) };
    const subject = msg.path ?? msg.url ?? msg.id;
    const options = { ...(init.keepComments ? KEEP_COMMENTS : {}), ...(init.includeComments ? { comments: true } : {}), ...(init.site !== undefined ? { site: init.site } : {}) };
    const result = layoutSource
      ? extractPage(await loadRenderedPage(bytes, layoutSource, load, subject), model, options)
      : extractBytes(bytes, model, load, options, subject);
    // A file has no address of its own: the page's canonical URL stands for it when it gives one.
    const url = msg.url ?? result.article.metadata.url ?? null;
    const lang = result.article.metadata.lang;
    if (init.targetLang !== undefined && !sameLanguage(lang, init.targetLang)) {
      return { id: msg.id, line: JSON.stringify({ ...head, url, skipped: { reason: 'TARGET_LANG', lang: lang ?? null } }), ok: true, filtered: 'TARGET_LANG' };
    }
    const record = { ...head, url, ...renderFields(result) };
    if (init.outDir !== undefined) await writePageFile(msg.id, record, result);
    line = JSON.stringify(record);
    if (init.dedup) bodyHash = bodyHashOf(toText(result.article));
  } catch (e) {
    const error = isPithError(e) ? { code: e.code, message: e.message } : { code: (e as NodeJS.ErrnoException).code ? 'IO' : 'INTERNAL', message: (e as Error).message };
    line = JSON.stringify({ ...head, error });
    ok = false;
  }
  return { id: msg.id, line, ok, ...(bodyHash !== undefined ? { bodyHash, file: init.outDir !== undefined ? join(init.outDir, batchFileName(msg.id, init.fileFormat ?? 'json')) : undefined } : {}) };
}

/** The pages' layouts: drawn in this worker's own browser (`render`) and/or read from a `pith render` folder. */
async function openLayoutSource(): Promise<LayoutSource | undefined> {
  if (!init.render && init.layoutsDir === undefined) return undefined;
  return {
    ...(init.render ? { renderer: await Renderer.launch({ scripts: init.render.scripts, ...(init.render.timeoutMs ? { timeoutMs: init.render.timeoutMs } : {}) }) } : {}),
    ...(init.layoutsDir !== undefined ? { cache: await LayoutCache.open(init.layoutsDir, init.render !== undefined), store: init.render !== undefined } : {}),
  };
}

if (!isMainThread) {
  await serveTasks<PageMessage, PageReply>(async () => {
    const model = await loadExtractionModel(init.modelPath);
    const layoutSource = await openLayoutSource();
    return {
      handle: (msg) => handle(msg, model, layoutSource),
      // The batch is done with this worker: its browser goes before the thread does.
      close: async () => {
        await layoutSource?.renderer?.close();
      },
    };
  });
}

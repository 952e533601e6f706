/**
 * One batch page to its JSONL line: read (a file, or bytes already in hand), extract, keep the
 * fields asked for, write the page's own --out-dir file. The same handler runs in a batch
 * worker thread (batch-worker.ts) and, for a small batch, in the main thread (batch-run.ts),
 * so both give the same lines.
 *
 * Tasks: a page file {id, path, root?} or a page already in memory {id, bytes, url?, date?,
 * charset?} (a WARC record, a fetched URL); answers: {id, line, ok} where line is the JSONL
 * record (result or error). `root`: the input folder the file was found in; a file whose real
 * path has left it is not read (OUTSIDE_ROOT). Reads are bounded (16 MiB, regular files only:
 * see readPageBytes).
 *
 * Only the fields asked for are rendered (`fields`): a line without markdown or html never
 * writes them. With `outDir`, each page is also written to its own file there (atomically,
 * before its line is sent, so a line in the output means its file is complete).
 */
import { rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { readPageBytes } from '../page.js';
import { extractBytes, extractPage, fieldsCsvPage, resultBlocks, resultExtraction, type ExtractOptions, type ExtractResult, type LoadedModel } from '../pipeline/extract.js';
import { extractionJson } from '../pipeline/extraction.js';
import { pipelineOptions, withShapedArticle, type ArticleChoices } from '../pipeline/library.js';
import { fieldsCsv } from '../pipeline/fields-csv.js';
import { toHtml, toMarkdown, toTei, toText, toXml } from '../article/index.js';
import { isPithError } from '../errors.js';
import { batchFileName, type BatchField, type BatchFileFormat } from './batch-fields.js';
import type { LayoutSource } from './render-page.js';
import type { LoadOptions, Page } from '../page.js';
import type { ModelFile } from '../models/labeler.js';
import type { FoundList } from '../models/lists/find-lists.js';
import type { ListModel, ListModelFile } from '../models/lists/list-model.js';

/** With `--render` or `--layouts`: the page as drawn (a layout from the browser or the folder), and the browser to close. */
interface DrawnPages {
  load(bytes: Uint8Array, load: LoadOptions, subject: string): Promise<Page>;
  readonly source: LayoutSource;
}

/** What every page handler is told (a worker's `workerData`): the model and what each line carries. */
export interface PageHandlerInit {
  readonly modelPath: string;
  /**
   * The model file of `modelPath` as the main thread read and validated it: a worker builds its
   * labeler from this copy (a structured clone costs about 1 ms a side) instead of reading,
   * inflating and parsing the file again (about 17 ms for the bundled model).
   */
  readonly modelFile?: ModelFile;
  readonly withBlocks: boolean;
  /** `--lists`: each line carries the page's main repeated list (docs/lists.md). */
  readonly withLists?: boolean;
  /** The list model file for lists (default: the bundled one). */
  readonly listModelPath?: string;
  /** The list model of `listModelPath` as the main thread read it: a worker rebuilds its rules from this copy instead of reading the file again. */
  readonly listModelFile?: ListModelFile;
  readonly keepComments: boolean;
  /** `--include-comments`: each page's readers' comments, with author and date. */
  readonly includeComments?: boolean;
  /** The site model every page uses (`--site`). */
  readonly site?: string;
  /** `--favor`, `--no-images`, `--no-tables`, `--no-links`: as `pith extract` takes them. */
  readonly choices?: ArticleChoices;
  readonly fields: readonly BatchField[];
  readonly outDir?: string;
  readonly fileFormat?: BatchFileFormat;
  /** Draw each page in the handler's own browser first (`--render`). */
  readonly render?: { readonly scripts: boolean; readonly timeoutMs?: number };
  /** A `pith render` folder to read layouts from (and, with `render`, to add new ones to). */
  readonly layoutsDir?: string;
  /** `--target-lang`: a page in another language (or none found) is a skipped line, no file. */
  readonly targetLang?: string;
  /** `--dedup`: each page's body hash goes back with its line, for the batch to find repeats. */
  readonly dedup?: boolean;
}

/** One page for a handler (src/batch/batch.ts's jobs): a file to read, or bytes already in hand. */
export interface PageMessage {
  readonly id: string;
  readonly path?: string;
  readonly root?: string;
  readonly bytes?: Uint8Array;
  readonly url?: string;
  readonly date?: string;
  readonly charset?: string;
}

/** A handler's answer: the page's JSONL line, and what the batch needs to count and filter it. */
export interface PageReply {
  readonly id: string;
  readonly line: string;
  readonly ok: boolean;
  readonly filtered?: 'TARGET_LANG';
  /** The page's field rules stopped fitting it (`metadata.fieldWarnings`): counted for the batch's summary. */
  readonly fieldWarnings?: true;
  /** With --dedup: the hash of the page's body text, and its --out-dir file. */
  readonly bodyHash?: string;
  readonly file?: string;
}

/** Turns pages into lines with a loaded model; `close` releases the browser of `--render`. */
export interface PageHandler {
  handle(msg: PageMessage): Promise<PageReply>;
  close(): Promise<void>;
}

/** The --fields name of each JSON key that is not a field's own name. */
const LINE_FIELD_OF: Readonly<Record<string, BatchField>> = { reason: 'found', fieldConfidence: 'fields' };

/** The fields a line carries: those asked for, the blocks with `withBlocks` and the lists with `withLists`. */
function wantedFields(init: PageHandlerInit): ReadonlySet<BatchField> {
  const want = new Set<BatchField>(init.fields);
  if (init.withBlocks) want.add('blocks');
  if (init.withLists) want.add('lists');
  return want;
}

/** The page's main list, found only when a line carries `lists`. */
type ListFinder = (result: ExtractResult) => readonly FoundList[];

/** What every line of a handler carries, worked out once when it opens. */
interface LineShape {
  /** The fields of the line (`wantedFields`). */
  readonly want: ReadonlySet<BatchField>;
  /** The renderings the line does not carry (never made). */
  readonly omitRenderings: ReadonlySet<'markdown' | 'html'>;
}

/** The line shape of a handler's `init`. */
function lineShape(init: PageHandlerInit): LineShape {
  const want = wantedFields(init);
  return { want, omitRenderings: new Set((['markdown', 'html'] as const).filter((key) => !want.has(key))) };
}

/** The line's fields: the extraction's JSON (schema/extraction.schema.json), only those asked for. */
function renderFields(result: ExtractResult, shape: LineShape, lists: ListFinder | undefined): Record<string, unknown> {
  const { want } = shape;
  const json = extractionJson(resultExtraction(result), {
    ...(want.has('blocks') ? { blocks: resultBlocks(result) } : {}),
    ...(lists ? { lists: lists(result) } : {}),
    omitRenderings: shape.omitRenderings,
  });
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) if (want.has(LINE_FIELD_OF[key] ?? (key as BatchField))) out[key] = value;
  return out;
}

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

/** The text of a page's own --out-dir file in the chosen format. */
function pageFileText(format: BatchFileFormat, id: string, record: Record<string, unknown>, result: ExtractResult): string {
  if (format === 'json') return JSON.stringify(record, null, 2) + '\n';
  if (format === 'markdown') return toMarkdown(result.article);
  if (format === 'html') return toHtml(result.article);
  if (format === 'xml') return toXml(result.article);
  if (format === 'tei') return toTei(result.article);
  if (format === 'csv') {
    const lists = record['lists'] as readonly FoundList[] | undefined;
    return fieldsCsv([{ id, url: (record['url'] as string | null) ?? '', ...fieldsCsvPage(result, lists) }], { id: true, url: true });
  }
  const body = toText(result.article);
  return (result.article.title ? `${result.article.title}\n\n` : '') + body + (body.endsWith('\n') ? '' : '\n');
}

/** A page's own file in --out-dir, written to a temp file and renamed over (never half a file). */
async function writePageFile(outDir: string, format: BatchFileFormat, id: string, record: Record<string, unknown>, result: ExtractResult): Promise<void> {
  const text = pageFileText(format, id, record, result);
  const path = join(outDir, batchFileName(id, format));
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
async function handlePage(init: PageHandlerInit, shape: LineShape, options: ExtractOptions, msg: PageMessage, model: LoadedModel, drawn: DrawnPages | undefined, lists: ListFinder | undefined): Promise<PageReply> {
  let line: string;
  let ok = true;
  let bodyHash: string | undefined;
  let fieldWarnings = false;
  const head = { id: msg.id, url: msg.url ?? null, ...(msg.date !== undefined ? { date: msg.date } : {}) };
  try {
    const bytes = msg.bytes ?? (await readPageBytes(msg.path!, undefined, msg.root !== undefined ? { root: msg.root } : {}));
    const load = { id: msg.id, ...(msg.url !== undefined ? { url: msg.url } : {}), ...(msg.charset !== undefined ? { transportCharset: msg.charset } : {}) };
    const subject = msg.path ?? msg.url ?? msg.id;
    const extracted = drawn
      ? extractPage(await drawn.load(bytes, load, subject), model, options)
      : extractBytes(bytes, model, load, options, subject);
    const result = withShapedArticle(extracted, init.choices ?? {});
    // A file has no address of its own: the page's canonical URL stands for it when it gives one.
    const url = msg.url ?? result.article.metadata.url ?? null;
    const lang = result.article.metadata.lang;
    if (init.targetLang !== undefined && !sameLanguage(lang, init.targetLang)) {
      return { id: msg.id, line: JSON.stringify({ ...head, url, skipped: { reason: 'TARGET_LANG', lang: lang ?? null } }), ok: true, filtered: 'TARGET_LANG' };
    }
    const record = { ...head, url, ...renderFields(result, shape, lists) };
    if (init.outDir !== undefined) await writePageFile(init.outDir, init.fileFormat ?? 'json', msg.id, record, result);
    line = JSON.stringify(record);
    if (init.dedup) bodyHash = bodyHashOf(toText(result.article));
    fieldWarnings = (result.fields?.warnings.length ?? 0) > 0;
  } catch (e) {
    // A browser that will not start fails every page alike: thrown, it stops the batch (RENDER_FAILED).
    if (e !== undefined && e === drawn?.source.renderer?.unstartable) throw e;
    const error = isPithError(e) ? { code: e.code, message: e.message } : { code: (e as NodeJS.ErrnoException).code ? 'IO' : 'INTERNAL', message: (e as Error).message };
    line = JSON.stringify({ ...head, error });
    ok = false;
  }
  return { id: msg.id, line, ok, ...(fieldWarnings ? { fieldWarnings: true as const } : {}), ...(bodyHash !== undefined ? { bodyHash, file: init.outDir !== undefined ? join(init.outDir, batchFileName(msg.id, init.fileFormat ?? 'json')) : undefined } : {}) };
}

/** The pages' layouts: drawn in the handler's own browser (`render`, started with the first page not cached) and/or read from a `pith render` folder; the browser code is loaded only then. */
async function openDrawnPages(init: PageHandlerInit): Promise<DrawnPages | undefined> {
  if (!init.render && init.layoutsDir === undefined) return undefined;
  const [{ Renderer }, { LayoutCache }, { loadRenderedPage }] = await Promise.all([import('../render/renderer.js'), import('../render/cache.js'), import('./render-page.js')]);
  const source: LayoutSource = {
    ...(init.render ? { renderer: await Renderer.prepare({ scripts: init.render.scripts, ...(init.render.timeoutMs ? { timeoutMs: init.render.timeoutMs } : {}) }) } : {}),
    ...(init.layoutsDir !== undefined ? { cache: await LayoutCache.open(init.layoutsDir, init.render !== undefined), store: init.render !== undefined } : {}),
  };
  return { source, load: (bytes, load, subject) => loadRenderedPage(bytes, source, load, subject) };
}

/** The list model as a finder (only when lines carry lists): `loaded` when the caller has it, else from the main thread's copy of its file, else read here. */
async function openListFinder(init: PageHandlerInit, loaded: ListModel | undefined): Promise<ListFinder> {
  const { loadListModel, pageLists } = await import('../pipeline/lists.js');
  const listModel = loaded
    ?? (init.listModelFile !== undefined ? (await import('../models/lists/list-model.js')).listModelFromJson(init.listModelFile, init.listModelPath) : await loadListModel(init.listModelPath));
  return (result) => pageLists(result.page.tree, listModel);
}

/** A page handler with `model` loaded (from `init.modelPath`; `listModel`: the list model, when the caller loaded it) and its layout source open. */
export async function openPageHandler(init: PageHandlerInit, model: LoadedModel, listModel?: ListModel): Promise<PageHandler> {
  const shape = lineShape(init);
  const options = pipelineOptions({ ...init.choices, ...(init.includeComments ? { includeComments: true } : {}), ...(init.keepComments ? { keepComments: true } : {}), ...(init.site !== undefined ? { site: init.site } : {}) });
  const drawn = await openDrawnPages(init);
  const lists = shape.want.has('lists') ? await openListFinder(init, listModel) : undefined;
  return {
    handle: (msg) => handlePage(init, shape, options, msg, model, drawn, lists),
    close: async () => {
      await drawn?.source.renderer?.close();
    },
  };
}

/**
 * pith's own corpus format (docs/corpus-format.md): raw pages kept byte for byte, labels
 * anchored to the DOM in `labels/<id>.json`, saved atomically (temp file + rename) under a
 * per-page lock, with a revision number so that two editors never overwrite each other
 * silently.
 */
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PithError } from '../errors.js';
import { isGzip } from '../dom/decode.js';
import { isGoldLabel } from '../labels.js';
import type { Annotation, CorpusPage, CorpusUse } from './types.js';
import { isFile, isRecord, listDir, optionalString, siteOf, stringList } from './readers/files.js';

export const PITH_CORPUS_FILE = 'pith-corpus.json';
const PAGE_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** True for ids that are safe to join to the corpus folder (no separators, no leading dot, no `..`). */
export function isValidPageId(id: string): boolean {
  return typeof id === 'string' && PAGE_ID_RE.test(id) && !id.includes('..');
}

function assertPageId(id: string): void {
  if (!isValidPageId(id)) throw new PithError('BAD_OPTION', `invalid page id '${id}': use letters, digits, '.', '_' and '-', starting with a letter or digit`);
}

export interface PithCorpusHeader {
  readonly format: 'pith-corpus';
  readonly version: 1;
  readonly name: string;
  readonly use: CorpusUse;
  readonly created: string;
  readonly source?: string;
}

export interface PageLabelsInput {
  readonly url?: string;
  readonly site?: string;
  readonly title?: string;
  /** Nodes no annotation covers are `unknown` instead of `other`. Default false. */
  readonly partial?: boolean;
  readonly annotations: readonly Annotation[];
  readonly gold?: { readonly mainText?: string; readonly headings?: readonly string[]; readonly snippets?: { readonly with: readonly string[]; readonly without: readonly string[] } };
}

export interface PageLabels extends PageLabelsInput {
  readonly format: 'pith-labels';
  readonly version: 1;
  readonly pageId: string;
  readonly revision: number;
  readonly updatedAt: string;
}

/** Writes `data` to `path` atomically: a unique temp file beside it, flushed, renamed over it. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = path.slice(0, path.lastIndexOf('/') + 1) || './';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const tmp = join(dir, `.${base}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fh = await open(tmp, 'wx');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw new PithError('IO', `cannot replace file (${(e as Error).message})`, path, { cause: e });
  }
}

export async function createPithCorpus(dir: string, options: { name: string; use: CorpusUse; source?: string }): Promise<PithCorpusHeader> {
  if (options.use !== 'train' && options.use !== 'eval-only') throw new PithError('BAD_OPTION', `use must be 'train' or 'eval-only', got '${String(options.use)}'`);
  const headerPath = join(dir, PITH_CORPUS_FILE);
  if (await isFile(headerPath)) throw new PithError('CONFLICT', 'a pith corpus already exists here', dir);
  await mkdir(join(dir, 'pages'), { recursive: true });
  await mkdir(join(dir, 'labels'), { recursive: true });
  const header: PithCorpusHeader = {
    format: 'pith-corpus', version: 1, name: options.name, use: options.use, created: new Date().toISOString(),
    ...(options.source ? { source: options.source } : {}),
  };
  await writeFileAtomic(headerPath, JSON.stringify(header, null, 2) + '\n');
  return header;
}

export async function readPithHeader(dir: string): Promise<PithCorpusHeader> {
  const path = join(dir, PITH_CORPUS_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new PithError('NOT_FOUND', 'not a pith corpus (no pith-corpus.json)', dir, { cause: e });
  }
  let h: unknown;
  try {
    h = JSON.parse(text);
  } catch (e) {
    throw new PithError('BAD_CORPUS', `malformed JSON (${(e as Error).message})`, path, { cause: e });
  }
  if (!isRecord(h) || h['format'] !== 'pith-corpus') throw new PithError('BAD_CORPUS', 'format must be "pith-corpus"', path);
  if (h['version'] !== 1) throw new PithError('BAD_CORPUS', `unsupported version ${String(h['version'])} (this pith reads version 1)`, path);
  if (h['use'] !== 'train' && h['use'] !== 'eval-only') throw new PithError('BAD_CORPUS', 'use must be "train" or "eval-only"', path);
  if (typeof h['name'] !== 'string') throw new PithError('BAD_CORPUS', 'name must be a string', path);
  return h as unknown as PithCorpusHeader;
}

/** Stores a page's bytes (plain or gzip, kept as given) and, optionally, its URL. Existing pages are never replaced. */
export async function addPithPage(dir: string, id: string, bytes: Uint8Array, options: { url?: string } = {}): Promise<string> {
  assertPageId(id);
  await readPithHeader(dir);
  if (await findPageFile(dir, id)) throw new PithError('CONFLICT', `page '${id}' already exists`, dir);
  const path = join(dir, 'pages', `${id}.html${isGzip(bytes) ? '.gz' : ''}`);
  await writeFileAtomic(path, bytes);
  if (options.url) await writeFileAtomic(join(dir, 'pages', `${id}.json`), JSON.stringify({ url: options.url }) + '\n');
  return path;
}

async function findPageFile(dir: string, id: string): Promise<string | undefined> {
  for (const ext of ['.html.gz', '.html']) {
    const p = join(dir, 'pages', id + ext);
    if (await isFile(p)) return p;
  }
  return undefined;
}

function parseLabels(text: string, path: string, id: string): PageLabels {
  let d: unknown;
  try {
    d = JSON.parse(text);
  } catch (e) {
    throw new PithError('BAD_CORPUS', `malformed JSON (${(e as Error).message})`, path, { cause: e });
  }
  if (!isRecord(d) || d['format'] !== 'pith-labels') throw new PithError('BAD_CORPUS', 'format must be "pith-labels"', path);
  if (d['version'] !== 1) throw new PithError('BAD_CORPUS', `unsupported version ${String(d['version'])}`, path);
  if (d['pageId'] !== id) throw new PithError('BAD_CORPUS', `pageId ${JSON.stringify(d['pageId'])} does not match the file name`, path);
  if (!Number.isInteger(d['revision']) || (d['revision'] as number) < 1) throw new PithError('BAD_CORPUS', 'revision must be a whole number >= 1', path);
  if (!Array.isArray(d['annotations'])) throw new PithError('BAD_CORPUS', 'annotations must be a list', path);
  const annotations: Annotation[] = d['annotations'].map((a, i) => {
    if (!isRecord(a) || !isGoldLabel(a['label']) || typeof a['path'] !== 'string' || typeof a['text'] !== 'string') {
      throw new PithError('BAD_CORPUS', `annotation ${i} needs label (title|heading|body|other|unknown), text and path`, path);
    }
    return { label: a['label'], text: a['text'], path: a['path'] };
  });
  const gold = isRecord(d['gold']) ? d['gold'] : undefined;
  const snippets = gold && isRecord(gold['snippets']) ? { with: stringList(gold['snippets']['with']), without: stringList(gold['snippets']['without']) } : undefined;
  const url = optionalString(d['url']);
  const site = optionalString(d['site']);
  const title = optionalString(d['title']);
  const mainText = gold ? optionalString(gold['mainText']) : undefined;
  return {
    format: 'pith-labels', version: 1, pageId: id, revision: d['revision'] as number,
    updatedAt: typeof d['updatedAt'] === 'string' ? d['updatedAt'] : '',
    ...(url ? { url } : {}), ...(site ? { site } : {}), ...(title ? { title } : {}),
    ...(d['partial'] === true ? { partial: true } : {}),
    annotations,
    ...(gold ? { gold: { ...(mainText !== undefined ? { mainText } : {}), ...(gold['headings'] ? { headings: stringList(gold['headings']) } : {}), ...(snippets ? { snippets } : {}) } } : {}),
  };
}

/** The page's stored labels, or undefined when it has none yet. */
export async function readPageLabels(dir: string, id: string): Promise<PageLabels | undefined> {
  assertPageId(id);
  const path = join(dir, 'labels', `${id}.json`);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new PithError('IO', `cannot read labels (${(e as Error).message})`, path, { cause: e });
  }
  return parseLabels(text, path, id);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` holding `<path>.lock` (exclusive create); a lock older than `staleMs` is taken over. */
async function withLock<T>(path: string, fn: () => Promise<T>, timeoutMs = 10_000, staleMs = 30_000): Promise<T> {
  const lock = `${path}.lock`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const fh = await open(lock, 'wx');
      await fh.writeFile(`${process.pid} ${new Date().toISOString()}\n`);
      await fh.close();
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new PithError('IO', `cannot create lock (${(e as Error).message})`, lock, { cause: e });
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > staleMs) {
        await unlink(lock).catch(() => undefined);
        continue;
      }
      if (Date.now() > deadline) throw new PithError('CONFLICT', 'the page is locked by another save', lock);
      await sleep(5 + Math.random() * 20);
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

/**
 * Saves a page's labels as revision `expectedRevision + 1`. `expectedRevision` is the revision
 * the edit was based on (0 for a page without labels); anything else stored is a CONFLICT.
 */
export async function savePageLabels(dir: string, id: string, labels: PageLabelsInput, options: { expectedRevision: number }): Promise<PageLabels> {
  assertPageId(id);
  if (!Number.isInteger(options.expectedRevision) || options.expectedRevision < 0) throw new PithError('BAD_OPTION', 'expectedRevision must be a whole number >= 0');
  for (const [i, a] of labels.annotations.entries()) {
    if (!isGoldLabel(a.label) || typeof a.path !== 'string' || typeof a.text !== 'string') throw new PithError('BAD_OPTION', `annotation ${i} needs label, text and path`);
  }
  await readPithHeader(dir);
  if (!(await findPageFile(dir, id))) throw new PithError('NOT_FOUND', `no page '${id}' in this corpus`, dir);
  const path = join(dir, 'labels', `${id}.json`);
  await mkdir(join(dir, 'labels'), { recursive: true });
  return withLock(path, async () => {
    const current = await readPageLabels(dir, id);
    const stored = current?.revision ?? 0;
    if (stored !== options.expectedRevision) {
      throw new PithError('CONFLICT', `labels were saved by someone else (stored revision ${stored}, this edit is based on ${options.expectedRevision})`, path);
    }
    const out: PageLabels = {
      format: 'pith-labels', version: 1, pageId: id,
      ...(labels.url ? { url: labels.url } : {}),
      ...(labels.site ? { site: labels.site } : {}),
      revision: stored + 1,
      updatedAt: new Date().toISOString(),
      ...(labels.title ? { title: labels.title } : {}),
      ...(labels.partial ? { partial: true } : {}),
      annotations: labels.annotations.map((a) => ({ label: a.label, text: a.text, path: a.path })),
      ...(labels.gold ? { gold: labels.gold } : {}),
    };
    await writeFileAtomic(path, JSON.stringify(out, null, 1) + '\n');
    return out;
  });
}

/** Pages of a pith corpus with their stored labels as gold. */
export async function readPithPages(dir: string): Promise<CorpusPage[]> {
  const pages: CorpusPage[] = [];
  for (const f of await listDir(join(dir, 'pages'))) {
    const m = /^(.+)\.html(\.gz)?$/.exec(f);
    if (!m || !isValidPageId(m[1]!)) continue;
    const id = m[1]!;
    const labels = await readPageLabels(dir, id);
    let url = labels?.url;
    const metaPath = join(dir, 'pages', `${id}.json`);
    if (!url && (await isFile(metaPath))) {
      try {
        const meta = JSON.parse(await readFile(metaPath, 'utf8')) as unknown;
        if (isRecord(meta)) url = optionalString(meta['url']);
      } catch (e) {
        throw new PithError('BAD_CORPUS', `malformed JSON (${(e as Error).message})`, metaPath, { cause: e });
      }
    }
    const gold = labels
      ? {
          ...(labels.title ? { title: labels.title } : {}),
          ...(labels.gold?.mainText !== undefined ? { mainText: labels.gold.mainText } : {}),
          ...(labels.gold?.headings ? { headings: labels.gold.headings } : {}),
          ...(labels.gold?.snippets ? { snippets: labels.gold.snippets } : {}),
          annotations: labels.annotations,
          ...(labels.partial ? { partial: true } : {}),
        }
      : { partial: true };
    pages.push({ id, site: labels?.site ?? siteOf(url) ?? id, url, htmlPath: join(dir, 'pages', f), gold });
  }
  return pages;
}

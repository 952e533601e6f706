/**
 * Export / import of a whole pith corpus as one JSON bundle, so a labelling session can be
 * handed to someone else or merged into another corpus. Page bytes travel base64-encoded
 * exactly as stored; labels travel as their `labels/<id>.json` content.
 *
 * Import never overwrites: a new page is added with its labels; a page already present
 * with the same bytes takes the incoming labels only if it has none; anything else is
 * skipped with a reason. Imported data is untrusted: sizes, nesting, ids, labels and page
 * bytes (HTML, not binary) are validated.
 *
 * Export reads no file through a symbolic link that leads out of the corpus, and an
 * unreadable labels file costs only that page's labels (listed in `warnings`).
 */
import { join } from 'node:path';
import { lstat } from 'node:fs/promises';
import { PithError } from '../errors.js';
import { isGoldLabel } from '../labels.js';
import { DEFAULT_MAX_BYTES, decodeHtml } from '../dom/bytes.js';
import { addPithPage, isValidPageId, readPithHeader, savePageLabels, type PageLabels, type PageLabelsInput, type PithCorpusHeader } from '../corpus/pith-format.js';
import type { Annotation } from '../corpus/types.js';
import { listCorpusPages, readLabelsTolerant, type CorpusProblem } from './corpus-files.js';
import { isRecord } from '../util/is-record.js';
import { parseJsonLimited, readBoundedFile, readFileInside, reasonOf, resolveInside, type JsonLimits } from './safe-files.js';

export interface BundlePage {
  readonly id: string;
  readonly url?: string;
  /** The stored bytes, base64. */
  readonly html: string;
  readonly labels?: PageLabels;
}

export interface CorpusBundle {
  readonly format: 'pith-corpus-bundle';
  readonly version: 1;
  readonly corpus: PithCorpusHeader;
  readonly exported: string;
  readonly pages: readonly BundlePage[];
  /** Files the export left out (unreadable labels, links out of the corpus), when there were any. */
  readonly warnings?: readonly CorpusProblem[];
}

export type ImportOutcome = 'added' | 'labelled' | 'unchanged' | 'skipped';

export interface ImportReport {
  readonly added: number;
  readonly labelled: number;
  readonly unchanged: number;
  readonly skipped: ReadonlyArray<{ readonly id: string; readonly reason: string }>;
}

/** Largest bundle `pith label` reads or writes (the import request body, `--add x.json`, an export): 64 MiB. */
export const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;
/** Deepest JSON nesting accepted in a bundle (a real one nests 6 levels). */
export const MAX_BUNDLE_DEPTH = 64;
/** Most JSON values accepted in a bundle (a page with 500 labelled blocks has about 2 000). */
export const MAX_BUNDLE_VALUES = 2_000_000;

export function bundleLimits(maxBytes = MAX_BUNDLE_BYTES): JsonLimits {
  return { maxBytes, maxDepth: MAX_BUNDLE_DEPTH, maxValues: MAX_BUNDLE_VALUES };
}

/** Pages at most this large (as stored, and decoded) are accepted from a bundle or exported. */
const MAX_PAGE_BYTES = DEFAULT_MAX_BYTES;

const MiB = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/**
 * The corpus at `dir` as one bundle. Throws PithError('TOO_LARGE') when it would be larger
 * than `maxBytes` (such a bundle could not be imported: add the folder itself instead).
 */
export async function exportBundle(dir: string, options: { maxBytes?: number } = {}): Promise<CorpusBundle> {
  const maxBytes = options.maxBytes ?? MAX_BUNDLE_BYTES;
  const corpus = await readPithHeader(dir);
  const listing = await listCorpusPages(dir);
  const warnings: CorpusProblem[] = [...listing.problems];
  let estimate = 0;
  for (const p of listing.pages) estimate += Math.ceil(((await lstat(p.htmlPath).then((s) => s.size, () => 0)) * 4) / 3);
  if (estimate > maxBytes) {
    throw new PithError('TOO_LARGE', `the corpus is about ${MiB(estimate)} as a bundle, above the ${MiB(maxBytes)} a bundle may have: copy the corpus folder and add it with pith label <dir> --add <folder>`, dir);
  }
  const pages: BundlePage[] = [];
  for (const p of listing.pages) {
    let bytes: Uint8Array;
    try {
      bytes = await readFileInside(dir, p.htmlPath, MAX_PAGE_BYTES);
    } catch (e) {
      warnings.push({ file: `pages/${p.htmlPath.split('/').pop()}`, reason: `${reasonOf(e)} (page left out)` });
      continue;
    }
    const r = await readLabelsTolerant(dir, p.id);
    if (r.problem) warnings.push({ file: r.problem.file, reason: `${r.problem.reason} (page exported without labels)` });
    const url = r.labels?.url ?? p.metaUrl;
    pages.push({
      id: p.id, ...(url ? { url } : {}), html: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64'),
      ...(r.labels ? { labels: r.labels } : {}),
    });
  }
  return { format: 'pith-corpus-bundle', version: 1, corpus, exported: new Date().toISOString(), pages, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** Checks the shape of untrusted bundle JSON; throws PithError('BAD_CORPUS') naming the problem. */
export function parseBundle(data: unknown, subject = 'bundle'): CorpusBundle {
  if (!isRecord(data) || data['format'] !== 'pith-corpus-bundle') throw new PithError('BAD_CORPUS', 'not a pith corpus bundle (format must be "pith-corpus-bundle")', subject);
  if (data['version'] !== 1) throw new PithError('BAD_CORPUS', `unsupported bundle version ${String(data['version']).slice(0, 40)}`, subject);
  if (!Array.isArray(data['pages'])) throw new PithError('BAD_CORPUS', 'pages must be a list', subject);
  const corpus = isRecord(data['corpus']) ? data['corpus'] : {};
  const pages = data['pages'].map((p, i): BundlePage => {
    if (!isRecord(p) || typeof p['id'] !== 'string' || typeof p['html'] !== 'string') throw new PithError('BAD_CORPUS', `page ${i} needs id and html`, subject);
    const labels = p['labels'];
    if (labels !== undefined) {
      if (!isRecord(labels) || !Array.isArray(labels['annotations'])) throw new PithError('BAD_CORPUS', `page ${i}: labels need annotations`, subject);
      for (const a of labels['annotations']) {
        if (!isRecord(a) || !isGoldLabel(a['label']) || typeof a['text'] !== 'string' || typeof a['path'] !== 'string') {
          throw new PithError('BAD_CORPUS', `page ${i}: an annotation needs label, text and path`, subject);
        }
      }
    }
    return {
      id: p['id'], html: p['html'], ...(typeof p['url'] === 'string' ? { url: p['url'] } : {}),
      ...(labels !== undefined ? { labels: labels as unknown as PageLabels } : {}),
    };
  });
  return {
    format: 'pith-corpus-bundle', version: 1, corpus: corpus as unknown as PithCorpusHeader,
    exported: typeof data['exported'] === 'string' ? data['exported'] : '', pages,
  };
}

/** A bundle from untrusted bytes: size, nesting and value count checked before parsing (see `bundleLimits`). */
export function parseBundleBytes(bytes: Uint8Array, subject = 'bundle', maxBytes = MAX_BUNDLE_BYTES): CorpusBundle {
  return parseBundle(parseJsonLimited(bytes, bundleLimits(maxBytes), subject), subject);
}

/**
 * Reads a bundle file (`pith label --add x.json`): a regular file of at most `maxBytes`,
 * refused with PithError('TOO_LARGE') before anything is read when it is larger.
 */
export async function readBundleFile(path: string, maxBytes = MAX_BUNDLE_BYTES): Promise<CorpusBundle> {
  const bytes = await readBoundedFile(path, maxBytes, { followLink: true });
  return parseBundleBytes(bytes, path, maxBytes);
}

/** Only the fields a save takes, from labels of unknown origin. */
function labelsInput(l: PageLabels): PageLabelsInput {
  const annotations: Annotation[] = l.annotations.map((a) => ({ label: a.label, text: a.text, path: a.path }));
  return {
    annotations,
    ...(typeof l.url === 'string' ? { url: l.url } : {}),
    ...(typeof l.site === 'string' ? { site: l.site } : {}),
    ...(typeof l.title === 'string' ? { title: l.title } : {}),
    ...(l.partial === true ? { partial: true } : {}),
    ...(l.gold && typeof l.gold === 'object' ? { gold: l.gold } : {}),
  };
}

function decodeBase64(s: string): Uint8Array | undefined {
  if (s.length > (MAX_PAGE_BYTES / 3) * 4 + 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return undefined;
  return new Uint8Array(Buffer.from(s, 'base64'));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/** The stored bytes of page `id`, read only inside the corpus; undefined when there is no such page. */
async function storedBytes(dir: string, id: string): Promise<Uint8Array | undefined> {
  for (const ext of ['.html.gz', '.html']) {
    const path = join(dir, 'pages', id + ext);
    const exists = await lstat(path).then(() => true, () => false);
    if (!exists) continue;
    // A link out of the corpus throws: the page is skipped with that reason.
    return readBoundedFile(await resolveInside(dir, path), MAX_PAGE_BYTES);
  }
  return undefined;
}

/** One incoming page, already decoded. */
export interface IncomingPage {
  readonly id: string;
  readonly url?: string;
  readonly bytes: Uint8Array;
  readonly labels?: PageLabels;
}

interface Tally {
  added: number;
  labelled: number;
  unchanged: number;
  skipped: { id: string; reason: string }[];
}

async function importOne(dir: string, p: IncomingPage, t: Tally): Promise<void> {
  if (!isValidPageId(p.id)) {
    t.skipped.push({ id: p.id.slice(0, 80), reason: 'invalid page id' });
    return;
  }
  if (p.bytes.length === 0 || p.bytes.length > MAX_PAGE_BYTES) {
    t.skipped.push({ id: p.id, reason: 'page bytes missing or too large' });
    return;
  }
  try {
    decodeHtml(p.bytes, {}, p.id); // refuses binary, corrupt gzip and oversize pages
  } catch (e) {
    t.skipped.push({ id: p.id, reason: reasonOf(e) });
    return;
  }
  const local = await storedBytes(dir, p.id);
  if (!local) {
    await addPithPage(dir, p.id, p.bytes, p.url ? { url: p.url } : {});
    if (p.labels) await savePageLabels(dir, p.id, labelsInput(p.labels), { expectedRevision: 0 });
    t.added++;
    return;
  }
  if (!sameBytes(local, p.bytes)) {
    t.skipped.push({ id: p.id, reason: 'a different page already has this id' });
    return;
  }
  const mine = await readLabelsTolerant(dir, p.id);
  if (mine.problem) {
    t.skipped.push({ id: p.id, reason: `local ${mine.problem.file} is unreadable (${mine.problem.reason}): kept as it is` });
  } else if (p.labels && !mine.labels) {
    await savePageLabels(dir, p.id, labelsInput(p.labels), { expectedRevision: 0 });
    t.labelled++;
  } else if (p.labels && mine.labels && JSON.stringify(mine.labels.annotations) !== JSON.stringify(p.labels.annotations)) {
    t.skipped.push({ id: p.id, reason: 'both have different labels: kept the local ones' });
  } else t.unchanged++;
}

async function importEach(dir: string, pages: AsyncIterable<IncomingPage | { id: string; reason: string }> | Iterable<IncomingPage | { id: string; reason: string }>): Promise<ImportReport> {
  await readPithHeader(dir);
  const t: Tally = { added: 0, labelled: 0, unchanged: 0, skipped: [] };
  for await (const p of pages) {
    if ('reason' in p) {
      t.skipped.push(p);
      continue;
    }
    try {
      await importOne(dir, p, t);
    } catch (e) {
      t.skipped.push({ id: p.id.slice(0, 80), reason: reasonOf(e) });
    }
  }
  return t;
}

/** Merges a bundle's pages into the pith corpus at `dir` (which must exist). */
export async function importBundle(dir: string, bundle: CorpusBundle): Promise<ImportReport> {
  return importEach(dir, (function* () {
    for (const p of bundle.pages) {
      const bytes = decodeBase64(p.html);
      if (!bytes || bytes.length === 0) yield { id: p.id.slice(0, 80), reason: 'page bytes missing, not base64 or too large' };
      else yield { id: p.id, ...(p.url ? { url: p.url } : {}), bytes, ...(p.labels ? { labels: p.labels } : {}) };
    }
  })());
}

/**
 * Merges another pith corpus folder into the one at `dir`, page by page (no bundle is built,
 * so there is no size limit). Nothing is read through a link out of `src`; unreadable files
 * are skipped with their reason.
 */
export async function importCorpusDir(dir: string, src: string): Promise<ImportReport> {
  await readPithHeader(src);
  const listing = await listCorpusPages(src);
  return importEach(dir, (async function* () {
    for (const q of listing.problems) yield { id: q.file, reason: q.reason };
    for (const p of listing.pages) {
      let bytes: Uint8Array;
      try {
        bytes = await readFileInside(src, p.htmlPath, MAX_PAGE_BYTES);
      } catch (e) {
        yield { id: p.id, reason: reasonOf(e) };
        continue;
      }
      const r = await readLabelsTolerant(src, p.id);
      if (r.problem) yield { id: r.problem.file, reason: `${r.problem.reason} (page added without labels)` };
      const url = r.labels?.url ?? p.metaUrl;
      yield { id: p.id, ...(url ? { url } : {}), bytes, ...(r.labels ? { labels: r.labels } : {}) };
    }
  })());
}

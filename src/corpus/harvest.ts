/**
 * Training data from crawls (docs/harvest.md): many publishers put the article's own text in
 * their JSON-LD (`articleBody`, with the `headline`). Where that text is the article the page
 * shows, aligning it to the page's blocks with the aligner the text-gold corpora use labels
 * the page as a human would have: the blocks holding it body, the block showing the headline
 * title, the rest other. A page is kept only when the alignment says the two agree:
 *
 * - coverage: at least `minCoverage` (0.9) of the articleBody's tokens aligned to a block
 *   token (the page shows the text the publisher declares);
 * - precision: at least `minPrecision` (0.9) of the tokens of the blocks labelled body/heading
 *   aligned to articleBody tokens (the labelled blocks hold little besides it).
 *
 * The precision gate counts the aligner's labels; then the article's headings, which flat
 * articleBody text cannot mark, are labelled heading (article-headings.ts).
 *
 * An articleBody below `minWords` (50) words, or one that ends cut off ("...", "…", "[…]": a
 * teaser, whose alignment would label the rest of the article `other`), is not used. Every
 * page that is not kept is counted under one reason; bad input (binary files, broken JSON-LD,
 * huge files, damaged WARC records) is skipped, never fatal.
 */
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { isPithError, PithError } from '../errors.js';
import { assertLooksLikeText, DEFAULT_MAX_BYTES, maybeGunzip } from '../dom/bytes.js';
import { walkJsonLdObjects } from '../dom/json-ld.js';
import { isInsideFolder, loadPage, readPageBytes, type Page } from '../page.js';
import { looksLikeHtml, readWarcPages } from '../batch/warc.js';
import type { GoldLabel } from '../labels.js';
import { alignGold } from './align.js';
import { labelArticleHeadings } from './article-headings.js';
import { annotationsFromLabels } from './annotations.js';
import { addPithPage, createPithCorpus, isValidPageId, savePageLabels } from './pith-format.js';
import { alignTokens } from './text-normalize.js';
import { decodeEntities } from './readers/html-text.js';
import { latin1, sniffPageUrl } from './readers/files.js';
import { CORPUS_SITE, siteOfUrl } from '../util/site.js';

/** Why a page was not kept. */
export type HarvestRejectReason =
  | 'not-html' // binary data, or bytes that do not start like an HTML document
  | 'too-large' // above the page limit (file, gunzipped body or WARC record)
  | 'unreadable' // a file or record that cannot be read (corrupt gzip, I/O error)
  | 'outside-root' // a symbolic link in an input folder that leads out of it: not read
  | 'no-json-ld' // no JSON-LD script that parses
  | 'no-article-body' // JSON-LD, but no object with a string articleBody
  | 'short-body' // articleBody below minWords words
  | 'truncated-body' // articleBody ends cut off ("...", "…")
  | 'poor-alignment'; // coverage or precision below the thresholds

export const HARVEST_REJECT_REASONS: readonly HarvestRejectReason[] = [
  'not-html', 'too-large', 'unreadable', 'outside-root', 'no-json-ld', 'no-article-body', 'short-body', 'truncated-body', 'poor-alignment',
];

export interface HarvestOptions {
  /** Fewest words an articleBody needs. Default 50. */
  readonly minWords?: number;
  /** Least share of articleBody tokens aligned to the page. Default 0.9. */
  readonly minCoverage?: number;
  /** Least share of the body/heading blocks' tokens aligned to articleBody. Default 0.9. */
  readonly minPrecision?: number;
  /** Page limit in bytes (as stored and after gunzip). Default 16 MiB. */
  readonly maxBytes?: number;
}

export const HARVEST_DEFAULTS = Object.freeze({ minWords: 50, minCoverage: 0.9, minPrecision: 0.9 });

/** What the publisher's JSON-LD says the article is. */
export interface JsonLdArticle {
  readonly articleBody: string;
  readonly headline: string | undefined;
}

export interface HarvestKept {
  readonly kept: true;
  readonly page: Page;
  readonly article: JsonLdArticle;
  /** One label per block of `page`. */
  readonly labels: readonly GoldLabel[];
  readonly titleBlock: number | undefined;
  readonly coverage: number;
  readonly precision: number;
}

export interface HarvestRejected {
  readonly kept: false;
  readonly reason: HarvestRejectReason;
  readonly detail: string;
  readonly coverage?: number;
  readonly precision?: number;
}

export type HarvestDecision = HarvestKept | HarvestRejected;

const reject = (reason: HarvestRejectReason, detail: string, extra: { coverage?: number; precision?: number } = {}): HarvestRejected =>
  ({ kept: false, reason, detail, ...extra });

/** Ends like a teaser or a cut-off text: "...", "…", "[…]", "(...)". */
const TRUNCATED_RE = /(?:\.\s*\.\s*\.|…)\s*[\])]?\s*$/;

/** articleBody as plain text: some publishers put HTML in it; paragraphs stay on their own lines. */
export function articleBodyText(raw: string): string {
  let s = raw;
  if (/<\/?[a-z][^>]*>/i.test(s)) {
    s = s.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<\/?(?:p|div|br|h[1-6]|li|ul|ol|blockquote|figure|figcaption|section|article|table|tr)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, '');
  }
  return decodeEntities(s)
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

/** The text of a JSON-LD value that should be a string (a string, or a one-string list). */
function stringOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return undefined;
}

/**
 * The page's JSON-LD article: the object with the longest string `articleBody` (its
 * `headline`, else `name`). `scripts` is false when no JSON-LD script parsed at all.
 */
export function findJsonLdArticle(page: Page): { scripts: boolean; article: JsonLdArticle | undefined } {
  let scripts = false;
  let best: JsonLdArticle | undefined;
  walkJsonLdObjects(page.tree, (o) => {
    scripts = true;
    const body = stringOf(o['articleBody']);
    if (body === undefined || body.trim() === '') return;
    if (best && best.articleBody.length >= body.length) return;
    const headline = stringOf(o['headline']) ?? stringOf(o['name']);
    best = { articleBody: body, headline: headline !== undefined ? decodeEntities(headline).replace(/\s+/g, ' ').trim() || undefined : undefined };
  });
  // An array or a scalar at the top is still a script that parsed.
  return { scripts, article: best };
}

/** Decides one parsed page: kept with its labels, or the reason it is not. */
export function harvestParsedPage(page: Page, options: HarvestOptions = {}): HarvestDecision {
  const minWords = options.minWords ?? HARVEST_DEFAULTS.minWords;
  const minCoverage = options.minCoverage ?? HARVEST_DEFAULTS.minCoverage;
  const minPrecision = options.minPrecision ?? HARVEST_DEFAULTS.minPrecision;
  const { scripts, article } = findJsonLdArticle(page);
  if (!article) {
    if (scripts) return reject('no-article-body', 'no JSON-LD object with a string articleBody');
    return reject('no-json-ld', page.tree.jsonLd.length === 0 ? 'no JSON-LD script' : 'no JSON-LD script parses');
  }
  const text = articleBodyText(article.articleBody);
  const words = alignTokens(text).length;
  if (words < minWords) return reject('short-body', `articleBody has ${words} words, below ${minWords}`);
  if (TRUNCATED_RE.test(text)) return reject('truncated-body', 'articleBody ends cut off ("..." or "…")');
  const result = alignGold(page, { mainText: text, ...(article.headline ? { title: article.headline } : {}) });
  const coverage = result.goldTokens > 0 ? result.alignedGoldTokens / result.goldTokens : 0;
  let labelled = 0;
  let inside = 0;
  for (let i = 0; i < result.labels.length; i++) {
    const l = result.labels[i];
    if (l !== 'body' && l !== 'heading') continue;
    labelled += result.blockTokens[i] ?? 0;
    inside += result.blockAligned[i] ?? 0;
  }
  const precision = labelled > 0 ? inside / labelled : 0;
  const scores = { coverage, precision };
  if (coverage < minCoverage) return reject('poor-alignment', `${pct(coverage)} of the articleBody found in the page's blocks, below ${pct(minCoverage)}`, scores);
  if (precision < minPrecision) return reject('poor-alignment', `${pct(precision)} of the labelled blocks' text is in the articleBody, below ${pct(minPrecision)}`, scores);
  const labels = labelArticleHeadings(page, result.labels);
  return { kept: true, page, article: { articleBody: text, headline: article.headline }, labels, titleBlock: result.titleBlock, coverage, precision };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Decides one page given as bytes (plain or gzip): never throws for bad input. */
export function harvestPageBytes(bytes: Uint8Array, source: { id: string; url?: string | undefined }, options: HarvestOptions = {}): HarvestDecision {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let plain: Uint8Array;
  try {
    if (bytes.length > maxBytes) return reject('too-large', `${bytes.length} bytes, above the limit of ${maxBytes}`);
    plain = maybeGunzip(bytes, source.id, maxBytes);
    assertLooksLikeText(plain, source.id);
  } catch (e) {
    if (isPithError(e) && e.code === 'TOO_LARGE') return reject('too-large', e.message);
    if (isPithError(e) && e.code === 'NOT_HTML') return reject('not-html', e.message);
    return reject('unreadable', (e as Error).message);
  }
  if (!looksLikeHtml(plain) && !/<(?:body|p|div|article)[\s>]/i.test(latin1(plain.subarray(0, 65536)))) return reject('not-html', 'does not start like an HTML document');
  // Cheap pre-checks: a page without the words never needs parsing.
  const raw = latin1(plain);
  if (!/application\/ld\+json/i.test(raw)) return reject('no-json-ld', 'no JSON-LD script');
  if (!raw.includes('articleBody')) return reject('no-article-body', 'no JSON-LD object with a string articleBody');
  const url = source.url ?? sniffPageUrl(raw);
  let page: Page;
  try {
    page = loadPage(plain, { id: source.id, ...(url ? { url } : {}), maxBytes }, source.id);
  } catch (e) {
    if (isPithError(e) && e.code === 'TOO_LARGE') return reject('too-large', e.message);
    if (isPithError(e) && e.code === 'NOT_HTML') return reject('not-html', e.message);
    return reject('unreadable', (e as Error).message);
  }
  return harvestParsedPage(page, options);
}

/** A page to harvest: bytes and where they came from. */
export interface HarvestInput {
  readonly id: string;
  readonly url: string | undefined;
  readonly bytes?: Uint8Array;
  /** Set instead of bytes when the input could not be read. */
  readonly failure?: { readonly reason: HarvestRejectReason; readonly detail: string };
}

const WARC_RE = /\.warc(?:\.gz)?$/i;

/**
 * Every page under the given files and folders (recursively, in name order; hidden entries
 * and symbolic links to folders are passed over): each WARC/WARC.gz record that is an HTML
 * response, and every other file as one page. Unreadable inputs come as `failure`; so does a
 * symbolic link in a folder that leads out of that folder (`outside-root`: never read, so a
 * link to /etc/passwd or another user's files cannot end up in the corpus). A file named on
 * its own is read wherever it leads: the user chose it.
 */
export async function* harvestInputs(paths: readonly string[], options: { maxBytes?: number; exclude?: string; onWarcSkip?: (reason: string) => void } = {}): AsyncGenerator<HarvestInput> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  for (const p of paths) {
    const root = resolve(p);
    let st;
    try {
      st = await stat(root);
    } catch (e) {
      throw new PithError('NOT_FOUND', 'no such file or folder', p, { cause: e });
    }
    const base = st.isDirectory() ? root : resolve(root, '..');
    const inside = st.isDirectory() ? await realpath(root) : undefined;
    yield* walk(root, base, inside, maxBytes, options.exclude !== undefined ? resolve(options.exclude) : undefined, options.onWarcSkip);
  }
}

/** `inside`: the real path of the input folder being walked; links leading out of it are not followed. */
async function* walk(path: string, base: string, inside: string | undefined, maxBytes: number, exclude: string | undefined, onWarcSkip?: (reason: string) => void): AsyncGenerator<HarvestInput> {
  if (path === exclude) return;
  const rel = relative(base, path) || basename(path);
  let st;
  try {
    st = await lstat(path);
    if (st.isSymbolicLink()) {
      if (inside !== undefined) {
        const real = await realpath(path);
        if (!isInsideFolder(real, inside)) {
          yield { id: rel, url: undefined, failure: { reason: 'outside-root', detail: `a symbolic link leading outside ${base} (to ${real}); not read` } };
          return;
        }
      }
      st = await stat(path);
    }
  } catch (e) {
    yield { id: rel, url: undefined, failure: { reason: 'unreadable', detail: (e as Error).message } };
    return;
  }
  if (st.isDirectory()) {
    if ((await lstat(path)).isSymbolicLink()) return;
    let names: string[];
    try {
      names = (await readdir(path)).sort();
    } catch (e) {
      yield { id: rel, url: undefined, failure: { reason: 'unreadable', detail: (e as Error).message } };
      return;
    }
    for (const n of names) if (!n.startsWith('.')) yield* walk(join(path, n), base, inside, maxBytes, exclude, onWarcSkip);
    return;
  }
  if (!st.isFile()) return;
  if (WARC_RE.test(path)) {
    try {
      for await (const r of readWarcPages(path, {
        maxBytes,
        onSkip: (reason) => onWarcSkip?.(reason),
      })) {
        yield { id: `${rel}#${r.offset}`, url: r.url, bytes: r.bytes };
      }
    } catch (e) {
      yield { id: rel, url: undefined, failure: { reason: 'unreadable', detail: (e as Error).message } };
    }
    return;
  }
  if (st.size > maxBytes) {
    yield { id: rel, url: undefined, failure: { reason: 'too-large', detail: `${st.size} bytes, above the limit of ${maxBytes}` } };
    return;
  }
  try {
    // With the root again: the link checked above could have been swapped since.
    yield { id: rel, url: undefined, bytes: await readPageBytes(path, maxBytes, inside !== undefined ? { root: inside } : {}) };
  } catch (e) {
    const reason: HarvestRejectReason = isPithError(e) && e.code === 'TOO_LARGE' ? 'too-large' : isPithError(e) && e.code === 'OUTSIDE_ROOT' ? 'outside-root' : 'unreadable';
    yield { id: rel, url: undefined, failure: { reason, detail: (e as Error).message } };
  }
}

export interface HarvestReport {
  /** Pages looked at (files, and HTML response records of WARC files). */
  readonly seen: number;
  /** Pages whose JSON-LD has a string articleBody. */
  readonly withArticleBody: number;
  readonly kept: number;
  readonly rejected: Readonly<Record<HarvestRejectReason, number>>;
  /** WARC records that gave no page, by warc.ts's reason (NOT_RESPONSE, HTTP_STATUS ...). */
  readonly warcSkipped: Readonly<Record<string, number>>;
  /** The first rejections, for a look: page id, reason, detail. */
  readonly examples: readonly { id: string; reason: HarvestRejectReason; detail: string }[];
}

/** A page id safe for pith's format, unique among `used`. */
export function harvestPageId(source: string, used: Set<string>): string {
  let base = source.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[^A-Za-z0-9]+/, '').replace(/\.\.+/g, '.')
    .replace(/\.(?:x?html?|gz)$/gi, '').replace(/\.(?:x?html?)$/i, '').slice(0, 180);
  if (!base) base = 'page';
  let out = base;
  for (let k = 2; used.has(out) || !isValidPageId(out); k++) out = `${base}-${k}`;
  used.add(out);
  return out;
}

/**
 * Harvests the pages under `inputs` into a new pith corpus at `out` (`use: train`, the inputs
 * noted as its source): each kept page's bytes, unchanged, and its labels as DOM-anchored
 * annotations, with the articleBody as gold main text and the headline as gold title.
 */
export async function harvestToCorpus(
  inputs: readonly string[],
  out: string,
  options: HarvestOptions & { name?: string; limit?: number; onPage?: (id: string, d: HarvestDecision) => void } = {},
): Promise<HarvestReport> {
  const rejected = Object.fromEntries(HARVEST_REJECT_REASONS.map((r) => [r, 0])) as Record<HarvestRejectReason, number>;
  const warcSkipped: Record<string, number> = {};
  const examples: { id: string; reason: HarvestRejectReason; detail: string }[] = [];
  let seen = 0;
  let withArticleBody = 0;
  let kept = 0;
  // Check the inputs before creating anything.
  for (const p of inputs) await stat(p).catch((e: unknown) => { throw new PithError('NOT_FOUND', 'no such file or folder', p, { cause: e }); });
  await createPithCorpus(out, {
    name: options.name ?? basename(resolve(out)),
    use: 'train',
    source: `harvested from JSON-LD articleBody of ${inputs.map((p) => resolve(p)).join(', ')}`,
  });
  const used = new Set<string>();
  for await (const input of harvestInputs(inputs, { ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}), exclude: out, onWarcSkip: (r) => { warcSkipped[r] = (warcSkipped[r] ?? 0) + 1; } })) {
    if (options.limit !== undefined && kept >= options.limit) break;
    seen++;
    const d: HarvestDecision = input.failure
      ? reject(input.failure.reason, input.failure.detail)
      : harvestPageBytes(input.bytes!, { id: input.id, url: input.url }, options);
    if (d.kept || d.reason === 'short-body' || d.reason === 'truncated-body' || d.reason === 'poor-alignment') withArticleBody++;
    options.onPage?.(input.id, d);
    if (!d.kept) {
      rejected[d.reason]++;
      if (examples.length < 20) examples.push({ id: input.id, reason: d.reason, detail: d.detail });
      continue;
    }
    const id = harvestPageId(input.id, used);
    const url = d.page.url;
    await addPithPage(out, id, input.bytes!, url ? { url } : {});
    await savePageLabels(out, id, {
      ...(url ? { url } : {}),
      site: siteOfUrl(url, CORPUS_SITE) ?? id,
      ...(d.article.headline ? { title: d.article.headline } : {}),
      annotations: annotationsFromLabels(d.page, d.labels, false),
      gold: { mainText: d.article.articleBody },
    }, { expectedRevision: 0 });
    kept++;
  }
  return { seen, withArticleBody, kept, rejected, warcSkipped, examples };
}

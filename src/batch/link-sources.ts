/**
 * Page URLs from sitemaps and feeds, for `pith batch --sitemap URL` / `--feed URL`: a sitemap
 * (`<urlset>` of `<loc>`) or a sitemap index (`<sitemapindex>` of sitemaps, read in turn), an
 * RSS 0.9x/1.0/2.0 feed (`<item><link>`) or an Atom feed (`<entry><link rel="alternate" href>`).
 * The documents are fetched under the batch's fetch policy, User-Agent and time limit; the pages
 * they list then go through the batch's polite fetching (and robots.txt) like a URL list's.
 * Read with patterns, not a full XML parser: these formats are flat, and a malformed document
 * yields the links it has, never an exception.
 */
import { fetchPage } from '../dom/fetch.js';
import { isPithError } from '../errors.js';
import { addressPolicyOf } from '../util/fetch-policy.js';
import { DEFAULT_FETCH_TIMEOUT_MS, type UrlFetchOptions } from './url-list.js';

/** Sitemaps, RSS and Atom come under many Content-Types (and gzip Content-Encoding, inflated). */
const XML_TYPES = /^(application|text)\/((rss|atom|rdf)\+)?xml\b|^text\/(plain|html)\b/i;
/** Most sitemaps one index leads to, and most URLs taken in all: a runaway index stops here. */
export const MAX_SITEMAPS = 1000;
export const MAX_LISTED_URLS = 1_000_000;

export type LinkDocumentKind = 'urlset' | 'sitemapindex' | 'rss' | 'atom' | 'unknown';

export interface LinkDocument {
  readonly kind: LinkDocumentKind;
  /** Page URLs (urlset, rss, atom) or sitemap URLs (sitemapindex), absolute, http(s), each once, in order. */
  readonly links: readonly string[];
}

const ENTITIES: Readonly<Record<string, string>> = Object.freeze({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" });

/** XML text content: CDATA unwrapped, the five entities and character references decoded. */
export function xmlText(raw: string): string {
  return raw
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, c: string) => c.replace(/&/g, '&amp;'))
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
      }
      return ENTITIES[e] ?? m;
    })
    .trim();
}

/** The root element's local name, after the prolog, comments and doctype. */
function rootName(xml: string): string {
  const m = /<(?![?!])(?:[\w.-]+:)?([\w.-]+)/.exec(xml.replace(/<!--[\s\S]*?-->/g, ''));
  return (m?.[1] ?? '').toLowerCase();
}

function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return m ? xmlText(m[2] ?? m[3] ?? '') : undefined;
}

/**
 * Each element's inner text, by local name (any namespace prefix). One pass: after an opening
 * tag the closing one is looked for once; when there is none, no later element can close
 * either, so the scan ends (a hostile document cannot make it quadratic).
 */
function elements(xml: string, name: string): string[] {
  const open = new RegExp(`<(?:[\\w.-]+:)?${name}\\b[^>]*?(/?)>`, 'gi');
  const close = new RegExp(`</(?:[\\w.-]+:)?${name}\\s*>`, 'gi');
  const out: string[] = [];
  for (let m = open.exec(xml); m !== null; m = open.exec(xml)) {
    if (m[1] === '/') {
      out.push('');
      continue;
    }
    close.lastIndex = open.lastIndex;
    const end = close.exec(xml);
    if (end === null) break;
    out.push(xml.slice(open.lastIndex, end.index));
    open.lastIndex = close.lastIndex;
  }
  return out;
}

/** `raw` as an absolute http(s) URL against `base`, else undefined. */
function absolute(raw: string, base: string): string | undefined {
  try {
    const u = new URL(raw, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** A sitemap, sitemap index, RSS or Atom document's links (see `LinkDocument`); `base` resolves relative ones. */
export function parseLinkDocument(xml: string, base: string): LinkDocument {
  const root = rootName(xml);
  let kind: LinkDocumentKind = 'unknown';
  let raw: string[] = [];
  if (root === 'urlset' || root === 'sitemapindex') {
    kind = root;
    raw = elements(xml, 'loc').map(xmlText);
  } else if (root === 'rss' || root === 'rdf') {
    kind = 'rss';
    raw = elements(xml, 'item').map((item) => {
      const link = elements(item, 'link').map(xmlText).find((l) => l !== '');
      if (link) return link;
      // RSS 2.0 without <link>: a guid that is a permalink (the default) stands for it.
      const guid = /<guid\b([^>]*)>([\s\S]*?)<\/guid>/i.exec(item);
      return guid && !/ispermalink\s*=\s*["']false/i.test(guid[1]!) ? xmlText(guid[2]!) : '';
    });
  } else if (root === 'feed') {
    kind = 'atom';
    raw = elements(xml, 'entry').map((entry) => {
      const links = [...entry.matchAll(/<(?:[\w.-]+:)?link\b[^>]*>/gi)].map((m) => m[0]);
      const chosen = links.find((l) => (attribute(l, 'rel') ?? 'alternate') === 'alternate') ?? '';
      return attribute(chosen, 'href') ?? '';
    });
  }
  const links: string[] = [];
  const seen = new Set<string>();
  for (const r of raw) {
    const u = r ? absolute(r, base) : undefined;
    if (u !== undefined && !seen.has(u)) {
      seen.add(u);
      links.push(u);
    }
  }
  return { kind, links };
}

export interface ListedUrls {
  readonly urls: string[];
  /** Documents that could not be had or read, with why (the batch goes on without them). */
  readonly problems: string[];
  /** Documents read, with a remark (a sitemap given as a feed): nothing was lost. */
  readonly notes: string[];
}

/**
 * The page URLs of the given sitemaps and feeds: indexes followed (at most `MAX_SITEMAPS`
 * documents, `MAX_LISTED_URLS` URLs), each URL once. A document that fails is a problem, not an error;
 * one read in another way than it was given is a note.
 */
export async function listedUrls(sitemaps: readonly string[], feeds: readonly string[], options: UrlFetchOptions & { userAgent: string }): Promise<ListedUrls> {
  const urls: string[] = [];
  const seen = new Set<string>();
  const problems: string[] = [];
  const notes: string[] = [];
  const visited = new Set<string>();
  const todo: Array<{ url: string; expect: 'sitemap' | 'feed' }> = [...sitemaps.map((url) => ({ url, expect: 'sitemap' as const })), ...feeds.map((url) => ({ url, expect: 'feed' as const }))];
  while (todo.length > 0 && urls.length < MAX_LISTED_URLS) {
    const { url, expect } = todo.shift()!;
    if (visited.has(url)) continue;
    if (visited.size >= MAX_SITEMAPS) {
      problems.push(`${url}: not read, past ${MAX_SITEMAPS} sitemaps and feeds`);
      continue;
    }
    visited.add(url);
    let doc: LinkDocument;
    try {
      const got = await fetchPage(url, { userAgent: options.userAgent, timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS, allowed: addressPolicyOf(options), types: XML_TYPES });
      doc = parseLinkDocument(Buffer.from(got.bytes).toString('utf8'), got.url);
    } catch (e) {
      problems.push(isPithError(e) ? `${e.message} (${e.code})` : `${url}: ${(e as Error).message}`);
      continue;
    }
    if (doc.kind === 'unknown') {
      problems.push(`${url}: neither a sitemap nor an RSS or Atom feed`);
      continue;
    }
    if (expect === 'feed' && (doc.kind === 'urlset' || doc.kind === 'sitemapindex')) notes.push(`${url}: a sitemap given as --feed (read as one)`);
    if (doc.kind === 'sitemapindex') {
      for (const child of doc.links) todo.push({ url: child, expect: 'sitemap' });
      continue;
    }
    for (const u of doc.links) {
      if (seen.has(u) || urls.length >= MAX_LISTED_URLS) continue;
      seen.add(u);
      urls.push(u);
    }
  }
  return { urls, problems, notes };
}

/** Most problems and notes said one by one; the rest are counted. */
const MAX_LISTED_REMARKS = 20;

/**
 * Says on `stderr` what reading the sitemaps and feeds met (each line after `prefix`, e.g.
 * `batch`) and how many URLs they listed; returns how many documents could not be read.
 */
export function reportListed(listed: ListedUrls, given: { readonly sitemaps: number; readonly feeds: number }, prefix: string, stderr: NodeJS.WritableStream): number {
  const said = [...listed.problems, ...listed.notes];
  for (const p of said.slice(0, MAX_LISTED_REMARKS)) stderr.write(`${prefix}: sitemap/feed: ${p}\n`);
  if (said.length > MAX_LISTED_REMARKS) stderr.write(`${prefix}: sitemap/feed: ... and ${said.length - MAX_LISTED_REMARKS} more\n`);
  stderr.write(`${prefix}: ${listed.urls.length} URL(s) from ${given.sitemaps} sitemap(s) and ${given.feeds} feed(s)\n`);
  return listed.problems.length;
}

/**
 * msv-big9 (Utomo & Leu): one folder per site and year, `<site>-<year>/`, each holding
 * `html/<name>.htm[l][.gz]` (the saved page) and `gold/<name>.txt` (the headline on the first
 * line, then the body text). A folder with html/ + gold/ is one corpus (page ids `<name>`);
 * a folder whose subfolders are such folders (the msv-big9 root) is one corpus of all their
 * pages (ids `<folder>/<name>`). A page's site is its folder's name less the year (`bbc` from
 * `bbc-2013`), its `template` the folder and its `year` the folder's year. The pages carry no
 * URL: `url` is the page's own canonical / og:url when it declares one (the 2013 pages name
 * their web.archive.org capture). Gold: headline -> title, body lines -> body. A page without
 * gold, gold without its page and an empty or unreadable gold file are left out and reported
 * in `skipped`; a page that cannot be read or parsed fails when it is loaded.
 */
import { basename, join } from 'node:path';
import { PithError } from '../../errors.js';
import type { CorpusPage, GoldSegment, SkippedPage } from '../types.js';
import { cleanLines, isDir, latin1, listDir, readBytes, readText, sniffPageUrl } from './files.js';

const HTML_RE = /^(.+)\.(?:html?)(?:\.gz)?$/i;
const GOLD_RE = /^(.+)\.txt$/i;
const YEAR_RE = /^(.*?)[-_ .]?((?:19|20)\d{2})$/;

export interface MsvGold {
  readonly title: string | undefined;
  readonly body: readonly string[];
}

/** The headline (first non-empty line) and the body lines of a gold file, white space collapsed. */
export function parseMsvGold(text: string): MsvGold {
  const lines = cleanLines(text);
  return { title: lines[0], body: lines.slice(1) };
}

/** `bbc-2013` -> site `bbc`, year 2013; a name without a year is the site as it is (lower case, URL-safe). */
export function msvSiteYear(folder: string): { site: string; year?: number } {
  const clean = (s: string): string => s.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  const m = YEAR_RE.exec(folder);
  const site = m ? clean(m[1]!) : '';
  if (m && site) return { site, year: Number(m[2]) };
  return { site: clean(folder) || 'site' };
}

/** True when `dir` holds html/ and gold/: one site-year folder. */
export async function isMsvFolder(dir: string): Promise<boolean> {
  return (await isDir(join(dir, 'html'))) && (await isDir(join(dir, 'gold')));
}

/** The subfolders of `root` that are site-year folders (the msv-big9 root), sorted. */
export async function msvSubfolders(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of await listDir(root)) {
    if (name.startsWith('.')) continue;
    if (await isMsvFolder(join(root, name))) out.push(name);
  }
  return out;
}

export interface MsvRead {
  readonly pages: CorpusPage[];
  readonly skipped: SkippedPage[];
}

export interface MsvOptions {
  /** Read each page's canonical / og:url (reads every page once). Default true. */
  readonly sniffUrls?: boolean;
}

/** Reads one site-year folder; `prefix` (the folder name, in a root of several) starts each id. */
async function readFolder(dir: string, prefix: string | undefined, options: MsvOptions): Promise<MsvRead> {
  const folder = basename(dir);
  const { site, year } = msvSiteYear(folder);
  const idOf = (name: string): string => (prefix ? `${prefix}/${name}` : name);
  const pages: CorpusPage[] = [];
  const skipped: SkippedPage[] = [];

  const html = new Map<string, string>();
  for (const f of await listDir(join(dir, 'html'))) {
    const m = HTML_RE.exec(f);
    if (!m) continue;
    const path = join(dir, 'html', f);
    if (html.has(m[1]!)) skipped.push({ id: idOf(m[1]!), path, reason: `a second page file for ${m[1]} (using ${basename(html.get(m[1]!)!)})` });
    else html.set(m[1]!, path);
  }
  const gold = new Map<string, string>();
  for (const f of await listDir(join(dir, 'gold'))) {
    const m = GOLD_RE.exec(f);
    if (m) gold.set(m[1]!, join(dir, 'gold', f));
  }
  for (const [name, path] of gold) {
    if (!html.has(name)) skipped.push({ id: idOf(name), path, reason: `gold without its page (no html/${name}.htm[l][.gz])` });
  }

  for (const [name, htmlPath] of html) {
    const id = idOf(name);
    const goldPath = gold.get(name);
    if (!goldPath) {
      skipped.push({ id, path: htmlPath, reason: `page without gold (no gold/${name}.txt)` });
      continue;
    }
    let parsed: MsvGold;
    try {
      parsed = parseMsvGold(await readText(goldPath, 'a gold file'));
    } catch (e) {
      if (!(e instanceof PithError)) throw e;
      skipped.push({ id, path: goldPath, reason: `unreadable gold (${e.message})` });
      continue;
    }
    if (parsed.body.length === 0) {
      skipped.push({ id, path: goldPath, reason: parsed.title === undefined ? 'empty gold file' : 'gold has a headline but no body text' });
      continue;
    }
    let url: string | undefined;
    if (options.sniffUrls !== false) {
      try {
        url = sniffPageUrl(latin1(await readBytes(htmlPath)));
      } catch (e) {
        // An unreadable page stays listed: loading it fails with the reason, and reports count it.
        if (!(e instanceof PithError)) throw e;
      }
    }
    const segments: GoldSegment[] = parsed.body.map((text) => ({ label: 'body', text }));
    pages.push({
      id,
      site,
      url,
      htmlPath,
      gold: { ...(parsed.title !== undefined ? { title: parsed.title } : {}), mainText: parsed.body.join('\n'), segments },
      template: folder,
      ...(year !== undefined ? { year } : {}),
    });
  }
  return { pages, skipped };
}

/** Reads a site-year folder, or a root of them (every subfolder with html/ + gold/). */
export async function readMsv(root: string, options: MsvOptions = {}): Promise<MsvRead> {
  if (await isMsvFolder(root)) return readFolder(root, undefined, options);
  const pages: CorpusPage[] = [];
  const skipped: SkippedPage[] = [];
  for (const name of await msvSubfolders(root)) {
    const r = await readFolder(join(root, name), name, options);
    pages.push(...r.pages);
    skipped.push(...r.skipped);
  }
  return { pages, skipped };
}

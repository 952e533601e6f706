/**
 * SWDE (Structured Web Data Extraction, Hao et al. 2011) in its own layout: one folder per
 * site, `<vertical>-<site>(<count>)/<id>.htm[l][.gz]`, and `groundtruth/<vertical>-<site>-<attribute>.txt`
 * (line 1: vertical, site, attribute; line 2: counts; then per page: id, number of values,
 * the values, tab-separated; `<NULL>` for none). Values are kept as SWDE has them (a leading
 * ": " included): clean-up is the scorer's business, not the reader's.
 *
 * Gold: the named fields (`gold.fields`), and the `title` attribute as the page's headline;
 * there is no body gold, so the gold is partial. A page's URL is its `<base href>` (SWDE's
 * crawl puts one on the first line), its site the URL's host, else the SWDE site name. Gold
 * lines for pages the folder does not hold are ignored (the shared copy has 500 of 2000
 * pages); a page with no gold line in any attribute file is skipped and reported.
 */
import { join } from 'node:path';
import { PithError } from '../../errors.js';
import type { CorpusPage, SkippedPage } from '../types.js';
import { isDir, latin1, listDir, readBytes, readText } from './files.js';
import { CORPUS_SITE, siteOfUrl } from '../../util/site.js';

const SITE_DIR_RE = /^([A-Za-z0-9_]+)-([A-Za-z0-9_.]+)\((\d+)\)$/;
const PAGE_RE = /^(.+)\.html?(?:\.gz)?$/i;
const GT_RE = /^([A-Za-z0-9_]+)-([A-Za-z0-9_.]+)-([A-Za-z0-9_]+)\.txt$/;
const NULL_VALUE = '<NULL>';
const BASE_HREF_RE = /<base\b[^>]*\bhref\s*=\s*["']?([^"'\s>]+)/i;

/** One site folder of a SWDE vertical. */
export interface SwdeSiteFolder {
  readonly folder: string;
  readonly vertical: string;
  readonly site: string;
}

/** The site folders of a SWDE root (`<vertical>-<site>(<n>)`), sorted; empty when `groundtruth/` is absent. */
export async function swdeSiteFolders(root: string): Promise<SwdeSiteFolder[]> {
  if (!(await isDir(join(root, 'groundtruth')))) return [];
  const out: SwdeSiteFolder[] = [];
  for (const name of await listDir(root)) {
    const m = SITE_DIR_RE.exec(name);
    if (m && (await isDir(join(root, name)))) out.push({ folder: name, vertical: m[1]!, site: m[2]! });
  }
  return out;
}

/** Per page id, per attribute, the values of one ground-truth file's text. */
export function parseSwdeGroundTruth(text: string, path: string): { attribute: string; values: Map<string, string[]> } {
  const lines = text.replace(/^\uFEFF/, '').split('\n').map((l) => l.replace(/\r$/, ''));
  const header = (lines[0] ?? '').split('\t');
  const attribute = header[2]?.trim();
  if (!attribute) throw new PithError('BAD_CORPUS', 'line 1 must be: vertical, site, attribute (tab-separated)', path);
  const values = new Map<string, string[]>();
  const lineOf = new Map<string, number>();
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const cells = line.split('\t');
    const id = cells[0]!.trim();
    const count = Number(cells[1]);
    if (!id || !Number.isInteger(count) || count < 0) throw new PithError('BAD_CORPUS', `line ${i + 1}: expected id, count, values`, path);
    // Two lines for one page, or a count that is not the line's number of values (a tab inside
    // a value splits it in two), leave the page's values unknown: the file is refused, not guessed at.
    const seen = lineOf.get(id);
    if (seen !== undefined) throw new PithError('BAD_CORPUS', `line ${i + 1}: page ${id} already has its values on line ${seen}`, path);
    lineOf.set(id, i + 1);
    // `<NULL>` (no value) may be counted as one or not; an empty value counted (`id\t1\t`) is no value.
    const written = cells.slice(2).filter((v) => v !== '');
    const given = written.filter((v) => v !== NULL_VALUE);
    if (count !== given.length && count !== written.length && count !== cells.length - 2) throw new PithError('BAD_CORPUS', `line ${i + 1}: the count says ${count} value(s), the line has ${given.length}`, path);
    const vals = given.filter((v) => v.trim() !== '');
    values.set(id, vals);
  }
  return { attribute, values };
}

/** The `<base href>` a saved page declares (SWDE's crawl writes one first), when absolute http(s). */
export function sniffBaseHref(html: string): string | undefined {
  const head = html.slice(0, 65_536);
  const href = BASE_HREF_RE.exec(head)?.[1];
  return href && /^https?:\/\//i.test(href) ? href : undefined;
}

export interface SwdeRead {
  readonly pages: CorpusPage[];
  readonly skipped: SkippedPage[];
}

async function readSite(root: string, s: SwdeSiteFolder, prefix: boolean): Promise<SwdeRead> {
  const gtDir = join(root, 'groundtruth');
  const fieldsById = new Map<string, Record<string, string[]>>();
  for (const f of await listDir(gtDir)) {
    const m = GT_RE.exec(f);
    if (!m || m[1] !== s.vertical || m[2] !== s.site) continue;
    const path = join(gtDir, f);
    const { attribute, values } = parseSwdeGroundTruth(await readText(path, 'a ground-truth file'), path);
    for (const [id, vals] of values) {
      let rec = fieldsById.get(id);
      if (!rec) fieldsById.set(id, (rec = {}));
      rec[attribute] = vals;
    }
  }
  const pages: CorpusPage[] = [];
  const skipped: SkippedPage[] = [];
  for (const f of await listDir(join(root, s.folder))) {
    const m = PAGE_RE.exec(f);
    if (!m) continue;
    const name = m[1]!;
    const id = prefix ? `${s.site}/${name}` : name;
    const htmlPath = join(root, s.folder, f);
    const fields = fieldsById.get(name);
    if (!fields) {
      skipped.push({ id, path: htmlPath, reason: `no ground truth for page ${name} in groundtruth/${s.vertical}-${s.site}-*.txt` });
      continue;
    }
    let url: string | undefined;
    try {
      url = sniffBaseHref(latin1((await readBytes(htmlPath)).subarray(0, 65_536)));
    } catch (e) {
      // An unreadable page stays listed: loading it fails with the reason.
      if (!(e instanceof PithError)) throw e;
    }
    const title = fields['title']?.[0]?.trim();
    pages.push({
      id,
      site: siteOfUrl(url, CORPUS_SITE) ?? s.site.toLowerCase(),
      url,
      htmlPath,
      template: s.folder,
      gold: { ...(title ? { title } : {}), fields, partial: true },
    });
  }
  return { pages, skipped };
}

/** Reads every site folder of a SWDE root; ids are the page names, `<site>/<name>` when there are several sites. */
export async function readSwde(root: string): Promise<SwdeRead> {
  const sites = await swdeSiteFolders(root);
  const pages: CorpusPage[] = [];
  const skipped: SkippedPage[] = [];
  for (const s of sites) {
    const r = await readSite(root, s, sites.length > 1);
    pages.push(...r.pages);
    skipped.push(...r.skipped);
  }
  return { pages, skipped };
}

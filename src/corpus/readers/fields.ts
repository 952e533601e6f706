/**
 * A folder of example pages with the field values a person wants from them (docs/fields.md):
 * `html/<name>.html|htm|xhtml[.gz]` and `fields/<name>.json` = `{"<field>": ["value", ...]}`
 * (a field may have several values on a page, or none: `[]`), optionally `gold/<name>.txt`
 * (headline on the first line, then the body, as msv-big9's) for title/body rules.
 * A page's URL is its `<base href>`, else its canonical / og:url; its site the URL's host,
 * else the folder's name. A page with neither fields nor gold is skipped and reported, as is
 * a fields file that is not such an object or has no page.
 */
import { basename, join } from 'node:path';
import { PithError } from '../../errors.js';
import type { CorpusPage, Gold, GoldSegment, SkippedPage } from '../types.js';
import { isDir, latin1, listDir, readBytes, readJson, readText, sniffPageUrl } from './files.js';
import { sniffBaseHref } from './swde.js';
import { parseMsvGold } from './msv.js';
import { CORPUS_SITE, siteOfUrl } from '../../util/site.js';
import { isRecord } from '../../util/is-record.js';
import { fieldNameProblem } from '../../models/wrapper/fields.js';

export const HTML_RE = /^(.+)\.(?:html?|xhtml)(?:\.gz)?$/i;
const FIELDS_RE = /^(.+)\.json$/i;
const GOLD_RE = /^(.+)\.txt$/i;
const BLANK_PAGE_RE = /^\s*$/;

/** True when `dir` holds html/ and fields/. */
export async function isFieldsFolder(dir: string): Promise<boolean> {
  return (await isDir(join(dir, 'html'))) && (await isDir(join(dir, 'fields')));
}

/** Field values of one fields file: every key a list of strings (a lone string is one value). */
export function parseFieldValues(data: unknown, path: string): Record<string, string[]> {
  if (!isRecord(data)) throw new PithError('BAD_CORPUS', 'a fields file is an object {"field": ["value", ...]}', path);
  const out: Record<string, string[]> = {};
  for (const [field, v] of Object.entries(data)) {
    const badName = fieldNameProblem(field);
    if (badName) throw new PithError('BAD_CORPUS', badName, path);
    const list = typeof v === 'string' ? [v] : v === null ? [] : v;
    if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) {
      throw new PithError('BAD_CORPUS', `field "${field}" must be a list of strings`, path);
    }
    out[field] = (list as string[]).filter((x) => x.trim().length > 0);
  }
  return out;
}

/** The folder's files by page name (`re`'s first group); `linksLeftOut` gets the names of the links listDir does not follow. */
async function listByName(dir: string, re: RegExp, linksLeftOut?: Map<string, string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!(await isDir(dir))) return out;
  const links: string[] = [];
  for (const f of await listDir(dir, links)) {
    const m = re.exec(f);
    if (m && !out.has(m[1]!)) out.set(m[1]!, join(dir, f));
  }
  for (const f of links) {
    const m = re.exec(f);
    if (m && linksLeftOut && !linksLeftOut.has(m[1]!)) linksLeftOut.set(m[1]!, f);
  }
  return out;
}

/** Why a page has neither fields nor gold: no such files, or a link in their place that pith does not follow. */
function noExamplesReason(name: string, fieldLinks: ReadonlyMap<string, string>, goldLinks: ReadonlyMap<string, string>): string {
  const links = [
    ...(fieldLinks.has(name) ? [`fields/${fieldLinks.get(name)!}`] : []),
    ...(goldLinks.has(name) ? [`gold/${goldLinks.get(name)!}`] : []),
  ];
  if (links.length === 0) return `page without fields (no fields/${name}.json) or gold`;
  const what = links.length === 1 ? `${links[0]!} is a symbolic link that leads` : `${links.join(' and ')} are symbolic links that lead`;
  return `page without fields or gold: ${what} outside its folder (or nowhere), which pith does not follow`;
}

export interface FieldsRead {
  readonly pages: CorpusPage[];
  readonly skipped: SkippedPage[];
}

export async function readFieldsFolder(root: string): Promise<FieldsRead> {
  const html = await listByName(join(root, 'html'), HTML_RE);
  const fieldLinks = new Map<string, string>();
  const goldLinks = new Map<string, string>();
  const fieldFiles = await listByName(join(root, 'fields'), FIELDS_RE, fieldLinks);
  const goldFiles = await listByName(join(root, 'gold'), GOLD_RE, goldLinks);
  const folderSite = basename(root).toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || 'site';
  const pages: CorpusPage[] = [];
  const skipped: SkippedPage[] = [];
  for (const [name, path] of fieldFiles) {
    if (!html.has(name)) skipped.push({ id: name, path, reason: `fields without their page (no html/${name}.html[.gz])` });
  }
  for (const [name, htmlPath] of html) {
    const fieldsPath = fieldFiles.get(name);
    const goldPath = goldFiles.get(name);
    let fields: Record<string, string[]> | undefined;
    let gold: Gold = { partial: true };
    try {
      if (fieldsPath) fields = parseFieldValues(await readJson(fieldsPath, 'a fields file'), fieldsPath);
      if (goldPath) {
        const g = parseMsvGold(await readText(goldPath, 'a gold file'));
        const segments: GoldSegment[] = g.body.map((text) => ({ label: 'body', text }));
        gold = g.body.length > 0
          ? { ...(g.title !== undefined ? { title: g.title } : {}), mainText: g.body.join('\n'), segments }
          : { ...(g.title !== undefined ? { title: g.title } : {}), partial: true };
      }
    } catch (e) {
      if (!(e instanceof PithError)) throw e;
      skipped.push({ id: name, path: e.subject ?? htmlPath, reason: e.message });
      continue;
    }
    if (!fields && !goldPath) {
      skipped.push({ id: name, path: htmlPath, reason: noExamplesReason(name, fieldLinks, goldLinks) });
      continue;
    }
    if (fields && Object.keys(fields).length === 0 && !goldPath) {
      skipped.push({ id: name, path: fieldsPath!, reason: `fields/${name}.json names no field ({}) and the page has no gold: nothing to learn from it` });
      continue;
    }
    let url: string | undefined;
    try {
      const head = latin1(await readBytes(htmlPath));
      // An empty page shows no value: it would only make a site (a template) of its own.
      if (BLANK_PAGE_RE.test(head)) {
        skipped.push({ id: name, path: htmlPath, reason: 'the page is empty' });
        continue;
      }
      url = sniffBaseHref(head) ?? sniffPageUrl(head);
    } catch (e) {
      if (!(e instanceof PithError)) throw e;
    }
    pages.push({
      id: name,
      site: siteOfUrl(url, CORPUS_SITE) ?? folderSite,
      url,
      htmlPath,
      gold: { ...gold, ...(fields ? { fields } : {}) },
    });
  }
  return { pages, skipped };
}

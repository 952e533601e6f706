/**
 * wcxb-dev (Web Content Extraction Benchmark, dev split): `html/<id>.html.gz`,
 * `ground-truth/<id>.json` with `url` and `ground_truth: {title, main_content,
 * main_content_markdown?, with, without}`, `metadata.json` (page type, domain).
 * Gold: the main text; heading lines are the markdown `#` lines; the title; the snippets
 * (only counted, or, for the two pages whose main text is null, used as partial gold).
 */
import { join } from 'node:path';
import { PithError } from '../../errors.js';
import type { CorpusPage, PageScope } from '../types.js';
import { isFile, listDir, optionalString, readJson, scopeFilled, scopeWants, stringList } from './files.js';
import { CORPUS_SITE, siteOfUrl } from '../../util/site.js';
import { isRecord } from '../../util/is-record.js';

/** Heading lines of a markdown text, without marks, emphasis and link targets. */
export function markdownHeadings(md: string): string[] {
  const out: string[] = [];
  for (const line of md.split('\n')) {
    const m = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    out.push(m[1]!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]+/g, '').trim());
  }
  return out.filter((h) => h.length > 0);
}

export async function readWcxb(root: string, scope: PageScope = {}): Promise<CorpusPage[]> {
  const gtDir = join(root, 'ground-truth');
  const metaPath = join(root, 'metadata.json');
  const meta = (await isFile(metaPath)) ? await readJson(metaPath) : {};
  const files = isRecord(meta) && isRecord(meta['files']) ? meta['files'] : {};
  const pages: CorpusPage[] = [];
  for (const f of await listDir(gtDir)) {
    if (scopeFilled(scope, pages.length)) break;
    if (!f.endsWith('.json')) continue;
    const id = f.slice(0, -5);
    if (!scopeWants(scope, id)) continue;
    const path = join(gtDir, f);
    const doc = await readJson(path, 'a ground-truth file');
    if (!isRecord(doc) || !isRecord(doc['ground_truth'])) throw new PithError('BAD_CORPUS', 'no ground_truth object', path);
    const gt = doc['ground_truth'];
    const mainText = typeof gt['main_content'] === 'string' ? gt['main_content'] : undefined;
    // A few pages have no main text (null): missing or null: their snippets are all the gold there is.
    if (mainText === undefined && gt['main_content'] !== null && gt['main_content'] !== undefined) throw new PithError('BAD_CORPUS', 'ground_truth.main_content must be a string or null', path);
    let htmlPath = join(root, 'html', `${id}.html.gz`);
    if (!(await isFile(htmlPath))) htmlPath = join(root, 'html', `${id}.html`);
    if (!(await isFile(htmlPath))) throw new PithError('BAD_CORPUS', `no html/${id}.html.gz for this ground truth`, path);
    const url = optionalString(doc['url']);
    const info = isRecord(files[id]) ? (files[id] as Record<string, unknown>) : {};
    const domain = optionalString(info['domain']);
    const md = optionalString(gt['main_content_markdown']);
    const title = optionalString(gt['title']);
    const pageType = optionalString(info['page_type']);
    pages.push({
      id,
      site: siteOfUrl(url, CORPUS_SITE) ?? (domain ? siteOfUrl(`http://${domain}/`, CORPUS_SITE) : undefined) ?? `wcxb-${id}`,
      url,
      htmlPath,
      ...(pageType ? { pageType } : {}),
      gold: {
        ...(title ? { title } : {}),
        ...(mainText !== undefined ? { mainText } : { partial: true }),
        ...(md ? { headings: markdownHeadings(md) } : {}),
        snippets: { with: stringList(gt['with']), without: stringList(gt['without']) },
      },
    });
  }
  return pages;
}

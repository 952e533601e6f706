/**
 * postlight-titles (postlight/parser fixtures): `titles.json` is a list of {url, file, title};
 * pages in `html/<file>.gz`. Gold: the visible headline only (everything else `unknown`).
 */
import { join } from 'node:path';
import { PithError } from '../../errors.js';
import type { CorpusPage } from '../types.js';
import { indexedPageFile, uniquePageId, optionalString, readJson } from './files.js';
import { CORPUS_SITE, siteOfUrl } from '../../util/site.js';
import { isRecord } from '../../util/is-record.js';

export async function readPostlight(root: string): Promise<CorpusPage[]> {
  const path = join(root, 'titles.json');
  const data = await readJson(path);
  if (!Array.isArray(data)) throw new PithError('BAD_CORPUS', 'expected a list of {url, file, title}', path);
  const pages: CorpusPage[] = [];
  const seen = new Set<string>();
  for (const [i, entry] of data.entries()) {
    if (!isRecord(entry) || typeof entry['file'] !== 'string') throw new PithError('BAD_CORPUS', `entry ${i} has no "file"`, path);
    const file = entry['file'];
    const htmlPath = await indexedPageFile(root, file, path);
    const id = uniquePageId(file, seen);
    const url = optionalString(entry['url']);
    const title = optionalString(entry['title']);
    pages.push({ id, site: siteOfUrl(url, CORPUS_SITE) ?? id.replace(/\.html?$/, ''), url, htmlPath, gold: { ...(title ? { title } : {}), partial: true } });
  }
  return pages;
}

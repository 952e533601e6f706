/**
 * postlight-titles (postlight/parser fixtures): `titles.json` is a list of {url, file, title};
 * pages in `html/<file>.gz`. Gold: the visible headline only (everything else `unknown`).
 */
import { join } from 'node:path';
import { PithError } from '../../errors.js';
import type { CorpusPage } from '../types.js';
import { isFile, isRecord, optionalString, readJson, siteOf } from './files.js';

export async function readPostlight(root: string): Promise<CorpusPage[]> {
  const path = join(root, 'titles.json');
  const data = await readJson(path);
  if (!Array.isArray(data)) throw new PithError('BAD_CORPUS', 'expected a list of {url, file, title}', path);
  const pages: CorpusPage[] = [];
  const seen = new Set<string>();
  for (const [i, entry] of data.entries()) {
    if (!isRecord(entry) || typeof entry['file'] !== 'string') throw new PithError('BAD_CORPUS', `entry ${i} has no "file"`, path);
    const file = entry['file'];
    let htmlPath = join(root, 'html', `${file}.gz`);
    if (!(await isFile(htmlPath))) htmlPath = join(root, 'html', file);
    if (!(await isFile(htmlPath))) throw new PithError('BAD_CORPUS', `page file html/${file}.gz is missing`, path);
    let id = file.replace(/\.html?$/i, '');
    for (let k = 2; seen.has(id); k++) id = `${file.replace(/\.html?$/i, '')}-${k}`;
    seen.add(id);
    const url = optionalString(entry['url']);
    const title = optionalString(entry['title']);
    pages.push({ id, site: siteOf(url) ?? id.replace(/\.html?$/, ''), url, htmlPath, gold: { ...(title ? { title } : {}), partial: true } });
  }
  return pages;
}

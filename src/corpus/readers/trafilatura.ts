/**
 * trafilatura-eval: `evaldata.json` maps URL -> {file, with, without, title?, ...};
 * pages in `html/<file>.gz`. Gold is partial: snippets that must (`with`) or must not
 * (`without`) be in the extraction, and the title for most pages.
 */
import { join } from 'node:path';
import { PithError } from '../../errors.js';
import type { CorpusPage } from '../types.js';
import { indexedPageFile, uniquePageId, optionalString, readJson, stringList } from './files.js';
import { CORPUS_SITE, siteOfUrl } from '../../util/site.js';
import { isRecord } from '../../util/is-record.js';

export async function readTrafilatura(root: string): Promise<CorpusPage[]> {
  const path = join(root, 'evaldata.json');
  const data = await readJson(path);
  if (!isRecord(data)) throw new PithError('BAD_CORPUS', 'expected an object mapping URL -> entry', path);
  const pages: CorpusPage[] = [];
  const seen = new Set<string>();
  for (const [url, entry] of Object.entries(data)) {
    if (!isRecord(entry) || typeof entry['file'] !== 'string') throw new PithError('BAD_CORPUS', `entry for ${url} has no "file"`, path);
    const file = entry['file'];
    const htmlPath = await indexedPageFile(root, file, path);
    const id = uniquePageId(file, seen);
    const title = optionalString(entry['title']);
    pages.push({
      id,
      site: siteOfUrl(url, CORPUS_SITE) ?? id,
      url: /^https?:\/\//i.test(url) ? url : undefined,
      htmlPath,
      gold: { ...(title ? { title } : {}), snippets: { with: stringList(entry['with']), without: stringList(entry['without']) }, partial: true },
    });
  }
  return pages;
}

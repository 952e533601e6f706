/**
 * readability-test-pages (mozilla/readability test/test-pages): `pages/<name>/source.html`,
 * `expected.html` (the article as Readability.js extracts it, curated), `expected-metadata.json`.
 * Gold: the blocks of expected.html in order (h1-h6 -> heading, the rest body) and the
 * metadata title. The pages were saved without their URL: `url` is the page's own
 * canonical / og:url when it declares one; `site` falls back to the folder name without a
 * trailing `-N` ("bbc-1" -> "bbc").
 */
import { join } from 'node:path';
import { parseHtml } from '../../dom/parse.js';
import { segment } from '../../segment/segment.js';
import { PithError } from '../../errors.js';
import type { CorpusPage, GoldSegment, PageScope } from '../types.js';
import { isDir, isFile, listDir, optionalString, readBytes, readJson, scopeFilled, scopeWants, sniffPageUrl, latin1 } from './files.js';
import { CORPUS_SITE, siteOfUrl } from '../../util/site.js';
import { isRecord } from '../../util/is-record.js';
import { decodeTextFile } from '../../dom/bytes.js';

const HEADING_RE = /(?:^|\/)h[1-6](?:\/|$)/;

/** The labelled blocks of an article's HTML (Readability's output): headings and body text. */
export function articleSegments(html: string): GoldSegment[] {
  const doc = segment(parseHtml(html));
  return doc.blocks
    .filter((b) => b.kind === 'text')
    .map((b) => ({ label: HEADING_RE.test(b.tagPath) ? 'heading' : 'body', text: b.text.replace(/\n/g, ' ') }));
}

export async function readReadability(root: string, scope: PageScope = {}): Promise<CorpusPage[]> {
  const dir = join(root, 'pages');
  const pages: CorpusPage[] = [];
  for (const name of await listDir(dir)) {
    if (scopeFilled(scope, pages.length)) break;
    if (!scopeWants(scope, name)) continue;
    const folder = join(dir, name);
    if (!(await isDir(folder))) continue;
    const htmlPath = join(folder, 'source.html');
    const expectedPath = join(folder, 'expected.html');
    if (!(await isFile(htmlPath))) throw new PithError('BAD_CORPUS', 'missing source.html', folder);
    if (!(await isFile(expectedPath))) throw new PithError('BAD_CORPUS', 'missing expected.html', folder);
    const metaPath = join(folder, 'expected-metadata.json');
    const meta = (await isFile(metaPath)) ? await readJson(metaPath) : {};
    if (!isRecord(meta)) throw new PithError('BAD_CORPUS', 'expected an object', metaPath);
    const segments = articleSegments(decodeTextFile(await readBytes(expectedPath, undefined, 'a gold file')));
    const url = sniffPageUrl(latin1(await readBytes(htmlPath)));
    const title = optionalString(meta['title']);
    pages.push({
      id: name,
      site: siteOfUrl(url, CORPUS_SITE) ?? name.toLowerCase().replace(/-\d+$/, ''),
      url,
      htmlPath,
      gold: {
        ...(title ? { title } : {}),
        mainText: segments.map((s) => s.text).join('\n'),
        headings: segments.filter((s) => s.label === 'heading').map((s) => s.text),
        segments,
      },
    });
  }
  return pages;
}

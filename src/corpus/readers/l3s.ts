/**
 * l3s-gn1 (Kohlschuetter et al. 2010): `original/<uuid>.html.gz` as fetched and
 * `annotated/<uuid>.html.gz`, the same page with text wrapped in `<span class="x-nc-selN">`
 * (0 not content, 1 headline, 2 full text, 3 supplemental, 4 related, 5 comments);
 * `url-mapping.txt` maps `<urn:uuid:...>` to the URL. Non-ASCII characters are mangled in
 * annotated/, so the labelled runs of the annotated page are aligned to the blocks of the
 * original page (text from original/, labels from annotated/): headline -> title, full
 * text -> body, everything else other.
 */
import { join } from 'node:path';
import { PithError } from '../../errors.js';
import type { GoldLabel } from '../../labels.js';
import type { CorpusPage, GoldSegment, PageScope } from '../types.js';
import { isFile, listDir, readBytes, readText, scopeFilled, scopeWants } from './files.js';
import { CORPUS_SITE, siteOfUrl } from '../../util/site.js';
import { decodeTextFile } from '../../dom/bytes.js';
import { markedRuns } from './html-text.js';

const SEL_LABEL: Readonly<Record<string, GoldLabel>> = { 'x-nc-sel1': 'title', 'x-nc-sel2': 'body' };

export function l3sSegments(annotatedHtml: string): GoldSegment[] {
  return markedRuns(annotatedHtml, 'span', /^x-nc-sel\d$/).map((r) => ({ label: (r.mark !== undefined ? SEL_LABEL[r.mark] : undefined) ?? 'other', text: r.text }));
}

export async function readL3s(root: string, scope: PageScope = {}): Promise<CorpusPage[]> {
  const urls = new Map<string, string>();
  const mapPath = join(root, 'url-mapping.txt');
  if (await isFile(mapPath)) {
    for (const line of (await readText(mapPath)).split('\n')) {
      const m = /^<urn:uuid:([0-9a-f-]+)>\s+(\S+)/i.exec(line.trim());
      if (m) urls.set(m[1]!.toLowerCase(), m[2]!);
    }
  }
  const pages: CorpusPage[] = [];
  for (const f of await listDir(join(root, 'original'))) {
    if (scopeFilled(scope, pages.length)) break;
    if (!/\.html?(\.gz)?$/i.test(f)) continue;
    const id = f.replace(/\.gz$/i, '').replace(/\.html?$/i, '');
    if (!scopeWants(scope, id)) continue;
    const htmlPath = join(root, 'original', f);
    const annotatedPath = join(root, 'annotated', f);
    if (!(await isFile(annotatedPath))) throw new PithError('BAD_CORPUS', `no annotated/${f} for this page`, htmlPath);
    const segments = l3sSegments(decodeTextFile(await readBytes(annotatedPath, undefined, 'a gold file')));
    const url = urls.get(id.toLowerCase());
    const title = segments.filter((s) => s.label === 'title').map((s) => s.text).join(' ').trim();
    const body = segments.filter((s) => s.label === 'body').map((s) => s.text);
    pages.push({
      id,
      site: siteOfUrl(url, CORPUS_SITE) ?? `l3s-${id}`,
      url,
      htmlPath,
      gold: { ...(title ? { title } : {}), mainText: body.join('\n'), segments },
    });
  }
  return pages;
}

/**
 * Dragnet (2012): `input/<id>.html.gz`, `GoldStandard/<id>.txt` (main text, then, after a
 * line like `!@#$%^&*()  COMMENTS`, the user comments), official split in `split/`.
 * Gold: main text lines -> body, comment lines -> other. The pages carry no URL: `url` is
 * the page's own canonical / og:url when it declares one, and `site` falls back to
 * `dragnet-<id>` (each such page its own group).
 */
import { join } from 'node:path';
import type { CorpusPage, GoldSegment, PageScope } from '../types.js';
import { cleanLines, isFile, latin1, listDir, readBytes, readText, scopeFilled, scopeWants, sniffPageUrl } from './files.js';
import { CORPUS_SITE, siteOfUrl } from '../../util/site.js';

const COMMENTS_RE = /^[\s!@#$%^&*()]*[!@#$%^&*()]{3,}[\s!@#$%^&*()]*COMMENTS\s*$/m;

export function parseDragnetGold(text: string): { mainText: string; segments: GoldSegment[] } {
  const m = COMMENTS_RE.exec(text);
  const main = m ? text.slice(0, m.index) : text;
  const comments = m ? text.slice(m.index + m[0].length) : '';
  const mainLines = cleanLines(main);
  const segments: GoldSegment[] = [
    ...mainLines.map((t) => ({ label: 'body' as const, text: t })),
    ...cleanLines(comments).map((t) => ({ label: 'other' as const, text: t })),
  ];
  return { mainText: mainLines.join('\n'), segments };
}

export async function readDragnet(root: string, scope: PageScope = {}): Promise<CorpusPage[]> {
  const pages: CorpusPage[] = [];
  for (const f of await listDir(join(root, 'GoldStandard'))) {
    if (scopeFilled(scope, pages.length)) break;
    const m = /^(.+)\.txt$/.exec(f);
    if (!m || !scopeWants(scope, m[1]!)) continue;
    const id = m[1]!;
    let htmlPath = join(root, 'input', `${id}.html.gz`);
    if (!(await isFile(htmlPath))) htmlPath = join(root, 'input', `${id}.html`);
    if (!(await isFile(htmlPath))) continue;
    const { mainText, segments } = parseDragnetGold(await readText(join(root, 'GoldStandard', f), 'a gold file'));
    const url = sniffPageUrl(latin1(await readBytes(htmlPath)));
    pages.push({ id, site: siteOfUrl(url, CORPUS_SITE) ?? `dragnet-${id}`, url, htmlPath, gold: { mainText, segments } });
  }
  return pages;
}

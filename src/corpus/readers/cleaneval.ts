/**
 * CleanEval 2007: `dev/` and `final/`, each with `input/<n>.html.gz` (wrapped in a
 * `<text id=URL title=...>` pseudo-tag) and `GoldStandard/<n>.txt`: an optional first line
 * `URL: ...`, then the cleaned text with `<p>` paragraph, `<h>` heading and `<l>` list item
 * marks at line starts (unmarked lines continue the previous item). Page ids are
 * `dev-<n>` / `final-<n>`; a folder holding input/ and GoldStandard/ directly is read as one
 * part named after the folder. Only pages with a gold file are listed.
 */
import { basename, join } from 'node:path';
import type { CorpusPage, GoldSegment, PageScope } from '../types.js';
import { isDir, isFile, latin1, listDir, readBytes, readText, scopeFilled, scopeWants } from './files.js';
import { CORPUS_SITE, siteOfUrl } from '../../util/site.js';
import { decodeEntities } from './html-text.js';

export function parseCleanevalGold(text: string): { url: string | undefined; segments: GoldSegment[] } {
  let url: string | undefined;
  const lines = text.split('\n');
  const segments: { label: 'heading' | 'body'; text: string }[] = [];
  let start = 0;
  const first = lines.findIndex((l) => l.trim().length > 0);
  if (first >= 0 && /^\s*URL:/i.test(lines[first]!)) {
    url = lines[first]!.replace(/^\s*URL:\s*/i, '').trim() || undefined;
    start = first + 1;
  }
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    const m = /^\s*<([phl])>(.*)$/i.exec(line);
    const body = (m ? m[2]! : line).replace(/[\s\u00a0]+/g, ' ').trim();
    if (m) segments.push({ label: m[1]!.toLowerCase() === 'h' ? 'heading' : 'body', text: body });
    else if (body) {
      const last = segments[segments.length - 1];
      if (last) last.text = last.text ? `${last.text} ${body}` : body;
      else segments.push({ label: 'body', text: body });
    }
  }
  return { url, segments: segments.filter((s) => s.text.length > 0) };
}

/** A part's pages, appended to `pages` (which the scope's limit counts across parts). */
async function readPart(dir: string, part: string, pages: CorpusPage[], scope: PageScope): Promise<void> {
  for (const f of await listDir(join(dir, 'GoldStandard'))) {
    if (scopeFilled(scope, pages.length)) break;
    const m = /^(.+)\.txt$/.exec(f);
    if (!m || !scopeWants(scope, `${part}-${m[1]!}`)) continue;
    const n = m[1]!;
    let htmlPath = join(dir, 'input', `${n}.html.gz`);
    if (!(await isFile(htmlPath))) htmlPath = join(dir, 'input', `${n}.html`);
    if (!(await isFile(htmlPath))) continue; // gold without its page: nothing to align
    const { url: goldUrl, segments } = parseCleanevalGold(await readText(join(dir, 'GoldStandard', f), 'a gold file'));
    let url = goldUrl;
    if (!url) {
      // The input's pseudo-tag names the URL: <text id="http://..." title="...">.
      const head = latin1((await readBytes(htmlPath)).subarray(0, 4096));
      const id = /<text\b[^>]*\bid\s*=\s*"([^"]+)"/i.exec(head)?.[1];
      if (id && /^https?:\/\//i.test(id)) url = decodeEntities(id);
    }
    const id = `${part}-${n}`;
    pages.push({
      id,
      site: siteOfUrl(url, CORPUS_SITE) ?? `cleaneval-${id}`,
      url,
      htmlPath,
      gold: { mainText: segments.map((s) => s.text).join('\n'), headings: segments.filter((s) => s.label === 'heading').map((s) => s.text), segments },
    });
  }
}

export async function readCleaneval(root: string, scope: PageScope = {}): Promise<CorpusPage[]> {
  const pages: CorpusPage[] = [];
  let parts = 0;
  for (const part of ['dev', 'final']) {
    if (await isDir(join(root, part, 'GoldStandard'))) {
      parts++;
      await readPart(join(root, part), part, pages, scope);
    }
  }
  if (parts === 0) await readPart(root, basename(root).replace(/^cleaneval-?/i, '') || 'page', pages, scope);
  return pages;
}

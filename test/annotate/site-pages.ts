/** Hand-made pages of one site (courier.example) for the "learn this site" tests: one template, an ad paragraph on some pages. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPithPage, createPithCorpus } from '../../src/corpus/pith-format.js';

export const HOST = 'courier.example';
export const AD = 'Advertisement: subscribe to the Courier today';
export const para = (k: number): string => `Paragraph ${k} of the story says what the council decided on Tuesday and what it will cost the town.`;

export interface SiteSpec {
  readonly id: string;
  readonly title: string;
  readonly paras: readonly string[];
  /** Where the ad paragraph stands among the paragraphs. */
  readonly ad?: number;
}

export const SITE_PAGES: readonly SiteSpec[] = [
  { id: 'a-mill', title: 'Mill to be restored', paras: [para(1), para(2), para(3)] },
  { id: 'b-ferry', title: 'Ferry timetable changes', paras: [para(4), para(5), para(6), para(7)] },
  { id: 'c-wall', title: 'Harbour wall repaired', paras: [para(8), para(9), para(10)], ad: 1 },
  { id: 'd-lifeboat', title: 'Lifeboat crew honoured', paras: [para(11), para(12), para(13), para(14)], ad: 3 },
];

export function sitePageHtml(s: SiteSpec): string {
  const ps = s.paras.map((p) => `<p>${p}</p>`);
  if (s.ad !== undefined) ps.splice(s.ad, 0, `<p class="promo">${AD}</p>`);
  return `<!DOCTYPE html><html><head><title>${s.title} | Courier</title></head><body>
<div class="nav"><a href="/">Home</a> <a href="/news">News</a></div>
<div class="main"><div class="story"><h1>${s.title}</h1><p class="byline">By a reporter</p>
<div class="text">${ps.join('\n')}</div></div>
<div class="related"><p>Related: more stories from the harbour</p></div></div>
<div class="footer"><p>Copyright the Courier, all rights reserved</p></div></body></html>`;
}

export const urlOf = (s: SiteSpec): string => `https://www.${HOST}/news/${s.id}`;

/** A temporary pith corpus holding the site's pages (with their URLs), no labels. */
export async function siteCorpus(pages: readonly SiteSpec[] = SITE_PAGES): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'pith-sites-'));
  await createPithCorpus(dir, { name: 'courier', use: 'train' });
  for (const s of pages) await addPithPage(dir, s.id, Buffer.from(sitePageHtml(s)), { url: urlOf(s) });
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The labels a person gives a page, from its block texts: headline title, paragraphs body, the rest other. */
export function goldLabels(s: SiteSpec, texts: readonly string[]): string[] {
  return texts.map((t) => (t === s.title ? 'title' : s.paras.includes(t) ? 'body' : 'other'));
}

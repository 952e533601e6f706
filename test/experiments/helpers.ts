/** Hand-made study pages: a few sites, each page with a nav, a title, headings, body paragraphs and a footer. */
import { loadPage } from '../../src/page.js';
import type { GoldLabel } from '../../src/labels.js';
import { studyPage, type StudyPage } from '../../src/experiments/memory-based/data.js';

const WORDS = ['river', 'market', 'council', 'storm', 'garden', 'energy', 'school', 'harbour', 'museum', 'railway', 'budget', 'forest'];

function para(seed: number, n: number): string {
  return Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]! + (i % 5 === 4 ? ' the' : '')).join(' ') + '.';
}

/** One page of `site`; `variant` changes the words and the number of paragraphs. */
export function makePage(site: string, variant: number): StudyPage {
  const paras = 3 + (variant % 3);
  const html = `<html><head><title>Page ${variant}</title></head><body>
<ul class="nav"><li><a href="/a">Home</a></li><li><a href="/b">World</a></li><li><a href="/c">Sport</a></li></ul>
<h1>Headline ${para(variant, 6)}</h1>
${Array.from({ length: paras }, (_, i) => `<p>${para(variant + i, 30 + i)}</p>${i === 0 ? `<h2>Section ${para(variant + 9, 3)}</h2>` : ''}`).join('\n')}
<div class="footer"><a href="/terms">Terms</a> | <a href="/privacy">Privacy</a></div>
</body></html>`;
  const page = loadPage(new TextEncoder().encode(html), { id: `${site}-${variant}` });
  const gold: GoldLabel[] = page.blocks.map((b) => {
    if (b.kind !== 'text') return 'other';
    if (b.text.startsWith('Headline')) return 'title';
    if (b.text.startsWith('Section')) return 'heading';
    if (b.text.split(/\s+/).length >= 20) return 'body';
    return 'other';
  });
  return studyPage(page, gold, { id: `${site}/${variant}`, corpus: 'test', site });
}

/** `sites` sites with `perSite` pages each. */
export function makePages(sites: number, perSite: number): StudyPage[] {
  const out: StudyPage[] = [];
  for (let s = 0; s < sites; s++) for (let p = 0; p < perSite; p++) out.push(makePage(`site${s}.example`, s * 10 + p));
  return out;
}

/**
 * Hand-made pages of two "sites" for the subtree SVM's tests: site A (nav, h1, div.story,
 * link sidebar, footer) and site B (header, h2 headline, article, aside, comments).
 */
import assert from 'node:assert/strict';
import { loadPage, type Page } from '../../../src/page.js';
import type { GoldLabel } from '../../../src/labels.js';
import type { ElementNode } from '../../../src/dom/tree.js';
import type { SvmTrainingPage } from '../../../src/models/svm/train.js';

export const WORDS = 'harbour council mill river town budget vote tide market school bridge road rail ferry storm winter summer harvest museum library'.split(' ');

export function sentence(seed: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[(seed * 7 + i * 3 + (i * i) % 5) % WORDS.length]!);
  const s = out.join(' ');
  return s[0]!.toUpperCase() + s.slice(1) + '.';
}

export interface Fixture {
  html: string;
  title: string;
  paragraphs: string[];
}

/** Site A: nav, h1 then the story in div.story > p, a link sidebar, a footer. */
export function siteA(i: number): Fixture {
  const title = `Town ${WORDS[i % WORDS.length]} plan approved after ${i + 2} hour debate`;
  const paragraphs = Array.from({ length: 4 + (i % 3) }, (_, k) => sentence(i * 10 + k, 18 + ((i + k) % 7)));
  const html = `<!doctype html><html><head><title>${title} | The Courier</title></head><body>
<div class="top"><a href="/">The Courier</a><ul class="nav"><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li></ul></div>
<div class="wrap"><div class="main"><h1>${title}</h1><div class="byline">By Staff Reporter</div>
<div class="story">${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</div></div>
<div class="side"><h3>Most read</h3><ul>${[1, 2, 3, 4, 5].map((k) => `<li><a href="/s${k}">${sentence(k + i, 8)}</a></li>`).join('')}</ul></div></div>
<div class="footer"><p>Copyright The Courier. All rights reserved. Terms and privacy.</p></div>
</body></html>`;
  return { html, title, paragraphs };
}

/** Site B: another template: header bar, a section with an h2 headline, paragraphs in an article, reader comments. */
export function siteB(i: number): Fixture {
  const title = `Ferry service to resume on ${WORDS[(i + 3) % WORDS.length]} route`;
  const paragraphs = Array.from({ length: 5 }, (_, k) => sentence(i * 13 + k + 100, 20 + k));
  const html = `<!doctype html><html><head><title>${title} - Valley Post</title><meta property="og:title" content="${title}"></head><body>
<header><nav><a href="/">Home</a> <a href="/local">Local</a> <a href="/opinion">Opinion</a></nav></header>
<main><section class="lead"><span class="kicker"><a href="/transport">Transport</a></span><h2 class="headline">${title}</h2>
<article>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article></section>
<aside><h4>Related</h4>${[1, 2, 3].map((k) => `<div><a href="/r${k}">${sentence(k, 7)}</a></div>`).join('')}</aside></main>
<div class="comments"><div class="comment">Great news. ${sentence(5, 9)}</div><div class="comment">${sentence(6, 10)}</div></div>
<footer><p>Valley Post 2026</p></footer>
</body></html>`;
  return { html, title, paragraphs };
}

export function labelled(f: Fixture): SvmTrainingPage & { fixture: Fixture } {
  const page = loadPage(Buffer.from(f.html), { url: 'https://courier.example/a' });
  const labels: GoldLabel[] = page.blocks.map((b) => (b.text === f.title ? 'title' : f.paragraphs.includes(b.text) ? 'body' : 'other'));
  return { page, labels, fixture: f };
}

export function elementWithClass(page: Page, cls: string): ElementNode {
  const n = page.tree.nodes.find((x) => x.kind === 'element' && x.attrs['class'] === cls);
  assert.ok(n, `no .${cls}`);
  return n as ElementNode;
}

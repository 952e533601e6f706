/**
 * Speed budget: building an article and writing it (markdown) must cost a small fraction
 * of the whole extraction of the page, and grow linearly (no quadratic work) with the page.
 * CPU time, not wall time, and the best of several runs: the budget must hold on a busy
 * CI machine too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage, type Page } from '../../src/page.js';
import type { Label } from '../../src/labels.js';
import { buildArticle } from '../../src/article/build-article.js';
import { toMarkdown } from '../../src/article/to-markdown.js';
import { toJson } from '../../src/article/to-json.js';
import { extractBytes, loadExtractionModel } from '../../src/pipeline/extract.js';

/** A page shaped like real ones: wrappers with attributes, navigation, scripts, sidebars; ~`n` blocks. */
export function pageHtml(n: number): string {
  const nav = Array.from({ length: 30 }, (_, i) => `<li class="menu-item menu-item-${i}"><a class="nav-link" href="/section/${i}" data-track="nav-${i}">Section ${i}</a></li>`).join('');
  const parts: string[] = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Speed</title><script>window.dataLayer=[];function gtag(){dataLayer.push(arguments)}</script>`,
    `<style>.a{color:red}.b{margin:0}</style></head><body class="single post-template"><header class="site-header"><nav class="main-nav" role="navigation"><ul class="menu">${nav}</ul></nav></header>`,
    '<main id="content" class="site-main"><article class="post type-post status-publish"><h1 class="entry-title">Speed test</h1><div class="entry-content">',
  ];
  let blocks = 0;
  for (let i = 0; blocks < n; i++) {
    parts.push(`<div class="wp-block-group" data-id="${i}"><div class="wp-block-group__inner-container"><h2 class="wp-block-heading" id="s${i}">Section ${i}</h2>`);
    parts.push(`<p class="has-text-color">Paragraph ${i} with <b>bold</b>, <em>em</em> and <a href="/l/${i}" rel="noopener" target="_blank">a link</a> in the middle of a longer sentence that goes on.</p>`);
    parts.push(`<ul class="wp-block-list"><li>item a ${i}</li><li>item b <code>x${i}</code></li></ul>`);
    parts.push(`<figure class="wp-block-table"><table class="has-fixed-layout"><tr><th>k</th><th>v</th></tr><tr><td>${i}</td><td>v${i}</td></tr></table></figure>`);
    parts.push(`<blockquote class="wp-block-quote"><p>quote ${i}</p></blockquote><figure class="wp-block-image size-large"><img decoding="async" width="1024" height="683" src="/i/${i}.jpg" alt="i${i}" class="wp-image-${i}" srcset="/i/${i}-300.jpg 300w, /i/${i}-768.jpg 768w" sizes="(max-width: 1024px) 100vw, 1024px"><figcaption class="wp-element-caption">cap ${i}</figcaption></figure>`);
    parts.push(`<div class="share-box"><a href="https://twitter.com/share?u=${i}">Tweet</a> <a href="https://facebook.com/sharer?u=${i}">Share</a></div><script>trackSection(${i});</script></div></div>`);
    blocks += 11;
  }
  parts.push('</div></article></main><aside class="sidebar"><h3>Related</h3><ul>');
  for (let i = 0; i < 20; i++) parts.push(`<li><a href="/related/${i}">Related story ${i}</a></li>`);
  parts.push('</ul></aside><footer class="site-footer"><p>© Example</p></footer></body></html>');
  return parts.join('\n');
}

export function labelsOf(p: Page): Label[] {
  return p.blocks.map((b) => {
    if (b.text === 'Speed test') return 'title';
    if (/^Section \d+$/.test(b.text) && b.tagPath.endsWith('h2')) return 'heading';
    if (/Tweet|Share|Related|©|^Section \d+$/.test(b.text)) return 'other';
    return 'body';
  });
}

function cpuMs(f: () => void): number {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

function best(runs: number, f: () => void): number {
  let b = Infinity;
  for (let r = 0; r < runs; r++) b = Math.min(b, cpuMs(f));
  return b;
}

const build = (p: Page, labels: Label[]): void => void toMarkdown(buildArticle(p, labels));

test('article + markdown for a ~1000-block page cost a small fraction of its whole extraction', async () => {
  const bytes = new TextEncoder().encode(pageHtml(1000));
  const p = loadPage(bytes, { url: 'https://e.com/' });
  assert.ok(p.blocks.length >= 1000 && p.blocks.length < 1300, `${p.blocks.length} blocks`);
  const labels = labelsOf(p);
  const model = await loadExtractionModel();
  for (let k = 0; k < 10; k++) build(p, labels); // warm up the JIT
  for (let k = 0; k < 3; k++) extractBytes(bytes, model);
  // Interleaved, so both see the same machine load.
  let whole = Infinity;
  let article = Infinity;
  for (let r = 0; r < 15; r++) {
    whole = Math.min(whole, cpuMs(() => extractBytes(bytes, model)));
    article = Math.min(article, cpuMs(() => build(p, labels)));
  }
  // The whole extraction includes an article build, so the share is below 1 by construction;
  // measured 0.14-0.21 on this page (docs/article.md). The bound leaves room for a noisy machine.
  assert.ok(article < whole * 0.4, `article ${article.toFixed(1)} ms vs whole extraction ${whole.toFixed(1)} ms CPU`);
  const j = toJson(buildArticle(p, labels), { confidence: 1 });
  assert.ok(j.body.includes('Paragraph 1 with bold') && j.html.includes('<table>') && j.markdown.includes('![i1]'));
});

test('article time grows linearly with the page', () => {
  const small = loadPage(new TextEncoder().encode(pageHtml(500)), { url: 'https://e.com/' });
  const large = loadPage(new TextEncoder().encode(pageHtml(4000)), { url: 'https://e.com/' });
  const ls = labelsOf(small);
  const ll = labelsOf(large);
  // Both sizes warmed up, then measured in turns, so a collection or a busy moment on the
  // machine cannot land on every run of one size only.
  for (let k = 0; k < 10; k++) build(small, ls);
  for (let k = 0; k < 2; k++) build(large, ll);
  let ts = Infinity;
  let tl = Infinity;
  for (let r = 0; r < 5; r++) {
    ts = Math.min(ts, best(2, () => build(small, ls)));
    tl = Math.min(tl, cpuMs(() => build(large, ll)));
  }
  const ratio = tl / Math.max(ts, 0.05);
  // 8x the blocks: linear ~8, quadratic ~64.
  assert.ok(ratio < 24, `8x blocks took ${ratio.toFixed(1)}x the CPU time (${ts.toFixed(1)} -> ${tl.toFixed(1)} ms)`);
});

/** The visual family over a hand-made layout: column, fold, fonts, contrast, alignment; and a page never rendered. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage, withLayout, type Page } from '../../src/page.js';
import { computeFeatures, computeEncodedFeatures, featureSchema } from '../../src/features/registry.js';
import { DEFAULT_FAMILIES } from '../../src/features/config.js';
import { LAYOUT_COLUMNS, layoutFromJson, layoutToJson, type LayoutColumn, type PageLayout } from '../../src/render/layout.js';
import { PithError } from '../../src/errors.js';

const HTML = `<html><body>
<div class="nav"><a href="/a">Home</a></div>
<h1>The big headline</h1>
<p>First paragraph of the story, with more than twelve words in it so that it is prose.</p>
<p>Second paragraph of the story, also with more than twelve words so it is prose too.</p>
<p class="small">Photo: somebody</p>
<div class="side">Related stories you might like to read next on this site</div>
</body></html>`;

interface Drawn {
  x: number; y: number; w: number; h: number; font?: number; weight?: number; contrast?: number; visible?: number;
}

/** A layout giving each element (found by tag and text start) the box we say. */
function layoutFor(page: Page, boxes: readonly [string, Drawn][]): PageLayout {
  const n = page.tree.nodes.length;
  const cols = Object.fromEntries(LAYOUT_COLUMNS.map((c) => [c, new Float32Array(n).fill(Number.NaN)])) as Record<LayoutColumn, Float32Array>;
  for (const [start, d] of boxes) {
    const block = page.blocks.find((b) => b.text.startsWith(start));
    assert.ok(block, `no block '${start}'`);
    const id = block.elementId;
    cols.x[id] = d.x; cols.y[id] = d.y; cols.w[id] = d.w; cols.h[id] = d.h;
    cols.fontSize[id] = d.font ?? 16; cols.fontWeight[id] = d.weight ?? 400; cols.contrast[id] = d.contrast ?? 21; cols.visible[id] = d.visible ?? 1;
  }
  return { hash: 'test', viewport: { width: 1280, height: 800 }, page: { width: 1280, height: 3000 }, nodes: n, mapped: 1, scripts: false, cols };
}

const VISUAL = { families: [...DEFAULT_FAMILIES, 'visual' as const] };

function attrsOf(page: Page, start: string): string[] {
  const seq = computeFeatures(page, VISUAL);
  const i = page.blocks.findIndex((b) => b.text.startsWith(start));
  return seq.items[i]!.attrs.filter((a) => a.startsWith('vis:'));
}

test('visual: the column, the fold, fonts against the body font, contrast and alignment', () => {
  const plain = loadPage(new TextEncoder().encode(HTML));
  const page = withLayout(plain, layoutFor(plain, [
    ['Home', { x: 0, y: 0, w: 1280, h: 40 }],
    ['The big headline', { x: 200, y: 100, w: 700, h: 60, font: 40, weight: 700 }],
    ['First paragraph', { x: 200, y: 200, w: 700, h: 80 }],
    ['Second paragraph', { x: 200, y: 300, w: 700, h: 80 }],
    ['Photo:', { x: 200, y: 400, w: 300, h: 20, font: 12, contrast: 2.5 }],
    ['Related stories', { x: 950, y: 1000, w: 300, h: 200 }],
  ]));
  const head = attrsOf(page, 'The big headline');
  for (const a of ['vis:font=huge', 'vis:font-top', 'vis:bold', 'vis:col=in', 'vis:y=top', 'vis:x=center']) assert.ok(head.includes(a), `headline has ${a}: ${head.join(' ')}`);
  const first = attrsOf(page, 'First paragraph');
  for (const a of ['vis:font=body', 'vis:col=in', 'vis:w=column', 'vis:align-next', 'vis:align-prev']) assert.ok(first.includes(a), `paragraph has ${a}: ${first.join(' ')}`);
  const credit = attrsOf(page, 'Photo:');
  for (const a of ['vis:font=smaller', 'vis:contrast=low', 'vis:w=half']) assert.ok(credit.includes(a), `credit has ${a}: ${credit.join(' ')}`);
  const side = attrsOf(page, 'Related stories');
  for (const a of ['vis:col=right', 'vis:x=right', 'vis:y=fold2']) assert.ok(side.includes(a), `sidebar has ${a}: ${side.join(' ')}`);
  assert.ok(attrsOf(page, 'Home').includes('vis:w=wide'));
});

test('visual: a page without a layout says so on every block; unknown elements are unmapped', () => {
  const plain = loadPage(new TextEncoder().encode(HTML));
  const seq = computeFeatures(plain, VISUAL);
  for (const item of seq.items) assert.deepEqual(item.attrs.filter((a) => a.startsWith('vis:')), ['vis:unrendered']);
  const partial = withLayout(plain, layoutFor(plain, [['First paragraph', { x: 200, y: 200, w: 700, h: 80 }]]));
  assert.deepEqual(attrsOf(partial, 'Second paragraph'), ['vis:unmapped']);
});

test('visual: opt-in, part of the schema hash, and the encoded path agrees with the named one', () => {
  assert.notEqual(featureSchema(VISUAL).hash, featureSchema().hash);
  const plain = loadPage(new TextEncoder().encode(HTML));
  const page = withLayout(plain, layoutFor(plain, [['First paragraph', { x: 200, y: 200, w: 700, h: 80 }]]));
  const named = computeFeatures(page, VISUAL);
  const vocab = new Map<string, number>();
  for (const item of named.items) for (const a of item.attrs) if (!vocab.has(a)) vocab.set(a, vocab.size);
  const encoded = computeEncodedFeatures(page, VISUAL, vocab);
  named.items.forEach((item, i) => {
    const ids = Array.from(encoded.ids.subarray(encoded.itemStart[i]!, encoded.itemStart[i + 1]!)).sort((a, b) => a - b);
    assert.deepEqual(ids, item.attrs.map((a) => vocab.get(a)!).sort((a, b) => a - b));
  });
});

test('layout documents: round trip, and a layout for another tree or a corrupt one is refused', () => {
  const plain = loadPage(new TextEncoder().encode(HTML));
  const layout = layoutFor(plain, [['First paragraph', { x: 200, y: 200, w: 700, h: 80 }]]);
  const back = layoutFromJson(JSON.parse(JSON.stringify(layoutToJson(layout))));
  assert.deepEqual(Array.from(back.cols.x).map((v) => (Number.isNaN(v) ? null : v)), Array.from(layout.cols.x).map((v) => (Number.isNaN(v) ? null : v)));
  assert.throws(() => withLayout(loadPage(new TextEncoder().encode('<p>other page</p>')), layout), (e: unknown) => e instanceof PithError && e.code === 'BAD_OPTION');
  const doc = layoutToJson(layout) as { cols: Record<string, unknown[]> };
  doc.cols['y']![3] = 'x';
  assert.throws(() => layoutFromJson(doc), (e: unknown) => e instanceof PithError && e.code === 'BAD_CORPUS');
  assert.throws(() => layoutFromJson({ format: 'pith-layout', version: 99 }), /version 99/);
});

/** The light tree's kept attributes: what features, rendering, annotation and the list gold read. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import type { ElementNode } from '../../src/dom/tree.js';

const RDFA_DIV = '<html><body vocab="https://schema.org/"><div typeof="Product" about="/p/1" resource="#p1" property="item" onclick="go()" data-x="1">Chair</div></body></html>';
const divOf = (tree: ReturnType<typeof parseHtml>): ElementNode => tree.nodes.find((n): n is ElementNode => n.kind === 'element' && n.tag === 'div')!;

test('RDFa attributes are kept for the list gold; attributes nothing reads are not', () => {
  const div = divOf(parseHtml(RDFA_DIV, { rdfa: true }));
  assert.deepEqual({ ...div.attrs }, { typeof: 'Product', about: '/p/1', resource: '#p1', property: 'item' });
});

test('RDFa attributes are dropped unless asked for', () => {
  assert.deepEqual({ ...divOf(parseHtml(RDFA_DIV)).attrs }, { property: 'item' });
});

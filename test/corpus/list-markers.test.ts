/** Ordered-list numbers as a browser draws them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { listMarker } from '../../src/corpus/index.js';

const markers = (body: string) => {
  const p = loadPage(new TextEncoder().encode(`<!DOCTYPE html><html><body>${body}</body></html>`));
  return p.blocks.map((b) => `${listMarker(p.tree, b) ?? '-'} ${b.text}`);
};

test('ol items are numbered from 1 or from start', () => {
  assert.deepEqual(markers('<ol><li>Whisk</li><li><b>Add</b> water</li></ol>'), ['1. Whisk', '2. Add water']);
  assert.deepEqual(markers('<ol start="4"><li>a</li><li>b</li><li>c</li></ol>'), ['4. a', '5. b', '6. c']);
});

test('no marker for ul, for blocks that do not start their item, for hidden markers and letters', () => {
  assert.deepEqual(markers('<ul><li>dot</li></ul>'), ['- dot']);
  assert.deepEqual(markers('<ol><li><p>First para</p><p>Second para</p></li></ol>'), ['1. First para', '- Second para']);
  assert.deepEqual(markers('<ol style="list-style: none"><li>x</li></ol><ol type="a"><li>y</li></ol>'), ['- x', '- y']);
  assert.deepEqual(markers('<p>plain</p>'), ['- plain']);
});

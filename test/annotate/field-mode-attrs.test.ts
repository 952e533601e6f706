/** Field mode with values read from attributes: a book's title that stands whole only in its cover image's alt. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { http, startLabelFixture, type LabelServerFixture } from './helpers.js';
import { bookCorpus } from './field-pages.js';

let fx: LabelServerFixture;
before(async () => {
  fx = await startLabelFixture(bookCorpus);
});
after(() => fx.close());

test('a value given that the page shows only in an attribute teaches an @alt rule; its values are shown with the image\'s block', async () => {
  const put = (id: string, body: unknown) => http(fx.srv.port, 'PUT', `/api/pages/${id}/fields`, fx.write, JSON.stringify(body));
  assert.equal((await put('b1', { field: 'title', values: ['The Book of Tides'] })).status, 200);
  const r = await put('b2', { field: 'title', values: ['Gulls of the Estuary'] });
  assert.equal(r.status, 200, r.body);
  assert.match(r.json().message, /best: .* @alt/);
  const p = (await http(fx.srv.port, 'GET', '/api/pages/b3/fields', fx.auth)).json();
  assert.deepEqual(p.extracted.title.map((v: { value: string }) => v.value), ['Counting Seals']);
  assert.match(p.rules.title[0], / @alt$/);
  const blocks = p.extracted.title[0].blocks as number[];
  assert.equal(blocks.length, 1);
  const page = (await http(fx.srv.port, 'GET', '/api/pages/b3', fx.auth)).json();
  assert.deepEqual(page.blocks[blocks[0]!], { kind: 'image', text: '[image] Counting Seals', label: 'other' }, 'the cover image\'s own block');
});

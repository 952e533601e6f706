/**
 * Field mode over HTTP with field names a plain object treats specially: `__proto__` is refused
 * with 400 (it would be lost, not saved), and a field named like an Object method (`constructor`,
 * `toString`) on one page leaves every other page's preview and corrections working (never 500).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, startLabelFixture, type LabelServerFixture } from './helpers.js';
import { shopCorpus } from './field-pages.js';

let fx: LabelServerFixture;
before(async () => {
  fx = await startLabelFixture(() => shopCorpus());
});
after(() => fx.close());

const put = (id: string, body: unknown) => http(fx.srv.port, 'PUT', `/api/pages/${id}/fields`, fx.write, JSON.stringify(body));
const correct = (id: string, body: unknown) => http(fx.srv.port, 'POST', `/api/pages/${id}/fields/correct`, fx.write, JSON.stringify(body));

test('__proto__ is refused with 400; constructor and toString are fields: previews and corrections of the other pages stay 200, and they are saved', async () => {
  let r = await put('p1-tides', { field: '__proto__', values: ['$12.50'] });
  assert.equal(r.status, 400, r.body);
  assert.match(r.json().error, /not __proto__/);

  r = await correct('p2-gulls', { field: 'constructor', wrong: '$8.99' });
  assert.equal(r.status, 400, 'a value of a field no page has yet: a clear refusal, not a 500');
  assert.match(r.json().error, /is not a value of constructor on p2-gulls/);

  r = await put('p1-tides', { field: 'constructor', values: ['$12.50'] });
  assert.equal(r.status, 200, r.body);
  r = await http(fx.srv.port, 'GET', '/api/pages/p2-gulls/fields', fx.auth);
  assert.equal(r.status, 200, r.body);
  assert.deepEqual(r.json().examples, {}, 'p2-gulls gives no value of its own');
  assert.deepEqual(r.json().extracted.constructor.map((v: { value: string; example: boolean }) => [v.value, v.example]), [['$8.99', false]]);

  r = await correct('p3-seals', { field: 'toString', right: 'Cara Tern' });
  assert.equal(r.status, 200, r.body);
  r = await correct('p2-gulls', { field: 'constructor', right: '$8.99' });
  assert.equal(r.status, 200, r.body);

  r = await http(fx.srv.port, 'POST', '/api/fields/save', fx.write, '{}');
  assert.equal(r.status, 200, r.body);
  assert.deepEqual(JSON.parse(await readFile(join(fx.dir, 'fields', 'p1-tides.json'), 'utf8')), { constructor: ['$12.50'] });
  assert.deepEqual(JSON.parse(await readFile(join(fx.dir, 'fields', 'p3-seals.json'), 'utf8')), { toString: ['Cara Tern'] });
});

/** Field mode over HTTP: examples, rules induced by the fields induction, the preview, a correction fed back, the atomic save. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workspace } from '../../src/annotate/workspace.js';
import { fieldPreview, setFieldExample } from '../../src/annotate/field-mode.js';
import { addPithPage, createPithCorpus } from '../../src/corpus/pith-format.js';
import { openCorpora } from '../../src/learn/dataset.js';
import { openCorpus } from '../../src/corpus/open.js';
import { extractFields, trainSites } from '../../src/wrapper/index.js';
import { loadPage } from '../../src/page.js';
import { http, startLabelFixture, type LabelServerFixture } from './helpers.js';
import { productHtml, PRODUCTS, shopCorpus } from './field-pages.js';

let fx: LabelServerFixture;
before(async () => {
  fx = await startLabelFixture(() => shopCorpus());
});
after(() => fx.close());

const put = (id: string, body: unknown) => http(fx.srv.port, 'PUT', `/api/pages/${id}/fields`, fx.write, JSON.stringify(body));
const correct = (id: string, body: unknown) => http(fx.srv.port, 'POST', `/api/pages/${id}/fields/correct`, fx.write, JSON.stringify(body));
const preview = async (id: string) => {
  const r = await http(fx.srv.port, 'GET', `/api/pages/${id}/fields`, fx.auth);
  assert.equal(r.status, 200, r.body);
  return r.json();
};
const values = (p: { extracted: Record<string, { value: string }[]> }, field: string) => (p.extracted[field] ?? []).map((v) => v.value);

test('two examples teach a field: the third page shows its values with their blocks; a wrong one corrected is gone; save writes fields files', async () => {
  let p = await preview('p3-seals');
  assert.deepEqual(p.extracted, {}, 'nothing learned before an example');
  assert.deepEqual(p.pages, []);

  let r = await put('p1-tides', { field: 'price', values: ['$12.50'] });
  assert.equal(r.status, 200, r.body);
  assert.match(r.json().message, /rule\(s\) for price/);
  r = await put('p2-gulls', { field: 'price', values: ['  $8.99 '] });
  assert.deepEqual(r.json().preview.examples, { price: ['$8.99'] }, 'white space collapsed');
  assert.deepEqual(r.json().preview.extracted.price, [{ value: '$8.99', confidence: 1, blocks: [4], example: true }]);

  p = await preview('p3-seals');
  assert.deepEqual(values(p, 'price'), ['$20.00', '$15.00'], 'the former price is taken too, until corrected');
  assert.ok(p.extracted.price.every((v: { blocks: number[]; example: boolean }) => v.blocks.length === 1 && !v.example));
  assert.deepEqual(p.pages, ['p1-tides', 'p2-gulls']);
  assert.equal(p.saved, false);
  assert.ok(p.rules.price.length >= 1);

  // Wrapper induction's feedback: the wrong value becomes a correction, the rules are induced again.
  r = await correct('p3-seals', { field: 'price', wrong: '$20.00' });
  assert.equal(r.status, 200, r.body);
  assert.match(r.json().message, /"\$20\.00" is no longer taken/);
  assert.deepEqual(r.json().preview.examples, { price: ['$15.00'] });
  assert.deepEqual(values(r.json().preview, 'price'), ['$15.00']);
  assert.notDeepEqual(r.json().preview.rules.price, p.rules.price);

  // A second field; the right value picked where the rules found nothing.
  await put('p1-tides', { field: 'author', values: ['Ann Marsh'] });
  await put('p2-gulls', { field: 'author', values: ['Bob Heron'] });
  assert.deepEqual(values(await preview('p3-seals'), 'author'), ['Cara Tern']);

  r = await http(fx.srv.port, 'POST', '/api/fields/save', fx.write, '{}');
  assert.equal(r.status, 200, r.body);
  assert.deepEqual(r.json().written, ['fields/p1-tides.json', 'fields/p2-gulls.json', 'fields/p3-seals.json']);
  assert.deepEqual(JSON.parse(await readFile(join(fx.dir, 'fields', 'p1-tides.json'), 'utf8')), { author: ['Ann Marsh'], price: ['$12.50'] });
  assert.deepEqual(JSON.parse(await readFile(join(fx.dir, 'fields', 'p3-seals.json'), 'utf8')), { price: ['$15.00'] });
  assert.deepEqual((await readdir(join(fx.dir, 'fields'))).sort(), ['p1-tides.json', 'p2-gulls.json', 'p3-seals.json'], 'no temp file left');
  assert.equal((await preview('p3-seals')).saved, true);
  assert.deepEqual((await http(fx.srv.port, 'POST', '/api/fields/save', fx.write, '{}')).json().written, [], 'nothing changed since');

  // A new session starts from the saved files and learns the same.
  const ws = await Workspace.open(fx.dir);
  const again = await fieldPreview(ws, 'p3-seals');
  assert.deepEqual(values(again, 'price'), ['$15.00']);
  assert.deepEqual(again.examples, { price: ['$15.00'] });

  // `pith train <corpus> --model wrapper` reads the same files: its field rules extract the same.
  const corpus = await openCorpus(fx.dir);
  assert.deepEqual(corpus.pages.find((x) => x.id === 'p1-tides')!.gold.fields, { author: ['Ann Marsh'], price: ['$12.50'] });
  const [t] = await trainSites(await openCorpora([fx.dir]));
  assert.ok(t!.model.body.fields, 'the site model holds field rules');
  const page = loadPage(Buffer.from(productHtml({ id: 'p4', title: 'Shore Birds', author: 'Dee Plover', price: '$9.75', was: '$11.00' })), { id: 'p4' });
  const x = extractFields(page.tree, t!.model.body.fields!);
  assert.deepEqual(x.fields['price']!.map((v) => v.value), ['$9.75']);
  assert.deepEqual(x.fields['author']!.map((v) => v.value), ['Dee Plover']);
});

test('field-mode requests: bad bodies are 400 with a reason, unknown pages 404, and every route needs the token', async () => {
  for (const body of [{ field: '', values: ['x'] }, { field: '../x', values: ['x'] }, { field: 'price', values: 'x' }, { field: 'price', values: [1] }, [1], { field: 'price' }]) {
    const r = await put('p1-tides', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.ok(r.json().error);
  }
  assert.equal((await correct('p1-tides', { field: 'price' })).status, 400, 'a correction names a value');
  assert.match((await correct('p1-tides', { field: 'price', wrong: 'not shown here' })).json().error, /not a value of price/);
  assert.equal((await put('no-such-page', { field: 'price', values: ['x'] })).status, 404);
  assert.equal((await http(fx.srv.port, 'GET', '/api/pages/no-such-page/fields', fx.auth)).status, 404);
  assert.equal((await http(fx.srv.port, 'PUT', '/api/pages/p1-tides/fields', fx.write, 'not json')).status, 400);
  const noToken = { origin: fx.srv.origin, 'content-type': 'application/json' };
  assert.equal((await http(fx.srv.port, 'GET', '/api/pages/p1-tides/fields', {})).status, 403);
  assert.equal((await http(fx.srv.port, 'PUT', '/api/pages/p1-tides/fields', noToken, '{"field":"a","values":[]}')).status, 403);
  assert.equal((await http(fx.srv.port, 'POST', '/api/pages/p1-tides/fields/correct', noToken, '{"field":"a","wrong":"x"}')).status, 403);
  assert.equal((await http(fx.srv.port, 'POST', '/api/fields/save', noToken, '{}')).status, 403);
  // A cross-origin page cannot save, and a form (not JSON) is refused.
  assert.equal((await http(fx.srv.port, 'POST', '/api/fields/save', { ...fx.write, origin: 'http://evil.example' }, '{}')).status, 403);
  assert.equal((await http(fx.srv.port, 'POST', '/api/fields/save', { ...fx.write, 'content-type': 'application/x-www-form-urlencoded' }, 'a=b')).status, 415);
});

test('save refuses a fields folder that is a link out of the corpus, and writes nothing there', async () => {
  const c = await shopCorpus();
  const outside = await mkdtemp(join(tmpdir(), 'pith-fields-out-'));
  try {
    await symlink(outside, join(c.dir, 'fields'));
    const f = await startLabelFixture(async () => c);
    try {
      assert.equal((await http(f.srv.port, 'PUT', '/api/pages/p1-tides/fields', f.write, '{"field":"price","values":["$12.50"]}')).status, 200);
      const r = await http(f.srv.port, 'POST', '/api/fields/save', f.write, '{}');
      assert.equal(r.status, 500);
      assert.match(r.json().error, /leads out of/);
      assert.deepEqual(await readdir(outside), []);
    } finally {
      await f.srv.close();
    }
  } finally {
    await rm(outside, { recursive: true, force: true });
    await c.cleanup();
  }
});

test('an unreadable fields file is left out of the session; the other pages\' examples still teach the rules', async () => {
  const c = await shopCorpus();
  try {
    await mkdir(join(c.dir, 'fields'));
    await writeFile(join(c.dir, 'fields', 'p1-tides.json'), '{"price": 12');
    await writeFile(join(c.dir, 'fields', 'p2-gulls.json'), '{"price": ["$8.99"]}');
    const ws = await Workspace.open(c.dir);
    const p = await fieldPreview(ws, 'p1-tides');
    assert.deepEqual(p.examples, {});
    assert.deepEqual(p.pages, ['p2-gulls']);
    assert.deepEqual(values(p, 'price'), ['$12.50'], 'one example page already teaches the field');
  } finally {
    await c.cleanup();
  }
});

test('two example records of a list page: every record of the page is found', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-fields-list-'));
  try {
    await createPithCorpus(dir, { name: 'shop', use: 'train' });
    const items = [['Tide Tables', '$4.00'], ['Gull Guide', '$6.50'], ['Seal Atlas', '$9.25'], ['Heron Notes', '$3.10']] as const;
    const html = `<html><body><div class="nav"><a href="/">Home</a></div><ul class="results">${items.map(([n, p]) => `<li class="item"><a href="/b/${n.length}">${n}</a> <span class="price">${p}</span></li>`).join('')}</ul><p>4 results</p></body></html>`;
    await addPithPage(dir, 'list', Buffer.from(html), { url: 'https://shop.example/list' });
    const ws = await Workspace.open(dir);
    await setFieldExample(ws, 'list', 'name', ['Tide Tables', 'Gull Guide']);
    const r = await setFieldExample(ws, 'list', 'price', ['$4.00', '$6.50']);
    assert.deepEqual(values(r.preview, 'name'), items.map((i) => i[0]));
    assert.deepEqual(r.preview.extracted['price']!.map((v) => [v.value, v.example]), items.map((i, k) => [i[1], k < 2]));
    assert.deepEqual(r.preview.records, items.map(([name, price]) => ({ name, price })));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a value given that stands nowhere on its page: the message says what to check, not only that no rule finds the field', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-fields-absent-'));
  try {
    await createPithCorpus(dir, { name: 'shop', use: 'train' });
    await addPithPage(dir, 'one', Buffer.from(productHtml(PRODUCTS[0]!)), { url: 'https://shop.example/one' });
    const ws = await Workspace.open(dir);
    const absent = await setFieldExample(ws, 'one', 'sku', ['SKU-0000-NOT-HERE']);
    assert.match(absent.message, /no rule finds sku yet: check that each value given stands on its page as given \(as text or in an attribute: spelling and spacing\); a rule is kept only when it takes fewer other values than examples/);
    const none = await setFieldExample(ws, 'one', 'isbn', []);
    assert.match(none.message, /no rule finds isbn yet$/, 'a field given as absent is no misspelling');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

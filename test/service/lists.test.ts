/** `pith serve` and lists (docs/lists.md): `includeLists` gives the library's `lists`, only when asked, only as JSON. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startService, type Service } from '../../src/service/server.js';
import { extract } from '../../src/pipeline/library.js';
import { fixture } from '../helpers/paths.js';
import { http, postJson } from './helpers.js';

let svc: Service;
const LISTING = readFileSync(fixture('pages', 'listing-cards.html'), 'utf8');
const URL_OF = 'https://news.example/technology';

before(async () => {
  svc = await startService({ port: 0, workers: 1 });
});
after(async () => {
  await svc.close(0);
});

test('POST /extract with includeLists: the lists the library finds, and the rest of the reply unchanged', async () => {
  const plain = await postJson(svc.port, { html: LISTING, url: URL_OF });
  assert.equal(plain.status, 200, plain.text);
  assert.equal('lists' in plain.json(), false, 'no lists key unless asked');
  const r = await postJson(svc.port, { html: LISTING, url: URL_OF, includeLists: true });
  assert.equal(r.status, 200, r.text);
  const { lists, ...rest } = r.json();
  assert.deepEqual(rest, plain.json());
  const library = await extract(LISTING, { url: URL_OF, includeLists: true });
  assert.deepEqual(lists, JSON.parse(JSON.stringify(library.lists)));
  assert.ok(lists.length === 1 && lists[0].items.length >= 3, 'the listing page has its list of stories');
  assert.ok(lists[0].items.every((i: { text: string; href?: string }) => i.text !== '' && (i.href === undefined || i.href.startsWith('https://news.example/'))));
});

test('includeLists as a query parameter with a raw HTML body; a page without a list gives []', async () => {
  const q = await http(svc.port, 'POST', '/extract?includeLists=true', { headers: { 'content-type': 'text/html' }, body: '<html><body><p>Only one paragraph of prose here, nothing that repeats.</p></body></html>' });
  assert.equal(q.status, 200, q.text);
  assert.deepEqual(q.json().lists, []);
  const off = await http(svc.port, 'POST', '/extract?includeLists=0', { headers: { 'content-type': 'text/html' }, body: LISTING });
  assert.equal('lists' in off.json(), false);
});

test('includeLists must be a boolean and needs the JSON reply; the OpenAPI document names it', async () => {
  const bad = await postJson(svc.port, { html: LISTING, includeLists: 'yes' });
  assert.equal(bad.status, 400);
  assert.equal(bad.json().error.code, 'BAD_OPTION');
  assert.match(bad.json().error.message, /includeLists must be true or false/);
  const text = await postJson(svc.port, { html: LISTING, includeLists: true, format: 'markdown' });
  assert.equal(text.status, 400);
  assert.match(text.json().error.message, /includeLists needs format json/);
  const api = (await http(svc.port, 'GET', '/openapi.json')).json();
  assert.match(JSON.stringify(api), /"includeLists"/);
});

/** "Learn this site" over HTTP: hosts, learning from two labelled pages, the wrapper's extraction, a correction fed back. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Workspace } from '../../src/annotate/workspace.js';
import { startLabelServer, type LabelServer } from '../../src/annotate/server.js';
import { readPageLabels } from '../../src/corpus/pith-format.js';
import { openCorpora } from '../../src/learn/dataset.js';
import { ruleKey, trainSites } from '../../src/wrapper/index.js';
import { http, startLabelFixture, type LabelServerFixture } from './helpers.js';
import { AD, goldLabels, HOST, para, SITE_PAGES, siteCorpus } from './site-pages.js';

let fx: LabelServerFixture;
let dir: string;
let srv: LabelServer;
let auth: Record<string, string>;
let write: Record<string, string>;

before(async () => {
  fx = await startLabelFixture(() => siteCorpus());
  ({ dir, srv, auth, write } = fx);
});
after(() => fx.close());

const bodyTexts = (texts: readonly string[], labels: readonly string[]) => texts.filter((_, i) => labels[i] === 'body');

test('learn a site from two labelled pages, see its extraction, correct a wrongly kept ad: the rules are specialised and stored', async () => {
  let r = await http(srv.port, 'GET', '/api/sites', auth);
  assert.equal(r.status, 200);
  assert.deepEqual(r.json(), { sites: [{ host: HOST, pages: 4, labelled: 0, rules: null }], learnFrom: 2 });
  assert.equal((await http(srv.port, 'POST', `/api/sites/${HOST}/learn`, write, '{}')).status, 400, 'nothing labelled yet');

  // Label the first two pages as a person would.
  for (const s of SITE_PAGES.slice(0, 2)) {
    const v = (await http(srv.port, 'GET', `/api/pages/${s.id}`, auth)).json();
    assert.equal(v.host, HOST);
    const labels = goldLabels(s, v.blocks.map((b: { text: string }) => b.text));
    assert.equal((await http(srv.port, 'PUT', `/api/pages/${s.id}/labels`, write, JSON.stringify({ labels, baseRevision: 0 }))).status, 200);
  }
  assert.equal((await http(srv.port, 'GET', '/api/sites', auth)).json().sites[0].labelled, 2);

  r = await http(srv.port, 'POST', `/api/sites/${HOST}/learn`, write, '{}');
  assert.equal(r.status, 200, r.body);
  const learned = r.json();
  assert.match(learned.message, /learned courier\.example: \d+ rule\(s\) from 2 labelled page\(s\)/);
  assert.equal(learned.site.model.file, `sites/${HOST}.wrapper.json`);
  assert.deepEqual(learned.site.model.pages, ['a-mill', 'b-ferry']);
  const stored = JSON.parse(await readFile(join(dir, 'sites', `${HOST}.wrapper.json`), 'utf8'));
  assert.equal(stored.format, 'pith-site-model');
  assert.equal(stored.host, HOST);

  // The wrapper's extraction on the other pages: the ad paragraph kept as body.
  const c = learned.site.pages.find((p: { id: string }) => p.id === 'c-wall');
  assert.equal(c.labelled, false);
  assert.equal(c.recognised, true);
  assert.equal(c.title, 1);
  assert.equal(c.body, 4);
  const cv = (await http(srv.port, 'GET', '/api/pages/c-wall', auth)).json();
  assert.equal(cv.source, 'wrapper');
  const texts: string[] = cv.blocks.map((b: { text: string }) => b.text);
  assert.deepEqual(cv.blocks.map((b: { label: string }) => b.label), c.labels);
  assert.deepEqual(bodyTexts(texts, c.labels), [para(8), AD, para(9), para(10)]);
  const queue = (await http(srv.port, 'GET', '/api/queue', auth)).json();
  assert.equal(queue.pages.find((p: { id: string }) => p.id === 'c-wall').source, 'wrapper');

  // Correct it: a false positive; the rule is specialised, the page saved, the fourth page fixed too.
  const ad = texts.indexOf(AD);
  assert.equal((await http(srv.port, 'POST', '/api/pages/c-wall/correct', write, JSON.stringify({ blocks: [ad], label: 'other', baseRevision: 5 }))).status, 409);
  r = await http(srv.port, 'POST', '/api/pages/c-wall/correct', write, JSON.stringify({ blocks: [ad], label: 'other', baseRevision: 0 }));
  assert.equal(r.status, 200, r.body);
  const fixed = r.json();
  assert.equal(fixed.kind, 'false-positive');
  assert.equal(fixed.fixed, true);
  assert.equal(fixed.revision, 1);
  assert.ok(fixed.added.some((k: string) => /^body .*p\.\(no class\)/.test(k)), fixed.added.join('\n'));
  assert.deepEqual(bodyTexts(texts, fixed.labels), [para(8), para(9), para(10)]);
  const saved = await readPageLabels(dir, 'c-wall');
  assert.equal(saved?.revision, 1);
  assert.ok(!saved!.annotations.some((a) => a.label === 'body' && a.text.includes('Advertisement')));
  const d = fixed.site.pages.find((p: { id: string }) => p.id === 'd-lifeboat');
  assert.equal(d.body, 4, 'the fourth page loses its ad too');
  const dv = (await http(srv.port, 'GET', '/api/pages/d-lifeboat', auth)).json();
  assert.equal(dv.blocks.find((b: { text: string }) => b.text === AD).label, 'other');
  const now = JSON.parse(await readFile(join(dir, 'sites', `${HOST}.wrapper.json`), 'utf8'));
  assert.deepEqual(now.pages, ['a-mill', 'b-ferry', 'c-wall']);
  assert.notDeepEqual(now.body.rules, stored.body.rules);

  // Corrections are just labels: pith train --model wrapper on the corpus gives the same rules.
  const [t] = await trainSites(await openCorpora([dir]));
  assert.equal(t!.model.host, HOST);
  assert.deepEqual(t!.model.body.rules.map(ruleKey), fixed.site.model.rules);
});

test('site routes keep the API\'s security: token, JSON bodies, checked hosts and corrections; never over a foreign file', async () => {
  for (const [method, path] of [['GET', '/api/sites'], ['GET', `/api/sites/${HOST}`], ['POST', `/api/sites/${HOST}/learn`], ['POST', '/api/pages/c-wall/correct']] as const) {
    const r = await http(srv.port, method, path, { origin: srv.origin, 'content-type': 'application/json' }, method === 'POST' ? '{}' : undefined);
    assert.equal(r.status, 403, `${method} ${path}`);
  }
  assert.equal((await http(srv.port, 'POST', `/api/sites/${HOST}/learn`, { ...auth, origin: srv.origin, 'content-type': 'text/plain' }, '{}')).status, 415);
  assert.equal((await http(srv.port, 'POST', `/api/sites/${HOST}/learn`, { ...auth, 'content-type': 'application/json' }, '{}')).status, 403, 'a state change without Origin');
  assert.equal((await http(srv.port, 'GET', '/api/sites/..%2Fpages', auth)).status, 400);
  assert.equal((await http(srv.port, 'GET', '/api/sites/elsewhere.org', auth)).status, 404);
  assert.equal((await http(srv.port, 'GET', '/api/sites/x/learn', auth)).status, 405);
  for (const body of ['{}', '{"blocks":[],"label":"other","baseRevision":0}', '{"blocks":[1],"label":"evil","baseRevision":0}', '{"blocks":[99999],"label":"other","baseRevision":1}']) {
    assert.equal((await http(srv.port, 'POST', '/api/pages/c-wall/correct', write, body)).status, 400, body);
  }
  // A file at the model's path that is not a pith site model is someone's data: refused, kept.
  const { dir: d2, cleanup: c2 } = await siteCorpus(SITE_PAGES.slice(0, 2));
  const s2 = await startLabelServer(await Workspace.open(d2));
  try {
    const w2 = { ...s2.authHeaders, origin: s2.origin, 'content-type': 'application/json' };
    for (const s of SITE_PAGES.slice(0, 2)) {
      const v = (await http(s2.port, 'GET', `/api/pages/${s.id}`, s2.authHeaders)).json();
      await http(s2.port, 'PUT', `/api/pages/${s.id}/labels`, w2, JSON.stringify({ labels: goldLabels(s, v.blocks.map((b: { text: string }) => b.text)), baseRevision: 0 }));
    }
    await mkdir(join(d2, 'sites'));
    await writeFile(join(d2, 'sites', `${HOST}.wrapper.json`), 'my notes\n');
    const r = await http(s2.port, 'POST', `/api/sites/${HOST}/learn`, w2, '{}');
    assert.equal(r.status, 400);
    assert.match(r.json().error, /not a pith site model.*not overwritten/s);
    assert.equal(await readFile(join(d2, 'sites', `${HOST}.wrapper.json`), 'utf8'), 'my notes\n');
    assert.match((await http(s2.port, 'GET', `/api/sites/${HOST}`, s2.authHeaders)).json().problem, /not a pith site model|malformed/);
  } finally {
    await s2.close();
    await c2();
  }
});

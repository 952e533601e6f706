import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Workspace } from '../../src/annotate/workspace.js';
import { startLabelServer, type LabelServer } from '../../src/annotate/server.js';
import { readPageLabels } from '../../src/corpus/pith-format.js';
import { http, ruleP, startLabelFixture, tempCorpus, type LabelServerFixture } from './helpers.js';

let fx: LabelServerFixture;
let dir: string;
let srv: LabelServer;
let auth: Record<string, string>;
let write: Record<string, string>;

before(async () => {
  fx = await startLabelFixture(() => tempCorpus());
  ({ dir, srv, auth, write } = fx);
});
after(() => fx.close());

test('the token lives in the X-Pith-Token header, never in a cookie: a cookie grants nothing', async () => {
  assert.equal((await http(srv.port, 'GET', '/?token=wrong')).status, 403);
  // The printed URL serves the app with the token for its script; no cookie is set.
  const boot = await http(srv.port, 'GET', `/?token=${srv.token}`);
  assert.equal(boot.status, 200);
  assert.equal(boot.headers['set-cookie'], undefined);
  assert.match(boot.body, new RegExp(`<meta name="pith-token" content="${srv.token}">`));
  assert.match(String(boot.headers['content-security-policy']), /script-src 'self'/);
  assert.doesNotMatch(boot.body, /<script>|<script [^>]*>[^<]/, 'no inline script in the app page');
  // The static app without the token is harmless and holds no token.
  const shell = await http(srv.port, 'GET', '/');
  assert.equal(shell.status, 200);
  assert.doesNotMatch(shell.body, new RegExp(srv.token));
  const api = ['/api/queue', '/api/pages/article', '/api/pages/article/frame', '/api/export'];
  for (const path of api) {
    assert.equal((await http(srv.port, 'GET', path)).status, 403, path);
    assert.equal((await http(srv.port, 'GET', path, { 'x-pith-token': `${srv.token}x` })).status, 403, path);
    // What the old session cookie carried (and every other port of 127.0.0.1 received) opens nothing.
    for (const cookie of [`pith_label_${srv.port}=${srv.token}`, `pith_token=${srv.token}`, `__Host-pith=${srv.token}`]) {
      assert.equal((await http(srv.port, 'GET', path, { cookie })).status, 403, `${path} with ${cookie}`);
    }
  }
  const write = { cookie: `pith_label_${srv.port}=${srv.token}`, origin: srv.origin, 'content-type': 'application/json' };
  assert.equal((await http(srv.port, 'POST', '/api/retrain', write, '{}')).status, 403);
  for (const path of api) assert.equal((await http(srv.port, 'GET', path, auth)).status, 200, path);
});

test('the page frame opens with its own per-page key (the iframe cannot send a header), not another page\'s', async () => {
  const view = (await http(srv.port, 'GET', '/api/pages/article', auth)).json();
  assert.match(view.frame, /^\/api\/pages\/article\/frame\?k=[0-9a-f]{32}$/);
  assert.doesNotMatch(view.frame, new RegExp(srv.token));
  const framed = await http(srv.port, 'GET', view.frame);
  assert.equal(framed.status, 200);
  assert.match(framed.body, /data-pith-b=/);
  const key = view.frame.split('k=')[1];
  assert.equal((await http(srv.port, 'GET', `/api/pages/second/frame?k=${key}`)).status, 403, 'a key opens its own page only');
  assert.equal((await http(srv.port, 'GET', `/api/pages/article?k=${key}`)).status, 403, 'a key opens the frame only');
  assert.equal((await http(srv.port, 'GET', `/api/pages/article/frame?k=${key.slice(1)}0`)).status, 403);
});

test('foreign Host (DNS rebinding), foreign Origin and Origin-less writes are refused', async () => {
  assert.equal((await http(srv.port, 'GET', '/api/queue', { ...auth, host: 'evil.example:80' })).status, 421);
  const body = JSON.stringify({ labels: [], baseRevision: 0 });
  assert.equal((await http(srv.port, 'PUT', '/api/pages/article/labels', { ...write, origin: 'http://evil.example' }, body)).status, 403);
  assert.equal((await http(srv.port, 'PUT', '/api/pages/article/labels', { ...write, origin: 'null' }, body)).status, 403);
  const { origin: _o, ...noOrigin } = write;
  assert.equal((await http(srv.port, 'PUT', '/api/pages/article/labels', noOrigin, body)).status, 403);
  assert.equal((await http(srv.port, 'GET', '/api/queue', { ...auth, 'sec-fetch-site': 'cross-site' })).status, 403);
  assert.equal((await http(srv.port, 'POST', '/api/import', { ...write, 'content-type': 'text/plain' }, '{}')).status, 415);
});

test('page ids cannot leave the corpus', async () => {
  for (const id of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e', '.hidden', 'a%2Fb', '%00', '..']) {
    const r = await http(srv.port, 'GET', `/api/pages/${id}`, auth);
    assert.ok(r.status === 400 || r.status === 404, `${id}: ${r.status}`);
    assert.doesNotMatch(r.body, /root:/);
  }
  assert.equal((await http(srv.port, 'GET', '/api/pages/..%2Fpith-corpus/frame', auth)).status, 400);
  assert.equal((await http(srv.port, 'GET', '/api/pages/missing-page', auth)).status, 404);
});

test('the page frame is sandboxed by CSP and carries block marks', async () => {
  const r = await http(srv.port, 'GET', '/api/pages/article/frame', auth);
  assert.equal(r.status, 200);
  const csp = String(r.headers['content-security-policy']);
  assert.match(csp, /sandbox allow-same-origin;/);
  assert.match(csp, /script-src 'none'/);
  assert.match(csp, /img-src 'self' data:/);
  assert.match(r.body, /data-pith-b="1"/);
  assert.doesNotMatch(r.body, /<script/i);
});

test('saves are revision-checked: a stale save is a 409 and changes nothing', async () => {
  const view = (await http(srv.port, 'GET', '/api/pages/second', auth)).json();
  assert.equal(view.revision, 0);
  assert.equal(view.source, 'none');
  const labels = view.blocks.map((b: { text: string }) => (b.text.startsWith('A second') ? 'title' : b.text.startsWith('Body') ? 'body' : 'other'));
  const ok = await http(srv.port, 'PUT', '/api/pages/second/labels', write, JSON.stringify({ labels, baseRevision: 0 }));
  assert.equal(ok.status, 200, ok.body);
  assert.equal(ok.json().revision, 1);
  assert.deepEqual(ok.json().flags, []);
  const stale = await http(srv.port, 'PUT', '/api/pages/second/labels', write, JSON.stringify({ labels: labels.map(() => 'other'), baseRevision: 0 }));
  assert.equal(stale.status, 409);
  assert.equal(stale.json().revision, 1);
  const again = (await http(srv.port, 'GET', '/api/pages/second', auth)).json();
  assert.deepEqual(again.blocks.map((b: { label: string }) => b.label), labels);
  assert.equal(again.source, 'saved');
  const stored = await readPageLabels(dir, 'second');
  assert.equal(stored?.title, 'A second headline');
});

test('concurrent saves on one revision: exactly one wins, the file stays whole', async () => {
  const view = (await http(srv.port, 'GET', '/api/pages/article', auth)).json();
  const base = view.revision;
  const n = view.blocks.length;
  const tries = Array.from({ length: 12 }, (_, k) => {
    const labels = Array.from({ length: n }, (_, i) => (i === 1 ? 'title' : i === 2 + (k % 5) ? 'body' : 'other'));
    return http(srv.port, 'PUT', '/api/pages/article/labels', write, JSON.stringify({ labels, baseRevision: base }));
  });
  const results = await Promise.all(tries);
  assert.equal(results.filter((r) => r.status === 200).length, 1, results.map((r) => r.status).join(','));
  assert.equal(results.filter((r) => r.status === 409).length, 11);
  const text = await readFile(join(dir, 'labels', 'article.json'), 'utf8');
  const stored = JSON.parse(text);
  assert.equal(stored.revision, base + 1);
});

test('labels that do not fit the page are refused', async () => {
  const bad = [
    JSON.stringify({ labels: ['title'], baseRevision: 0 }),
    JSON.stringify({ labels: ['nonsense', 'x'], baseRevision: 0 }),
    JSON.stringify({ labels: 'title', baseRevision: 0 }),
    '{"labels": [',
  ];
  for (const b of bad) assert.equal((await http(srv.port, 'PUT', '/api/pages/article/labels', write, b)).status, 400, b);
  assert.equal((await http(srv.port, 'PUT', '/api/pages/article/labels', write, 'x'.repeat(5 * 1024 * 1024))).status, 413);
});

test('the queue puts unsaved, flagged pages first; retrain without a pipeline says so', async () => {
  const q = (await http(srv.port, 'GET', '/api/queue', auth)).json();
  assert.equal(q.corpus, 'test');
  assert.equal(q.pages.length, 2);
  const saved = q.pages.filter((p: { revision: number }) => p.revision > 0).map((p: { id: string }) => p.id);
  assert.deepEqual(q.pages.slice(-saved.length).map((p: { id: string }) => p.id), saved);
  const r = await http(srv.port, 'POST', '/api/retrain', write, '{}');
  assert.equal(r.status, 501);
  assert.match(r.json().error, /pith train/);
});

test('export and import round-trip pages and labels into another corpus', async () => {
  const exp = await http(srv.port, 'GET', '/api/export', auth);
  assert.equal(exp.status, 200);
  assert.match(String(exp.headers['content-disposition']), /attachment/);
  const bundle = exp.json();
  assert.equal(bundle.format, 'pith-corpus-bundle');
  const other = await tempCorpus([]);
  const srv2 = await startLabelServer(await Workspace.open(other.dir));
  try {
    const w2 = { ...srv2.authHeaders, origin: srv2.origin, 'content-type': 'application/json' };
    const imp = await http(srv2.port, 'POST', '/api/import', w2, exp.body);
    assert.equal(imp.status, 200, imp.body);
    assert.equal(imp.json().added, 2);
    const v = (await http(srv2.port, 'GET', '/api/pages/second', srv2.authHeaders)).json();
    assert.equal(v.revision, 1);
    assert.equal(v.blocks.find((b: { label: string }) => b.label === 'title')?.text, 'A second headline');
    // Importing again changes nothing; a corrupt bundle is a clear 400.
    const again = (await http(srv2.port, 'POST', '/api/import', w2, exp.body)).json();
    assert.equal(again.added, 0);
    assert.equal(again.unchanged, 2);
    const evil = JSON.stringify({ format: 'pith-corpus-bundle', version: 1, pages: [{ id: '../../x', html: 'PGh0bWw+' }] });
    const ev = (await http(srv2.port, 'POST', '/api/import', w2, evil)).json();
    assert.equal(ev.skipped[0].reason, 'invalid page id');
    assert.equal((await http(srv2.port, 'POST', '/api/import', w2, '{"format":"zip"}')).status, 400);
  } finally {
    await srv2.close();
    await other.cleanup();
  }
});

test('with a model: unsaved pages start from its predictions and the queue orders by confidence', async () => {
  const c = await tempCorpus();
  let loads = 0;
  const s = await startLabelServer(await Workspace.open(c.dir, { predictor: ruleP }), {
    retrain: async () => ({ message: `reloaded ${++loads}`, predictor: { ...ruleP, name: 'rules-2' } }),
  });
  try {
    const a = { ...s.authHeaders };
    const v = (await http(s.port, 'GET', '/api/pages/article', a)).json();
    assert.equal(v.source, 'model');
    assert.equal(v.model, 'rules-for-tests');
    assert.equal(v.blocks[1].label, 'title');
    assert.equal(v.blocks[1].pred, 'title');
    assert.equal(v.blocks[1].conf, 0.9);
    const q = (await http(s.port, 'GET', '/api/queue', a)).json();
    assert.ok(q.pages.every((p: { confidence?: number }) => typeof p.confidence === 'number'));
    // article: h1 title, h2 headings each followed by body: no flags, but links lower its confidence.
    const r = await http(s.port, 'POST', '/api/retrain', { ...a, origin: s.origin, 'content-type': 'application/json' }, '{}');
    assert.equal(r.status, 200);
    assert.equal(r.json().model, 'rules-2');
    assert.equal((await http(s.port, 'GET', '/api/queue', a)).json().model, 'rules-2');
  } finally {
    await s.close();
    await c.cleanup();
  }
});

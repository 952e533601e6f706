/**
 * The app's script is the compiled TypeScript of src/annotate/web/app/ (tsconfig.web.json),
 * served as ES modules under the app's CSP; and the server's table of routes answers 404 for
 * an unknown path and 405 for a known path with the wrong method.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workspace } from '../../src/annotate/workspace.js';
import { APP_DIR, routeTable, startLabelServer, type LabelServer } from '../../src/annotate/server.js';
import { isPithError } from '../../src/errors.js';
import { repoRoot } from '../helpers/paths.js';
import { http, tempCorpus } from './helpers.js';

let dir: string;
let cleanup: () => Promise<void>;
let srv: LabelServer;

before(async () => {
  ({ dir, cleanup } = await tempCorpus());
  srv = await startLabelServer(await Workspace.open(dir));
});
after(async () => {
  await srv.close();
  await cleanup();
});

test('the app page loads /app/main.js as a module; no inline script', async () => {
  const page = await http(srv.port, 'GET', '/');
  assert.equal(page.status, 200);
  assert.match(page.body, /<script type="module" src="\/app\/main\.js"><\/script>/);
  assert.doesNotMatch(page.body, /<script>|<script [^>]*>[^<]/);
  assert.doesNotMatch(page.body, /app\.js/);
});

test('GET /app/<module>.js serves the compiled modules byte for byte, as JavaScript under the app CSP', async () => {
  assert.equal(APP_DIR, join(repoRoot, 'dist', 'web', 'web', 'app') + '/');
  const built = (await readdir(APP_DIR)).filter((n) => n.endsWith('.js')).sort();
  // One module per source file of src/annotate/web/app/.
  const sources = (await readdir(join(repoRoot, 'src', 'annotate', 'web', 'app'))).filter((n) => n.endsWith('.ts')).map((n) => n.replace(/\.ts$/, '.js')).sort();
  assert.deepEqual(built, sources);
  assert.ok(built.includes('main.js') && built.length >= 5, built.join(' '));
  for (const name of built) {
    const r = await http(srv.port, 'GET', `/app/${name}`);
    assert.equal(r.status, 200, name);
    assert.equal(r.headers['content-type'], 'text/javascript; charset=utf-8');
    const csp = String(r.headers['content-security-policy']);
    assert.match(csp, /(^|; )script-src 'self'(;|$)/);
    assert.match(csp, /default-src 'none'/);
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
    assert.equal(r.body, await readFile(join(APP_DIR, name), 'utf8'), `${name} is the compiled file`);
    // Compiled: no TypeScript left, ES module syntax, relative imports with the .js the browser needs.
    assert.doesNotMatch(r.body, /^\s*import type |: (string|number|boolean)\b[^'"]*[=;)]|\binterface \w+ \{/m, name);
    for (const m of r.body.matchAll(/^import .* from '([^']+)';$/gm)) {
      assert.match(m[1]!, /^\.\/[a-z-]+\.js$/, `${name} imports ${m[1]}`);
      assert.ok(built.includes(m[1]!.slice(2)), `${name} imports ${m[1]}, which is served`);
    }
  }
  const main = (await http(srv.port, 'GET', '/app/main.js')).body;
  assert.match(main, /^import .* from '\.\/page\.js';$/m);
  assert.match(main, /window\.pithApp = /);
  // The session header name the app sends is the one the server checks.
  assert.match((await http(srv.port, 'GET', '/app/api.js')).body, /'x-pith-token'/);
  // Only the built modules: no source, no other file, no way out of the folder.
  for (const path of ['/app/main.ts', '/app/nothing.js', '/app/..%2F..%2Fsrc%2Fannotate%2Fserver.js', '/app/', '/app.js', '/app/api-types.js']) {
    assert.equal((await http(srv.port, 'GET', path, srv.authHeaders)).status, 404, path);
  }
  // The static files hold no data: they need no token, but still the Host check.
  assert.equal((await http(srv.port, 'GET', '/app/main.js', { host: 'evil.example' })).status, 421);
});

test('a build without the browser modules does not start the server, and says what to run', async () => {
  const empty = await mkdtemp(join(tmpdir(), 'pith-no-app-'));
  try {
    await assert.rejects(startLabelServer(await Workspace.open(dir), { appDir: empty }), (e: unknown) => {
      assert.ok(isPithError(e));
      assert.match((e as Error).message, /run npm run build/);
      return true;
    });
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
});

test('the route table: a route per method and path pattern, 405 with Allow for a wrong method, 404 for no path', () => {
  const routes = [
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/api/queue' },
    { method: 'GET', path: '/api/pages/:id' },
    { method: 'GET', path: '/api/pages/:id/frame' },
    { method: 'PUT', path: '/api/pages/:id/labels' },
    { method: 'POST', path: '/api/import' },
    { method: 'GET', path: '/app.css' },
  ];
  const t = routeTable(routes);
  const ok = (method: string, path: string, route: number, params: string[] = []) => {
    const m = t.match(method, path);
    assert.equal(m.status, 200, `${method} ${path}`);
    assert.equal(m.status === 200 && m.route, routes[route], `${method} ${path}`);
    assert.deepEqual(m.params, params);
  };
  ok('GET', '/', 0);
  ok('GET', '/api/queue', 1);
  ok('GET', '/api/pages/a%2Fb', 2, ['a%2Fb']);
  ok('GET', '/api/pages/x/frame', 3, ['x']);
  ok('PUT', '/api/pages/x/labels', 4, ['x']);
  ok('GET', '/app.css', 6);
  const no = (method: string, path: string, status: 404 | 405, allow?: string[]) => {
    const m = t.match(method, path);
    assert.equal(m.status, status, `${method} ${path}`);
    if (allow) assert.deepEqual(m.status === 405 && m.allow, allow);
  };
  no('POST', '/api/queue', 405, ['GET']);
  no('DELETE', '/api/pages/x', 405, ['GET']);
  no('GET', '/api/pages/x/labels', 405, ['PUT']);
  no('GET', '/api/import', 405, ['POST']);
  no('GET', '/api/queue/', 404);
  no('GET', '/api/pages/', 404);
  no('GET', '/api/pages/x/y', 404);
  no('GET', '/api/pages/x/frame/more', 404);
  no('GET', '/appXcss', 404, undefined); // a '.' in a path is literal
  no('GET', '/nothing', 404);
  assert.throws(() => routeTable([{ method: 'GET', path: '/a' }, { method: 'GET', path: '/a' }]), /duplicate route GET \/a/);
  assert.throws(() => routeTable([{ method: 'GET', path: 'a' }]), /must start with/);
});

test('the server answers through its table: 405 for a wrong method, 404 for an unknown path, both only with the token', async () => {
  const write = { ...srv.authHeaders, origin: srv.origin, 'content-type': 'application/json' };
  const wrong = await http(srv.port, 'POST', '/api/queue', write, '{}');
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers['allow'], 'GET');
  assert.deepEqual(wrong.json(), { error: 'method not allowed' });
  assert.equal((await http(srv.port, 'DELETE', '/api/pages/article', write)).status, 405);
  assert.equal((await http(srv.port, 'GET', '/api/pages/article/labels', srv.authHeaders)).status, 405);
  assert.equal((await http(srv.port, 'POST', '/api/pages/article/frame', write, '{}')).status, 405);
  assert.equal((await http(srv.port, 'GET', '/api/retrain', srv.authHeaders)).headers['allow'], 'POST');
  const none = await http(srv.port, 'GET', '/api/nothing', srv.authHeaders);
  assert.equal(none.status, 404);
  assert.deepEqual(none.json(), { error: 'no such route' });
  assert.equal((await http(srv.port, 'GET', '/api/pages/article/frame/x', srv.authHeaders)).status, 404);
  // Without the token an unknown route or method is a 403 like any API call: nothing to probe.
  assert.equal((await http(srv.port, 'GET', '/api/nothing')).status, 403);
  assert.equal((await http(srv.port, 'POST', '/api/queue', { origin: srv.origin, 'content-type': 'application/json' }, '{}')).status, 403);
  // A frame key opens its frame for a GET only.
  const view = (await http(srv.port, 'GET', '/api/pages/article', srv.authHeaders)).json();
  assert.equal((await http(srv.port, 'GET', view.frame)).status, 200);
  assert.equal((await http(srv.port, 'POST', view.frame, { origin: srv.origin, 'content-type': 'application/json' }, '{}')).status, 403);
  // The static app and the favicon answer without it.
  assert.equal((await http(srv.port, 'GET', '/app.css')).status, 200);
  assert.equal((await http(srv.port, 'GET', '/favicon.ico')).status, 204);
});

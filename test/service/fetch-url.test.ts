/**
 * `pith serve`'s `{url}` under the fetch policy (src/util/fetch-policy.ts): a "public" page
 * redirecting into loopback is refused (403 URL_NOT_ALLOWED) and the private server sees no
 * request; with --allow-private-urls the redirect is followed. Loopback only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startService } from '../../src/service/server.js';
import { guardedFetch } from '../../src/service/fetch-url.js';
import { ServiceError } from '../../src/service/errors.js';
import { postJson } from './helpers.js';
import { frontIsPublic, SECRET_TITLE, startRedirectServers } from '../helpers/redirect-servers.js';

test('serve {url}: a redirect from a public page into loopback is 403 URL_NOT_ALLOWED and the target sees nothing; --allow-private-urls follows it', { timeout: 60_000 }, async (t) => {
  const servers = await startRedirectServers();
  t.after(() => servers.close());
  const svc = await startService({ port: 0, workers: 1, addressPolicy: frontIsPublic });
  try {
    const ok = await postJson(svc.port, { url: `${servers.front}/public`, format: 'json' });
    assert.equal(ok.status, 200, ok.text);
    for (const path of ['/by-ip', '/by-name', '/chain']) {
      const r = await postJson(svc.port, { url: `${servers.front}${path}` });
      assert.equal(r.status, 403, `${path}: ${r.text}`);
      assert.equal(r.json().error.code, 'URL_NOT_ALLOWED');
      assert.match(r.json().error.message, /--allow-private-urls/);
    }
    assert.deepEqual(servers.secretHits, []);
  } finally {
    await svc.close();
  }
  const open = await startService({ port: 0, workers: 1, allowPrivateUrls: true });
  try {
    const r = await postJson(open.port, { url: `${servers.front}/chain`, format: 'json' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json().title, SECRET_TITLE);
    assert.equal(servers.secretHits.length, 1);
  } finally {
    await open.close();
  }
});

test('guardedFetch: every redirect hop is checked against the policy, not only the first; the body limit holds', async () => {
  const server = createServer((req, res) => {
    if (req.url === '/hop') {
      res.writeHead(302, { location: `http://localhost:${(server.address() as AddressInfo).port}/inner` });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<p>inner</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  try {
    // The policy allows the first address it is asked about and nothing after.
    let asked = 0;
    const policy = (): boolean => ++asked === 1;
    await assert.rejects(guardedFetch(new URL(`http://127.0.0.1:${port}/hop`), { allowed: policy, signal: AbortSignal.timeout(10_000), maxBytes: 1 << 20 }), (e: unknown) => {
      assert.ok(e instanceof ServiceError);
      assert.equal(e.code, 'URL_NOT_ALLOWED');
      assert.equal(e.status, 403);
      assert.match(e.message, /localhost resolves to/);
      return true;
    });
    assert.ok(asked >= 2, 'the redirect target was checked');
    const ok = await guardedFetch(new URL(`http://127.0.0.1:${port}/hop`), { allowed: () => true, signal: AbortSignal.timeout(10_000), maxBytes: 1 << 20 });
    assert.equal(ok.bytes.toString(), '<p>inner</p>');
    assert.match(ok.url, /\/inner$/);
    await assert.rejects(guardedFetch(new URL(`http://127.0.0.1:${port}/inner`), { allowed: () => true, signal: AbortSignal.timeout(10_000), maxBytes: 4 }), /above the limit of 4 bytes/);
  } finally {
    server.close();
  }
});

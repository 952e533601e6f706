/**
 * The one outbound-fetch policy (src/util/fetch-policy.ts) as `fetchPage` applies it: which
 * addresses are private, and a redirect from an allowed host to a refused one stopped at
 * connect time, by literal IP and by name, before the target sees a request. The servers are
 * on loopback only: the policies here call 127.0.0.2 "public" and everything else what
 * `isPrivateAddress` says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPage } from '../../src/dom/fetch.js';
import { isPithError } from '../../src/errors.js';
import { addressPolicyOf, allowAll, guardedLookup, isPrivateAddress, parseIPv6, publicOnly, type AddressPolicy } from '../../src/util/fetch-policy.js';

test('isPrivateAddress: loopback, private, link-local, CGNAT, multicast, reserved and IPv6 forms carrying them', () => {
  for (const a of [
    '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.7',
    '::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1',
    '::ffff:169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '64:ff9b::10.0.0.1', '2002:7f00:1::', '2001:db8::1', '2001::1', '::127.0.0.1', 'not-an-address', '',
  ]) assert.equal(isPrivateAddress(a), true, a);
  for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:0808:0808::1']) {
    assert.equal(isPrivateAddress(a), false, a);
  }
  assert.deepEqual(parseIPv6('::ffff:1.2.3.4'), [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
  assert.deepEqual(parseIPv6('1:2:3:4:5:6:7:8'), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(parseIPv6('1::8'), [1, 0, 0, 0, 0, 0, 0, 8]);
  assert.equal(addressPolicyOf({}), publicOnly);
  assert.equal(addressPolicyOf({ allowPrivateUrls: true }), allowAll);
});

/** 127.0.0.2 plays a public host; every other address is judged as usual. */
const secondLoopbackPublic: AddressPolicy = (a) => a === '127.0.0.2' || !isPrivateAddress(a);

interface Started {
  server: Server;
  port: number;
  hits: string[];
}

async function serve(host: string, handler: (path: string, res: import('node:http').ServerResponse) => void): Promise<Started> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req.url ?? '', res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

const refused = (pattern: RegExp) => (e: unknown): boolean => {
  assert.ok(isPithError(e), String(e));
  assert.equal(e.code, 'URL_NOT_ALLOWED');
  assert.match(e.message, pattern);
  assert.match(e.message, /--allow-private-urls/);
  return true;
};

test('fetchPage: a "public" page redirecting into loopback is refused at connect time (IP or name) and the target sees nothing; --allow-private-urls lets it through', async (t) => {
  const secret = await serve('127.0.0.1', (_p, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>secret</p>'));
  const front = await serve('127.0.0.2', (path, res) => {
    const to = path === '/by-ip' ? `http://127.0.0.1:${secret.port}/secret`
      : path === '/by-name' ? `http://localhost:${secret.port}/secret`
      : path === '/mapped' ? `http://[::ffff:127.0.0.1]:${secret.port}/secret`
      : path === '/metadata' ? 'http://169.254.169.254/latest/meta-data/'
      : path === '/twice' ? '/by-ip'
      : undefined;
    if (to) return void res.writeHead(302, { location: to }).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>front</p>');
  });
  t.after(() => {
    secret.server.close();
    front.server.close();
  });
  const base = `http://127.0.0.2:${front.port}`;
  const ok = await fetchPage(`${base}/`, { allowed: secondLoopbackPublic });
  assert.equal(Buffer.from(ok.bytes).toString(), '<p>front</p>', 'the "public" host is fetched');
  await assert.rejects(fetchPage(`${base}/by-ip`, { allowed: secondLoopbackPublic }), refused(/127\.0\.0\.1 is a loopback, private/));
  await assert.rejects(fetchPage(`${base}/by-name`, { allowed: secondLoopbackPublic }), refused(/localhost resolves to (127\.0\.0\.1|::1)/));
  await assert.rejects(fetchPage(`${base}/mapped`, { allowed: secondLoopbackPublic }), refused(/::ffff:7f00:1 is a loopback/));
  await assert.rejects(fetchPage(`${base}/metadata`, { allowed: secondLoopbackPublic }), refused(/169\.254\.169\.254 is a loopback, private, link-local/));
  await assert.rejects(fetchPage(`${base}/twice`, { allowed: secondLoopbackPublic }), refused(/127\.0\.0\.1/));
  // The cross-host redirect returned to a polite caller is judged when that caller fetches it.
  const returned = await fetchPage(`${base}/by-ip`, { allowed: secondLoopbackPublic, crossHostRedirects: 'return' });
  assert.equal(returned.redirectTo, `http://127.0.0.1:${secret.port}/secret`);
  await assert.rejects(fetchPage(returned.redirectTo!, { allowed: secondLoopbackPublic }), refused(/127\.0\.0\.1/));
  assert.deepEqual(secret.hits, [], 'the loopback target never saw a request');
  // The default policy refuses loopback on the first hop too.
  await assert.rejects(fetchPage(`http://127.0.0.1:${secret.port}/secret`), refused(/127\.0\.0\.1/));
  await assert.rejects(fetchPage(`http://localhost:${secret.port}/secret`), refused(/localhost resolves to/));
  assert.deepEqual(secret.hits, []);
  // Allowed: the same redirects are followed.
  for (const path of ['/by-ip', '/by-name', '/twice']) {
    const got = await fetchPage(`${base}${path}`, { allowed: allowAll });
    assert.equal(Buffer.from(got.bytes).toString(), '<p>secret</p>', path);
  }
  assert.equal(secret.hits.length, 3);
});

test('guardedLookup: the policy judges every address a name resolves to, when the connection is made', async () => {
  const lookup = (policy: AddressPolicy): Promise<unknown> => new Promise((resolve) => {
    guardedLookup(policy)('localhost', { all: true }, (err, addresses) => resolve(err ?? addresses));
  });
  const asked: string[] = [];
  const got = await lookup((a) => (asked.push(a), true));
  assert.ok(Array.isArray(got) && got.length > 0);
  assert.ok(asked.length === (got as unknown[]).length && asked.every((a) => isPrivateAddress(a)), asked.join(','));
  const no = await lookup(publicOnly);
  assert.ok(no instanceof Error);
  assert.equal((no as Error & { code?: string }).code, 'EADDRREFUSED');
});

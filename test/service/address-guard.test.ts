import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPrivateAddress, parseIPv6 } from '../../src/service/address-guard.js';
import { guardedFetch } from '../../src/service/fetch-url.js';
import { ServiceError } from '../../src/service/errors.js';

test('isPrivateAddress: loopback, private, link-local, CGNAT, multicast, reserved and IPv6 forms carrying them', () => {
  for (const a of [
    '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.7',
    '::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1',
    '64:ff9b::10.0.0.1', '2002:7f00:1::', '2001:db8::1', '2001::1', '::127.0.0.1', 'not-an-address', '',
  ]) assert.equal(isPrivateAddress(a), true, a);
  for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:0808:0808::1']) {
    assert.equal(isPrivateAddress(a), false, a);
  }
  assert.deepEqual(parseIPv6('::ffff:1.2.3.4'), [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
  assert.deepEqual(parseIPv6('1:2:3:4:5:6:7:8'), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(parseIPv6('1::8'), [1, 0, 0, 0, 0, 0, 0, 8]);
});

test('guardedFetch: every redirect hop is checked against the policy, not only the first', async () => {
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

/** The slow-client rules as functions: the minimum upload rate and whose connection is whose. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clientKey, uploadTooSlow } from '../../src/service/clients.js';

test('uploadTooSlow: nothing counts during the grace period; after it each byte buys 1/rate seconds', () => {
  const rate = { minBytesPerSecond: 1000, graceMs: 5000 };
  assert.equal(uploadTooSlow(0, 5000, rate), false);
  assert.equal(uploadTooSlow(0, 5001, rate), true);
  assert.equal(uploadTooSlow(8 * 30, 30_000, rate), true, 'the issue\'s 8 bytes a second');
  assert.equal(uploadTooSlow(1000, 6000, rate), false);
  assert.equal(uploadTooSlow(1000, 6001, rate), true);
  assert.equal(uploadTooSlow(25_000, 30_000, rate), false);
  assert.equal(uploadTooSlow(0, 1e9, { minBytesPerSecond: 0, graceMs: 0 }), false, 'rate 0: no minimum');
});

test('clientKey: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
  assert.equal(clientKey('203.0.113.9'), '203.0.113.9');
  assert.equal(clientKey('::ffff:203.0.113.9'), '203.0.113.9');
  assert.equal(clientKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
  assert.equal(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64');
  assert.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(clientKey('::1'), '0:0:0:0::/64');
  assert.equal(clientKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.equal(clientKey(undefined), '(unknown)');
});

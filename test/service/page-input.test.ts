/** The service's page input checks: bounded gunzip, start-tag counting, page weight. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { ServiceError } from '../../src/service/errors.js';
import { boundedGunzip, countStartTags, countStartTagsInText, inflateAllowance, weighPage } from '../../src/service/page-input.js';

const LIMITS = { maxBytes: 1024 * 1024, maxRatio: 100, ratioFloorBytes: 4096 };

const refusal = async (p: Promise<unknown>): Promise<ServiceError> => {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ServiceError, String(e));
    return e;
  }
  assert.fail('expected a refusal');
};

test('boundedGunzip: plain bytes pass as they are; a real page inflates; several members are read', async () => {
  const plain = Buffer.from('<p>hello</p>');
  assert.deepEqual(await boundedGunzip(plain, LIMITS), { bytes: plain, inflated: false });
  const page = Buffer.from('<html><body>' + '<p>Some words of an ordinary paragraph, different each time: '.repeat(50).split('').reverse().join('') + '</body></html>');
  const out = await boundedGunzip(gzipSync(page), LIMITS);
  assert.equal(out.inflated, true);
  assert.deepEqual(out.bytes, page);
  const two = await boundedGunzip(Buffer.concat([gzipSync('<p>one</p>'), gzipSync('<p>two</p>')]), LIMITS);
  assert.equal(two.bytes.toString(), '<p>one</p><p>two</p>');
});

test('boundedGunzip: past the ratio TOO_COMPRESSED, past the size TOO_LARGE, corrupt BAD_GZIP, gzip in gzip NOT_HTML', async () => {
  const bomb = gzipSync(Buffer.from('<table>' + 'x<div>'.repeat(100_000)), { level: 9 });
  const e = await refusal(boundedGunzip(bomb, LIMITS));
  assert.equal(e.status, 413);
  assert.equal(e.code, 'TOO_COMPRESSED');
  assert.match(e.message, new RegExp(`gzip body of ${bomb.length} bytes inflates to more than 100 times its size \\(${bomb.length * 100} bytes\\)`));
  // A ratio high enough lets the size limit decide.
  const big = await refusal(boundedGunzip(gzipSync(Buffer.alloc(2 * 1024 * 1024, 0x61)), { ...LIMITS, maxRatio: 100_000 }));
  assert.equal(big.code, 'TOO_LARGE');
  assert.equal(big.status, 413);
  const cut = gzipSync(Buffer.from('<p>' + 'abc '.repeat(1000)));
  assert.equal((await refusal(boundedGunzip(cut.subarray(0, cut.length - 12), LIMITS))).code, 'BAD_GZIP');
  assert.equal((await refusal(boundedGunzip(gzipSync(gzipSync('<p>x</p>')), LIMITS))).code, 'NOT_HTML');
});

test('inflateAllowance: ratio times the compressed size, at least the floor, at most the size limit', () => {
  assert.equal(inflateAllowance(10, LIMITS), 4096);
  assert.equal(inflateAllowance(923, LIMITS), 92_300);
  assert.equal(inflateAllowance(1_000_000, LIMITS), 1024 * 1024);
});

test('start tags are counted in bytes (UTF-8, UTF-16 either order) and text alike; closers, comments and lone < are not', () => {
  const html = '<!doctype html><html><body><p>a < b</p><!-- c --><DIV>x</DIV><br/></body></html>';
  assert.equal(countStartTagsInText(html), 5);
  assert.equal(countStartTags(Buffer.from(html)), 5);
  assert.equal(countStartTags(Buffer.from(html, 'utf16le')), 5);
  assert.equal(countStartTags(Buffer.from(html, 'utf16le').swap16()), 5);
  assert.equal(countStartTags(Buffer.from('<')), 0);
});

test('weighPage: heavy past either mark', () => {
  const marks = { tags: 3, bytes: 100 };
  assert.deepEqual(weighPage('<p>a</p><p>b</p>', marks), { tags: 2, bytes: 16, heavy: false });
  assert.equal(weighPage('<i><i><i><i>', marks).heavy, true);
  assert.equal(weighPage(Buffer.alloc(101, 0x61), marks).heavy, true);
});

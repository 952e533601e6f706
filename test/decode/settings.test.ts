import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DECODE_NUMBERS, DEFAULT_DECODE_SETTINGS, resolveDecodeSettings } from '../../src/decode/settings.js';
import { isPithError } from '../../src/errors.js';

test('settings: each left out takes its default; keys that are no setting are ignored', () => {
  const s = resolveDecodeSettings({ linkTailShare: 0, site: 'example.com' } as never);
  assert.equal(s.linkTailShare, 0);
  assert.equal(s.titleThreshold, DEFAULT_DECODE_SETTINGS.titleThreshold);
  assert.equal(s.bodyWeight, 1);
  assert.equal(s.kindBodyWeight, true);
  assert.ok(!('site' in s));
  assert.ok(Object.isFrozen(s));
});

test('settings: the sizes on sectioned kinds default to their own values, or to the sizes the caller gives', () => {
  assert.deepEqual([DEFAULT_DECODE_SETTINGS.sectionedMinClusterShare, DEFAULT_DECODE_SETTINGS.sectionedMinClusterChars], [0.1, 60]);
  const precise = resolveDecodeSettings({ minClusterShare: 0.5, minClusterChars: 400 });
  assert.deepEqual([precise.sectionedMinClusterShare, precise.sectionedMinClusterChars], [0.5, 400]);
  assert.equal(resolveDecodeSettings({ minClusterShare: 0.5, sectionedMinClusterShare: 0.2 }).sectionedMinClusterShare, 0.2);
});

test('settings: a share outside 0..1 or a body weight that is not positive is a BAD_OPTION', () => {
  for (const bad of [{ commentBody: 1.5 }, { adBody: -1 }, { codeMinBody: Number.NaN }, { bodyWeight: 0 }, { bodyWeight: Infinity }]) {
    assert.throws(() => resolveDecodeSettings(bad), (e: unknown) => isPithError(e) && e.code === 'BAD_OPTION', JSON.stringify(bad));
  }
});

test('DECODE_NUMBERS: the numeric settings by name, for tools that take them as text', () => {
  assert.ok(DECODE_NUMBERS.includes('linkTailShare') && DECODE_NUMBERS.includes('bodyWeight'));
  assert.ok(!DECODE_NUMBERS.includes('kindBodyWeight'));
});

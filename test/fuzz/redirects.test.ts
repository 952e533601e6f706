/** A short run of the fuzz harness's redirect chains (bench/fuzz-redirects.ts): no finding, the private server never reached. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redirectCase, runRedirectCampaign } from '../../bench/fuzz-redirects.js';

test('fuzz redirect chains (80 cases, loopback): no finding, the private server never reached, every kind of ending met', { timeout: 60_000 }, async () => {
  const s = await runRedirectCampaign({ seed: 7, cases: 80 });
  assert.deepEqual(s.findings, []);
  assert.equal(s.secretHits, 0);
  for (const k of ['ok', 'URL_NOT_ALLOWED', 'FETCH_FAILED']) assert.ok((s.outcomes[k] ?? 0) > 0, `${k}: ${JSON.stringify(s.outcomes)}`);
  assert.deepEqual(redirectCase(7, 3, 'http://127.0.0.2:1', 2), redirectCase(7, 3, 'http://127.0.0.2:1', 2), 'a case is the same for the same seed and index');
});

/**
 * A few hundred seeded fuzz cases through the same harness as `npm run fuzz` (bench/fuzz.ts):
 * smaller pages (<= 60 KB on disk, a sample of 16; the two fixture pages without the shared
 * corpora) and smaller growth per mutator (256 KB), same 5 s / 1 GB limits per case.
 * Every case must end with a result or a PithError: no crash, hang or memory blow-up.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPool, formatSummary, runCampaign } from '../../bench/fuzz.js';

const CI_SEED = 20_250_101;
const CI_CASES = Number(process.env.PITH_FUZZ_CASES ?? 300);

test(`fuzz: ${CI_CASES} seeded cases, no crash, hang or memory blow-up`, { timeout: 600_000 }, async (t) => {
  const pool = await buildPool({ pages: 16, seed: CI_SEED, maxFileBytes: 60_000 });
  assert.ok(pool.length > 0);
  const summary = await runCampaign({ seed: CI_SEED, cases: CI_CASES, pool, maxGrowth: 256 * 1024, timeoutMs: 5000, heapMb: 1024 });
  t.diagnostic(formatSummary(summary).split('\n').slice(0, 2).join('; '));
  assert.equal(summary.cases, CI_CASES);
  const findings = summary.findings.map((r) => `#${r.index} ${r.outcome.kind}: ${r.chain.join(' > ')} (${r.outcome.error ?? ''})`);
  assert.deepEqual(findings, [], formatSummary(summary));
});

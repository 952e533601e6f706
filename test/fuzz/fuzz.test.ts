/**
 * A smoke of `npm run fuzz`: the first seeded cases of the campaign `npm run fuzz -- --quick`
 * runs in full (300 cases over 16 pool pages of <= 60 KB, 256 KB of growth per mutator; the
 * two fixture pages without the shared corpora), through the same harness (bench/fuzz.ts).
 * Every case must end with a result or a PithError: no crash, hang or memory blow-up. A hang
 * is CPU time, and the limit is a guard against endless work, not a speed target: 20 s of CPU
 * where a case takes well under one, so a loaded machine cannot turn a slow case into a hang.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPool, formatSummary, QUICK, runCampaign } from '../../bench/fuzz.js';

const SMOKE_CASES = Number(process.env.PITH_FUZZ_CASES ?? 40);

test(`fuzz: the first ${SMOKE_CASES} cases of npm run fuzz -- --quick, no crash, hang or memory blow-up`, { timeout: 600_000 }, async (t) => {
  const pool = await buildPool({ pages: QUICK.pages, seed: QUICK.seed, maxFileBytes: QUICK.maxPageBytes });
  assert.ok(pool.length > 0);
  const summary = await runCampaign({ seed: QUICK.seed, cases: SMOKE_CASES, pool, maxGrowth: QUICK.maxGrowthKb * 1024, timeoutMs: 20_000, heapMb: 1024 });
  t.diagnostic(formatSummary(summary).split('\n').slice(0, 2).join('; '));
  assert.equal(summary.cases, SMOKE_CASES);
  const findings = summary.findings.map((r) => `#${r.index} ${r.outcome.kind}: ${r.chain.join(' > ')} (${r.outcome.error ?? ''})`);
  assert.deepEqual(findings, [], formatSummary(summary));
});

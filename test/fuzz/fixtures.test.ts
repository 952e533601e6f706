/**
 * Hostile inputs as regression fixtures, each run through the full extraction and every writer
 * in a fuzz worker (1 GB heap): it must end with a result or a PithError. The limit is 20 s of
 * CPU time, a guard against endless work, not a speed target: CPU time, so a loaded machine
 * does not read as a hang; their growth with size is checked by test/complexity/.
 * - the known shapes (bench/fuzz.ts SHAPES) at a twentieth of their full size, generated here,
 *   never committed; `npm run fuzz -- --shapes` runs them at full size. A smaller scale proves
 *   as much here: no size the suite can afford reaches the CPU limit, so what this catches is
 *   a crash, a non-PithError or a blow-up of memory, not slowness (growth is test/complexity/'s);
 * - small hand-minimised reproducers of fuzz findings: test/fixtures/fuzz/*.html
 *   (test/fixtures/fuzz/README.md says where each came from).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { CaseRunner, SHAPES, caseRandom, type CaseOutcome } from '../../bench/fuzz.js';
import { fixture } from '../helpers/paths.js';

const SCALE = 0.05;
const runner = new CaseRunner({ timeoutMs: 20_000, heapMb: 1024 });
after(() => runner.close());

function assertHandled(o: CaseOutcome, what: string): void {
  assert.ok(o.kind === 'ok' || o.kind === 'pith-error', `${what}: ${o.kind} after ${Math.round(o.ms)} ms${o.error ? ` (${o.error})` : ''}`);
}

for (const [k, shape] of SHAPES.entries()) {
  test(`fuzz shape ${shape.name} (a twentieth of full size) is extracted within 20 s of CPU and 1 GB`, async () => {
    const bytes = shape.build(SCALE, caseRandom(0, k));
    assertHandled(await runner.run(bytes), `${shape.name} (${bytes.length} bytes)`);
  });
}

const dir = fixture('fuzz');
for (const name of readdirSync(dir).filter((f) => f.endsWith('.html')).sort()) {
  test(`fuzz fixture ${name} is extracted within 20 s of CPU and 1 GB`, async () => {
    const bytes = new Uint8Array(readFileSync(`${dir}/${name}`));
    assertHandled(await runner.run(bytes), name);
  });
}

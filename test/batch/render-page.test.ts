/**
 * `renderPagesToCache` (pith render) with real Chromium behind launchers that count or refuse
 * starts: a browser that will not start again after a hang loses only the pages it would have
 * drawn, and a page's time leaves out the browser's start-up. Skips without Chromium.
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPagesToCache } from '../../src/batch/render-page.js';
import { findChromium } from '../../src/render/renderer.js';
import { systemClock, type Clock } from '../../src/util/clock.js';

const PAGE = '<html><body><h1>Bridge</h1><p>The old bridge over the river reopened on Monday after two years.</p></body></html>';

async function chromiumOrSkip(t: TestContext): Promise<string | undefined> {
  const real = findChromium();
  try {
    await import('playwright-core');
  } catch {
    t.skip('no playwright-core');
    return undefined;
  }
  if (!real) t.skip('no Chromium');
  return real;
}

/** A Chromium that logs each start in `log`, then runs the real one while `starts` allows (later starts exit at once). */
function launcher(dir: string, real: string, starts = Infinity): { chromium: string; launches: () => number } {
  const log = join(dir, 'launches.log');
  const path = join(dir, 'chromium.sh');
  const limit = Number.isFinite(starts) ? `[ "$(wc -l < '${log}')" -gt ${starts} ] && exit 1\n` : '';
  writeFileSync(path, `#!/bin/sh\necho start >> '${log}'\n${limit}exec '${real}' "$@"\n`);
  chmodSync(path, 0o755);
  return { chromium: path, launches: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0) };
}

function pagesIn(dir: string, pages: Record<string, string>): string[] {
  const root = join(dir, 'pages');
  mkdirSync(root);
  return Object.entries(pages).map(([name, html]) => {
    writeFileSync(join(root, name), html);
    return join(root, name);
  });
}

test('a browser that will not start again after a page hangs loses only the pages it would draw', { timeout: 90_000 }, async (t) => {
  const real = await chromiumOrSkip(t);
  if (!real) return;
  const dir = mkdtempSync(join(tmpdir(), 'pith-render-relaunch-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const files = pagesIn(dir, { 'hang.html': '<p>loop</p><script>for(;;){}</script>', 'a.html': PAGE, 'b.html': PAGE.replace('Monday', 'Tuesday') });
  const { chromium, launches } = launcher(dir, real, 1);
  const summary = await renderPagesToCache(files, join(dir, 'layouts'), { chromium, scripts: true, timeoutMs: 1_000 });
  assert.equal(summary.rendered, 0);
  assert.deepEqual(summary.failed.map((f) => [f.path, f.code]), files.map((f) => [f, 'RENDER_FAILED']), 'every page listed, the run not stopped');
  assert.match(summary.failed[1]!.message, /Chromium did not start/);
  assert.equal(launches(), 3, 'the browser started once, then each later page tried again');
});

test("a page's time leaves out the browser's start-up", { timeout: 90_000 }, async (t) => {
  const real = await chromiumOrSkip(t);
  if (!real) return;
  const dir = mkdtempSync(join(tmpdir(), 'pith-render-clock-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const files = pagesIn(dir, { 'a.html': PAGE });
  const { chromium, launches } = launcher(dir, real);
  // Moves an hour with each browser start and stands still otherwise: a page's time is an hour
  // for each start counted in it.
  const clock: Clock = { now: () => launches() * 3_600_000, sleep: systemClock.sleep };
  const summary = await renderPagesToCache(files, join(dir, 'layouts'), { chromium, clock });
  assert.equal(summary.rendered, 1, JSON.stringify(summary.failed));
  assert.equal(launches(), 1);
  assert.equal(summary.medianMs, 0, 'the start-up is not in the page time');
});

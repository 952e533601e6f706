/**
 * `pith render`, `pith extract --render / --layouts` and `pith batch --render` through the real
 * CLI and real Chromium: layouts cached by the page's bytes, read back instead of rendering
 * again, a page that hangs or is not HTML listed and the run going on. Skips without Chromium.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';
import { findChromium } from '../../src/render/renderer.js';
import { layoutKey } from '../../src/render/layout.js';
import { layoutFileName } from '../../src/render/cache.js';

const bin = join(repoRoot, 'bin', 'pith.js');
const pith = (args: string[], env: NodeJS.ProcessEnv = process.env): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 90_000, env });

/** Live processes (not yet-to-be-reaped zombies) carrying `marker` in their environment: what a batch run with it left behind. */
function processesMarked(marker: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/\) Z /.test(stat)) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').includes(marker)) out.push(pid);
    } catch {
      /* gone, or not ours */
    }
  }
  return out;
}

/** A Chromium that notes each start in `log` before running the real one: what `PITH_CHROMIUM` points at to count browser launches. */
function countingChromium(dir: string, real: string): { env: NodeJS.ProcessEnv; launches: () => number } {
  const log = join(dir, 'launches.log');
  const launcher = join(dir, 'counting-chromium.sh');
  writeFileSync(launcher, `#!/bin/sh\necho start >> '${log}'\nexec '${real}' "$@"\n`);
  chmodSync(launcher, 0o755);
  return { env: { ...process.env, PITH_CHROMIUM: launcher }, launches: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0) };
}

const ARTICLE = `<html><head><title>Bridge story</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>The bridge reopens after two years</h1>
<p>The old bridge over the river reopened on Monday after two years of repairs, the city said in a statement.</p>
<p>Traffic is expected to return to normal within a week, according to the transport office of the city.</p></article>
<footer>Copyright 2026 Example News</footer></body></html>`;

test('pith render caches layouts; extract and batch use them', { timeout: 180_000 }, async (t) => {
  if (!findChromium()) {
    t.skip('no Chromium');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pith-render-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  writeFileSync(join(pages, 'a.html'), ARTICLE);
  writeFileSync(join(pages, 'b.html'), ARTICLE.replace('Monday', 'Tuesday'));
  writeFileSync(join(pages, 'binary.html'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]));
  const layouts = join(dir, 'layouts');

  const r = pith(['render', pages, '-o', layouts, '--json']);
  assert.equal(r.status, 3, `one page is not HTML: exit 3 (${r.stderr})`);
  const summary = JSON.parse(r.stdout) as { rendered: number; failed: { code: string }[]; minMapped: number };
  assert.equal(summary.rendered, 2);
  assert.deepEqual(summary.failed.map((f) => f.code), ['NOT_HTML']);
  assert.equal(summary.minMapped, 1);
  const names = readdirSync(layouts).sort();
  assert.deepEqual(names, [layoutFileName(layoutKey(readFileSync(join(pages, 'a.html')))), layoutFileName(layoutKey(readFileSync(join(pages, 'b.html'))))].sort());

  // Every page cached (the binary one fails before drawing): no browser is started at all.
  const counted = countingChromium(dir, findChromium()!);
  const again = pith(['render', pages, '-o', layouts, '--json'], counted.env);
  assert.equal((JSON.parse(again.stdout) as { cached: number }).cached, 2, 'rendered pages are not drawn again');
  const cachedExtract = pith(['extract', join(pages, 'a.html'), '--layouts', layouts, '--render'], counted.env);
  assert.equal(cachedExtract.status, 0, cachedExtract.stderr);
  const cachedBatch = pith(['batch', pages, '--render', '--layouts', layouts, '--out', join(dir, 'cached.jsonl'), '--workers', '1'], counted.env);
  assert.equal(cachedBatch.status, 4, `only the binary page fails: ${cachedBatch.stderr}`);
  assert.equal(counted.launches(), 0, 'a run whose layouts are all cached starts no Chromium');

  // A damaged cache entry: refused by name without a browser, drawn again (and replaced) with one.
  const entry = join(layouts, layoutFileName(layoutKey(readFileSync(join(pages, 'b.html')))));
  writeFileSync(entry, 'garbage');
  const damaged = pith(['extract', join(pages, 'b.html'), '--layouts', layouts]);
  assert.equal(damaged.status, 3);
  assert.match(damaged.stderr, /not a pith layout/);
  // The one `extract --render` of this test (each starts a Chromium), styled too so that one
  // browser serves both: drawn, extracted, cached, and written with the page's own look.
  const redrawn = pith(['extract', join(pages, 'b.html'), '--layouts', layouts, '--render', '--format', 'html', '--styled'], counted.env);
  assert.equal(redrawn.status, 0, redrawn.stderr);
  assert.equal(counted.launches(), 1, 'a page not cached starts the browser, once (the counter counts)');
  assert.match(redrawn.stdout, /^<!doctype html>/);
  assert.match(redrawn.stdout, /<h1 style="[^"]*font-size:32px[^"]*">The bridge reopens after two years<\/h1>/);
  assert.match(redrawn.stdout, /reopened on Tuesday/);
  assert.doesNotMatch(redrawn.stdout, /Copyright|<script/);
  assert.equal(pith(['extract', join(pages, 'b.html'), '--layouts', layouts]).status, 0, 'the entry was replaced');

  const fromCache = pith(['extract', join(pages, 'a.html'), '--layouts', layouts, '--format', 'json']);
  assert.equal(fromCache.status, 0, fromCache.stderr);
  const plain = pith(['extract', join(pages, 'a.html'), '--format', 'json']);
  for (const out of [fromCache, plain]) {
    const j = JSON.parse(out.stdout) as { title: string; body: string };
    assert.equal(j.title, 'The bridge reopens after two years');
    assert.match(j.body, /reopened on Monday/);
    assert.doesNotMatch(j.body, /Copyright/);
  }

  const out = join(dir, 'out.jsonl');
  const marker = `PITH_RENDER_TEST_MARK=${process.pid}-${Date.now()}`;
  const batch = pith(['batch', pages, '--render', '--out', out, '--workers', '2'], { ...process.env, [marker.split('=')[0]!]: marker.split('=')[1]! });
  assert.equal(batch.status, 4, `the binary page fails (exit 4), the others are extracted: ${batch.stderr}`);
  const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; title?: string; error?: { code: string } });
  assert.deepEqual(lines.map((l) => l.id).sort(), ['a', 'b', 'binary']);
  assert.equal(lines.find((l) => l.id === 'a')!.title, 'The bridge reopens after two years');
  assert.equal(lines.find((l) => l.id === 'binary')!.error!.code, 'NOT_HTML');
  let left = processesMarked(marker);
  for (let k = 0; k < 30 && left.length > 0; k++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = processesMarked(marker);
  }
  assert.deepEqual(left, [], 'no browser (nor anything else the batch started) outlives it');

  const bad = pith(['extract', join(pages, 'a.html'), '--styled']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--styled needs --format html/);
});

test('pith experiment rendered and pith render refuse bad usage clearly', () => {
  const noLayouts = pith(['experiment', 'rendered']);
  assert.equal(noLayouts.status, 2);
  assert.match(noLayouts.stderr, /needs --layouts/);
  const noOut = pith(['render', 'x']);
  assert.equal(noOut.status, 2);
  assert.match(noOut.stderr, /-o <layouts-dir>/);
  const badViewport = pith(['render', 'x', '-o', join(tmpdir(), 'never'), '--viewport', 'big']);
  assert.equal(badViewport.status, 2);
  assert.match(badViewport.stderr, /--viewport must look like 1280x800/);
});


test('batch --render --layouts with a Chromium that will not start stops with RENDER_FAILED (exit 3)', { timeout: 60_000 }, async (t) => {
  try {
    await import('playwright-core');
  } catch {
    t.skip('no playwright-core');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pith-render-unstartable-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  for (const name of ['a', 'b', 'c']) writeFileSync(join(pages, `${name}.html`), ARTICLE.replace('Monday', name));
  const env: NodeJS.ProcessEnv = { ...process.env, PITH_CHROMIUM: '/bin/false' };
  // Nothing cached: the first page drawn finds the browser will not start, and the batch stops.
  const r = pith(['batch', pages, '--render', '--layouts', join(dir, 'layouts'), '--out', join(dir, 'out.jsonl'), '--workers', '2'], env);
  assert.equal(r.status, 3, `a browser that will not start is fatal, not a page's error: ${r.stderr}`);
  assert.match(r.stderr, /Chromium did not start/);
});

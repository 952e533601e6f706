/**
 * What one page costs to start: `pith extract` loads only the extraction's modules (no queue,
 * browser, service, learner or corpus code), and a small `pith batch` runs in one process,
 * without re-running Node and without a worker thread; a larger one's workers load the CLI
 * bundle as its main thread does. The modules are seen through a module
 * loader hook that writes every URL it loads to a file (the CLI bundle's own modules, which
 * no loader sees, are checked in bundle.test.ts).
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixture, repoRoot } from '../helpers/paths.js';

const LOAD_LOG_HOOK = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) { appendFileSync(process.env.PITH_MODULE_LOG, url + '\\n'); return next(url, context); }`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(LOAD_LOG_HOOK)}`)});`;

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'pith-startup-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `script` (bin/pith.js, or -e CODE) with the hook; the URLs of the modules it loaded, in order (its re-run's too). */
function modulesLoaded(dir: string, script: readonly string[], args: readonly string[]): { status: number | null; stderr: string; urls: string[] } {
  const log = join(dir, `modules-${Math.random().toString(36).slice(2)}.log`);
  const run = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, ...script, ...args], {
    encoding: 'utf8', env: { ...process.env, PITH_MODULE_LOG: log },
  });
  let urls: string[] = [];
  try {
    urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } catch {
    // no module loaded at all: the assertions below say so
  }
  return { status: run.status, stderr: run.stderr, urls };
}

/** Code `pith extract` on a file never needs. */
const NOT_FOR_EXTRACT = [/\/node_modules\/(bullmq|ioredis|playwright-core|warcio)\//, /\/src\/(queue|service|annotate|corpus|learn|trainers|wrapper|experiments|eval)\//, /\/src\/render\/renderer\.js$/, /\/src\/dom\/fetch\.js$/, /\/src\/cli\/commands\/(?!extract\.js)/];

const BIN = [join(repoRoot, 'bin', 'pith.js')];
/** The CLI from dist/ as ES modules, as bin/pith.js runs it without a fresh bundle. */
const ES_MODULES = ['--input-type=module', '-e', `const { main } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, 'dist', 'src', 'cli', 'main.js')).href)}); process.exitCode = await main(process.argv.slice(1));`];

test('pith extract FILE loads the extraction and none of the queue, browser, network, learner or corpus modules', (t) => {
  const dir = tempDir(t);
  const { status, stderr, urls } = modulesLoaded(dir, ES_MODULES, ['extract', fixture('pages', 'news-article.html'), '--format', 'json', '-o', join(dir, 'out.json')]);
  assert.equal(status, 0, stderr);
  assert.ok(urls.some((u) => u.endsWith('/src/pipeline/extract.js')), 'the hook sees the modules loaded');
  assert.ok(urls.some((u) => u.endsWith('/src/cli/commands/extract.js')));
  assert.deepEqual(urls.filter((u) => NOT_FOR_EXTRACT.some((re) => re.test(u))), []);
  const again = modulesLoaded(dir, ES_MODULES, ['extract', fixture('pages', 'news-article.html'), '--format', 'json', '--lists']);
  assert.equal(again.status, 0, again.stderr);
  assert.ok(again.urls.some((u) => u.endsWith('/src/pipeline/lists.js')), '--lists loads the list model code when asked');
});

test('a small pith batch runs in one process without a worker thread; a batch asking for a time limit re-runs Node and uses workers', (t) => {
  const dir = tempDir(t);
  copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'news.html'));
  const launches = (urls: readonly string[]) => urls.filter((u) => u.endsWith('/bin/pith.js')).length;
  const small = modulesLoaded(dir, BIN, ['batch', join(dir, 'news.html'), '--out', join(dir, 'small.jsonl')]);
  assert.equal(small.status, 0, small.stderr);
  assert.equal(launches(small.urls), 1, 'no re-run with --single-threaded-gc');
  assert.ok(!small.urls.some((u) => u.endsWith('/src/batch/batch-worker.js')), 'no worker thread module');
  const guarded = modulesLoaded(dir, BIN, ['batch', join(dir, 'news.html'), '--out', join(dir, 'guarded.jsonl'), '--page-timeout', '30']);
  assert.equal(guarded.status, 0, guarded.stderr);
  assert.equal(launches(guarded.urls), 2, 'the re-run loads the launcher again');
  // The CLI runs from its bundle, so its worker does too: no module of the extraction through the ES loader.
  assert.ok(guarded.urls.some((u) => u.endsWith('/src/cli/bundle-worker.js')), 'the worker starts from the bundle');
  assert.deepEqual(guarded.urls.filter((u) => /\/src\/(batch\/batch-worker|pipeline\/extract)\.js$/.test(u)), []);
  assert.equal(readFileSync(join(dir, 'small.jsonl'), 'utf8'), readFileSync(join(dir, 'guarded.jsonl'), 'utf8'));
});

/**
 * The CLI bundle (scripts/bundle-cli.ts, built by `npm run build`): `pith extract` from it
 * writes what the ES modules of dist/ write, byte for byte; it runs none of the queue,
 * browser, network, learner or corpus modules for a page file; and bin/pith.js uses it only
 * for its commands and only while it is newer than dist/. `pith batch`'s worker threads start
 * from it (with its code cache) when the CLI runs from it, and give the lines the ES modules give.
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_COMMANDS, bundledMain as bundledMainUnder, bundleFiles, bundleServes, bundleWorkerModule, bundleWorkerModuleUnder, loadCliBundleFrom } from '../../src/cli/bundle-loader.js';
import { BATCH_FIELDS } from '../../src/batch/batch-fields.js';
import { WorkerPool } from '../../src/util/worker-pool/pool.js';
import { openPageHandler, type PageHandlerInit, type PageMessage, type PageReply } from '../../src/batch/batch-page.js';
import { bundledModelPath, loadExtractionModel } from '../../src/pipeline/extract.js';
import { main as esMain } from '../../src/cli/main.js';
import type { CommandIO } from '../../src/cli/command.js';
import { fixture, repoRoot } from '../helpers/paths.js';

type Main = (argv: readonly string[], io?: CommandIO) => Promise<number>;

/** Runs a CLI `main` with its output caught. */
async function runCaught(main: Main, argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { out: [] as Buffer[], err: [] as Buffer[] };
  stdout.on('data', (c: Buffer) => chunks.out.push(c));
  stderr.on('data', (c: Buffer) => chunks.err.push(c));
  const code = await main(argv, { stdout, stderr, stdin: new PassThrough() });
  return { code, stdout: Buffer.concat(chunks.out).toString('utf8'), stderr: Buffer.concat(chunks.err).toString('utf8') };
}

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'pith-bundle-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('the bundle is built, fresh, and serves extract and batch only', () => {
  for (const command of BUNDLE_COMMANDS) assert.ok(bundleServes(repoRoot, command), `${command}: run npm run build (the bundle is missing or older than dist/)`);
  for (const command of ['train', 'queue', 'serve', undefined]) assert.equal(bundleServes(repoRoot, command), false, String(command));
});

test('pith extract from the bundle writes what the ES modules write, for every fixture page (and XML, TEI and text on one)', async () => {
  const bundle = loadCliBundleFrom(repoRoot, { withCache: true });
  const bundledMain = (bundle.load('dist/src/cli/main.js') as { main: Main }).main;
  const pages = readdirSync(fixture('pages')).filter((f) => f.endsWith('.html')).sort();
  assert.ok(pages.length >= 5);
  // JSON carries every rendering (text, Markdown, HTML, metadata); XML and TEI are their own, on one page.
  const runs = [...pages.map((page) => [page, 'json']), ['news-article.html', 'xml'], ['news-article.html', 'tei'], ['news-article.html', 'text']];
  for (const [page, format] of runs) {
    const argv = ['extract', fixture('pages', page!), '--format', format!, '--url', 'https://example.com/a/page'];
    const [fromBundle, fromModules] = [await runCaught(bundledMain, argv), await runCaught(esMain, argv)];
    assert.deepEqual(fromBundle, fromModules, `${page} --format ${format}`);
  }
  const bad = ['extract', fixture('pages', 'no-such-page.html')];
  assert.deepEqual(await runCaught(bundledMain, bad), await runCaught(esMain, bad), 'errors too');
});

test('pith extract FILE from the bundle runs no queue, browser, network, learner or corpus module', async (t) => {
  const dir = tempDir(t);
  const bundle = loadCliBundleFrom(repoRoot, { withCache: true });
  const bundledMain = (bundle.load('dist/src/cli/main.js') as { main: Main }).main;
  const run = await runCaught(bundledMain, ['extract', fixture('pages', 'news-article.html'), '--format', 'json', '-o', join(dir, 'out.json')]);
  assert.equal(run.code, 0, run.stderr);
  const ids = bundle.loadedIds();
  assert.ok(ids.includes('dist/src/pipeline/extract.js') && ids.some((id) => id.includes('/parse5/')), 'the extraction and parse5 come from the bundle');
  const unwanted = /^dist\/src\/(queue|service|annotate|corpus|learn|trainers|wrapper|experiments|eval)\/|^dist\/src\/render\/renderer\.js$|^dist\/src\/dom\/fetch\.js$|^dist\/src\/cli\/commands\/(?!extract\.js)|(bullmq|ioredis|playwright-core|warcio)/;
  assert.deepEqual(ids.filter((id) => unwanted.test(id)), []);
});

/** A package root holding a dist/ built at time 1 000 000 and the given bundle files beside it. */
function fakeBuild(t: TestContext, manifest: object, bundle: string): { root: string; files: ReturnType<typeof bundleFiles>; main: string } {
  const root = tempDir(t);
  const files = bundleFiles(root);
  mkdirSync(join(root, 'dist', 'src', 'cli'), { recursive: true });
  writeFileSync(files.manifest, JSON.stringify(manifest));
  writeFileSync(files.bundle, bundle);
  const main = join(root, 'dist', 'src', 'cli', 'main.js');
  writeFileSync(main, '');
  utimesSync(main, new Date(1_000_000), new Date(1_000_000));
  return { root, files, main };
}

test('a bundle older than dist/ (a later tsc run) is not used', (t) => {
  const { root, files, main } = fakeBuild(t, { commands: ['extract'], modules: 0 }, '(function () { return {}; })');
  utimesSync(files.bundle, new Date(2_000_000), new Date(2_000_000));
  assert.equal(bundleServes(root, 'extract'), true);
  assert.equal(bundleServes(root, 'batch'), false, 'not in its manifest');
  utimesSync(main, new Date(3_000_000), new Date(3_000_000));
  assert.equal(bundleServes(root, 'extract'), false);
  writeFileSync(files.manifest, 'not json');
  utimesSync(main, new Date(1_000_000), new Date(1_000_000));
  assert.equal(bundleServes(root, 'extract'), false, 'a broken manifest: the ES modules');
  assert.equal(readFileSync(files.bundle, 'utf8').length > 0, true);
});

test('a damaged bundle is said once and the ES modules serve instead', (t) => {
  const { root } = fakeBuild(t, { commands: ['extract'], modules: 1 },
    '(function () { return { "dist/src/cli/main.js": [{}, function (exports) { exports.main = 1; }] }; })) cut short (');
  const warnings: string[] = [];
  assert.equal(bundledMainUnder(root, 'extract', (line) => warnings.push(line)), undefined);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /the CLI bundle could not be loaded .*running from dist\/ instead/);
});

test('a batch worker started from the bundle uses its code cache and answers every page as the ES modules do', async (t) => {
  const init: PageHandlerInit = { modelPath: bundledModelPath(), withBlocks: true, keepComments: false, fields: BATCH_FIELDS };
  const pool = new WorkerPool<PageMessage, PageReply>({ module: bundleWorkerModuleUnder(repoRoot), size: 1, workerData: init });
  t.after(() => pool.close());
  await pool.start();
  assert.deepEqual(pool.info, { loadedFrom: 'bundle', codeCache: 'used' }, 'the worker loaded the bundle, and V8 took its code cache');
  const here = await openPageHandler(init, await loadExtractionModel(init.modelPath));
  const pages = readdirSync(fixture('pages')).filter((f) => f.endsWith('.html')).sort();
  const tasks: PageMessage[] = [
    ...pages.map((page) => ({ id: page, path: fixture('pages', page) })),
    { id: 'missing', path: fixture('pages', 'no-such-page.html') },
    { id: 'in-memory', bytes: new TextEncoder().encode('<title>T</title><p>Some words of a body.</p>'), url: 'https://example.com/x' },
  ];
  for (const task of tasks) assert.deepEqual(await pool.run(task), await here.handle(task), task.id);
  await here.close();
});

// Last: it marks this process as running the CLI from the bundle.
test('the CLI starts its batch workers from the bundle only when it runs from the bundle', () => {
  assert.equal(bundleWorkerModule(), undefined, 'the ES modules: workers from batch-worker.js');
  assert.ok(bundledMainUnder(repoRoot, 'batch'));
  assert.equal(bundleWorkerModule()?.href, bundleWorkerModuleUnder(repoRoot).href);
});

/**
 * The package as a user gets it: `npm pack`, installed into a scratch project (once for this
 * file: both tests read the same install), then
 * - `import { extract } from 'pith'` from JavaScript, a TypeScript check of the same call
 *   against the shipped types, and the `pith` binary;
 * - `npm install pith` for the library pulls no browser, queue, Redis or WARC packages (they are
 *   optional peers); the commands that need them say what to install (issue 61, item 8).
 * Dependencies come from npm's cache (`npm ci` filled it), so the test needs no network.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { repoRoot } from '../helpers/paths.js';
import { packAndInstall, run } from '../helpers/pack.js';

/** One pack and install for the file (each is ~3 s of CPU); removed after the last test. */
const installed = packAndInstall('pith-pack-');
installed.catch(() => undefined); // each test awaits it and fails with its error
after(async () => {
  const { dir } = await installed.catch(() => ({ dir: undefined }));
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

const OPTIONAL = ['bullmq', 'ioredis', 'playwright-core', 'warcio'];
const MAX_INSTALL_BYTES = 15 * 1024 * 1024;

/** Bytes of the regular files under a folder (links not followed). */
async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += await treeBytes(p);
    else if (e.isFile()) total += (await stat(p)).size;
  }
  return total;
}

/** Runs a command that is expected to fail; its exit code and stderr. */
async function failing(file: string, args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  try {
    await run(file, args, { cwd });
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, stderr: err.stderr };
  }
  assert.fail(`${args.join(' ')} succeeded`);
}

/** The first `node_modules` above the scratch project holding one of the optional packages: Node would find them there, so their absence cannot be seen. */
function optionalAbove(project: string): string | undefined {
  for (let dir = dirname(project); ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    if (OPTIONAL.some((name) => existsSync(join(modules, name)))) return modules;
    if (dirname(dir) === dir) return undefined;
  }
}

test('the packed library installs under 15 MB without the optional packages, and their commands say what to install', { timeout: 180_000 }, async (t) => {
  const { project } = await installed;
  const above = optionalAbove(project);
  if (above !== undefined) {
    t.skip(`${above} holds optional packages Node resolves from the scratch project (set TMPDIR to a folder with none above it)`);
    return;
  }
  const modules = join(project, 'node_modules');
  const names = (await readdir(modules)).filter((n) => !n.startsWith('.'));
  for (const name of OPTIONAL) assert.ok(!names.includes(name), `${name} is not installed with pith`);
  const bytes = await treeBytes(modules);
  assert.ok(bytes < MAX_INSTALL_BYTES, `installed ${(bytes / 1048576).toFixed(1)} MB`);

  await writeFile(join(project, 'light.mjs'), `
import { extract } from 'pith';
const a = await extract('<article><h1>Light</h1><p>' + 'Words of an ordinary paragraph of prose. '.repeat(8) + '</p></article>');
console.log(JSON.stringify({ found: a.found, title: a.title }));
`);
  const { stdout } = await run(process.execPath, ['light.mjs'], { cwd: project });
  assert.deepEqual(JSON.parse(stdout), { found: true, title: 'Light' });

  const pith = join(modules, '.bin', 'pith');
  const queue = await failing(pith, ['queue', 'status', '--redis', 'redis://127.0.0.1:1'], project);
  assert.equal(queue.code, 3);
  assert.match(queue.stderr, /^pith queue needs bullmq and ioredis: npm install bullmq ioredis$/m);
  const worker = await failing(pith, ['worker', '--redis', 'redis://127.0.0.1:1'], project);
  assert.match(worker.stderr, /^pith worker needs bullmq and ioredis: npm install bullmq ioredis$/m);
  const help = await run(pith, ['--help'], { cwd: project });
  assert.match(help.stdout, /queue +\(unavailable: pith queue needs bullmq and ioredis: npm install bullmq ioredis\)/);

  await writeFile(join(project, 'crawl.warc'), '');
  const warc = await failing(pith, ['batch', 'crawl.warc', '--out', 'out.jsonl'], project);
  assert.match(warc.stderr, /reading WARC files needs warcio: npm install warcio/);
  // HTML files need none of them.
  await writeFile(join(project, 'page.html'), '<h1>Batch headline</h1><p>' + 'Text of the page that the batch reads. '.repeat(8) + '</p>');
  await run(pith, ['batch', 'page.html', '--out', 'pages.jsonl', '--workers', '1'], { cwd: project });
});

test('npm pack -> install -> import { extract } from "pith", typed, and the pith binary', { timeout: 180_000 }, async () => {
  const { project } = await installed;
  await writeFile(join(project, 'use.mjs'), `
import { extract, loadModel } from 'pith';
const html = '<html><head><title>T | Site</title></head><body><nav><a href="/">Home</a></nav><article><h1>A headline here</h1>' +
  '<p>' + 'Words of an ordinary paragraph of prose in a story. '.repeat(6) + '</p></article></body></html>';
const a = await extract(html, { url: 'https://example.com/x', favor: 'balanced' });
const again = await extract(html, { model: await loadModel() });
console.log(JSON.stringify({ found: a.found, title: a.title, words: a.body.split(' ').length, same: again.body === a.body }));
`);
  const { stdout } = await run(process.execPath, ['use.mjs'], { cwd: project });
  const out = JSON.parse(stdout) as { found: boolean; title: string; words: number; same: boolean };
  assert.deepEqual(out, { found: true, title: 'A headline here', words: out.words, same: true });
  assert.ok(out.words >= 50);

  await writeFile(join(project, 'use.ts'), `
import { extract, type Extraction, type ExtractionOptions } from 'pith';
const options: ExtractionOptions = { favor: 'precision', includeTables: false };
const a: Extraction = await extract('<p>x</p>', options);
const title: string = a.title;
const dir: 'ltr' | 'rtl' = a.metadata.dir;
export { title, dir };
`);
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  await run(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', 'use.ts'], { cwd: project });

  await writeFile(join(project, 'page.html'), '<h1>Bin headline</h1><p>' + 'Text of the page that the binary reads. '.repeat(8) + '</p>');
  const bin = await run(join(project, 'node_modules', '.bin', 'pith'), ['extract', 'page.html', '--format', 'json'], { cwd: project });
  assert.equal((JSON.parse(bin.stdout) as { title: string }).title, 'Bin headline');
});

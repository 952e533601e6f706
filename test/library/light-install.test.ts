/**
 * `npm install pith` for the library pulls no browser, queue, Redis or WARC packages (they are
 * optional peers); the commands that need them say what to install (issue 61, item 8).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packAndInstall, run } from '../helpers/pack.js';

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

test('the packed library installs under 15 MB without the optional packages, and their commands say what to install', { timeout: 180_000 }, async () => {
  const { dir, project } = await packAndInstall('pith-light-');
  try {

    const modules = join(project, 'node_modules');
    const installed = (await readdir(modules)).filter((n) => !n.startsWith('.'));
    for (const name of OPTIONAL) assert.ok(!installed.includes(name), `${name} is not installed with pith`);
    const bytes = await treeBytes(modules);
    assert.ok(bytes < MAX_INSTALL_BYTES, `installed ${(bytes / 1048576).toFixed(1)} MB`);

    await writeFile(join(project, 'use.mjs'), `
import { extract } from 'pith';
const a = await extract('<article><h1>Light</h1><p>' + 'Words of an ordinary paragraph of prose. '.repeat(8) + '</p></article>');
console.log(JSON.stringify({ found: a.found, title: a.title }));
`);
    const { stdout } = await run(process.execPath, ['use.mjs'], { cwd: project });
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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

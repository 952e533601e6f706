/**
 * The package as a user gets it: `npm pack`, installed into a scratch project, then
 * `import { extract } from 'pith'` from JavaScript, a TypeScript check of the same call
 * against the shipped types, and the `pith` binary. Dependencies come from npm's cache
 * (`npm ci` filled it), so the test needs no network.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';
import { packAndInstall, run } from '../helpers/pack.js';


test('npm pack -> install -> import { extract } from "pith", typed, and the pith binary', { timeout: 180_000 }, async () => {
  const { dir, project } = await packAndInstall('pith-pack-');
  try {

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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

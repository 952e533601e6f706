/**
 * `pith train PAGE --example ...`'s temporary folder (src/cli/train-examples.ts): named so a
 * leftover says what it is, and removed when a signal ends the process before training does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { EXAMPLES_DIR_PREFIX, examplesFolder } from '../../src/cli/train-examples.js';

const trainExamples = fileURLToPath(new URL('../../src/cli/train-examples.js', import.meta.url));

test('--example\'s folder is named pith-examples-* and removed by remove()', async () => {
  const root = mkdtempSync(join(tmpdir(), 'pith-train-examples-'));
  try {
    const page = join(root, 'p.html');
    writeFileSync(page, '<html><body><h1>A</h1></body></html>');
    const folder = await examplesFolder([page], { title: ['A'] });
    assert.ok(basename(folder.dir).startsWith(EXAMPLES_DIR_PREFIX));
    assert.deepEqual(readdirSync(join(folder.dir, 'fields')), ['p.json']);
    await folder.remove();
    assert.equal(existsSync(folder.dir), false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`--example's folder is removed when ${signal} ends the process before training ends, and the signal still ends it`, async () => {
    const root = mkdtempSync(join(tmpdir(), 'pith-train-examples-'));
    try {
      const page = join(root, 'p.html');
      writeFileSync(page, '<html><body><h1>A</h1></body></html>');
      // The child makes the folder, says where it is, and waits (as a long training would).
      const script = `const { examplesFolder } = await import(${JSON.stringify(trainExamples)});
        const f = await examplesFolder([${JSON.stringify(page)}], { title: ['A'] });
        process.stdout.write(f.dir + '\\n'); setInterval(() => {}, 1000);`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TMPDIR: root }, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d) => (out += String(d)));
      while (!out.includes('\n')) await once(child.stdout, 'data');
      const dir = out.trim();
      assert.ok(existsSync(join(dir, 'html', 'p.html')), 'the folder is there while the process runs');
      assert.ok(dir.startsWith(join(root, EXAMPLES_DIR_PREFIX)));
      child.kill(signal);
      const [code, killedBy] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
      assert.deepEqual([code, killedBy], [null, signal]);
      assert.equal(existsSync(dir), false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}

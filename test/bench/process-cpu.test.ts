import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { alternate, measureNodeProcess, parseTimeOutput, stagePages, sumPreloadLog, type CpuMeter } from '../../bench/process-cpu.js';

test('parseTimeOutput reads /usr/bin/time -f "%U %S %e %M" and refuses anything else', () => {
  assert.deepEqual(parseTimeOutput('Command exited with non-zero status 1\n1.25 0.50 3.10 120400\n'), { user: 1.25, sys: 0.5, wall: 3.1, maxKB: 120400 });
  assert.throws(() => parseTimeOutput('garbage'), /unexpected/);
});

test('sumPreloadLog adds every process of the tree and keeps the largest RSS', () => {
  const log = '{"pid":1,"user":1500000,"sys":250000,"maxRSS":50000}\n{"pid":2,"user":500000,"sys":0,"maxRSS":90000}\n';
  assert.deepEqual(sumPreloadLog(log), { user: 2, sys: 0.25, maxKB: 90000, processes: 2 });
});

/**
 * A process that starts a grandchild which burns CPU until it has used `ms` of its own, then
 * writes what it used: the meter must count it, as it must count `pith batch`'s re-run.
 */
const BURNING_GRANDCHILD = (ms: number, report: string): string[] => {
  const burn = `let x = 0; while ((process.cpuUsage().user + process.cpuUsage().system) / 1000 < ${ms}) x++; const u = process.cpuUsage(); require('node:fs').writeFileSync(${JSON.stringify(report)}, String((u.user + u.system) / 1e6));`;
  return ['-e', `const r = require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(burn)}], { stdio: 'inherit' }); process.exit(r.status);`];
};

const meters: CpuMeter[] = existsSync('/usr/bin/time') ? ['time', 'preload'] : ['preload'];
for (const meter of meters) {
  test(`measureNodeProcess (${meter}) counts the CPU of a grandchild process`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pith-cpu-'));
    try {
      const report = join(dir, 'grandchild.txt');
      const run = await measureNodeProcess(BURNING_GRANDCHILD(400, report), dir, meter);
      const grandchild = Number(await readFile(report, 'utf8'));
      assert.ok(grandchild >= 0.4, `the grandchild burnt ${grandchild} s`);
      assert.ok(run.cpu >= grandchild * 0.95, `measured ${run.cpu} s for a tree whose grandchild alone used ${grandchild} s`);
      assert.ok(Math.abs(run.cpu - (run.user + run.sys)) < 1e-9);
      assert.ok(run.peakMB > 10, `peak RSS ${run.peakMB} MB`);
      assert.ok(run.wall > 0);
      // The meter's own files are gone.
      assert.deepEqual((await readdir(dir)).filter((f) => f.startsWith('meter-')), []);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

test('measureNodeProcess rejects with the stderr of a process that fails', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-cpu-'));
  try {
    await assert.rejects(measureNodeProcess(['-e', 'console.error("no such page"); process.exit(3)'], dir), /no such page/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('stagePages copies files with spaces and leading dashes under plain numbered names', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-stage-'));
  try {
    const a = join(dir, '-odd name.html');
    const b = join(dir, 'b page.html.gz');
    await writeFile(a, '<p>a</p>');
    await writeFile(b, 'gz bytes');
    const staged = await stagePages([a, b], join(dir, 'staged'));
    assert.deepEqual((await readdir(staged.dir)).sort(), ['0001.html', '0002.html.gz']);
    assert.equal(await readFile(staged.paths[0]!, 'utf8'), '<p>a</p>');
    assert.equal(await readFile(staged.paths[1]!, 'utf8'), 'gz bytes');
    assert.deepEqual((await readFile(staged.list, 'utf8')).trim().split('\n'), staged.paths);
    assert.deepEqual(staged.originals, [a, b]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('alternate runs the contenders in turn, each run without a stale output, and checks the first outputs', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-alt-'));
  try {
    const order = join(dir, 'order.txt');
    const contender = (key: string) => ({
      key,
      args: (out: string) => ['-e', `const fs = require('node:fs'); fs.appendFileSync(${JSON.stringify(order)}, '${key}'); fs.appendFileSync(${JSON.stringify(out)}, '{"id":1}\\n{"id":2}\\n');`],
    });
    // A stale output (a batch run's, which a new run would resume from) is removed before the run.
    await writeFile(join(dir, 'a-0.jsonl'), '{"id":0}\n'.repeat(5));
    const checked: string[] = [];
    const runs = await alternate([contender('a'), contender('b')], 3, dir, async (key, out) => {
      checked.push(`${key}:${(await readFile(out, 'utf8')).split('\n').filter(Boolean).length}`);
    });
    assert.equal(await readFile(order, 'utf8'), 'ababab');
    assert.deepEqual(checked, ['a:2', 'b:2']);
    assert.equal(runs.get('a')!.length, 3);
    assert.equal(runs.get('b')!.length, 3);
    // Outputs are removed after each run.
    assert.deepEqual((await readdir(dir)).filter((f) => f.endsWith('.jsonl')), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

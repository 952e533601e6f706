import { test } from 'node:test';
import assert from 'node:assert/strict';
import { costPerFile, testFileOf, type ProcessRecord } from '../../bench/test-times.js';

const rec = (pid: number, ppid: number, argv: string[], cpu: number, wall = 1): ProcessRecord => ({ pid, ppid, argv, cpu, wall });

test('testFileOf names the test file under dist/test/ a process runs, and nothing for other processes', () => {
  assert.equal(testFileOf(rec(2, 1, ['/repo/dist/test/cli/render.test.js'], 0)), 'cli/render.test.js');
  assert.equal(testFileOf(rec(3, 2, ['/repo/bin/pith.js', 'batch', 'pages/'], 0)), undefined);
  assert.equal(testFileOf(rec(4, 2, ['/repo/dist/test/helpers/paths.js'], 0)), undefined, 'a helper is not a test file');
});

test('costPerFile charges every process to the nearest test file above it; the runner and orphans to none', () => {
  const records = [
    rec(1, 0, ['dist/test/'], 9),
    rec(10, 1, ['/repo/dist/test/a.test.js'], 0.5, 4),
    rec(11, 10, ['/repo/bin/pith.js', 'batch'], 0.25),
    rec(12, 11, ['/repo/bin/pith.js', 'batch', '--re-run'], 1),
    rec(20, 1, ['/repo/dist/test/sub/b.test.js'], 2, 3),
    rec(30, 999, ['/repo/dist/src/batch/batch-worker.js'], 7),
  ];
  const byFile = new Map(costPerFile(records).map((c) => [c.file, c]));
  assert.deepEqual([...byFile.keys()].sort(), ['a.test.js', 'sub/b.test.js']);
  assert.deepEqual(byFile.get('a.test.js'), { file: 'a.test.js', wall: 4, ownCpu: 0.5, spawnedCpu: 1.25, spawned: 2 });
  assert.deepEqual(byFile.get('sub/b.test.js'), { file: 'sub/b.test.js', wall: 3, ownCpu: 2, spawnedCpu: 0, spawned: 0 });
});

test('costPerFile stops on a loop of parent ids instead of hanging', () => {
  const records = [rec(5, 6, ['x'], 1), rec(6, 5, ['y'], 1)];
  assert.deepEqual(costPerFile(records), []);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpuMsNow, cpuMsOf, median } from '../../bench/cpu-time.js';

test('median: middle value, mean of the middle two, NaN for none', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
});

test('cpuMsOf counts the CPU the work spent, as two cpuMsNow readings around it do', () => {
  // Work that runs until this process has spent 30 ms more CPU: both meters must see at least that.
  const burn = (ms: number) => () => {
    const until = cpuMsNow() + ms;
    let x = 0;
    while (cpuMsNow() < until) x++;
    return x;
  };
  const before = cpuMsNow();
  const spent = cpuMsOf(burn(30));
  const after = cpuMsNow();
  assert.ok(spent >= 30, `cpuMsOf: ${spent} ms`);
  assert.ok(after - before >= spent, `readings: ${after - before} ms, cpuMsOf ${spent} ms`);
});

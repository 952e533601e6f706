import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatParamHelp, parseParamValue, resolveParams, validateParamSpecs } from '../../src/models/params.js';
import { availableAlgorithms, getTrainer } from '../../src/models/registry.js';
import type { ParamSpec } from '../../src/models/labeler.js';

const SPECS: ParamSpec[] = [
  { name: 'sigma', type: 'number', default: 10, min: 0.001, help: 'prior' },
  { name: 'iters', type: 'integer', default: 5, min: 1, max: 9, help: 'iterations' },
  { name: 'on', type: 'boolean', default: false, help: 'switch' },
  { name: 'mode', type: 'string', default: 'a', choices: ['a', 'b'], help: 'mode' },
];

test('defaults fill what is not given; strings from --set are converted', () => {
  assert.deepEqual(resolveParams(SPECS), { sigma: 10, iters: 5, on: false, mode: 'a' });
  const given = { sigma: '0.5', iters: '9', on: 'yes', mode: 'b' };
  const p = resolveParams(SPECS, given);
  assert.deepEqual(p, { sigma: 0.5, iters: 9, on: true, mode: 'b' });
  assert.ok(Object.isFrozen(p));
  assert.deepEqual(given, { sigma: '0.5', iters: '9', on: 'yes', mode: 'b' }, 'input untouched');
  assert.deepEqual(resolveParams(SPECS, { sigma: 2, on: true }), { sigma: 2, iters: 5, on: true, mode: 'a' });
});

test('type, range, choice and unknown-name errors are BAD_OPTION with the reason', () => {
  const cases: [Record<string, string | number | boolean>, RegExp][] = [
    [{ sigma: 'abc' }, /sigma.*finite number/],
    [{ sigma: '' }, /sigma/],
    [{ sigma: 0 }, /sigma.*>= 0.001/],
    [{ iters: '2.5' }, /iters.*whole number/],
    [{ iters: 10 }, /iters.*<= 9/],
    [{ iters: true }, /iters/],
    [{ on: 'maybe' }, /on.*true or false/],
    [{ mode: 'c' }, /mode.*one of a, b/],
    [{ sigam: 1 }, /unknown parameter 'sigam' \(known: sigma, iters, on, mode\)/],
    [{ sigma: 'Infinity' }, /finite/],
  ];
  for (const [given, re] of cases) assert.throws(() => resolveParams(SPECS, given), (e: any) => e.code === 'BAD_OPTION' && re.test(e.message), JSON.stringify(given));
  assert.equal(parseParamValue(SPECS[2]!, 'OFF'), false);
});

test('every registered learner declares valid parameters with help text', () => {
  assert.deepEqual(availableAlgorithms().slice(0, 3), ['crf', 'maxent', 'memm']);
  for (const name of ['crf', 'maxent', 'memm']) {
    const t = getTrainer(name);
    assert.equal(t.algorithm, name);
    validateParamSpecs(t.params);
    for (const s of t.params) assert.ok(s.help.length > 10, `${name}.${s.name} has help`);
    const help = formatParamHelp(t.params);
    assert.match(help, /sigma \(number \[0.000001, 1000000\], default 10\)/);
    assert.match(help, /c2 = 1\/\(2 sigma\^2\)/);
    assert.match(help, /history \(string \{none\|prev\|next\|both\}, default none\)/);
  }
  assert.throws(() => getTrainer('nope'), { code: 'BAD_OPTION' });
  assert.throws(() => validateParamSpecs([SPECS[0]!, SPECS[0]!]), /declared twice/);
  assert.throws(() => validateParamSpecs([{ ...SPECS[1]!, default: 0 }]), /iters/);
});

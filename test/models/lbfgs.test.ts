import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lbfgs } from '../../src/models/optim/lbfgs.js';
import { wolfeLineSearch } from '../../src/models/optim/line-search.js';
import type { Objective } from '../../src/models/optim/types.js';

const rosenbrock: Objective = (x, g) => {
  let f = 0;
  g.fill(0);
  for (let i = 0; i + 1 < x.length; i++) {
    const a = x[i + 1]! - x[i]! * x[i]!, b = 1 - x[i]!;
    f += 100 * a * a + b * b;
    g[i] += -400 * x[i]! * a - 2 * b;
    g[i + 1] += 200 * a;
  }
  return f;
};

test('L-BFGS minimises the Rosenbrock function from the classic start', () => {
  const x0 = Float64Array.from([-1.2, 1, -1.2, 1, -1.2, 1]);
  const res = lbfgs(rosenbrock, x0, { maxIterations: 500, epsilon: 1e-8, delta: 0 });
  assert.equal(res.reason, 'converged-gradient');
  for (const v of res.x) assert.ok(Math.abs(v - 1) < 1e-5, `x = ${[...res.x]}`);
  assert.ok(res.f < 1e-10);
  assert.deepEqual([...x0], [-1.2, 1, -1.2, 1, -1.2, 1], 'start point not modified');
});

test('L-BFGS solves an ill-conditioned quadratic in few iterations', () => {
  const scale = Float64Array.from({ length: 50 }, (_, i) => 1 + i * 20);
  const fn: Objective = (x, g) => {
    let f = 0;
    for (let i = 0; i < x.length; i++) { f += 0.5 * scale[i]! * (x[i]! - 3) ** 2; g[i] = scale[i]! * (x[i]! - 3); }
    return f;
  };
  const res = lbfgs(fn, new Float64Array(50), { maxIterations: 200, epsilon: 1e-10, delta: 0 });
  assert.equal(res.reason, 'converged-gradient');
  assert.ok(res.iterations < 150, `${res.iterations} iterations`);
  for (const v of res.x) assert.ok(Math.abs(v - 3) < 1e-8);
});

test('the delta test stops when progress stalls and maxIterations caps the run', () => {
  const capped = lbfgs(rosenbrock, Float64Array.from([-1.2, 1]), { maxIterations: 3, epsilon: 0, delta: 0 });
  assert.equal(capped.reason, 'max-iterations');
  assert.equal(capped.iterations, 3);
  // f = 1000 + sqrt(1 + x^2): relative progress drops below delta long before the gradient vanishes.
  const flat: Objective = (x, g) => { const r = Math.sqrt(1 + x[0]! * x[0]!); g[0] = x[0]! / r; return 1000 + r; };
  const stalled = lbfgs(flat, Float64Array.from([5]), { maxIterations: 1000, epsilon: 1e-30, delta: 1e-3, period: 1 });
  assert.equal(stalled.reason, 'converged-delta');
  assert.ok(stalled.iterations < 10);
});

test('the line search satisfies the strong Wolfe conditions and survives overflow', () => {
  // f(x) = x^2 - 4x is finite only for x < 10: a first trial far out must shrink back.
  const fn: Objective = (x, g) => {
    if (x[0]! >= 10) { g[0] = NaN; return Infinity; }
    g[0] = 2 * x[0]! - 4;
    return x[0]! * x[0]! - 4 * x[0]!;
  };
  const x = Float64Array.from([0]), g = new Float64Array(1);
  const f0 = fn(x, g);
  const d = Float64Array.from([1]);
  const xt = new Float64Array(1), gt = new Float64Array(1);
  const res = wolfeLineSearch(fn, x, f0, g, d, 1000, xt, gt, { c1: 1e-4, c2: 0.9, maxTrials: 30 });
  assert.ok(res.ok);
  assert.ok(res.f <= f0 + 1e-4 * res.step * g[0]!, 'Armijo');
  assert.ok(Math.abs(gt[0]!) <= 0.9 * Math.abs(g[0]!), 'curvature');
  assert.equal(xt[0], res.step);
});

test('an ascent direction is refused', () => {
  const fn: Objective = (x, g) => { g[0] = 2 * x[0]!; return x[0]! * x[0]!; };
  const x = Float64Array.from([1]), g = new Float64Array(1);
  const f0 = fn(x, g);
  const res = wolfeLineSearch(fn, x, f0, g, Float64Array.from([1]), 1, new Float64Array(1), new Float64Array(1), { c1: 1e-4, c2: 0.9, maxTrials: 20 });
  assert.equal(res.ok, false);
});

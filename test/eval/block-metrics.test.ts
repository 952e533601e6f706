import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockCounts, documentReport, documentScores, labelScores } from '../../src/eval/block-metrics.js';
import type { GoldLabel, Label } from '../../src/labels.js';

const close = (a: number | undefined, b: number, msg?: string) => assert.ok(a !== undefined && Math.abs(a - b) < 1e-9, `${msg ?? ''} ${a} != ${b}`);

// Hand-computed: block 5 is `unknown` and left out.
const pred: Label[] = ['title', 'body', 'body', 'other', 'heading', 'body'];
const gold: GoldLabel[] = ['title', 'body', 'other', 'body', 'heading', 'unknown'];

test('per-label counts are one-vs-rest, unknown gold ignored', () => {
  const c = blockCounts(pred, gold);
  assert.deepEqual(c.perLabel, {
    title: { tp: 1, fp: 0, fn: 0 },
    heading: { tp: 1, fp: 0, fn: 0 },
    body: { tp: 1, fp: 1, fn: 1 },
    other: { tp: 0, fp: 1, fn: 1 },
  });
  assert.deepEqual(c.content, { tp: 3, fp: 1, fn: 1 });
  assert.equal(c.blocks, 5);
  assert.equal(c.exact, 3);
  assert.equal(c.contiguous, false, 'gold content is interrupted by an other block');
});

test('indices select the blocks that count', () => {
  const c = blockCounts(pred, gold, [0, 1, 4]);
  assert.equal(c.blocks, 3);
  assert.equal(c.exact, 3);
  assert.deepEqual(c.content, { tp: 3, fp: 0, fn: 0 });
});

test('contiguity: other before and after content is fine, unknown inside is skipped', () => {
  const g: GoldLabel[] = ['other', 'title', 'body', 'unknown', 'body', 'other', 'other'];
  assert.equal(blockCounts(g.map(() => 'other' as Label), g).contiguous, true);
  assert.equal(blockCounts(['other', 'other'], ['other', 'other']).contiguous, true);
});

test('mismatched lengths are an error, not a silent miscount', () => {
  assert.throws(() => blockCounts(['body'], ['body', 'other']), RangeError);
});

test('micro sums all blocks; macro averages per-site P/R/F and skips sites without the label', () => {
  const a = blockCounts(pred, gold);
  const b = blockCounts(['body', 'other'], ['body', 'body']);
  const s = labelScores([{ site: 'a', counts: a }, { site: 'b', counts: b }]);
  // body: tp 2, fp 1, fn 2
  close(s.micro.body?.precision, 2 / 3);
  close(s.micro.body?.recall, 0.5);
  close(s.micro.body?.f1, 4 / 7);
  // site a body P=R=F=.5; site b P=1 R=.5 F=2/3
  close(s.macro.body?.precision, 0.75);
  close(s.macro.body?.recall, 0.5);
  close(s.macro.body?.f1, (0.5 + 2 / 3) / 2);
  assert.equal(s.macroSites.title, 1);
  close(s.macro.title?.f1, 1);
  close(s.micro.other?.f1, 0);
});

test('a label never in gold nor predicted has no score (not a free 1.0)', () => {
  const s = labelScores([{ site: 'a', counts: blockCounts(['body', 'other'], ['body', 'other']) }]);
  assert.equal(s.micro.title, undefined);
  assert.equal(s.macro.heading, undefined);
  assert.deepEqual(s.microCounts.title, { tp: 0, fp: 0, fn: 0 });
});

test('document accuracy, precision and recall (block-labelling study)', () => {
  const pages = [
    blockCounts(pred, gold), // tp3 fp1 fn1: none
    blockCounts(['body', 'other'], ['body', 'body']), // P=1, R=.5
    blockCounts(['other', 'other'], ['body', 'body']), // nothing proposed: P=0, R=0
    blockCounts(['title', 'body', 'other'], ['title', 'body', 'other']), // all right
  ];
  const d = documentScores(pages);
  assert.equal(d.pages, 4);
  close(d.accuracy, 1 / 4);
  close(d.precision, 2 / 4);
  close(d.recall, 1 / 4);
  // content tp 3+1+0+2, fp 1, fn 1+1+2
  close(d.block.precision, 6 / 7);
  close(d.block.recall, 6 / 10);
  const r = documentReport(pages);
  assert.equal(r.nonContiguous.pages, 1);
  assert.equal(r.contiguous.pages, 3);
  close(r.contiguous.accuracy, 1 / 3);
  close(r.nonContiguous.accuracy, 0);
  assert.equal(documentScores([]).pages, 0);
});

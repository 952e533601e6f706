import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardLists, childCounts } from '../../../../src/decode/rules/shared/cards.js';
import { DecodeState } from '../../../../src/decode/rule.js';
import { BlockBuilder } from '../../../helpers/block-builder.js';
import { seededRandom as random } from '../../../../src/util/random.js';

/** A random tree as parent ids in document order (ids increase downwards), and a chain per leaf element below body (id 2). */
function randomChains(rand: () => number, leaves: number): number[][] {
  const parents = [-1, 0, 1];
  const chainOf = (id: number): number[] => {
    const up: number[] = [];
    for (let cur = id; cur > 0; cur = parents[cur]!) up.push(cur);
    return up.reverse();
  };
  const chains: number[][] = [];
  let open = [2];
  for (let k = 0; k < leaves; k++) {
    // Go up a few levels, then down a few: a pre-order walk, so each subtree's leaves come together.
    open = open.slice(0, Math.max(1, open.length - Math.floor(rand() * 4)));
    const down = 1 + Math.floor(rand() * 4);
    for (let d = 0; d < down; d++) {
      parents.push(open[open.length - 1]!);
      open.push(parents.length - 1);
    }
    chains.push(chainOf(open[open.length - 1]!));
  }
  return chains;
}

/** The slow path: per element, the distinct children holding one of `lines`, within the depth `childCounts` reads (10 levels above each line). */
function distinctChildren(lines: readonly number[], chains: readonly (readonly number[])[]): Map<number, number> {
  const seen = new Map<number, Set<number>>();
  for (const i of lines) {
    const chain = chains[i]!;
    for (let d = Math.max(0, chain.length - 11); d < chain.length - 1; d++) {
      let s = seen.get(chain[d]!);
      if (!s) seen.set(chain[d]!, (s = new Set()));
      s.add(chain[d + 1]!);
    }
  }
  return new Map([...seen].map(([el, s]) => [el, s.size]));
}

test('cards: childCounts equals the distinct children holding lines in page order, and bounds them from above in any order', () => {
  const rand = random(60);
  for (let round = 0; round < 200; round++) {
    const chains = randomChains(rand, 1 + Math.floor(rand() * 40));
    const inOrder = chains.map((_, i) => i).filter(() => rand() < 0.8);
    const slow = distinctChildren(inOrder, chains);
    const counts = childCounts(inOrder, chains);
    for (const [el, n] of slow) assert.equal(counts[el], n, `round ${round}, element ${el}`);
    const shuffled = [...inOrder].sort(() => rand() - 0.5);
    const bounds = childCounts(shuffled, chains);
    for (const [el, n] of distinctChildren(shuffled, chains)) assert.ok(bounds[el]! >= n, `round ${round}, element ${el}: ${bounds[el]} < ${n}`);
  }
});

test('cards: childCounts reads no more than 10 levels above a line (as the card lists do)', () => {
  const chain = Array.from({ length: 15 }, (_, k) => k + 1);
  const counts = childCounts([0], [chain]);
  // The line's element is 15: element 5 is 10 levels above it, element 4 eleven.
  assert.equal(counts[4], 0, 'the element 11 levels above the line');
  assert.equal(counts[5], 1, 'the element 10 levels above the line');
  assert.equal(counts[14], 1, "the line's parent");
});

test("cards: a list whose cards' lines interleave in page order is still found", () => {
  // Four cards under element 4 (ids 10-13), their linked titles first, then their summaries:
  // the child of element 4 changes at every line, so the pre-count over-counts and keeps it.
  const b = new BlockBuilder();
  const chains: number[][] = [];
  for (let k = 0; k < 4; k++) {
    b.link(`A linked headline ${k}`, 'other').atPath('html/body/main/ul/li/a');
    chains.push([1, 2, 3, 4, 10 + k]);
  }
  for (let k = 0; k < 4; k++) {
    b.text(`A line of summary ${k}.`, 'other').atPath('html/body/main/ul/li/p');
    chains.push([1, 2, 3, 4, 10 + k]);
  }
  const doc = b.build();
  const lists = cardLists(new DecodeState(doc.blocks, doc.probs), chains);
  assert.equal(lists.length, 1);
  assert.deepEqual(lists[0]!.cardElements, [10, 11, 12, 13]);
  assert.deepEqual(lists[0]!.cardBlocks, [[0, 4], [1, 5], [2, 6], [3, 7]]);
});

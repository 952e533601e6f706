/**
 * BodyShingles against the slow path it stands in for: a set of the body's space-joined
 * 1-, 2- and 3-grams, asked the same questions the schema family asks of a block's words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BodyShingles } from '../../src/features/body-shingles.js';

function slowSet(words: readonly string[]): Set<string> {
  const s = new Set<string>();
  for (let n = 1; n <= 3; n++) for (let k = 0; k + n <= words.length; k++) s.add(words.slice(k, k + n).join(' '));
  return s;
}

function slowTripleHits(set: ReadonlySet<string>, words: readonly string[]): number {
  let hits = 0;
  for (let k = 0; k + 3 <= words.length; k++) if (set.has(words.slice(k, k + 3).join(' '))) hits++;
  return hits;
}

/** A small deterministic generator: word lists over a few words, so n-grams repeat and miss. */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const VOCAB = ['the', 'cat', 'ünïcode', '新'];

function words(rand: () => number, n: number, vocab = VOCAB): string[] {
  return Array.from({ length: n }, () => vocab[Math.floor(rand() * vocab.length)]!);
}

test('phrases and 3-gram hits agree with a set of joined n-grams on random bodies and blocks', () => {
  const rand = lcg(60);
  let hitsSeen = 0;
  for (let round = 0; round < 200; round++) {
    const body = words(rand, Math.floor(rand() * 40));
    const set = slowSet(body);
    const fast = new BodyShingles(body);
    assert.equal(fast.empty, body.length === 0);
    for (let q = 0; q < 20; q++) {
      // Blocks also draw words the body never has.
      const block = words(rand, Math.floor(rand() * 8), [...VOCAB, 'dog']);
      if (block.length >= 1 && block.length <= 3) assert.equal(fast.hasPhrase(block), set.has(block.join(' ')), `${body.join(' ')} | ${block.join(' ')}`);
      const hits = fast.tripleHits(block);
      assert.equal(hits, slowTripleHits(set, block), `${body.join(' ')} | ${block.join(' ')}`);
      hitsSeen += hits;
    }
  }
  assert.ok(hitsSeen > 100, 'the random cases include matches');
});

test('a body of many distinct words keeps its keys apart', () => {
  const body = Array.from({ length: 5000 }, (_, k) => `w${k}`);
  const fast = new BodyShingles(body);
  assert.equal(fast.tripleHits(['w10', 'w11', 'w12', 'w13']), 2);
  assert.equal(fast.tripleHits(['w4999', 'w0', 'w1']), 0);
  assert.equal(fast.hasPhrase(['w4998', 'w4999']), true);
  assert.equal(fast.hasPhrase(['w4999', 'w4998']), false);
  assert.equal(fast.hasPhrase(['w1', 'w2', 'w3', 'w4']), false);
  assert.equal(new BodyShingles([]).hasPhrase(['w1']), false);
});

/** mulberry32: a small, fast, seedable generator; plenty for shuffling and initial weights. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates in place with the given generator (arrays and typed arrays); returns `xs`. */
export function shuffleInPlace<A extends { length: number; [i: number]: unknown }>(xs: A, rand: () => number): A {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = xs[i];
    xs[i] = xs[j];
    xs[j] = t;
  }
  return xs;
}

/** A shuffled copy, the same for the same seed. */
export function seededShuffle<T>(xs: readonly T[], seed: number): T[] {
  return shuffleInPlace([...xs], seededRandom(seed));
}

/**
 * The word 1-, 2- and 3-grams of a text (a JSON-LD `articleBody`), looked up by number: each
 * distinct word gets an id, each distinct adjacent pair an id, and a 3-gram is the number
 * (pair id, third word id). A body of many thousand words so costs no string per n-gram, and a
 * block's 3-grams are looked up without joining its words. Same answers as a set of the
 * space-joined n-grams (words hold no white space): test/features/body-shingles.test.ts.
 */

/** n-grams of one body; all numbers stay below 2^53 (ids are fewer than the body's words). */
export class BodyShingles {
  private readonly wordIds = new Map<string, number>();
  /** Pair key `a * base + b` to the pair's id. */
  private readonly pairIds = new Map<number, number>();
  /** Keys `pairId * base + c` of every 3-gram. */
  private readonly triples = new Set<number>();
  /** Larger than any word id: every word of the body could be a new one. */
  private readonly base: number;

  constructor(words: readonly string[]) {
    this.base = words.length + 1;
    const ids = new Array<number>(words.length);
    for (let k = 0; k < words.length; k++) {
      const w = words[k]!;
      let id = this.wordIds.get(w);
      if (id === undefined) this.wordIds.set(w, (id = this.wordIds.size));
      ids[k] = id;
    }
    let prevPair = -1;
    for (let k = 0; k + 1 < ids.length; k++) {
      const key = ids[k]! * this.base + ids[k + 1]!;
      let pair = this.pairIds.get(key);
      if (pair === undefined) this.pairIds.set(key, (pair = this.pairIds.size));
      // The 3-gram ending at k + 1: the pair before it and this word.
      if (prevPair >= 0) this.triples.add(prevPair * this.base + ids[k + 1]!);
      prevPair = pair;
    }
  }

  /** Whether the body has no words. */
  get empty(): boolean {
    return this.wordIds.size === 0;
  }

  /** Whether `words` (one, two or three) occur in the body as a phrase; longer lists: false. */
  hasPhrase(words: readonly string[]): boolean {
    if (words.length === 0 || words.length > 3) return false;
    const a = this.wordIds.get(words[0]!);
    if (a === undefined) return false;
    if (words.length === 1) return true;
    const b = this.wordIds.get(words[1]!);
    if (b === undefined) return false;
    const pair = this.pairIds.get(a * this.base + b);
    if (pair === undefined) return false;
    if (words.length === 2) return true;
    const c = this.wordIds.get(words[2]!);
    return c !== undefined && this.triples.has(pair * this.base + c);
  }

  /** How many of the 3-grams of `words` (at each start 0 .. length - 3) occur in the body. */
  tripleHits(words: readonly string[]): number {
    let hits = 0;
    // Word ids of the last two words, -1 for one the body lacks; the pair id of the last two.
    let a = -1;
    let b = -1;
    let pair: number | undefined;
    for (let k = 0; k < words.length; k++) {
      const c = this.wordIds.get(words[k]!) ?? -1;
      if (c >= 0 && pair !== undefined && this.triples.has(pair * this.base + c)) hits++;
      a = b;
      b = c;
      pair = a >= 0 && b >= 0 ? this.pairIds.get(a * this.base + b) : undefined;
    }
    return hits;
  }
}

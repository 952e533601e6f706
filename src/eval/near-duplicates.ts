/**
 * Near-duplicate pages (block-labelling study: the same article fetched from several sites or twice
 * from one) found by MinHash with LSH banding, then confirmed by the exact Jaccard
 * similarity of the hashed word 5-gram sets. Pages joined by a confirmed pair, directly or
 * through others, form one group: splits keep a group on one side.
 *
 * With 16 bands of 4 rows a pair becomes a candidate with probability 1 - (1 - J^4)^16:
 * 0.99 at J = 0.7, 0.65 at J = 0.4 (then usually rejected by the exact check).
 */
import { wordTokens } from './text-metrics.js';

export interface NearDuplicateOptions {
  /** Jaccard similarity of word 5-gram sets at or above which two texts are duplicates. Default 0.8. */
  readonly threshold?: number;
  /** Texts with fewer distinct 5-grams are never duplicates of anything (too short to judge). Default 10. */
  readonly minShingles?: number;
}

const BANDS = 16;
const ROWS = 4;
const N = 5;

/** FNV-1a over the UTF-16 code units of a string. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's 32-bit finaliser: a cheap, well-mixed permutation of 32-bit integers. */
function fmix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

const SEEDS: readonly number[] = Array.from({ length: BANDS * ROWS }, (_, i) => fmix32(0x9e3779b9 * (i + 1)));

export function shingleHashes(text: string): Uint32Array {
  const toks = wordTokens(text);
  const set = new Set<number>();
  for (let i = 0; i + N <= toks.length; i++) set.add(fnv1a(toks.slice(i, i + N).join(' ')));
  return Uint32Array.from(set).sort();
}

/** Jaccard similarity of two sorted hash sets. */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  let i = 0, j = 0, inter = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      inter++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return inter / (a.length + b.length - inter);
}

function signature(set: Uint32Array): Uint32Array {
  const sig = new Uint32Array(SEEDS.length).fill(0xffffffff);
  for (const x of set) {
    for (let k = 0; k < SEEDS.length; k++) {
      const h = fmix32(x ^ SEEDS[k]!);
      if (h < sig[k]!) sig[k] = h;
    }
  }
  return sig;
}

/** Union-find over item indices, smallest index as the root so group ids are stable. */
class Groups {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
  }
  find(x: number): number {
    let r = x;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[x] !== r) {
      const next = this.parent[x]!;
      this.parent[x] = r;
      x = next;
    }
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra < rb) this.parent[rb] = ra;
    else if (rb < ra) this.parent[ra] = rb;
  }
}

/** At most this many members of one LSH bucket are compared with a newcomer. */
const MAX_BUCKET_CHECKS = 32;

/**
 * For each text, the index of the first text of its near-duplicate group (itself when it
 * has no duplicate). Deterministic: depends only on the texts and their order.
 */
export function nearDuplicateGroups(texts: readonly (string | undefined)[], options: NearDuplicateOptions = {}): number[] {
  const threshold = options.threshold ?? 0.8;
  const minShingles = options.minShingles ?? 10;
  const groups = new Groups(texts.length);
  const sets: (Uint32Array | undefined)[] = texts.map((t) => {
    if (!t) return undefined;
    const s = shingleHashes(t);
    return s.length >= minShingles ? s : undefined;
  });
  const buckets = new Map<string, number[]>();
  for (let i = 0; i < sets.length; i++) {
    const set = sets[i];
    if (!set) continue;
    const sig = signature(set);
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${Array.from(sig.subarray(band * ROWS, band * ROWS + ROWS)).join(',')}`;
      let members = buckets.get(key);
      if (!members) buckets.set(key, (members = []));
      let checks = 0;
      for (const j of members) {
        if (groups.find(j) === groups.find(i)) continue; // already joined through another pair
        if (++checks > MAX_BUCKET_CHECKS) break;
        if (jaccard(set, sets[j]!) >= threshold) groups.union(i, j);
      }
      members.push(i);
    }
  }
  return texts.map((_, i) => groups.find(i));
}

/**
 * The word tokens of a page's blocks as offsets into each block's text and flag bits, in
 * typed arrays: what `tokenize` gives as one object (and one or two strings) per word, with
 * no object per word and a word's text made only where a family reads it. The tokens are
 * `tokenize`'s, the same boundaries and bits (test/features/token-store.test.ts holds the two
 * together); `tokenize` stays as the plain form for titles, bodies and tests.
 */
import { C_CJK, C_JOIN, C_SENT, C_WORD, CASE_LOWER, CASE_UPPER, classAt, isPlainUnit, tables, wrappedDensity, type Token } from './text-stats.js';

/** The token's first letter is upper case (`Token.upper === true`). */
export const TOKEN_UPPER = 1;
/** The token's first letter is lower case (`Token.upper === false`); neither bit: no case. */
export const TOKEN_LOWER = 2;
/** A Han/Kana character (`Token.cjk`). */
export const TOKEN_CJK = 4;
/** Starts a sentence (`Token.sentenceStart`). */
export const TOKEN_SENTENCE_START = 8;
/** Every unit ASCII and none upper case: the token is its own lower case. */
export const TOKEN_PLAIN = 16;

const FIRST_CAPACITY = 1024;

export class TokenStore {
  /** The text each block's tokens point into. */
  private readonly texts: string[] = [];
  /** Token index where each text's tokens begin (one more entry than texts). */
  private firsts = new Int32Array(64);
  private starts = new Int32Array(FIRST_CAPACITY);
  private ends = new Int32Array(FIRST_CAPACITY);
  private bits = new Uint8Array(FIRST_CAPACITY);
  private n = 0;

  /** A store of one text's tokens (text 0). */
  static of(text: string, max = Infinity): TokenStore {
    const store = new TokenStore();
    store.add(text, max);
    return store;
  }

  /** Tokenizes `text` as `tokenize(text).slice(0, max)` and appends its tokens; returns the text's index. */
  add(text: string, max = Infinity): number {
    const t = this.texts.length;
    this.texts.push(text);
    if (t + 2 > this.firsts.length) this.firsts = grownInt(this.firsts, this.firsts.length * 2);
    this.scan(text, max);
    this.firsts[t + 1] = this.n;
    return t;
  }

  /** First token of text t. */
  first(t: number): number {
    return this.firsts[t]!;
  }

  /** One past the last token of text t. */
  end(t: number): number {
    return this.firsts[t + 1]!;
  }

  /** Tokens of text t. */
  count(t: number): number {
    return this.firsts[t + 1]! - this.firsts[t]!;
  }

  /** Offset of token k in its text. */
  startOf(k: number): number {
    return this.starts[k]!;
  }

  /** Length of token k in code units (`Token.raw.length`). */
  lengthOf(k: number): number {
    return this.ends[k]! - this.starts[k]!;
  }

  /** Flag bits of token k (TOKEN_*). */
  flags(k: number): number {
    return this.bits[k]!;
  }

  /** Token k of text t as written (`Token.raw`). */
  raw(t: number, k: number): string {
    return this.texts[t]!.slice(this.starts[k]!, this.ends[k]!);
  }

  /** Token k of text t lower-cased (`Token.lower`). */
  lower(t: number, k: number): string {
    const raw = this.raw(t, k);
    return (this.bits[k]! & TOKEN_PLAIN) !== 0 ? raw : raw.toLowerCase();
  }

  /**
   * `wordHash(this.lower(t, k))`, without making the token's text where each unit lower-cases
   * to one unit by itself (`LOWER_UNIT`); otherwise from the lower-cased text.
   */
  lowerHash(t: number, k: number): number {
    const text = this.texts[t]!;
    let h = FNV_OFFSET;
    for (let at = this.starts[k]!, e = this.ends[k]!; at < e; at++) {
      const lower = lowerUnitAt(text, at);
      if (lower < 0) return wordHash(this.lower(t, k));
      h ^= lower;
      h = Math.imul(h, FNV_PRIME);
    }
    return h >>> 0;
  }

  /**
   * `lowerWords(t)` with each token that `known` rules out as '' (no token is empty, so ''
   * equals no word): for matching against a few known words without making the text of
   * every token.
   */
  lowerWordsAmong(t: number, known: KnownWords): string[] {
    return this.lowerWordsAmongIfAny(t, known) ?? ruledOutWords(this.count(t));
  }

  /**
   * The first two units of token k lower-cased, as one number (`leadKey`), or -1 where one of
   * them has no one-unit lower case by itself: a cheap test that rules a token out of a word
   * list (`LeadFilter`) before its hash is worked out.
   */
  leadKey(t: number, k: number): number {
    const text = this.texts[t]!;
    const at = this.starts[k]!;
    const a = lowerUnitAt(text, at);
    if (a < 0) return -1;
    if (this.ends[k]! - at < 2) return leadKey(a, -1);
    const b = lowerUnitAt(text, at + 1);
    return b < 0 ? -1 : leadKey(a, b);
  }

  /**
   * `lowerWordsAmong(t, known)`, or null where `known` rules out every token of text t: the
   * filter runs once per token, and a text with no candidate costs no array.
   */
  lowerWordsAmongIfAny(t: number, known: KnownWords): string[] | null {
    const first = this.firsts[t]!;
    let out: string[] | null = null;
    for (let k = first, e = this.firsts[t + 1]!; k < e; k++) {
      if (!known.mayHold(this, t, k)) {
        if (out !== null) out.push('');
        continue;
      }
      if (out === null) out = ruledOutWords(k - first);
      out.push(this.lower(t, k));
    }
    return out;
  }

  /** The lower-cased tokens of text t. */
  lowerWords(t: number): string[] {
    const out: string[] = [];
    for (let k = this.firsts[t]!, e = this.firsts[t + 1]!; k < e; k++) out.push(this.lower(t, k));
    return out;
  }

  /** Text t, as added. */
  textOf(t: number): string {
    return this.texts[t]!;
  }

  /** Code unit `at` of text t. */
  unitAt(t: number, at: number): number {
    return this.texts[t]!.charCodeAt(at);
  }

  /** `wordCount` of text t's tokens: words, with CJK characters at half a word. */
  wordCount(t: number): number {
    let words = 0;
    let cjk = 0;
    for (let k = this.firsts[t]!, e = this.firsts[t + 1]!; k < e; k++) {
      if ((this.bits[k]! & TOKEN_CJK) !== 0) cjk++;
      else words++;
    }
    return words + Math.ceil(cjk / 2);
  }

  /** `textDensity` of text t's tokens. */
  textDensity(t: number, width = 80): number {
    return wrappedDensity(this.firsts[t]!, this.firsts[t + 1]!, this.lengthAt, width);
  }

  /** `lengthOf`, made once per store for `wrappedDensity`. */
  private readonly lengthAt = (k: number): number => this.ends[k]! - this.starts[k]!;

  /** Token k of text t as `tokenize` gives it: the slow path, for tests and the families that want objects. */
  token(t: number, k: number): Token {
    const b = this.bits[k]!;
    return {
      raw: this.raw(t, k),
      lower: this.lower(t, k),
      upper: (b & TOKEN_UPPER) !== 0 ? true : (b & TOKEN_LOWER) !== 0 ? false : null,
      cjk: (b & TOKEN_CJK) !== 0,
      sentenceStart: (b & TOKEN_SENTENCE_START) !== 0,
    };
  }

  private push(from: number, to: number, bits: number): void {
    if (this.n === this.starts.length) {
      const size = this.n * 2;
      this.starts = grownInt(this.starts, size);
      this.ends = grownInt(this.ends, size);
      const b = new Uint8Array(size);
      b.set(this.bits);
      this.bits = b;
    }
    this.starts[this.n] = from;
    this.ends[this.n] = to;
    this.bits[this.n++] = bits;
  }

  /** `tokenize`'s scan, writing offsets and bits; stops after `max` tokens. */
  private scan(text: string, max: number): void {
    const [cls, cas] = tables();
    let made = 0;
    let start = true;
    const n = text.length;
    let k = 0;
    while (k < n && made < max) {
      const c = classAt(text, k, cls);
      const u0 = text.charCodeAt(k);
      const w = u0 >= 0xd800 && u0 <= 0xdbff ? 2 : 1;
      if (c === C_CJK) {
        this.push(k, k + w, TOKEN_CJK | (start ? TOKEN_SENTENCE_START : 0));
        made++;
        start = false;
        k += w;
        continue;
      }
      if (c !== C_WORD) {
        if (c === C_SENT) start = true;
        k += w;
        continue;
      }
      // A word: word characters, with single joiners (or dots) between word characters.
      const from = k;
      let plain = isPlainUnit(u0);
      k += w;
      while (k < n) {
        const u = text.charCodeAt(k);
        const d = classAt(text, k, cls);
        if (d === C_WORD) {
          if (u >= 0xd800 && u <= 0xdbff) {
            plain = false;
            k += 2;
          } else {
            if (plain) plain = isPlainUnit(u);
            k += 1;
          }
          continue;
        }
        const joins = d === C_JOIN || u === 46; // '.'
        if (joins && k + 1 < n && classAt(text, k + 1, cls) === C_WORD) {
          if (plain) plain = isPlainUnit(u);
          k += 1;
          continue;
        }
        break;
      }
      const fc = cas[u0]!;
      const bits = (fc === CASE_UPPER ? TOKEN_UPPER : fc === CASE_LOWER ? TOKEN_LOWER : 0) | (start ? TOKEN_SENTENCE_START : 0) | (plain ? TOKEN_PLAIN : 0);
      this.push(from, k, bits);
      made++;
      start = false;
    }
  }
}

/**
 * Each BMP code unit's lower case where it is one unit whatever stands around it, decided on
 * first sight: surrogates, units that lower-case to two (İ) and capital sigma (its lower
 * case depends on the next letter) are `UNIT_NOT_ALONE`, and their tokens are lower-cased
 * as strings.
 */
const LOWER_UNIT = new Int32Array(65536).fill(-1);
const UNIT_UNKNOWN = -1;
const UNIT_NOT_ALONE = -2;
const CAPITAL_SIGMA = 0x3a3;

function lowerUnitOf(c: number): number {
  if ((c >= 0xd800 && c <= 0xdfff) || c === CAPITAL_SIGMA) return UNIT_NOT_ALONE;
  const lower = String.fromCharCode(c).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : UNIT_NOT_ALONE;
}

/** The lower case of the unit at `at` by itself (`LOWER_UNIT`), -1 where it has none of one unit. */
function lowerUnitAt(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  let lower = LOWER_UNIT[c]!;
  if (lower === UNIT_UNKNOWN) LOWER_UNIT[c] = lower = lowerUnitOf(c);
  return lower === UNIT_NOT_ALONE ? -1 : lower;
}

/** A word's first two lower-case units as one number (b = -1: a word of one unit). */
function leadKey(a: number, b: number): number {
  return a * 65537 + (b + 1);
}

/**
 * A list of lower-case words to look block tokens up in without making their text: a token
 * is ruled out by its first two units (most are), else by the hash of its lower case; one
 * that passes both is a candidate, which its text then confirms or not.
 */
export class KnownWords {
  private readonly leads = new Set<number>();
  /** A word led by a unit that is not its own lower case: the lead test passes every token. */
  private anyLead = false;
  private readonly hashes = new Set<number>();

  constructor(words: Iterable<string>) {
    for (const w of words) {
      this.hashes.add(wordHash(w));
      const a = w.length > 0 ? w.charCodeAt(0) : -1;
      const b = w.length > 1 ? w.charCodeAt(1) : -1;
      if (a < 0 || lowerUnitAt(w, 0) !== a || (b >= 0 && lowerUnitAt(w, 1) !== b)) this.anyLead = true;
      else this.leads.add(leadKey(a, b));
    }
  }

  /** Whether token k of `store`'s text t may lower-case to one of the words (false: surely not). */
  mayHold(store: TokenStore, t: number, k: number): boolean {
    if (!this.anyLead) {
      const key = store.leadKey(t, k);
      if (key >= 0 && !this.leads.has(key)) return false;
    }
    return this.hashes.has(store.lowerHash(t, k));
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a (32 bits) of a string's UTF-16 units: what `TokenStore.lowerHash` gives for a token whose lower case it is. */
export function wordHash(w: string): number {
  let h = FNV_OFFSET;
  for (let k = 0; k < w.length; k++) {
    h ^= w.charCodeAt(k);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

/** `count` tokens ruled out, as `lowerWordsAmong` writes them. */
function ruledOutWords(count: number): string[] {
  const out: string[] = [];
  for (let j = 0; j < count; j++) out.push('');
  return out;
}

function grownInt(a: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/**
 * Language-independent text measures shared by the feature families: tokens (with CJK
 * characters as tokens of their own, since those scripts do not separate words),
 * letter case, end punctuation and word-wrapped text density. Every regular expression
 * is compiled once here: families call these per block.
 */
import { isSpaceCode } from '../dom/white-space.js';

/** A word token and whether it begins with an upper-case letter (null: the script has no case). */
export interface Token {
  /** As written. */
  readonly raw: string;
  /** Lower-cased. */
  readonly lower: string;
  readonly upper: boolean | null;
  /** A Han/Kana character (a token by itself). */
  readonly cjk: boolean;
  /** Starts a sentence: first token, or after . ! ? : or a line break. */
  readonly sentenceStart: boolean;
}

// Character classes for the tokenizer, decided once per BMP code point on first use (a
// table lookup per character beats a Unicode-property regex per token by several times).
const C_OTHER = 0;
export const C_WORD = 1; // letters, marks, digits
export const C_CJK = 2; // Han, Hiragana, Katakana: one token per character
export const C_SENT = 3; // sentence marks: the next token starts a sentence
export const C_JOIN = 4; // ' ’ - inside a word ("don't", "e-mail"); '.' is C_SENT but joins too ("U.S.")
export const CASE_UPPER = 1;
export const CASE_LOWER = 2;
const UNKNOWN = 255;
// Filled lazily: ASCII and the sentence/joiner marks up front, any other code point the
// first time it is seen (a page uses a few hundred distinct characters, not 65 536).
const CLASS = new Uint8Array(65536).fill(UNKNOWN);
const CASE = new Uint8Array(65536);
const WORD_CHAR_RE = /[\p{L}\p{M}\p{N}]/u;
const CJK_CHAR_RE = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const UPPER_CHAR_RE = /\p{Lu}/u;
const LOWER_CHAR_RE = /\p{Ll}/u;
for (let c = 0; c < 128; c++) {
  const isWord = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  CLASS[c] = isWord ? C_WORD : C_OTHER;
  if (c >= 65 && c <= 90) CASE[c] = CASE_UPPER;
  else if (c >= 97 && c <= 122) CASE[c] = CASE_LOWER;
}
for (const ch of '.!?。！？:;\n') CLASS[ch.charCodeAt(0)] = C_SENT;
for (const ch of "'’-") CLASS[ch.charCodeAt(0)] = C_JOIN;
for (let c = 0xd800; c <= 0xdfff; c++) CLASS[c] = C_OTHER; // surrogates: decided per pair in classAt

function classify(c: number): number {
  const ch = String.fromCharCode(c);
  let k = C_OTHER;
  if (WORD_CHAR_RE.test(ch)) {
    k = CJK_CHAR_RE.test(ch) ? C_CJK : C_WORD;
    CASE[c] = UPPER_CHAR_RE.test(ch) ? CASE_UPPER : LOWER_CHAR_RE.test(ch) ? CASE_LOWER : 0;
  }
  CLASS[c] = k;
  return k;
}

export function tables(): [Uint8Array, Uint8Array] {
  return [CLASS, CASE];
}

const ASTRAL_WORD_RE = /^[\p{L}\p{M}\p{N}]/u;
const ASTRAL_CJK_RE = /^\p{sc=Han}/u;

/** Class of the character at k (surrogate pairs: of the pair) and its length in code units. */
export function classAt(text: string, k: number, cls: Uint8Array): number {
  const c = text.charCodeAt(k);
  if (c < 0xd800 || c > 0xdbff) {
    const v = cls[c]!;
    return v === UNKNOWN ? classify(c) : v;
  }
  const pair = text.slice(k, k + 2);
  return ASTRAL_CJK_RE.test(pair) ? C_CJK : ASTRAL_WORD_RE.test(pair) ? C_WORD : C_OTHER;
}

/** An ASCII code unit that lower-casing leaves as it is. */
export function isPlainUnit(u: number): boolean {
  return u < 128 && (u < 65 || u > 90);
}

/** Splits text into word tokens. Sentence punctuation is not returned but marks the next token. */
export function tokenize(text: string): Token[] {
  const [cls, cas] = tables();
  const out: Token[] = [];
  let start = true;
  const n = text.length;
  let k = 0;
  while (k < n) {
    const c = classAt(text, k, cls);
    const w = text.charCodeAt(k) >= 0xd800 && text.charCodeAt(k) <= 0xdbff ? 2 : 1;
    if (c === C_CJK) {
      const raw = text.slice(k, k + w);
      out.push({ raw, lower: raw, upper: null, cjk: true, sentenceStart: start });
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
    // Whether every unit is ASCII and none upper case: then the word is its own lower case.
    let plain = isPlainUnit(text.charCodeAt(k));
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
    const raw = text.slice(from, k);
    const fc = cas[raw.charCodeAt(0)]!;
    out.push({ raw, lower: plain ? raw : raw.toLowerCase(), upper: fc === CASE_UPPER ? true : fc === CASE_LOWER ? false : null, cjk: false, sentenceStart: start });
    start = false;
  }
  return out;
}

/**
 * Word-equivalents: whitespace-separated words, with CJK characters counted at 1/2
 * word each (about two characters a word in Chinese and Japanese), so length-based
 * features mean roughly the same across scripts.
 */
export function wordCount(tokens: readonly Token[]): number {
  let words = 0;
  let cjk = 0;
  for (const t of tokens) {
    if (t.cjk) cjk++;
    else words++;
  }
  return words + Math.ceil(cjk / 2);
}

// Case of each UTF-16 unit as upperCaseRatio counts it, by case mapping, decided on first sight
// (0: not yet; a page uses a few hundred distinct characters).
const UNCASED = 1;
const LOWER = 2;
const UPPER = 3;
const LETTER_CASE = new Uint8Array(65536);

function letterCase(ch: string): number {
  const lo = ch.toLowerCase();
  if (lo === ch.toUpperCase()) return UNCASED;
  return ch !== lo ? UPPER : LOWER;
}

/** Share of cased letters that are upper case (0 when the text has no cased letters). */
export function upperCaseRatio(text: string): number {
  // A char loop: ASCII decided by code, other letters by case mapping (no regex per letter).
  let upper = 0;
  let cased = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 128) {
      if (c >= 65 && c <= 90) {
        upper++;
        cased++;
      } else if (c >= 97 && c <= 122) cased++;
      continue;
    }
    if (c < 0xc0) continue;
    let kind = LETTER_CASE[c]!;
    if (kind === 0) LETTER_CASE[c] = kind = letterCase(text[k]!);
    if (kind === UNCASED) continue;
    cased++;
    if (kind === UPPER) upper++;
  }
  return cased === 0 ? 0 : upper / cased;
}

/** Whitespace-separated words, counted without allocating. */
export function countWords(text: string): number {
  let n = 0;
  let inWord = false;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    const space = c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000 || c === 0x200b;
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      n++;
    }
  }
  return n;
}

export { nonSpaceChars } from '../dom/white-space.js';

/**
 * Word-equivalents counted without tokenising, for the decoder's "a paragraph of N words":
 * the chunks of `text.split(/\s+/)`, except that Han and Kana characters
 * count 1/2 word each (as `wordCount` counts them) and a chunk of only such characters and CJK
 * punctuation is not a word of its own. Text without Han or Kana counts as whitespace words;
 * Chinese and Japanese, which put no spaces between words, are no longer one "word" a
 * sentence. Counting stops once `limit` is reached.
 */
export function countWordEquivalents(text: string, limit = Infinity): number {
  let words = 0;
  let cjk = 0;
  // Whether the current chunk (since the last white space) holds a character that makes a word.
  let chunkHasWord = false;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (isSpaceCode(c)) {
      if (chunkHasWord) words++;
      chunkHasWord = false;
      if (words + Math.ceil(cjk / 2) >= limit) break;
      continue;
    }
    // Below the CJK blocks (and in surrogate pairs) every character makes a word, as before.
    if (c < 0x2e80 || (c >= 0xd800 && c <= 0xdfff)) chunkHasWord = true;
    else {
      const cls = classAt(text, k, CLASS);
      if (cls === C_CJK) cjk++;
      else if (cls === C_WORD) chunkHasWord = true;
    }
  }
  if (chunkHasWord) words++;
  return words + Math.ceil(cjk / 2);
}

/** How a text ends: the memory-based study's "dot" feature, with the marks it names told apart. */
export type EndPunctuation = 'none' | 'dot' | 'question' | 'exclaim' | 'colon' | 'quote' | 'ellipsis' | 'other-punct' | 'empty';
export const END_PUNCTUATIONS: readonly EndPunctuation[] = Object.freeze([
  'none', 'dot', 'question', 'exclaim', 'colon', 'quote', 'ellipsis', 'other-punct', 'empty',
]);

const PUNCT_RE = /\p{P}/u;

/** How the text ends, trailing white space (what `\s` matches) aside; read from the end, without copying the text. */
export function endPunctuation(text: string): EndPunctuation {
  let end = text.length;
  while (end > 0 && isSpaceCode(text.charCodeAt(end - 1))) end--;
  if (end === 0) return 'empty';
  const c = text[end - 1]!;
  switch (c) {
    case '.':
    case '。':
    case '।':
      return end >= 3 && text.charCodeAt(end - 2) === 46 && text.charCodeAt(end - 3) === 46 && c === '.' ? 'ellipsis' : 'dot';
    case '…':
      return 'ellipsis';
    case '?':
    case '？':
    case '¿':
      return 'question';
    case '!':
    case '！':
      return 'exclaim';
    case ':':
    case '：':
    case ';':
      return 'colon';
    case '"':
    case '\'':
    case '”':
    case '’':
    case '»':
    case '«':
    case '“':
    case '」':
    case '』':
      return 'quote';
    default:
      return PUNCT_RE.test(c) ? 'other-punct' : 'none';
  }
}

/**
 * Kohlschütter's text density: the text word-wrapped at `width` characters; words in
 * all lines but the last, divided by those lines (a one-line block: its word count).
 */
export function textDensity(tokens: readonly Token[], width = 80): number {
  return wrappedDensity(0, tokens.length, (k) => tokens[k]!.raw.length, width);
}

/** `textDensity` of the words from .. to - 1 whose lengths `lengthAt` gives. */
export function wrappedDensity(from: number, to: number, lengthAt: (k: number) => number, width = 80): number {
  if (to <= from) return 0;
  let lines = 0;
  let lineLen = 0;
  let wordsInLine = 0;
  let wordsBeforeLast = 0;
  for (let k = from; k < to; k++) {
    const len = lengthAt(k);
    if (lineLen > 0 && lineLen + 1 + len > width) {
      lines++;
      wordsBeforeLast += wordsInLine;
      lineLen = len;
      wordsInLine = 1;
    } else {
      lineLen += (lineLen > 0 ? 1 : 0) + len;
      wordsInLine++;
    }
  }
  return lines === 0 ? wordsInLine : wordsBeforeLast / lines;
}

/** log(1 + x) / log(1 + cap), clipped to [0, 1]: counts as attribute values. */
export function logScale(x: number, cap: number): number {
  if (!(x > 0)) return 0;
  const v = Math.log1p(x) / Math.log1p(cap);
  return v > 1 ? 1 : v;
}

/** Bucket of a count on a log2 scale: 0, 1, 2-3, 4-7, ... as a short label ('0', '1', '2', '4', ...). */
export function log2Bucket(n: number, max = 1024): string {
  return log2BucketLabel(log2BucketIndex(n, max));
}

/** `log2Bucket`'s bucket as a number: 0 for n <= 0, k for the bucket 2^(k-1) (1 for n = 1, up to max). */
export function log2BucketIndex(n: number, max = 1024): number {
  if (n <= 0) return 0;
  let b = 1;
  let k = 1;
  while (b * 2 <= n && b < max) {
    b *= 2;
    k++;
  }
  return k;
}

/** The label of bucket k of `log2BucketIndex`. */
export function log2BucketLabel(k: number): string {
  return String(k === 0 ? 0 : 2 ** (k - 1));
}

/** Ten equal-width buckets of a value in [0, 1]: '0'..'9' ('9' includes 1). */
export function decile(x: number): string {
  return String(decileIndex(x));
}

/** `decile` as a number 0..9. */
export function decileIndex(x: number): number {
  if (!(x > 0)) return 0;
  if (x >= 1) return 9;
  return Math.floor(x * 10);
}

/** Splits class/id-like names into lower-case words: `articleBody` `post-content_main` -> article body post content main. */
export function splitIdentifier(s: string, out: string[]): void {
  // Runs of letters broken at case changes: "articleBody" -> article, Body; "HTMLParser" -> HTML, Parser.
  // Upper-case (Lu) and lower-case (Ll) letters only; any other character separates words.
  const n = s.length;
  let ascii = true;
  for (let k = 0; k < n && ascii; k++) ascii = s.charCodeAt(k) < 128;
  if (ascii) {
    splitAsciiIdentifier(s, out);
    return;
  }
  let k = 0;
  while (k < n) {
    const kind = identKindAt(s, k);
    if (kind === ID_UPPER) {
      // A run of capitals: all of it, or all but its last when that one starts a capitalised word.
      let end = k;
      let last = k;
      let count = 0;
      while (end < n && identKindAt(s, end) === ID_UPPER) {
        last = end;
        end += unitWidth(s, end);
        count++;
      }
      const lowerNext = end < n && identKindAt(s, end) === ID_LOWER;
      if (count >= 2 && lowerNext) end = last;
      else if (lowerNext) end = lowerRunEnd(s, end);
      out.push(s.slice(k, end).toLowerCase());
      k = end;
    } else if (kind === ID_LOWER) {
      const end = lowerRunEnd(s, k);
      out.push(s.slice(k, end).toLowerCase());
      k = end;
    } else k += unitWidth(s, k);
  }
}

/** `splitIdentifier` of an all-ASCII string: the same runs, with letters told by code. */
function splitAsciiIdentifier(s: string, out: string[]): void {
  const n = s.length;
  let k = 0;
  while (k < n) {
    const c = s.charCodeAt(k);
    if (c >= 65 && c <= 90) {
      let end = k + 1;
      while (end < n && isAsciiUpper(s.charCodeAt(end))) end++;
      const lowerNext = end < n && isAsciiLower(s.charCodeAt(end));
      if (end - k >= 2 && lowerNext) end--;
      else if (lowerNext) end = asciiLowerRunEnd(s, end);
      out.push(s.slice(k, end).toLowerCase());
      k = end;
    } else if (c >= 97 && c <= 122) {
      const end = asciiLowerRunEnd(s, k);
      out.push(s.slice(k, end));
      k = end;
    } else k++;
  }
}

function isAsciiUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

function isAsciiLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

function asciiLowerRunEnd(s: string, k: number): number {
  let end = k;
  while (end < s.length && isAsciiLower(s.charCodeAt(end))) end++;
  return end;
}

const ID_OTHER = 1;
const ID_UPPER = 2;
const ID_LOWER = 3;
// Lu / Ll / neither per BMP code unit, decided by regex on first sight (0: not yet).
const IDENT_KIND = new Uint8Array(65536);
const LU_RE = /^\p{Lu}$/u;
const LL_RE = /^\p{Ll}$/u;

function identKindOf(ch: string): number {
  return LU_RE.test(ch) ? ID_UPPER : LL_RE.test(ch) ? ID_LOWER : ID_OTHER;
}

/** Whether k starts a surrogate pair (one code point of two units). */
function isPairAt(s: string, k: number): boolean {
  const c = s.charCodeAt(k);
  if (c < 0xd800 || c > 0xdbff || k + 1 >= s.length) return false;
  const d = s.charCodeAt(k + 1);
  return d >= 0xdc00 && d <= 0xdfff;
}

function unitWidth(s: string, k: number): number {
  return isPairAt(s, k) ? 2 : 1;
}

/** Kind of the code point at k (a lone surrogate is a code point of its own, and no letter). */
function identKindAt(s: string, k: number): number {
  if (isPairAt(s, k)) return identKindOf(s.slice(k, k + 2));
  const c = s.charCodeAt(k);
  if (c < 128) return c >= 65 && c <= 90 ? ID_UPPER : c >= 97 && c <= 122 ? ID_LOWER : ID_OTHER;
  let kind = IDENT_KIND[c]!;
  if (kind === 0) IDENT_KIND[c] = kind = c >= 0xd800 && c <= 0xdfff ? ID_OTHER : identKindOf(String.fromCharCode(c));
  return kind;
}

function lowerRunEnd(s: string, k: number): number {
  let end = k;
  while (end < s.length && identKindAt(s, end) === ID_LOWER) end += unitWidth(s, end);
  return end;
}

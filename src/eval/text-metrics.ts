/**
 * The text metrics the field publishes, each over plain extracted text vs gold text:
 * - shingle P/R/F1 (article-extraction-benchmark): sets of 4-grams of lower-cased word tokens;
 * - word F1 (WCXB): bag of lower-cased `\w+` tokens, counts clipped;
 * - snippet P/R/F (trafilatura-eval): `with` snippets found = TP, `without` found = FP.
 */

export interface PRF {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export function prf(tp: number, fp: number, fn: number): PRF {
  const precision = tp + fp === 0 ? (fn === 0 ? 1 : 0) : tp / (tp + fp);
  const recall = tp + fn === 0 ? (fp === 0 ? 1 : 0) : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

const WORD_RE = /[\p{L}\p{N}_]+/gu;
/**
 * Characters a browser never draws: the soft hyphen, the zero-width space, the word joiner and
 * the byte-order mark. pith drops soft hyphens from text; gold copied from a page's source
 * keeps them, and "Klima\u00adwandel" would be two words, or miss a snippet, on one side only.
 */
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;

/** The text as a reader sees it: NFKC-normalised, invisible characters removed. */
function visibleText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '');
}

/** Lower-cased word tokens (letters, digits, underscore in any script) of the visible text. */
export function wordTokens(text: string): string[] {
  return visibleText(text).toLowerCase().match(WORD_RE) ?? [];
}

/** The set of n-grams of word tokens; a text shorter than n gives its whole token list as one shingle. */
export function shingles(text: string, n = 4): Set<string> {
  const toks = wordTokens(text);
  const out = new Set<string>();
  if (toks.length === 0) return out;
  if (toks.length < n) {
    out.add(toks.join(' '));
    return out;
  }
  for (let i = 0; i + n <= toks.length; i++) out.add(toks.slice(i, i + n).join(' '));
  return out;
}

/** Shingle precision/recall/F1 of `extracted` against `gold` (both empty = perfect). */
export function shingleScore(extracted: string, gold: string, n = 4): PRF {
  const a = shingles(extracted, n);
  const b = shingles(gold, n);
  let tp = 0;
  for (const s of a) if (b.has(s)) tp++;
  return prf(tp, a.size - tp, b.size - tp);
}

/** WCXB's word-level F1: bags of tokens, overlap = sum of min counts. */
export function wordScore(extracted: string, gold: string): PRF {
  const count = (toks: string[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const t of toks) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  };
  const a = wordTokens(extracted);
  const b = wordTokens(gold);
  const cb = count(b);
  let overlap = 0;
  for (const [t, n] of count(a)) overlap += Math.min(n, cb.get(t) ?? 0);
  return prf(overlap, a.length - overlap, b.length - overlap);
}

/** The visible text with its white space collapsed, for looking snippets up. */
export function normalizeForSnippets(text: string): string {
  return visibleText(text).replace(/\s+/g, ' ').trim();
}

export interface SnippetCounts {
  readonly tp: number;
  readonly fp: number;
  readonly tn: number;
  readonly fn: number;
}

/** trafilatura-eval's counts for one page: snippets looked up in the visible, whitespace-normalised text. */
export function snippetCounts(extracted: string, snippets: { with: readonly string[]; without: readonly string[] }): SnippetCounts {
  const text = normalizeForSnippets(extracted);
  let tp = 0, fn = 0, fp = 0, tn = 0;
  // A snippet with no visible text says nothing about the extraction (every text "holds" it).
  for (const s of snippets.with) {
    const n = normalizeForSnippets(s);
    if (n === '') continue;
    if (text.includes(n)) tp++;
    else fn++;
  }
  for (const s of snippets.without) {
    const n = normalizeForSnippets(s);
    if (n === '') continue;
    if (text.includes(n)) fp++;
    else tn++;
  }
  return { tp, fp, tn, fn };
}

/** Title comparison after normalisation: case, white space, invisible characters (soft hyphens, zero-width), quotes and dashes, trailing punctuation. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032`´]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033«»]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'.:;,!?-]+|[\s"'.:;,!?-]+$/g, '')
    .trim();
}

export function titlesMatch(predicted: string, gold: string): boolean {
  return normalizeTitle(predicted) === normalizeTitle(gold);
}

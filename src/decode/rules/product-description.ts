/**
 * A shop states its product's description in the page's structured data (JSON-LD `Product`),
 * and many draw it on the page only with a script, or in a drawer the page keeps shut
 * ("Details"): the learner then keeps the delivery notes by the buy button and not the
 * description. On a page read as a product page whose kept text lacks at least two thirds of the words
 * of the description its product declares, the blocks that hold lines of that description word for
 * word become body (the drawer's too); when the page's blocks hold under half of it, the article
 * gets the declared description itself, under the title (`DecodeState.addedText`). On other
 * kinds of page a declared product is one the page is about in passing.
 */
import { BlockTag, type DecodeRule, type DecodeState } from '../rule.js';
import { comparableText, holdsPhrase } from '../../util/comparable-text.js';

/**
 * A description of fewer words is a tag line. Counted both between spaces (a URL-encoded string,
 * "An%20elegant%20sofa", is one) and in letters and digits (eight dashes are none).
 */
const MIN_WORDS = 8;
/**
 * The rule acts when at least this share of the description's words is missing from the kept
 * text. A summary written for search engines retells what the page shows and shares many of its
 * words; a description the page does not show shares few.
 */
const MIN_MISSING_SHARE = 2 / 3;
/** A line of fewer words ("Details") is in any description that uses the word. */
const MIN_LINE_WORDS = 2;
/** The page's blocks hold the description when the lines found cover at least this share of its words. */
const MIN_HELD_SHARE = 0.5;

export const productDescription: DecodeRule = {
  name: 'product-description',
  doc: `on a product page whose kept text lacks at least ${Math.round(MIN_MISSING_SHARE * 100)}% of the words of the description its JSON-LD product declares (${MIN_WORDS}+ words), the blocks holding lines of it word for word become body; when they hold under ${MIN_HELD_SHARE * 100}% of it, the article gets the description as text under the title`,
  apply(s, page) {
    if (page.pageType !== 'product') return;
    const declared = firstDescription(page.productDescriptions);
    if (declared === undefined) return;
    const { paragraphs, key, words } = declared;
    const comparableOf = (i: number): string => s.texts.comparable(s.blocks[i]!.text);
    const kept = keptWords(s, comparableOf);
    let missing = 0;
    for (const w of words) if (!kept.has(w)) missing++;
    if (missing < MIN_MISSING_SHARE * words.length) return;
    const lines = descriptionLines(s, key, new Set(words), comparableOf);
    let held = 0;
    for (const i of lines) held += comparableOf(i).split(' ').length;
    if (held >= MIN_HELD_SHARE * words.length) {
      for (const i of lines) if (s.labels[i] === 'other') s.relabel(i, 'body', 'a line of the product description the page declares');
      return;
    }
    s.addedText = {
      after: s.labels.indexOf('title'), paragraphs, rule: s.rule,
      reason: `the product description the page declares (${words.length} words), which its blocks do not hold`,
    };
  },
};

/** The first declared description of at least `MIN_WORDS` words, with its `comparableText` key and that key's words. */
function firstDescription(descriptions: readonly (readonly string[])[]): { paragraphs: readonly string[]; key: string; words: string[] } | undefined {
  for (const paragraphs of descriptions) {
    const text = paragraphs.join(' ');
    if (text.split(/\s+/).length < MIN_WORDS) continue;
    const key = comparableText(text);
    const words = key.split(' ').filter(Boolean);
    if (words.length >= MIN_WORDS) return { paragraphs, key, words };
  }
  return undefined;
}

/** The words (`comparableText`, through `comparableOf`) of the text kept so far. */
function keptWords(s: DecodeState, comparableOf: (i: number) => string): Set<string> {
  const words = new Set<string>();
  for (let i = 0; i < s.blocks.length; i++) {
    if (s.blocks[i]!.kind !== 'text' || s.labels[i] === 'other') continue;
    for (const w of comparableOf(i).split(' ')) words.add(w);
  }
  return words;
}

/** Text blocks (not page furniture) whose text the description (and its set of words) holds word for word, the first of each text only. */
function descriptionLines(s: DecodeState, description: string, descriptionWords: ReadonlySet<string>, comparableOf: (i: number) => string): number[] {
  const lines: number[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < s.blocks.length; i++) {
    const b = s.blocks[i]!;
    if (b.kind !== 'text' || s.has(i, BlockTag.furniture)) continue;
    const line = comparableOf(i);
    if (line.length > description.length || seen.has(line)) continue;
    const lineWords = line.split(' ');
    // A word the description lacks rules the line out without a search through it.
    if (lineWords.length < MIN_LINE_WORDS || !lineWords.every((w) => descriptionWords.has(w)) || !holdsPhrase(description, line)) continue;
    seen.add(line);
    lines.push(i);
  }
  return lines;
}

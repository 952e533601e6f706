/**
 * Families over what authors wrote into the markup: class/id/itemprop/role words,
 * heading elements, landmark containers, and schema.org data (JSON-LD, microdata).
 */
import { KeyedRefs, NONE, type FamilyOutput, type FeatureFamily } from '../family.js';
import { ARTICLE_ITEMTYPE_BIT, CONTAINERS, MICRODATA, type Microdata, type WordIds } from '../page-context.js';
import { tokenize } from '../text-stats.js';
import { KnownWords, TOKEN_PLAIN, type TokenStore } from '../token-store.js';
import { BodyShingles } from '../body-shingles.js';
import { CLASS_WORD_GROUPS } from '../cue-words.js';

export const HINTS: readonly string[] = Object.freeze(Object.keys(CLASS_WORD_GROUPS));
const HINT_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(CLASS_WORD_GROUPS).flatMap(([g, words]) => words.split(' ').map((w) => [w, g] as const)),
);

/** Index of each group in HINTS (its bit in a list's set of groups). */
const HINT_INDEX: ReadonlyMap<string, number> = new Map(HINTS.map((h, k) => [h, k]));

export const markupTokensFamily: FeatureFamily = {
  name: 'markup-tokens',
  doc: "Words of the class, id, itemprop and role attributes, split at camelCase, `-` and `_`, lower-cased, 2-24 letters: `cls:<word>` for the block's own element and box, `acls:<word>` for their ancestors (nearest first, `maxMarkupTokens` in all); and the group those words fall in (content, comment, nav, share, ad, related, footer, header, sidebar, caption, byline, title, tags) as `hint:<group>` / `ahint:<group>`. Columns: hint and ancestorHint (first group found, nearest first).",
  columns: [
    { name: 'hint', kind: 'symbolic' },
    { name: 'ancestorHint', kind: 'symbolic' },
  ],
  attributes: ['cls:*', 'acls:*', 'hint:*', 'ahint:*'],
  compute(ctx, out) {
    const cap = ctx.config.maxMarkupTokens;
    const words = ctx.words;
    const own = new WordListRefs(out, words, 'cls:', 'hint:', cap);
    const above = new WordListRefs(out, words, 'acls:', 'ahint:', cap);
    // Keyed by the block's element and kind, which decide its box.
    const pairs = new Map<number, WordIds>();
    const containers = ctx.containers;
    const blocks = ctx.blocks;
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      const box = containers[i]!;
      let ownIds = ctx.elementWordIds(box);
      const inner = b.elementId === box ? NO_IDS : ctx.elementWordIds(b.elementId);
      if (inner.length > 0) {
        // An inline element with its own classes (a styled link, a span): its words and the box's.
        const key = b.elementId * 2 + (b.kind === 'text' ? 1 : 0);
        let merged = pairs.get(key);
        if (!merged) pairs.set(key, (merged = innerThenBox(inner, ownIds)));
        ownIds = merged;
      }
      const mine = own.of(ownIds);
      const theirs = above.of(ctx.ancestorWordIds(box));
      // The budget is shared: own words first, then the ancestors', `cap` in all.
      const fromMine = Math.min(cap, mine.names.length);
      const fromTheirs = Math.min(cap - fromMine, theirs.names.length);
      for (let k = 0; k < fromMine; k++) out.attrRef(i, mine.names[k]!);
      for (let k = 0; k < fromTheirs; k++) out.attrRef(i, theirs.names[k]!);
      // Group attributes look at every token (not only the budgeted ones): they are few.
      for (const h of mine.hints) out.attrRef(i, h);
      for (const h of theirs.hints) out.attrRef(i, h);
      out.col(i, 0, mine.first);
      out.col(i, 1, theirs.first);
    }
  },
};

const NO_IDS: WordIds = Object.freeze([]);

/** The inline element's words, then the box's not among them (both lists have no repeats). */
function innerThenBox(inner: WordIds, box: WordIds): WordIds {
  const out = inner.slice();
  for (let k = 0; k < box.length; k++) if (!inner.includes(box[k]!)) out.push(box[k]!);
  return out;
}

/** No ref or group worked out yet for a word. */
const UNRESOLVED = -2;

/**
 * Refs of word lists (PageContext word ids) under one prefix and its group prefix, made once
 * per list: each word's ref and group are worked out once per page and then read by index.
 */
class WordListRefs {
  private readonly lists = new Map<WordIds, TokenListRefs>();
  private wordRefs: Int32Array = new Int32Array(64).fill(UNRESOLVED);
  /** Per word: index into HINTS, -1 for none. */
  private groups: Int32Array = new Int32Array(64).fill(UNRESOLVED);
  private readonly groupRefs: KeyedRefs;

  constructor(
    private readonly out: FamilyOutput,
    private readonly words: readonly string[],
    private readonly prefix: string,
    hintPrefix: string,
    private readonly cap: number,
  ) {
    this.groupRefs = new KeyedRefs(out, (g) => hintPrefix + HINTS[g]!);
  }

  of(list: WordIds): TokenListRefs {
    let v = this.lists.get(list);
    if (v) return v;
    if (this.words.length > this.groups.length) this.grow();
    // Each group once, in the order its first word comes; the first of them fills the column.
    let bits = 0;
    const hints: number[] = [];
    let first: string = NONE;
    for (let k = 0; k < list.length; k++) {
      const g = this.groupOf(list[k]!);
      if (g < 0 || (bits & (1 << g)) !== 0) continue;
      bits |= 1 << g;
      hints.push(this.groupRefs.get(g));
      if (first === NONE) first = HINTS[g]!;
    }
    // Only the first `cap` words can ever be emitted (the budget is per block).
    const names: number[] = [];
    for (let k = 0; k < list.length && k < this.cap; k++) names.push(this.refOf(list[k]!));
    v = { names, hints, first };
    this.lists.set(list, v);
    return v;
  }

  private refOf(w: number): number {
    let r = this.wordRefs[w]!;
    if (r === UNRESOLVED) this.wordRefs[w] = r = this.out.refOf(this.prefix, this.words[w]!);
    return r;
  }

  private groupOf(w: number): number {
    let g = this.groups[w]!;
    if (g === UNRESOLVED) {
      const h = HINT_OF.get(this.words[w]!);
      this.groups[w] = g = h === undefined ? -1 : HINT_INDEX.get(h)!;
    }
    return g;
  }

  private grow(): void {
    const size = Math.max(this.words.length, this.groups.length * 2);
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(size).fill(UNRESOLVED);
      b.set(a);
      return b;
    };
    this.wordRefs = grow(this.wordRefs);
    this.groups = grow(this.groups);
  }
}

interface TokenListRefs {
  /** Refs of the list's first `maxMarkupTokens` words under the prefix. */
  readonly names: readonly number[];
  readonly hints: readonly number[];
  readonly first: string;
}

const HEADING_NAMES: readonly string[] = ['', 'heading=h1', 'heading=h2', 'heading=h3', 'heading=h4', 'heading=h5', 'heading=h6'];
const CONTAINER_NAMES: readonly string[] = CONTAINERS.map((c) => `in:${c}`);

export const headingFamily: FeatureFamily = {
  name: 'heading',
  doc: 'Whether the block is, or is inside, a heading element: `heading` and `heading=h1`..`heading=h6`. Column heading: h1..h6 or `_`.',
  columns: [{ name: 'heading', kind: 'symbolic' }],
  attributes: ['heading', 'heading=*'],
  compute(ctx, out) {
    ctx.blocks.forEach((b, i) => {
      const level = ctx.headingLevel(b.elementId);
      if (level > 0) {
        out.attr(i, 'heading');
        out.attr(i, HEADING_NAMES[level]!);
      }
      if (out.keepsColumns) out.col(i, 0, level > 0 ? `h${level}` : NONE);
    });
  },
};

export const containersFamily: FeatureFamily = {
  name: 'containers',
  doc: `Landmarks the block sits in (its element or any ancestor; ARIA roles count as the element they stand for, e.g. role=navigation as nav): \`in:<c>\` for c in ${CONTAINERS.join(', ')}. Columns: one 0/1 column per landmark (in_<c>).`,
  columns: CONTAINERS.map((c) => ({ name: `in_${c}`, kind: 'numeric' as const })),
  attributes: ['in:*'],
  compute(ctx, out) {
    const refs = new KeyedRefs(out, (j) => CONTAINER_NAMES[j]!);
    ctx.blocks.forEach((b, i) => {
      const f = ctx.containerFlags(b.elementId);
      for (let j = 0; j < CONTAINER_NAMES.length; j++) {
        const on = (f & (1 << j)) !== 0;
        if (on) out.attrRef(i, refs.get(j));
        out.col(i, j, on ? 1 : 0);
      }
    });
  },
};

/** When several itemprops enclose a block, the most telling one names the column. */
const MICRODATA_PRIORITY: readonly Microdata[] = [
  'comment', 'headline', 'caption', 'author', 'datepublished', 'description', 'articlesection', 'articlebody', 'name',
];
const MICRODATA_PRIORITY_BITS: readonly number[] = MICRODATA_PRIORITY.map((p) => 1 << MICRODATA.indexOf(p));
const SHINGLE = 3;
const MAX_BODY_CHARS = 300_000;

function keyOf(tokens: readonly string[]): string {
  return tokens.join(' ');
}

const NO_WORDS: readonly string[] = Object.freeze([]);

/** `keyOf(store.lowerWords(t)).length`, without joining (a plain token is as long as its lower case). */
function joinedLength(store: TokenStore, t: number): number {
  let n = store.count(t) - 1;
  for (let k = store.first(t), e = store.end(t); k < e; k++) n += (store.flags(k) & TOKEN_PLAIN) !== 0 ? store.lengthOf(k) : store.lower(t, k).length;
  return n;
}

export const schemaFamily: FeatureFamily = {
  name: 'schema',
  doc: "schema.org hints. JSON-LD: `ld:body` (share of the block's word 3-grams found in an `articleBody`; blocks under three words: whether they occur there as a phrase), `ld:body=most` (80% or more), `ld:headline` (block text equals a JSON-LD `headline`), `meta:desc` (block text equals the og/meta/JSON-LD description). Microdata: `ip:<prop>` for itemprop articleBody, headline, description, author, datePublished, comment, articleSection, caption or name on the block's element or an ancestor, and `itemtype:article` inside an Article/NewsArticle/BlogPosting item. Columns: ldBodyShare, ldHeadline (y/n), microdata (most telling itemprop or `_`).",
  columns: [
    { name: 'ldBodyShare', kind: 'numeric' },
    { name: 'ldHeadline', kind: 'symbolic' },
    { name: 'microdata', kind: 'symbolic' },
  ],
  attributes: ['ld:body', 'ld:body=most', 'ld:headline', 'meta:desc', 'ip:*', 'itemtype:article'],
  compute(ctx, out) {
    const meta = ctx.meta;
    const bodyText = meta.articleBodies.join(' \n ');
    // 1- and 2-grams too, so blocks of one or two words can be looked up the same way.
    const bodyWords = bodyText ? tokenize(bodyText.length > MAX_BODY_CHARS ? bodyText.slice(0, MAX_BODY_CHARS) : bodyText).map((t) => t.lower) : NO_WORDS;
    const shingles = new BodyShingles(bodyWords);
    // A block word the body lacks only has to match none of the body's: it is looked up as ''.
    const known = new KnownWords(bodyWords);
    const norm = (s: string): string => keyOf(tokenize(s).map((t) => t.lower));
    const headlines = new Set(meta.headlines.map(norm).filter(Boolean));
    const descriptions = new Set(meta.descriptions.map(norm).filter(Boolean));
    // Pages without JSON-LD text or declared titles match nothing: their blocks' words are not needed.
    const matchText = !shingles.empty || headlines.size > 0 || descriptions.size > 0;
    // A block's key can equal a headline's or description's only if it is as long: blocks of
    // other lengths (most) are not joined.
    const keyLengths = new Set<number>();
    for (const k of headlines) keyLengths.add(k.length);
    for (const k of descriptions) keyLengths.add(k.length);
    const store = matchText ? ctx.blockTokens : undefined;
    ctx.blocks.forEach((b, i) => {
      const n = store ? store.count(i) : 0;
      let share = 0;
      if (!shingles.empty && n > 0) {
        const among = store!.lowerWordsAmong(i, known);
        if (n >= SHINGLE) share = shingles.tripleHits(among) / (n - SHINGLE + 1);
        else if (shingles.hasPhrase(among)) share = 1;
      }
      if (share > 0) out.attr(i, 'ld:body', share);
      if (share >= 0.8) out.attr(i, 'ld:body=most');
      const key = n > 0 && n <= 60 && keyLengths.has(joinedLength(store!, i)) ? keyOf(store!.lowerWords(i)) : '';
      const isHeadline = key !== '' && headlines.has(key);
      if (isHeadline) out.attr(i, 'ld:headline');
      if (key !== '' && descriptions.has(key)) out.attr(i, 'meta:desc');
      const m = ctx.microdata(b.elementId);
      let top: string = NONE;
      for (let k = 0; k < MICRODATA_PRIORITY.length; k++) {
        if ((m & MICRODATA_PRIORITY_BITS[k]!) === 0) continue;
        const p = MICRODATA_PRIORITY[k]!;
        out.attrRef(i, out.refOf('ip:', p));
        if (top === NONE) top = p;
      }
      if (m & ARTICLE_ITEMTYPE_BIT) out.attr(i, 'itemtype:article');
      out.col(i, 0, share);
      out.col(i, 1, isHeadline ? 'y' : 'n');
      out.col(i, 2, top);
    });
  },
};


/**
 * Everything families share about one page, computed once and only when a family asks:
 * block tokens, each block's container element, per-element facts inherited down the
 * tree (enclosing landmarks, heading level, microdata: node-facts.ts; tag-path ids and
 * child positions: the tree's own, dom/facts.ts), and class/id tokens cached per element.
 * No family walks to the root per block.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import { INLINE_TAGS, type Block } from '../segment/segment.js';
import type { Page } from '../page.js';
import { tokenize, splitIdentifier, type Token } from './text-stats.js';
import { TokenStore } from './token-store.js';
import { guessStopLanguage, stopLanguageOf, stopWords, type StopLanguage } from './stop-words.js';
import { pageMeta, type PageMeta } from './page-meta.js';
import { nodeFacts, type NodeFacts } from './node-facts.js';
import { treeFacts } from '../dom/facts.js';
import type { FeatureConfig } from './config.js';

export { ARTICLE_ITEMTYPE_BIT, CONTAINERS, IN_LINK_BIT, MICRODATA, type Container, type Microdata } from './node-facts.js';

/** Per-element token lists are kept this short: enough to see `comment`, `sidebar`, `article-body`. */
const MAX_OWN_TOKENS = 12;
/** How many class/id words an element inherits from its ancestors at most (nearest first). */
export const MAX_INHERITED_TOKENS = 48;
const EMPTY: readonly string[] = Object.freeze([]);
const TOKEN_OK_RE = /^\p{L}{2,24}$/u;
/** Word-id lists are plain arrays of small integers: many are short, and typed arrays cost more to make. */
export type WordIds = readonly number[];
const NO_IDS: WordIds = Object.freeze([]);

/** Split, lower-cased words of an element's class, id, itemprop and role: the first `MAX_OWN_TOKENS` distinct ones. */
export function splitMarkupWords(a: Readonly<Record<string, string>>): readonly string[] {
  const out: string[] = [];
  for (const name of MARKUP_ATTRIBUTES) addMarkupWords(a[name], out);
  return Object.freeze(out);
}
const MARKUP_ATTRIBUTES = ['class', 'id', 'itemprop', 'role'] as const;
/** The attributes after class: elements with none of them (most) are keyed by their class alone. */
const MARKUP_ATTRIBUTES_AFTER_CLASS = ['id', 'itemprop', 'role'] as const;

/**
 * Adds the words of one attribute value to `out`, as `splitMarkupWords` takes them: word by
 * word, kept when a token word not there yet, until `MAX_OWN_TOKENS`. The words of several
 * values so come out as those of the values' words one after another.
 */
function addMarkupWords(v: string | undefined, out: string[]): void {
  if (!v || out.length >= MAX_OWN_TOKENS) return;
  const raw: string[] = [];
  splitIdentifier(v.length > 300 ? v.slice(0, 300) : v, raw);
  for (const w of raw) {
    if (out.length >= MAX_OWN_TOKENS) break;
    if (isTokenWord(w) && !out.includes(w)) out.push(w);
  }
}

/** `TOKEN_OK_RE.test(w)`; ASCII words (the most) by their length alone, since `splitIdentifier` gives letters only. */
function isTokenWord(w: string): boolean {
  let ascii = true;
  for (let k = 0; k < w.length && ascii; k++) ascii = w.charCodeAt(k) < 128;
  return ascii ? w.length >= 2 && w.length <= 24 : TOKEN_OK_RE.test(w);
}

/**
 * `splitMarkupWords(a)` from the (shared) words of `a`'s class: the id, itemprop and role
 * words added after them. Those values are mostly unique on a page (ids), so they are split
 * per element, and the class list itself is returned when they add no word.
 */
function withWordsAfterClass(classWords: readonly string[], a: Readonly<Record<string, string>>): readonly string[] {
  if (classWords.length >= MAX_OWN_TOKENS) return classWords;
  const out = classWords.slice();
  for (const name of MARKUP_ATTRIBUTES_AFTER_CLASS) addMarkupWords(a[name], out);
  return out.length === classWords.length ? classWords : Object.freeze(out);
}

export class PageContext {
  readonly page: Page;
  readonly tree: DomTree;
  readonly blocks: readonly Block[];
  readonly config: FeatureConfig;

  private _tokens: Token[][] | undefined;
  private _blockTokens: TokenStore | undefined;
  private _containers: Int32Array | undefined;
  private _facts: NodeFacts | undefined;
  private _meta: PageMeta | undefined;
  private _stop: { lang: StopLanguage | undefined; set: ReadonlySet<string> } | undefined;
  // Indexed by node id, made at full length up front: plain arrays written out of order from
  // empty turn into slow dictionaries.
  private _ownTokens: (readonly string[] | undefined)[] | undefined;
  private _charStarts: Float64Array | undefined;
  private _firstBlockFrom: Int32Array | null | undefined;
  /** The page's class/id words, each once, in first-seen order: what word ids stand for. */
  private readonly _words: string[] = [];
  private readonly wordIndex = new Map<string, number>();
  /** Word ids of each distinct `elementTokens` list (lists are shared by the elements that split alike). */
  private readonly idsOfList = new Map<readonly string[], WordIds>();
  private _ownIds: (WordIds | undefined)[] | undefined;
  private _inheritedIds: (WordIds | undefined)[] | undefined;
  private _belowIds: (WordIds | undefined)[] | undefined;
  private readonly memo = new Map<string, unknown>();
  private readonly names = new Map<string, Map<string, string>>();
  /** The words of each class value, split once a page. */
  private readonly classSplitCache = new Map<string, readonly string[]>();

  constructor(page: Page, config: FeatureConfig) {
    this.page = page;
    this.tree = page.tree;
    this.blocks = page.blocks;
    this.config = config;
  }

  /** The text a block's tokens are read from (image blocks: their alt text), cut where no more tokens could be read. */
  private tokenText(b: Block): string {
    const text = b.kind === 'text' ? b.text : (b.alt ?? '');
    const cut = this.config.maxTokensPerBlock * 12;
    return text.length > cut ? text.slice(0, cut) : text;
  }

  /** Tokens of each block's text (image blocks: of their alt text). */
  get tokens(): readonly (readonly Token[])[] {
    if (!this._tokens) {
      const cap = this.config.maxTokensPerBlock;
      this._tokens = this.blocks.map((b) => {
        const t = tokenize(this.tokenText(b));
        return t.length > cap ? t.slice(0, cap) : t;
      });
    }
    return this._tokens;
  }

  /** The same tokens as `tokens`, block i as the store's text i: offsets and bits, no object per word. */
  get blockTokens(): TokenStore {
    if (!this._blockTokens) {
      const cap = this.config.maxTokensPerBlock;
      const store = new TokenStore();
      for (const b of this.blocks) store.add(this.tokenText(b), cap);
      this._blockTokens = store;
    }
    return this._blockTokens;
  }

  /** Nearest non-inline ancestor-or-self of each block's element: the box the block sits in. */
  get containers(): Int32Array {
    if (!this._containers) {
      const out = new Int32Array(this.blocks.length);
      const nodes = this.tree.nodes;
      for (let i = 0; i < this.blocks.length; i++) {
        let id = this.blocks[i]!.elementId;
        const b = this.blocks[i]!;
        if (b.kind !== 'text') id = nodes[id]!.parent; // an image's box is its parent
        while (id > 0 && INLINE_TAGS.has((nodes[id] as ElementNode).tag)) id = nodes[id]!.parent;
        out[i] = Math.max(id, 0);
      }
      this._containers = out;
    }
    return this._containers;
  }

  /** Per-element facts inherited down the tree, one pass per page. */
  private get facts(): NodeFacts {
    return (this._facts ??= nodeFacts(this.tree));
  }

  /** Bit set of `CONTAINERS` the element is in (itself included), plus `IN_LINK_BIT`. */
  containerFlags(id: number): number {
    return this.facts.containerFlags[id]!;
  }
  /** 1..6 when the element is, or is inside, h1..h6; else 0. */
  headingLevel(id: number): number {
    return this.facts.headingLevel[id]!;
  }
  /** Bit set of `MICRODATA` itemprops (and `ARTICLE_ITEMTYPE_BIT`) on the element or its ancestors. */
  microdata(id: number): number {
    return this.facts.microdata[id]!;
  }
  /** Interned id of the element's tag path (same tags from the root = same id). */
  pathId(id: number): number {
    return this.facts.pathId[id]!;
  }
  /**
   * Parent of each interned tag path (-1 for top level). A path is interned after its
   * parent path, so parent ids are always smaller: sums over the path trie run backwards.
   */
  get pathParents(): Int32Array {
    return this.facts.pathParent;
  }

  /** Position of each node among its parent's children (-1 for the document): the tree's (dom/facts.ts). */
  get childIndex(): Int32Array {
    return treeFacts(this.tree).childIndex;
  }

  private get ownTokens(): (readonly string[] | undefined)[] {
    return (this._ownTokens ??= new Array<readonly string[] | undefined>(this.tree.nodes.length));
  }

  /** Split, lower-cased words of the element's class, id, itemprop and role (bounded). */
  elementTokens(id: number): readonly string[] {
    let t = this.ownTokens[id];
    if (t) return t;
    const node = this.tree.nodes[id];
    t = EMPTY;
    if (node && node.kind === 'element') {
      const a = node.attrs;
      const cls = a['class'];
      if (cls) t = this.classWords(cls);
      if (a['id'] || a['itemprop'] || a['role']) t = withWordsAfterClass(t, a);
    }
    this.ownTokens[id] = t;
    return t;
  }

  /**
   * `splitMarkupWords` of a class value alone. Sites repeat the same class strings on many
   * elements: each is split once a page (pages of different sites share few: a cache across
   * pages would mostly miss).
   */
  private classWords(cls: string): readonly string[] {
    let t = this.classSplitCache.get(cls);
    if (!t) {
      const out: string[] = [];
      addMarkupWords(cls, out);
      this.classSplitCache.set(cls, (t = Object.freeze(out)));
    }
    return t;
  }

  /** The word each id of `elementWordIds` / `ancestorWordIds` stands for (the table grows as they are asked). */
  get words(): readonly string[] {
    return this._words;
  }

  /** `elementTokens(id)` as word ids: the same words, in the same order. */
  elementWordIds(id: number): WordIds {
    const own = (this._ownIds ??= new Array<WordIds | undefined>(this.tree.nodes.length));
    let ids = own[id];
    if (ids) return ids;
    const words = this.elementTokens(id);
    if (words.length === 0) ids = NO_IDS;
    else if ((ids = this.idsOfList.get(words)) === undefined) {
      const made: number[] = [];
      for (let k = 0; k < words.length; k++) made.push(this.wordId(words[k]!));
      this.idsOfList.set(words, (ids = made));
    }
    own[id] = ids;
    return ids;
  }

  private wordId(word: string): number {
    let k = this.wordIndex.get(word);
    if (k === undefined) {
      this.wordIndex.set(word, (k = this._words.length));
      this._words.push(word);
    }
    return k;
  }

  /**
   * `ancestorTokens(id)` as word ids, built the same way over numbers: each parent's list once,
   * shared by its children; a miss climbs only to the nearest element already done.
   */
  ancestorWordIds(id: number): WordIds {
    const n = this.tree.nodes.length;
    const inherited = (this._inheritedIds ??= new Array<WordIds | undefined>(n));
    const hit = inherited[id];
    if (hit) return hit;
    const below = (this._belowIds ??= new Array<WordIds | undefined>(n));
    const nodes = this.tree.nodes;
    const chain: number[] = [];
    let cur = id;
    while (cur > 0 && inherited[cur] === undefined) {
      chain.push(cur);
      cur = nodes[cur]!.parent;
    }
    for (let k = chain.length - 1; k >= 0; k--) {
      const el = chain[k]!;
      const parent = nodes[el]!.parent;
      let list: WordIds | undefined;
      if (parent <= 0) list = NO_IDS;
      else if ((list = below[parent]) === undefined) {
        const up = inherited[parent] ?? NO_IDS;
        const own = this.elementWordIds(parent);
        list = own.length === 0 ? up : mergeBelow(own, up);
        below[parent] = list;
      }
      inherited[el] = list;
    }
    return inherited[id] ?? NO_IDS;
  }

  /**
   * `prefix + value`, interned per page: items of one page share their attribute-name
   * strings instead of each holding fresh copies (which the GC would then have to move).
   */
  name(prefix: string, value: string): string {
    let m = this.names.get(prefix);
    if (!m) this.names.set(prefix, (m = new Map()));
    let s = m.get(value);
    if (s === undefined) {
      s = prefix + value;
      m.set(value, s);
    }
    return s;
  }

  /** A page-level value several families need (e.g. entity counts), computed by the first to ask. */
  shared<T>(key: string, make: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const v = make();
    this.memo.set(key, v);
    return v;
  }

  get meta(): PageMeta {
    if (!this._meta) this._meta = pageMeta(this.tree);
    return this._meta;
  }

  /** The page's stop list: guessed from its text, else from `<html lang>`, else all lists together. */
  get stop(): { readonly lang: StopLanguage | undefined; readonly set: ReadonlySet<string> } {
    if (!this._stop) {
      const sample: string[] = [];
      for (const toks of this.tokens) {
        for (const t of toks) sample.push(t.lower);
        if (sample.length >= 3000) break;
      }
      const lang = guessStopLanguage(sample) ?? stopLanguageOf(this.tree.lang);
      this._stop = { lang, set: stopWords(lang) };
    }
    return this._stop;
  }

  /** Characters of text blocks before block i (index n = total). */
  get charStarts(): Float64Array {
    if (!this._charStarts) {
      const out = new Float64Array(this.blocks.length + 1);
      for (let i = 0; i < this.blocks.length; i++) out[i + 1] = out[i]! + this.blocks[i]!.text.length;
      this._charStarts = out;
    }
    return this._charStarts;
  }

  /** Index of the first block whose first node is at or after node id `id`. */
  firstBlockFrom(id: number): number {
    const table = this._firstBlockFrom ??= this.firstBlockTable();
    return table !== null && id >= 0 && id < table.length ? table[id]! : this.searchFirstBlockFrom(id);
  }

  /**
   * `firstBlockFrom` of every node id up to the tree's size, in one pass: families ask it for
   * every element and block. Null when the blocks' first nodes do not ascend (the binary
   * search then answers, as it always did).
   */
  private firstBlockTable(): Int32Array | null {
    const blocks = this.blocks;
    const size = this.tree.nodes.length + 2;
    const table = new Int32Array(size);
    let b = 0;
    let prev = -Infinity;
    for (const block of blocks) {
      const first = block.nodeIds[0] ?? 0;
      if (first < prev) return null;
      prev = first;
    }
    for (let id = 0; id < size; id++) {
      while (b < blocks.length && (blocks[b]!.nodeIds[0] ?? 0) < id) b++;
      table[id] = b;
    }
    return table;
  }

  /** `firstBlockFrom` by binary search. */
  private searchFirstBlockFrom(id: number): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.blocks[mid]!.nodeIds[0] ?? 0) < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** A parent's own words, then its ancestors' not among them, `MAX_INHERITED_TOKENS` in all (`up` has no repeats). */
function mergeBelow(own: WordIds, up: WordIds): WordIds {
  const out = own.slice();
  for (let k = 0; k < up.length && out.length < MAX_INHERITED_TOKENS; k++) {
    const w = up[k]!;
    if (!own.includes(w)) out.push(w);
  }
  return out;
}

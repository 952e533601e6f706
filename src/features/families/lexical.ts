/** Families over a block's words (block-labelling study): kind, words, stop words, entities, title casing, word count. */
import { DecileRefs, KeyedRefs, Log2BucketRefs, ValueRefs, type FeatureFamily } from '../family.js';
import type { PageContext } from '../page-context.js';
import { countEntities, ENTITY_KINDS, type EntityCounts } from '../entities.js';
import { logScale } from '../text-stats.js';
import { TOKEN_LOWER, TOKEN_UPPER } from '../token-store.js';

export function blockEntities(ctx: PageContext): readonly EntityCounts[] {
  // Entity tokens are for the bag of words only: without it, only the counts are made.
  const collectTokens = ctx.config.families.includes('words');
  return ctx.shared('entities', () =>
    ctx.blocks.map((b, i) => countEntities(b.kind === 'text' ? b.text.slice(0, ctx.config.maxTokensPerBlock * 12) : '', ctx.blockTokens, i, collectTokens)),
  );
}

/** Word-equivalents of each block (`wordCount`), computed once for the families that need them. */
export function blockWordCounts(ctx: PageContext): Int32Array {
  return ctx.shared('word-counts', () => {
    const store = ctx.blockTokens;
    const out = new Int32Array(ctx.blocks.length);
    for (let i = 0; i < out.length; i++) out[i] = store.wordCount(i);
    return out;
  });
}

/** log2(1 + x): counts as k-NN columns, so equal-width bins are not all spent on the tail. */
export function log2p(x: number): number {
  return Math.log2(1 + Math.max(0, x));
}

export const kindFamily: FeatureFamily = {
  name: 'kind',
  doc: 'What the item is: `kind=text`, `kind=image` or `kind=media`; images also get `img:alt` when they carry alternative text and `img:link` inside a link.',
  columns: [{ name: 'kind', kind: 'symbolic' }],
  attributes: ['kind=*', 'img:alt', 'img:link'],
  compute(ctx, out) {
    const nodes = ctx.tree.nodes;
    const kinds = new ValueRefs(out, 'kind=');
    ctx.blocks.forEach((b, i) => {
      out.attrRef(i, kinds.get(b.kind));
      out.col(i, 0, b.kind);
      if (b.kind === 'text') return;
      if (b.alt) out.attr(i, 'img:alt');
      // An image inside a link is usually a teaser or a logo, not an article figure.
      for (let p = nodes[b.elementId]!.parent, k = 0; p > 0 && k < 4; p = nodes[p]!.parent, k++) {
        const el = nodes[p]!;
        if (el.kind === 'element' && el.tag === 'a') {
          out.attr(i, 'img:link');
          break;
        }
      }
    });
  },
};

// The block-labelling study keeps these news-agency names as words although they are entities.
const AGENCY_WORDS: ReadonlySet<string> = new Set(['reuters', 'ap', 'a.p.', 'associated', 'press', 'afp', 'dpa']);
const MAX_WORD_CHARS = 24;

/** FNV-1a, 32 bits: a stable, fast string hash for word buckets. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < s.length; k++) {
    h ^= s.charCodeAt(k);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const wordsFamily: FeatureFamily = {
  name: 'words',
  doc: 'The block-labelling study\'s bag of words: `w:<token>` (lower-cased, at most 24 characters, value 1) for each distinct token of the block, first `maxWordsPerBlock` kept; numbers and entity-like tokens are left out (the entities family counts them), except news-agency names. With `words: hashed` the names are `w#<bucket>` instead. No columns.',
  columns: [],
  attributes: ['w:*', 'w#*'],
  compute(ctx, out) {
    const { words, wordBuckets, maxWordsPerBlock } = ctx.config;
    const ents = blockEntities(ctx);
    ctx.tokens.forEach((toks, i) => {
      const seen = new Set<string>();
      const entityTokens = ents[i]!.tokens;
      for (const t of toks) {
        if (seen.size >= maxWordsPerBlock) break;
        const w = t.lower.length > MAX_WORD_CHARS ? t.lower.slice(0, MAX_WORD_CHARS) : t.lower;
        if (seen.has(w)) continue;
        if (entityTokens.has(t.lower) && !AGENCY_WORDS.has(w)) continue;
        seen.add(w);
        out.attrRef(i, words === 'hashed' ? out.refOf('w#', String(fnv1a(w) % wordBuckets)) : out.refOf('w:', w));
      }
    });
  },
};

export const stopWordsFamily: FeatureFamily = {
  name: 'stop-words',
  doc: "The block-labelling study's inverse stop-wording: `sw:<word>` for each stop word of the page's language in the block (lists for 16 European languages, Turkish, Indonesian, Korean, and function characters for Chinese and Japanese; the language is guessed from the page's text, else `<html lang>`, else all lists together), plus `stop-ratio` (share of tokens that are stop words, value in [0,1]) and its decile `stop-ratio=<0-9>`. Prose has many stop words whatever its topic; menus and tag lists have few. Column: stopRatio.",
  columns: [{ name: 'stopRatio', kind: 'numeric' }],
  attributes: ['sw:*', 'stop-ratio', 'stop-ratio=*'],
  compute(ctx, out) {
    const stop = ctx.stop.set;
    const ratioDecile = new DecileRefs(out, 'stop-ratio=');
    ctx.tokens.forEach((toks, i) => {
      if (toks.length === 0) return;
      let hits = 0;
      let seen: Set<string> | undefined;
      for (const t of toks) {
        if (!stop.has(t.lower)) continue;
        hits++;
        if (seen?.has(t.lower)) continue;
        (seen ??= new Set()).add(t.lower);
        out.attrRef(i, out.refOf('sw:', t.lower));
      }
      const ratio = hits / toks.length;
      if (ratio > 0) out.attr(i, 'stop-ratio', ratio);
      out.attrRef(i, ratioDecile.get(ratio));
      out.col(i, 0, ratio);
    });
  },
};

const ENTITY_NAMES: readonly string[] = ENTITY_KINDS.map((k) => `ent:${k}`);
const ENTITY_MANY_NAMES: readonly string[] = ENTITY_KINDS.map((k) => `ent-many:${k}`);

export const entitiesFamily: FeatureFamily = {
  name: 'entities',
  doc: 'The block-labelling study\'s named entities, by language-independent heuristics: `ent:name` (runs of capitalised words not opening a sentence), `ent:date` (numeric dates, month names next to numbers, years), `ent:time`, `ent:money`, `ent:percent`, `ent:number`; values log-scaled counts in [0,1], plus `ent-many:<kind>` at 3 or more. Columns: log2(1+count) per kind.',
  columns: ENTITY_KINDS.map((k) => ({ name: `ent_${k}`, kind: 'numeric' as const })),
  attributes: ['ent:*', 'ent-many:*'],
  compute(ctx, out) {
    const kinds = new KeyedRefs(out, (j) => ENTITY_NAMES[j]!);
    const many = new KeyedRefs(out, (j) => ENTITY_MANY_NAMES[j]!);
    const keep = out.keepsColumns;
    const ents = blockEntities(ctx);
    for (let i = 0; i < ents.length; i++) {
      const e = ents[i]!;
      for (let j = 0; j < ENTITY_KINDS.length; j++) {
        const n = e[ENTITY_KINDS[j]!];
        if (keep) out.col(i, j, log2p(n));
        if (n === 0) continue;
        out.attrRef(i, kinds.get(j), logScale(n, 16));
        if (n >= 3) out.attrRef(i, many.get(j));
      }
    }
  },
};

export const titleCaseFamily: FeatureFamily = {
  name: 'title-case',
  doc: 'The block-labelling study\'s title casing: `tcase:all` when every cased token starts upper case (headlines in English, menus), `tcase:anylower` when any starts lower case. Column titleCase: all | mixed | lower | none (no cased tokens).',
  columns: [{ name: 'titleCase', kind: 'symbolic' }],
  attributes: ['tcase:all', 'tcase:anylower'],
  compute(ctx, out) {
    const store = ctx.blockTokens;
    ctx.blocks.forEach((_, i) => {
      let up = 0;
      let low = 0;
      for (let k = store.first(i), e = store.end(i); k < e; k++) {
        const f = store.flags(k);
        if ((f & TOKEN_UPPER) !== 0) up++;
        else if ((f & TOKEN_LOWER) !== 0) low++;
      }
      if (up + low === 0) {
        out.col(i, 0, 'none');
        return;
      }
      if (low === 0) out.attr(i, 'tcase:all');
      else out.attr(i, 'tcase:anylower');
      out.col(i, 0, low === 0 ? 'all' : up === 0 ? 'lower' : 'mixed');
    });
  },
};

export const wordCountFamily: FeatureFamily = {
  name: 'word-count',
  doc: 'The block-labelling study\'s word count (CJK characters count half a word): `words` (log-scaled, 1 at 1000 words) and the log2 bucket `wc=<0|1|2|4|8|...>`. Column: log2(1+words).',
  columns: [{ name: 'wordCount', kind: 'numeric' }],
  attributes: ['wc=*', 'words'],
  compute(ctx, out) {
    const wordsRef = out.ref('words');
    const buckets = new Log2BucketRefs(out, 'wc=');
    blockWordCounts(ctx).forEach((n, i) => {
      out.attrRef(i, buckets.get(n));
      if (n > 0) out.attrRef(i, wordsRef, logScale(n, 1000));
      if (out.keepsColumns) out.col(i, 0, log2p(n));
    });
  },
};

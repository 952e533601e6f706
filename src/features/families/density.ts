/** Families over how much of a block, and of the region around it, is link text or dense prose. */
import type { ElementNode } from '../../dom/tree.js';
import { DecileRefs, KeyedRefs, Log2BucketRefs, ValueRefs, type FeatureFamily } from '../family.js';
import type { Block } from '../../segment/segment.js';
import { IN_LINK_BIT, type PageContext } from '../page-context.js';
import { countWords } from '../text-stats.js';
import { log2p } from './lexical.js';

export const anchorFamily: FeatureFamily = {
  name: 'anchor',
  doc: 'The block-labelling study\'s anchor percentage: share of the block\'s (whitespace-separated) words inside `<a href>` (`anchor`, value in [0,1]), with `anchor=none`, `anchor=all` and `anchor=<decile>`. Column anchorShare.',
  columns: [{ name: 'anchorShare', kind: 'numeric' }],
  attributes: ['anchor', 'anchor=*'],
  compute(ctx, out) {
    const nodes = ctx.tree.nodes;
    const noneRef = out.ref('anchor=none');
    const allRef = out.ref('anchor=all');
    const deciles = new DecileRefs(out, 'anchor=');
    ctx.blocks.forEach((b, i) => {
      if (b.kind !== 'text') return;
      let words = 0;
      let linked = 0;
      for (const id of b.nodeIds) {
        const n = nodes[id]!;
        if (n.kind !== 'text') continue;
        const w = countWords(n.text);
        words += w;
        if (w > 0 && b.linkChars > 0 && (ctx.containerFlags(n.parent) & IN_LINK_BIT) !== 0) linked += w;
      }
      const share = words > 0 ? linked / words : 0;
      if (share > 0) out.attr(i, 'anchor', share);
      out.attrRef(i, share === 0 ? noneRef : share >= 0.99 ? allRef : deciles.get(share));
      out.col(i, 0, share);
    });
  },
};

export const linkDensityFamily: FeatureFamily = {
  name: 'link-density',
  doc: "Characters in links: the block's own link density (`linkd`, value in [0,1], and `linkd=<decile>`), and the region's: link characters over all characters of the blocks inside the parent of the block's box (`region-linkd`, `region-linkd=<decile>`), with the region's size (`region-chars=<log2 bucket>`). A list of links is a menu even where one item is long. Columns: linkDensity, regionLinkDensity, regionChars (log2(1+chars)).",
  columns: [
    { name: 'linkDensity', kind: 'numeric' },
    { name: 'regionLinkDensity', kind: 'numeric' },
    { name: 'regionChars', kind: 'numeric' },
  ],
  attributes: ['linkd', 'linkd=*', 'region-linkd', 'region-linkd=*', 'region-chars=*'],
  compute(ctx, out) {
    const n = ctx.blocks.length;
    const nodes = ctx.tree.nodes;
    const chars = ctx.charStarts;
    const links = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) links[i + 1] = links[i]! + ctx.blocks[i]!.linkChars;
    const linkdRef = out.ref('linkd');
    const regionRef = out.ref('region-linkd');
    const linkdDecile = new DecileRefs(out, 'linkd=');
    const regionDecile = new DecileRefs(out, 'region-linkd=');
    const regionChars = new Log2BucketRefs(out, 'region-chars=', 1 << 16);
    ctx.blocks.forEach((b, i) => {
      const own = b.text.length > 0 ? b.linkChars / b.text.length : 0;
      const box = ctx.containers[i]!;
      const region = box > 0 ? Math.max(nodes[box]!.parent, 0) : 0;
      const end = (nodes[region] as ElementNode).end;
      // Blocks whose first node lies in the region's subtree [region, end] form a contiguous range.
      const from = ctx.firstBlockFrom(region);
      const to = ctx.firstBlockFrom(end + 1);
      const rc = chars[to]! - chars[from]!;
      const rl = links[to]! - links[from]!;
      const rd = rc > 0 ? rl / rc : 0;
      if (own > 0) out.attrRef(i, linkdRef, own);
      out.attrRef(i, linkdDecile.get(own));
      if (rd > 0) out.attrRef(i, regionRef, rd);
      out.attrRef(i, regionDecile.get(rd));
      out.attrRef(i, regionChars.get(rc));
      out.col(i, 0, own);
      out.col(i, 1, rd);
      if (out.keepsColumns) out.col(i, 2, log2p(rc));
    });
  },
};

export const textDensityFamily: FeatureFamily = {
  name: 'text-density',
  doc: "Kohlschütter's text density: words per line when the block is wrapped at 80 characters, not counting its last line (`tdens`, density/20 capped at 1, and `tdens=<log2 bucket>`). Full lines of prose are dense; link lists and bylines are not. Column textDensity.",
  columns: [{ name: 'textDensity', kind: 'numeric' }],
  attributes: ['tdens', 'tdens=*'],
  compute(ctx, out) {
    const buckets = new Log2BucketRefs(out, 'tdens=');
    const store = ctx.blockTokens;
    ctx.blocks.forEach((_, i) => {
      const d = store.textDensity(i);
      if (d > 0) out.attr(i, 'tdens', Math.min(1, d / 20));
      out.attrRef(i, buckets.get(Math.round(d)));
      out.col(i, 0, d);
    });
  },
};

/** Prose: the non-link text of text blocks of at least 80 characters that are less than half link text. */
function proseChars(b: Block): number {
  return b.kind === 'text' && b.text.length >= 80 && b.linkChars < 0.5 * b.text.length ? b.text.length - b.linkChars : 0;
}

/** Prefix sums of prose characters over the blocks, computed once per page for prose-core and page-kind. */
function prosePrefix(ctx: PageContext): Float64Array {
  return ctx.shared('prose-prefix', () => {
    const prose = new Float64Array(ctx.blocks.length + 1);
    ctx.blocks.forEach((b, i) => { prose[i + 1] = prose[i]! + proseChars(b); });
    return prose;
  });
}

/** Shares of the page's prose past which an element is its core (`core50`, `core80`): the element holding most of the reading text. */
const CORE50_SHARE = 0.5;
const CORE80_SHARE = 0.8;

export const proseCoreFamily: FeatureFamily = {
  name: 'prose-core',
  doc: "Where the page's prose lives, Readability's idea learned instead of scored: prose is the non-link text of blocks of at least 80 characters that are less than half link text. `core50` / `core80` when the block lies inside the deepest element holding more than 50% / 80% of the page's prose (`core=none` otherwise), `core50-depth=<0|1|2|3|4+>` its depth below that element, and `prose-share` (value, with `prose-share=<decile>`): the share of the page's prose inside the parent of the block's box. Columns: core (80 | 50 | none), proseShare.",
  columns: [
    { name: 'core', kind: 'symbolic' },
    { name: 'proseShare', kind: 'numeric' },
  ],
  attributes: ['core50', 'core80', 'core=none', 'core50-depth=*', 'prose-share', 'prose-share=*'],
  compute(ctx, out) {
    const n = ctx.blocks.length;
    const nodes = ctx.tree.nodes;
    const prose = prosePrefix(ctx);
    const total = prose[n]!;
    // Prose under an element: its subtree's blocks are one contiguous range.
    const under = (id: number): number => {
      const end = (nodes[id] as ElementNode).end;
      return prose[ctx.firstBlockFrom(end + 1)]! - prose[ctx.firstBlockFrom(id)]!;
    };
    // Elements over a share form a chain from the root; the deepest has the largest id (pre-order).
    let core50 = -1;
    let core80 = -1;
    if (total > 0) {
      for (let id = 0; id < nodes.length; id++) {
        if (nodes[id]!.kind !== 'element') continue;
        const share = under(id) / total;
        if (share > CORE50_SHARE) core50 = id;
        if (share > CORE80_SHARE) core80 = id;
      }
    }
    const shareDecile = new DecileRefs(out, 'prose-share=');
    const inside = (core: number, id: number) => core >= 0 && id >= core && id <= (nodes[core] as ElementNode).end;
    ctx.blocks.forEach((_, i) => {
      const box = ctx.containers[i]!;
      const in50 = inside(core50, box);
      const in80 = inside(core80, box);
      if (in50) {
        out.attr(i, 'core50');
        let depth = 0;
        for (let cur = box; cur !== core50 && cur > 0 && depth < 4; cur = nodes[cur]!.parent) depth++;
        out.attr(i, `core50-depth=${depth >= 4 ? '4+' : depth}`);
      }
      if (in80) out.attr(i, 'core80');
      if (!in50 && !in80) out.attr(i, 'core=none');
      const region = box > 0 ? Math.max(nodes[box]!.parent, 0) : 0;
      const share = total > 0 ? under(region) / total : 0;
      if (share > 0) out.attr(i, 'prose-share', share);
      out.attrRef(i, shareDecile.get(share));
      out.col(i, 0, in80 ? '80' : in50 ? '50' : 'none');
      out.col(i, 1, share);
    });
  },
};

/** A block's length class for crossed attributes: under 40, under 150, 150+ characters. */
const LENGTH_CLASSES = ['len=s', 'len=m', 'len=l'] as const;
const lengthIndex = (chars: number): number => (chars < 40 ? 0 : chars < 150 ? 1 : 2);
const lengthClass = (chars: number): (typeof LENGTH_CLASSES)[number] => LENGTH_CLASSES[lengthIndex(chars)];

/** Page link-share and prose-share bucket edges: 4 x 4 page kinds. */
const PAGE_LINK_EDGES = [0.15, 0.3, 0.5] as const;
const PAGE_PROSE_EDGES = [0.2, 0.4, 0.6] as const;
const bucketOf = (x: number, edges: readonly number[]): number => {
  let k = 0;
  while (k < edges.length && x >= edges[k]!) k++;
  return k;
};

export const pageKindFamily: FeatureFamily = {
  name: 'page-kind',
  doc: "What kind of page the block sits on, so the model can learn that conventions differ: on a listing or a collection the linked teasers are the content, on an article they are related-story boxes. The page's link share (link characters over all text) and prose share (as in prose-core) in 4 buckets each give a kind `pk=L<0-3>P<0-3>`, crossed with the block's own link share (`bl=0|part|most`) and with link share and length together (`len=s|m|l`: under 40, under 150, 150+ characters): the only way a linear model can let a page-level fact change how a block is read. og:type is left out: on two cross-site folds of the train corpora the model did better without it. Columns: pageLinkShare, pageProseShare.",
  columns: [
    { name: 'pageLinkShare', kind: 'numeric' },
    { name: 'pageProseShare', kind: 'numeric' },
  ],
  attributes: ['pk=*'],
  compute(ctx, out) {
    const text = ctx.charStarts[ctx.blocks.length]!;
    const prose = prosePrefix(ctx)[ctx.blocks.length]!;
    let link = 0;
    for (const b of ctx.blocks) if (b.kind === 'text') link += b.linkChars;
    const linkShare = text > 0 ? link / text : 0;
    const proseShare = text > 0 ? prose / text : 0;
    const kind = `pk=L${bucketOf(linkShare, PAGE_LINK_EDGES)}P${bucketOf(proseShare, PAGE_PROSE_EDGES)}`;
    // Prefixes built once per page, not once per block.
    const kindAnd = `${kind}&`;
    const kindLinkAnd = { 'bl=0': `${kind}&bl=0&`, 'bl=part': `${kind}&bl=part&`, 'bl=most': `${kind}&bl=most&` } as const;
    const kindRef = out.ref(kind);
    const kindAndRefs = new ValueRefs(out, kindAnd);
    const kindLinkRefs = { 'bl=0': new ValueRefs(out, kindLinkAnd['bl=0']), 'bl=part': new ValueRefs(out, kindLinkAnd['bl=part']), 'bl=most': new ValueRefs(out, kindLinkAnd['bl=most']) };
    ctx.blocks.forEach((b, i) => {
      out.attrRef(i, kindRef);
      const n = b.text.length;
      const share = n > 0 ? b.linkChars / n : 0;
      const bl = share === 0 ? 'bl=0' : share < 0.5 ? 'bl=part' : 'bl=most';
      const len = lengthClass(n);
      out.attrRef(i, kindAndRefs.get(bl));
      out.attrRef(i, kindLinkRefs[bl].get(len));
      out.col(i, 0, linkShare);
      out.col(i, 1, proseShare);
    });
  },
};

/** Shares of the page's prose before or after a block, in four buckets (index into `SPAN_BUCKETS`). */
const SPAN_BUCKETS = ['none', 'some', 'half', 'most'] as const;
const spanBucket = (share: number): number => (share <= 0 ? 0 : share < 0.2 ? 1 : share < 0.8 ? 2 : 3);

export const proseSpanFamily: FeatureFamily = {
  name: 'prose-span',
  doc: "Where the block sits against the page's prose (as in prose-core), for the short lines that follow or precede an article: post-meta footers, credit and licence lines, \"read also\" boxes sit after the last paragraph, kickers and bylines before the first. The shares of the prose before and after the block in four buckets (`pb=none|some|half|most`, `pa=...`) and crossed (`pb=..&pa=..`), each side crossed with the block's length (`pa=none&len=s|m|l`: under 40, under 150, 150+ characters), and the non-prose characters between the block and the nearest prose block before and after (`gap-prev=<log2 bucket>`, `gap-next=...`, `none` when there is no prose on that side). Columns: proseBefore, proseAfter.",
  columns: [
    { name: 'proseBefore', kind: 'numeric' },
    { name: 'proseAfter', kind: 'numeric' },
  ],
  attributes: ['pb=*', 'pa=*', 'gap-prev=*', 'gap-next=*'],
  compute(ctx, out) {
    const n = ctx.blocks.length;
    const prose = prosePrefix(ctx);
    const total = prose[n]!;
    const chars = ctx.charStarts;
    const S = SPAN_BUCKETS.length;
    const L = LENGTH_CLASSES.length;
    const pbRefs = new KeyedRefs(out, (k) => `pb=${SPAN_BUCKETS[k]}`);
    const paRefs = new KeyedRefs(out, (k) => `pa=${SPAN_BUCKETS[k]}`);
    const bothRefs = new KeyedRefs(out, (k) => `pb=${SPAN_BUCKETS[Math.floor(k / S)]}&pa=${SPAN_BUCKETS[k % S]}`);
    const pbLenRefs = new KeyedRefs(out, (k) => `pb=${SPAN_BUCKETS[Math.floor(k / L)]}&${LENGTH_CLASSES[k % L]}`);
    const gapPrev = new Log2BucketRefs(out, 'gap-prev=', 1 << 14);
    const gapNext = new Log2BucketRefs(out, 'gap-next=', 1 << 14);
    const noPrevRef = out.ref('gap-prev=none');
    const noNextRef = out.ref('gap-next=none');
    const paLenRefs = new KeyedRefs(out, (k) => `pa=${SPAN_BUCKETS[Math.floor(k / L)]}&${LENGTH_CLASSES[k % L]}`);
    // Text offset where the last prose block before i ends, and where the first one after i starts.
    const prevEnd = new Float64Array(n).fill(-1);
    const nextStart = new Float64Array(n).fill(-1);
    for (let i = 0, last = -1; i < n; i++) {
      prevEnd[i] = last;
      if (prose[i + 1]! > prose[i]!) last = chars[i + 1]!;
    }
    for (let i = n - 1, first = -1; i >= 0; i--) {
      nextStart[i] = first;
      if (prose[i + 1]! > prose[i]!) first = chars[i]!;
    }
    for (let i = 0; i < n; i++) {
      const before = total > 0 ? prose[i]! / total : 0;
      const after = total > 0 ? (total - prose[i + 1]!) / total : 0;
      const pb = spanBucket(before);
      const pa = spanBucket(after);
      const lc = lengthIndex(ctx.blocks[i]!.text.length);
      out.attrRef(i, pbRefs.get(pb));
      out.attrRef(i, paRefs.get(pa));
      out.attrRef(i, bothRefs.get(pb * SPAN_BUCKETS.length + pa));
      out.attrRef(i, pbLenRefs.get(pb * LENGTH_CLASSES.length + lc));
      out.attrRef(i, paLenRefs.get(pa * LENGTH_CLASSES.length + lc));
      out.attrRef(i, prevEnd[i]! < 0 ? noPrevRef : gapPrev.get(chars[i]! - prevEnd[i]!));
      out.attrRef(i, nextStart[i]! < 0 ? noNextRef : gapNext.get(nextStart[i]! - chars[i + 1]!));
      out.col(i, 0, before);
      out.col(i, 1, after);
    }
  },
};

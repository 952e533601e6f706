/**
 * Gold -> block labels. A corpus gives gold as text (main text, headings, snippets, a title,
 * or every piece of the page labelled); pith needs one label per block of its own
 * segmentation. Both sides are normalised to tokens (text-normalize.ts) and aligned
 * monotonically (token-align.ts), then gold lines the page shows in another order are placed
 * by exact containment (relocate.ts); a block takes the label of the gold its tokens align to
 * when at least `minShare` of them align, else `other` (`unknown` for partial gold).
 */
import type { Page } from '../page.js';
import type { Block } from '../segment/segment.js';
import type { GoldLabel } from '../labels.js';
import { isContent } from '../labels.js';
import type { Gold, GoldSegment } from './types.js';
import { alignTokens, Vocabulary } from './text-normalize.js';
import { alignTokenSequences } from './token-align.js';
import { matchTitle, type TitleCandidateHints, type TitleMatchSource } from './title-match.js';
import { labelsFromAnnotations } from './annotations.js';
import { relocateUnalignedLines } from './relocate.js';

export interface AlignOptions {
  /** Share of a block's tokens that must align into gold content for the block to be content. Default 0.5. */
  readonly minShare?: number;
  /** Also return where each page token aligned (`AlignmentResult.tokenMatch`), for reports. Default false. */
  readonly diagnostics?: boolean;
}

export interface SnippetAlignment {
  readonly withTotal: number;
  /** `with` snippets found in the page. */
  readonly withFound: number;
  /** `with` snippets found whose blocks are all labelled body. */
  readonly withBody: number;
  readonly withoutTotal: number;
  readonly withoutFound: number;
  /** `without` snippets found whose blocks are all labelled other. */
  readonly withoutOther: number;
}

export interface AlignmentResult {
  readonly labels: readonly GoldLabel[];
  /** The block labelled title, if any. */
  readonly titleBlock: number | undefined;
  /** How the title block was found: the gold title's text, the page's own title, or the lone headline before the content. */
  readonly titleSource?: TitleMatchSource;
  /** True when the title block's text is part of the gold text (so a text metric should include it). */
  readonly titleInText: boolean;
  /** Gold content tokens, and how many of them aligned to a page token. */
  readonly goldTokens: number;
  readonly alignedGoldTokens: number;
  /** Per block: its alignment tokens, and how many of them aligned to gold content (diagnostics). */
  readonly blockTokens: readonly number[];
  readonly blockAligned: readonly number[];
  /**
   * With `diagnostics`: per page token (the blocks' alignment tokens in order), the index of the
   * gold content token it aligned to (gold tokens in reading order), else -1. Shows what a
   * token-exact extraction would reproduce, and in which order the gold has the page's text.
   */
  readonly tokenMatch?: Int32Array;
  readonly snippets?: SnippetAlignment;
}

const HEADING_TAG_RE = /(?:^|\/)h[1-6](?:\/|$)/;

/** One label per block of `page`, derived from the corpus' gold. */
export function goldBlockLabels(page: Page, gold: Gold, options: AlignOptions = {}): GoldLabel[] {
  return [...alignGold(page, gold, options).labels];
}

/** The reference main text for text metrics: the corpus' main text, or its content segments joined. */
export function goldText(gold: Gold): string | undefined {
  if (gold.mainText !== undefined) return gold.mainText;
  if (gold.segments && gold.segments.length > 0) {
    const parts = gold.segments.filter((s) => s.label === 'body' || s.label === 'heading').map((s) => s.text);
    return parts.length > 0 ? parts.join('\n') : undefined;
  }
  return undefined;
}

/** Gold as labelled lines: explicit segments, else the main text's lines (heading lines marked). */
function goldSegments(gold: Gold): GoldSegment[] {
  if (gold.segments) return [...gold.segments];
  if (gold.mainText === undefined) return [];
  const headingKeys = new Set((gold.headings ?? []).map((h) => alignTokens(h).join(' ')));
  return gold.mainText
    .split(/\n+/)
    .filter((l) => l.trim().length > 0)
    .map((l) => ({ label: headingKeys.has(alignTokens(l).join(' ')) ? 'heading' : 'body', text: l }));
}

/** Full alignment with the numbers the alignment report needs. */
export function alignGold(page: Page, gold: Gold, options: AlignOptions = {}): AlignmentResult {
  const minShare = options.minShare ?? 0.5;
  const blocks = page.blocks;
  const partial = gold.partial === true;
  const fallback: GoldLabel = partial ? 'unknown' : 'other';

  // Stored per-node annotations are the most precise gold: use them directly.
  if (gold.annotations !== undefined) return annotationAlignment(page, gold.annotations, partial);

  const segments = goldSegments(gold);
  const streams = tokenStreams(blocks, segments);
  const { blockTokens } = streams;
  const pageLen = streams.pageIds.length;
  const labels: GoldLabel[] = new Array<GoldLabel>(blocks.length).fill(fallback);
  const marked = new Set<number>();
  const blockAligned: number[] = new Array<number>(blocks.length).fill(0);
  const tokenMatch = options.diagnostics ? new Int32Array(pageLen).fill(-1) : undefined;
  let counts = { goldContent: 0, alignedContent: 0 };
  if (streams.goldIds.length > 0 && pageLen > 0) {
    const match = alignTokenSequences(streams.pageIds, streams.goldIds, streams.vocab.size);
    relocateUnalignedLines(streams.pageIds, streams.blockOf, streams.goldIds, streams.segTokens, match, streams.vocab.size);
    const votes = { blocks, streams, segments, match };
    for (let bi = 0, start = 0; bi < blocks.length; start += blockTokens[bi]!.length, bi++) {
      if (blockTokens[bi]!.length === 0) continue;
      const vote = blockVote(votes, bi, start);
      blockAligned[bi] = vote.content;
      labelFromVote(votes, bi, vote, minShare, fallback, labels, marked);
    }
    counts = contentCounts(streams, segments, match, tokenMatch);
  }
  fillTokenless(blocks, blockTokens, labels);

  let snippets: SnippetAlignment | undefined;
  if (gold.snippets) snippets = partial ? applySnippets(blocks, blockTokens, gold.snippets, labels) : recountSnippets(blocks, blockTokens, gold.snippets, labels);

  labelMedia(blocks, labels, fallback);

  const title = placeTitle(page, gold, labels, marked, blockTokens);
  if (snippets) snippets = recountSnippets(blocks, blockTokens, gold.snippets!, labels);
  return Object.freeze({
    labels: Object.freeze(labels),
    titleBlock: title.match?.block,
    ...(title.match ? { titleSource: title.match.source } : {}),
    titleInText: title.inText,
    goldTokens: counts.goldContent,
    alignedGoldTokens: counts.alignedContent,
    blockTokens: blockTokens.map((t) => t.length),
    blockAligned,
    ...(tokenMatch ? { tokenMatch } : {}),
    ...(snippets ? { snippets } : {}),
  });
}

function annotationAlignment(page: Page, annotations: NonNullable<Gold['annotations']>, partial: boolean): AlignmentResult {
  const labels = labelsFromAnnotations(page, annotations, partial);
  const t = labels.indexOf('title');
  return { labels, titleBlock: t >= 0 ? t : undefined, titleInText: false, goldTokens: 0, alignedGoldTokens: 0, blockTokens: [], blockAligned: [] };
}

/** Both sides as ids of one vocabulary: the page's text blocks' tokens, then the gold segments'. */
interface TokenStreams {
  readonly vocab: Vocabulary;
  /** Per block, its alignment tokens (none for non-text blocks). */
  readonly blockTokens: readonly string[][];
  readonly pageIds: Int32Array;
  /** The block of each page token. */
  readonly blockOf: Int32Array;
  readonly segTokens: readonly string[][];
  readonly goldIds: Int32Array;
  /** The segment of each gold token. */
  readonly goldSeg: Int32Array;
}

function tokenStreams(blocks: readonly Block[], segments: readonly GoldSegment[]): TokenStreams {
  const vocab = new Vocabulary();
  const blockTokens = blocks.map((b) => (b.kind === 'text' ? alignTokens(b.text) : []));
  const page = tokenIds(blockTokens, vocab);
  const segTokens = segments.map((s) => alignTokens(s.text));
  const goldSide = tokenIds(segTokens, vocab);
  return { vocab, blockTokens, pageIds: page.ids, blockOf: page.owner, segTokens, goldIds: goldSide.ids, goldSeg: goldSide.owner };
}

/** The parts' tokens in order as vocabulary ids, with the part each came from. */
function tokenIds(parts: readonly string[][], vocab: Vocabulary): { ids: Int32Array; owner: Int32Array } {
  let len = 0;
  for (const t of parts) len += t.length;
  const ids = new Int32Array(len);
  const owner = new Int32Array(len);
  let k = 0;
  for (let p = 0; p < parts.length; p++) {
    for (const tok of parts[p]!) {
      ids[k] = vocab.id(tok);
      owner[k++] = p;
    }
  }
  return { ids, owner };
}

interface VoteContext {
  readonly blocks: readonly Block[];
  readonly streams: TokenStreams;
  readonly segments: readonly GoldSegment[];
  /** Per page token, the gold token it aligned to, else -1. */
  readonly match: Int32Array;
}

/** A block's aligned tokens by gold label, and whether they all fall in one segment. */
interface BlockVote {
  readonly byLabel: ReadonlyMap<GoldLabel, number>;
  readonly aligned: number;
  /** Of them, those aligned to title, heading or body gold. */
  readonly content: number;
  readonly firstSeg: number;
  readonly oneSeg: boolean;
}

/** The vote of block `bi`, whose tokens start at page token `start`. */
function blockVote({ streams, segments, match }: VoteContext, bi: number, start: number): BlockVote {
  const byLabel = new Map<GoldLabel, number>();
  let aligned = 0;
  let firstSeg = -1;
  let oneSeg = true;
  for (let i = start; i < start + streams.blockTokens[bi]!.length; i++) {
    const g = match[i]!;
    if (g < 0) continue;
    aligned++;
    const seg = streams.goldSeg[g]!;
    const lab = segments[seg]!.label;
    byLabel.set(lab, (byLabel.get(lab) ?? 0) + 1);
    if (firstSeg < 0) firstSeg = seg;
    else if (seg !== firstSeg) oneSeg = false;
  }
  const content = (byLabel.get('body') ?? 0) + (byLabel.get('heading') ?? 0) + (byLabel.get('title') ?? 0);
  return { byLabel, aligned, content, firstSeg, oneSeg };
}

/**
 * Block `bi` takes its vote's majority label when at least `minShare` of its tokens aligned.
 * A title majority only marks it (the title is placed after all blocks are labelled).
 */
function labelFromVote(
  { blocks, streams }: VoteContext, bi: number, vote: BlockVote, minShare: number, fallback: GoldLabel, labels: GoldLabel[], marked: Set<number>,
): void {
  if (vote.aligned / streams.blockTokens[bi]!.length < minShare) return;
  let best: GoldLabel = fallback;
  let bestN = 0;
  for (const [lab, c] of vote.byLabel) if (c > bestN) [best, bestN] = [lab, c];
  if (best === 'title') {
    marked.add(bi);
    best = 'other';
  }
  // A content block in h1-h6 that is a whole gold line is a heading, whatever the gold marks.
  if (best === 'body' && vote.oneSeg && vote.aligned === streams.segTokens[vote.firstSeg]!.length && HEADING_TAG_RE.test(blocks[bi]!.tagPath)) best = 'heading';
  labels[bi] = best;
}

/** Gold content tokens, and how many of them a page token aligned to (written into `tokenMatch` when given). */
function contentCounts(streams: TokenStreams, segments: readonly GoldSegment[], match: Int32Array, tokenMatch: Int32Array | undefined): { goldContent: number; alignedContent: number } {
  const { goldSeg } = streams;
  let goldContent = 0;
  let alignedContent = 0;
  for (let g = 0; g < goldSeg.length; g++) {
    if (isContent(segments[goldSeg[g]!]!.label)) goldContent++;
  }
  for (let i = 0; i < streams.pageIds.length; i++) {
    const g = match[i]!;
    if (g >= 0 && isContent(segments[goldSeg[g]!]!.label)) {
      alignedContent++;
      if (tokenMatch) tokenMatch[i] = g;
    }
  }
  return { goldContent, alignedContent };
}

/**
 * Labels the title block (from the gold title, the page's own titles or the lone headline
 * before the content) and says whether its text is part of the gold text.
 */
function placeTitle(
  page: Page, gold: Gold, labels: GoldLabel[], marked: ReadonlySet<number>, blockTokens: readonly string[][],
): { match: ReturnType<typeof matchTitle>; inText: boolean } {
  const blocks = page.blocks;
  const contentStart = labels.findIndex((l) => l === 'body' || l === 'heading');
  const hints = { ...(contentStart >= 0 ? { contentStart } : {}), marked, blockTokens };
  const match = matchTitle(blocks, gold.title, { ...hints, alternates: pageTitles(page) });
  const titleBlock = match?.block;
  if (titleBlock !== undefined) {
    const inText = labels[titleBlock] === 'body' || labels[titleBlock] === 'heading';
    labels[titleBlock] = 'title';
    return { match, inText };
  }
  if (gold.title === undefined && gold.mainText !== undefined) return { match, inText: headlineInMainText(blocks, labels, page, hints) };
  return { match, inText: false };
}

/**
 * A main text with no title beside it (dragnet's) holds the headline when the annotators kept
 * it: then the page's headline, found from its declared titles, aligned to gold content. A text
 * metric then compares an extractor's title with its body, as it does where the gold names
 * its title. The labels stay as they are: the gold does not say which line is the headline.
 */
function headlineInMainText(blocks: readonly Block[], labels: readonly GoldLabel[], page: Page, hints: TitleCandidateHints): boolean {
  const [declared, ...alternates] = pageTitles(page);
  if (declared === undefined) return false;
  const headline = matchTitle(blocks, declared, { ...hints, alternates })?.block;
  return headline !== undefined && HEADING_TAG_RE.test(blocks[headline]!.tagPath) && (labels[headline] === 'body' || labels[headline] === 'heading');
}

/** The page's own title candidates: `<title>`, og:title, twitter:title (distinct, non-empty). */
function pageTitles(page: Page): string[] {
  const out: string[] = [];
  const add = (t: string | undefined): void => {
    const v = t?.trim();
    if (v && !out.includes(v)) out.push(v);
  };
  add(page.tree.title);
  for (const key of ['og:title', 'twitter:title']) add(page.tree.meta.find((m) => m.key === key)?.content);
  return out;
}

/** Text blocks without word tokens ("•", "|") take the label of content on both sides, else stay as they are. */
function fillTokenless(blocks: readonly Block[], tokens: readonly (readonly string[])[], labels: GoldLabel[]): void {
  for (let i = 0; i < blocks.length; i++) {
    if (blocks[i]!.kind !== 'text' || tokens[i]!.length > 0) continue;
    const prev = neighbourLabel(blocks, tokens, labels, i, -1);
    const next = neighbourLabel(blocks, tokens, labels, i, 1);
    if (prev !== undefined && prev === next && isContent(prev)) labels[i] = 'body';
  }
}

function neighbourLabel(blocks: readonly Block[], tokens: readonly (readonly string[])[], labels: readonly GoldLabel[], i: number, step: number): GoldLabel | undefined {
  for (let j = i + step; j >= 0 && j < blocks.length; j += step) {
    if (blocks[j]!.kind === 'text' && tokens[j]!.length > 0) return labels[j];
  }
  return undefined;
}

/** Images and media are body inside the aligned content region (between content, next to content), else the fallback. */
function labelMedia(blocks: readonly Block[], labels: GoldLabel[], fallback: GoldLabel): void {
  let first = -1;
  let last = -1;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] === 'body' || labels[i] === 'heading') {
      if (first < 0) first = i;
      last = i;
    }
  }
  for (let i = 0; i < blocks.length; i++) {
    if (blocks[i]!.kind === 'text') continue;
    let inside = false;
    if (first >= 0 && i > first && i < last) {
      const prev = nearestText(blocks, labels, i, -1);
      const next = nearestText(blocks, labels, i, 1);
      inside = prev === 'body' || prev === 'heading' || next === 'body' || next === 'heading';
    }
    labels[i] = inside ? 'body' : fallback === 'unknown' ? 'unknown' : 'other';
  }
}

function nearestText(blocks: readonly Block[], labels: readonly GoldLabel[], i: number, step: number): GoldLabel | undefined {
  for (let j = i + step; j >= 0 && j < blocks.length; j += step) if (blocks[j]!.kind === 'text') return labels[j];
  return undefined;
}

interface TokenIndex {
  readonly flat: readonly string[];
  readonly blockOf: Int32Array;
  readonly positions: Map<string, number[]>;
}

function tokenIndex(tokens: readonly (readonly string[])[]): TokenIndex {
  const flat: string[] = [];
  const owners: number[] = [];
  tokens.forEach((ts, bi) => {
    for (const t of ts) {
      flat.push(t);
      owners.push(bi);
    }
  });
  const positions = new Map<string, number[]>();
  flat.forEach((t, i) => {
    const p = positions.get(t);
    if (p) p.push(i);
    else positions.set(t, [i]);
  });
  return { flat, blockOf: Int32Array.from(owners), positions };
}

/** Every occurrence of a snippet in the page's token stream, as the set of blocks it covers. */
function findSnippet(index: TokenIndex, snippet: string): number[][] {
  const st = alignTokens(snippet);
  if (st.length === 0) return [];
  const out: number[][] = [];
  for (const p of index.positions.get(st[0]!) ?? []) {
    if (p + st.length > index.flat.length) break;
    let ok = true;
    for (let j = 1; j < st.length && ok; j++) ok = index.flat[p + j] === st[j];
    if (!ok) continue;
    const bs = new Set<number>();
    for (let j = 0; j < st.length; j++) bs.add(index.blockOf[p + j]!);
    out.push([...bs]);
  }
  return out;
}

/** trafilatura-style gold: blocks holding a `with` snippet are body, a `without` snippet other; `with` wins a clash. */
function applySnippets(blocks: readonly Block[], tokens: readonly (readonly string[])[], snippets: NonNullable<Gold['snippets']>, labels: GoldLabel[]): SnippetAlignment {
  const index = tokenIndex(tokens);
  for (const s of snippets.without) for (const occ of findSnippet(index, s)) for (const b of occ) if (labels[b] === 'unknown') labels[b] = 'other';
  for (const s of snippets.with) for (const occ of findSnippet(index, s)) for (const b of occ) if (!isContent(labels[b]!)) labels[b] = 'body';
  return recountSnippets(blocks, tokens, snippets, labels);
}

function recountSnippets(_blocks: readonly Block[], tokens: readonly (readonly string[])[], snippets: NonNullable<Gold['snippets']>, labels: readonly GoldLabel[]): SnippetAlignment {
  const index = tokenIndex(tokens);
  let withFound = 0, withBody = 0, withoutFound = 0, withoutOther = 0;
  for (const s of snippets.with) {
    const occ = findSnippet(index, s);
    if (occ.length === 0) continue;
    withFound++;
    if (occ.some((bs) => bs.every((b) => isContent(labels[b]!)))) withBody++;
  }
  for (const s of snippets.without) {
    const occ = findSnippet(index, s);
    if (occ.length === 0) continue;
    withoutFound++;
    if (occ.every((bs) => bs.some((b) => !isContent(labels[b]!)))) withoutOther++;
  }
  return { withTotal: snippets.with.length, withFound, withBody, withoutTotal: snippets.without.length, withoutFound, withoutOther };
}

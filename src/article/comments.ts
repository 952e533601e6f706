/**
 * Readers' comments as structure (`includeComments`): each comment of the page's comment
 * sections with its author, date and text.
 *
 * Found by repetition, not by one site's markup: inside a comment section (the blocks the
 * decoder marks, `decode/comments.ts`) the comments are the elements of one signature (tag and
 * first class that does not alternate) that repeat and hold the section's text between them
 * (the `<li class="comment">` of a WordPress `comment-list`, a Disqus `<li class="post">`,
 * `<div class="comment">` siblings after a "12 Responses" heading). Replies nested inside a
 * comment are members of the same signature and comments of their own. A section where
 * nothing repeats is one comment.
 *
 * In each comment, the author is the innermost element named for one (`<cite>`, `fn`,
 * `author`, `username`, `itemprop="author"`); the date is a `<time>`, an element named for
 * a date (its `title` when that holds the full date: "5 years ago" with a tooltip), else a date
 * written in the comment's header; the text is its blocks outside its header, meta line and
 * buttons (elements named `author`, `meta`, `reply`, ...) and outside the replies nested in it.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import { normalizeSpace, subtreeText } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { COMMENT_SYSTEM_LINE, COMMENTS_LINE, COMMENT_HEADING, DATE_IN_TEXT, REPLY, SAYS } from '../features/cue-words.js';
import type { ArticleComment } from './types.js';

/** Comments read per page (a thread of thousands is cut here). */
const MAX_COMMENTS = 2000;
/** An author's name is a few words: longer text in an author element is a bio or a header line. */
const MAX_AUTHOR_CHARS = 80;
/** Header lines (where a date written in text is looked for) are short. */
const MAX_HEADER_CHARS = 160;

const AUTHOR_TOKEN = /^(?:fn|author|authors|author[-_]?name|comment[-_]?author|post[-_]?author|user[-_]?name|username|nick(?:name)?|commenter|poster|display[-_]?name)$/i;
const DATE_TOKEN = /(?:^|[-_])(?:date|time|timestamp|published|posted|ago)(?:[-_]|$)/i;
/** A comment's furniture: its header, meta line and buttons. */
const FURNITURE_TOKEN = /(?:^|[-_])(?:author|meta|metadata|byline|date|time|reply|vcard|avatar|actions?|footer|header|says|permalink|votes?|share|likes?|report|flag|tools|menu|badge)(?:[-_]|$)|^(?:fn|commentmetadata|reply)$/i;
/** Names of an element that holds a comment's text: never furniture, whatever else it is named. */
const TEXT_TOKEN = /(?:^|[-_])(?:body|content|text|message)(?:[-_]|$)/i;
/** A date's time of day after it: "October 23rd, 2012 at 1:10 pm". */
const TIME_AFTER = /^\s*(?:,|at|um|à|-|–|\|)?\s*\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?/i;

function classTokens(el: ElementNode): string[] {
  const c = el.attrs['class'];
  return c ? c.split(/\s+/).filter((t) => t !== '') : [];
}

function isAuthorElement(el: ElementNode): boolean {
  if (el.tag === 'cite') return true;
  const itemprop = el.attrs['itemprop'];
  if (itemprop === 'author' || itemprop === 'creator') return true;
  if (/(?:^|\s)author(?:\s|$)/i.test(el.attrs['rel'] ?? '')) return true;
  return classTokens(el).some((t) => AUTHOR_TOKEN.test(t));
}

function isDateElement(el: ElementNode): boolean {
  return el.tag === 'time' || classTokens(el).some((t) => DATE_TOKEN.test(t)) || el.attrs['itemprop'] === 'datePublished';
}

function isFurniture(el: ElementNode): boolean {
  if (el.tag === 'form' || el.tag === 'header' || el.tag === 'footer' || el.tag === 'button' || el.tag === 'time' || el.tag === 'cite') return true;
  const tokens = classTokens(el);
  if (tokens.some((t) => TEXT_TOKEN.test(t))) return false;
  return tokens.some((t) => FURNITURE_TOKEN.test(t)) || isAuthorElement(el);
}

/** A line no comment is made of: the section's heading, a count, a button, "Leave a Reply". */
function isSystemLine(text: string): boolean {
  return text === '' || REPLY.test(text) || COMMENTS_LINE.test(text) || COMMENT_HEADING.test(text) || COMMENT_SYSTEM_LINE.test(text);
}

/** A comment's header line before its text: its author alone, "Anna says:", "Ann said on 2 May 2020:". */
function isHeaderLine(text: string, author: string | undefined): boolean {
  if (author === undefined || text.length > MAX_HEADER_CHARS || !text.startsWith(author)) return false;
  return text === author || SAYS.test(text) || text.endsWith(':') || dateInText(text) !== undefined;
}

/** The first date written in `text`, with its time of day when one follows. */
export function dateInText(text: string): string | undefined {
  const m = DATE_IN_TEXT.exec(text);
  if (!m) return undefined;
  const time = TIME_AFTER.exec(text.slice(m.index + m[0].length));
  return (m[0] + (time ? time[0] : '')).trim();
}

/** An author's name from its element's text: without "says:", and cut before a date written after it ("Heather on October 23rd"). */
function authorName(text: string): string | undefined {
  let t = normalizeSpace(text).replace(SAYS, '').replace(/\s*:$/, '');
  const m = DATE_IN_TEXT.exec(t);
  if (m && m.index > 0) t = t.slice(0, m.index).replace(/[\s,|·•–-]*(?:\b(?:on|at|am|le|el|il))?\s*$/i, '');
  t = t.replace(/^(?:by|von|par|por)\s+/i, '').trim();
  return t !== '' && t.length <= MAX_AUTHOR_CHARS ? t : undefined;
}

/** The element with id `id`, when it is one. */
function elementAt(tree: DomTree, id: number): ElementNode | undefined {
  const n = tree.nodes[id];
  return n && n.kind === 'element' ? n : undefined;
}

/** Index of the first block whose element id is at least `id` (blocks are in document order). */
function firstBlockFrom(blocks: readonly Block[], id: number): number {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[mid]!.elementId < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One comment section: the subtree of `root`, of which only the marked blocks are comments. */
interface Section {
  readonly root: ElementNode;
  readonly marked: ArrayLike<number>;
}

/** Levels walked up looking for a run's common element (bounds the work on hostile nesting). */
const MAX_LEVELS = 256;

/** The lowest element holding both nodes; within `MAX_LEVELS` of `a`, else `a`'s own element. */
function commonAncestor(tree: DomTree, a: number, b: number): ElementNode {
  let x = a;
  for (let level = 0; level < MAX_LEVELS && x >= 0; level++) {
    const n = tree.nodes[x]!;
    if (n.kind === 'element' && n.id <= b && b <= n.end) return n;
    x = n.parent;
  }
  const own = tree.nodes[a]!;
  return own.kind === 'element' ? own : (tree.nodes[own.parent] as ElementNode);
}

/** Runs of consecutive marked blocks, each as the element holding all of it. */
function sections(tree: DomTree, blocks: readonly Block[], marked: ArrayLike<number>): Section[] {
  const out: Section[] = [];
  for (let i = 0; i < blocks.length; i++) {
    if (!marked[i]) continue;
    let j = i;
    while (j + 1 < blocks.length && marked[j + 1]) j++;
    const root = commonAncestor(tree, blocks[i]!.elementId, blocks[j]!.elementId);
    const last = out[out.length - 1];
    if (last && last.root.id <= root.id && root.end <= last.root.end) {
      // Inside the previous run's element (a run broken by an unmarked block): the same section.
    } else out.push({ root, marked });
    i = j;
  }
  return out;
}

/** Class tokens that vary between the comments of one thread (alternating rows, the post author's reply). */
const VARYING_TOKEN = /\d|^(?:odd|even|alt|first|last|parent|active|new|highlighted?|selected|thread-(?:odd|even|alt)|by(?:user|postauthor))$/i;

/** What repeats: the tag and the first class token that does not vary from comment to comment. */
function signature(el: ElementNode): string {
  const stable = classTokens(el).find((t) => !VARYING_TOKEN.test(t));
  return stable === undefined ? el.tag : `${el.tag}.${stable}`;
}

/** Per block index, the running count of blocks and of marked blocks' characters (prefix sums). */
interface BlockSums {
  readonly marked: Int32Array;
  readonly chars: Float64Array;
}

function blockSums(blocks: readonly Block[], marked: ArrayLike<number>): BlockSums {
  const m = new Int32Array(blocks.length + 1);
  const chars = new Float64Array(blocks.length + 1);
  for (let k = 0; k < blocks.length; k++) {
    m[k + 1] = m[k]! + (marked[k] ? 1 : 0);
    chars[k + 1] = chars[k]! + (marked[k] ? blocks[k]!.text.length : 0);
  }
  return { marked: m, chars };
}

/** The marked characters an element holds, or -1 when it also holds blocks outside the section (or none of it). */
function sectionChars(blocks: readonly Block[], sums: BlockSums, el: ElementNode): number {
  const from = firstBlockFrom(blocks, el.id);
  const to = firstBlockFrom(blocks, el.end + 1);
  const marked = sums.marked[to]! - sums.marked[from]!;
  return marked === 0 || marked < to - from ? -1 : sums.chars[to]! - sums.chars[from]!;
}

/**
 * The comments of a section: the elements of one signature (two or more, each wholly in the
 * section) whose outermost members hold the most of its text; on a tie, the outer ones (an
 * `<li class="comment">` rather than the `<article class="comment-body">` in it). Replies
 * nested in a comment are members too. Empty when nothing repeats.
 */
function repeatedItems(tree: DomTree, blocks: readonly Block[], sums: BlockSums, section: Section): ElementNode[] {
  const groups = new Map<string, ElementNode[]>();
  for (let id = section.root.id + 1; id <= section.root.end; id++) {
    const n = tree.nodes[id]!;
    if (n.kind !== 'element') continue;
    const key = signature(n);
    const g = groups.get(key);
    if (g) g.push(n);
    else groups.set(key, [n]);
  }
  let best: ElementNode[] = [];
  let bestChars = 0;
  let bestFirst = Infinity;
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const inSection = members.filter((el) => sectionChars(blocks, sums, el) > 0);
    if (inSection.length < 2) continue;
    let chars = 0;
    let outerEnd = -1;
    for (const el of inSection) {
      if (el.id <= outerEnd) continue;
      chars += sectionChars(blocks, sums, el);
      outerEnd = el.end;
    }
    const first = inSection[0]!.depth;
    if (chars > bestChars || (chars === bestChars && first < bestFirst)) {
      best = inSection;
      bestChars = chars;
      bestFirst = first;
    }
  }
  return best;
}

/** One comment read from its element (or from a whole section without repeated items), less the replies `nested` in it (sorted by id). */
function readComment(tree: DomTree, blocks: readonly Block[], marked: ArrayLike<number>, item: ElementNode, nested: readonly ElementNode[]): ArticleComment | undefined {
  let authorEl: ElementNode | undefined;
  let dateEl: ElementNode | undefined;
  let p = 0;
  for (let id = item.id + 1; id <= item.end; id++) {
    while (p < nested.length && nested[p]!.id < id) p++;
    if (p < nested.length && nested[p]!.id === id) {
      id = nested[p]!.end;
      continue;
    }
    const n = tree.nodes[id]!;
    if (n.kind !== 'element' || n.hidden) continue;
    // The innermost author element: a `<cite>` in a `.comment-author`, a `.fn` in a `.vcard`.
    if (isAuthorElement(n) && (authorEl === undefined || (authorEl.id < n.id && n.end <= authorEl.end))) authorEl = n;
    if (dateEl === undefined && isDateElement(n)) dateEl = n;
  }
  const author = authorEl ? authorName(subtreeText(tree, authorEl.id)) : undefined;
  const paragraphs: string[] = [];
  const header: string[] = [];
  let q = 0;
  for (let k = firstBlockFrom(blocks, item.id); k < blocks.length && blocks[k]!.elementId <= item.end; k++) {
    const b = blocks[k]!;
    // Nested replies are sorted, an outer one before those inside it.
    while (q < nested.length && nested[q]!.end < b.elementId) q++;
    if (q < nested.length && nested[q]!.id <= b.elementId) continue;
    if (!marked[k] || b.kind !== 'text') continue;
    const text = normalizeSpace(b.text);
    if (isSystemLine(text) || (paragraphs.length === 0 && isHeaderLine(text, author))) {
      header.push(text);
      continue;
    }
    if (inFurniture(tree, b.elementId, item)) header.push(text);
    else paragraphs.push(b.text.trim());
  }
  if (paragraphs.length === 0) return undefined;
  const date = dateOf(tree, dateEl) ?? firstDate(header.filter((t) => t.length <= MAX_HEADER_CHARS));
  return Object.freeze({ ...(author !== undefined ? { author } : {}), ...(date !== undefined ? { date } : {}), text: paragraphs.join('\n\n') });
}

/** Whether an element between `id` (inclusive) and the comment's own element is its furniture. */
function inFurniture(tree: DomTree, id: number, item: ElementNode): boolean {
  for (let x = id, level = 0; x > item.id && level < MAX_LEVELS; x = tree.nodes[x]!.parent, level++) {
    const el = elementAt(tree, x);
    if (el && isFurniture(el)) return true;
  }
  return false;
}

/** A date element's date: its `datetime`, its `title` when that holds a date, else a date in its text. */
function dateOf(tree: DomTree, el: ElementNode | undefined): string | undefined {
  if (!el) return undefined;
  const dt = el.attrs['datetime']?.trim();
  if (dt) return dt;
  const title = el.attrs['title']?.trim();
  if (title && /\d/.test(title) && title.length <= MAX_HEADER_CHARS) return normalizeSpace(title);
  const text = subtreeText(tree, el.id);
  return text.length <= MAX_HEADER_CHARS ? (dateInText(text) ?? (text !== '' ? text : undefined)) : undefined;
}

function firstDate(lines: readonly string[]): string | undefined {
  for (const l of lines) {
    const d = dateInText(l);
    if (d) return d;
  }
  return undefined;
}

/**
 * The comments of the page's comment sections (`marked`: 1 for each block in one), in page
 * order, each with its author and date where the page gives them.
 */
export function findComments(tree: DomTree, blocks: readonly Block[], marked: ArrayLike<number>): ArticleComment[] {
  const out: ArticleComment[] = [];
  const sums = blockSums(blocks, marked);
  for (const section of sections(tree, blocks, marked)) {
    const items = repeatedItems(tree, blocks, sums, section);
    const all = items.length > 0 ? items : [section.root];
    for (let i = 0; i < all.length; i++) {
      const item = all[i]!;
      let k = i + 1;
      while (k < all.length && all[k]!.id <= item.end) k++;
      const c = readComment(tree, blocks, marked, item, all.slice(i + 1, k));
      if (c) out.push(c);
      if (out.length >= MAX_COMMENTS) return out;
    }
  }
  return out;
}

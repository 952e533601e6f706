/**
 * A title block's text as the article's headline.
 *
 * News sites put a kicker (German *Dachzeile*, a topic line or forum tag) inside the
 * headline element, before the headline proper: `<h1><span class="kicker">Climate</span>
 * Drilling until it gets hot</h1>`. Readers see it as a separate, smaller line and the
 * publisher's own headline (og:title, JSON-LD) leaves it out, so pith does too. It is
 * recognised by markup only: a leading inline element whose class or id names a kicker,
 * a screen-reader-only label, a `<time>`, or a `<small>` shorter than what follows.
 * Anything else keeps the block's whole text.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';

/** Class/id tokens that name a line set above a headline. */
const KICKER_TOKENS: ReadonlySet<string> = new Set([
  'kicker', 'overline', 'dachzeile', 'roofline', 'topline', 'spitzmarke', 'eyebrow', 'pretitle', 'supertitle',
  'superline', 'subline', 'subheadline', 'label',
]);
/** Class tokens of text only screen readers get. */
const SCREEN_READER_TOKENS: ReadonlySet<string> = new Set(['visuallyhidden', 'visually-hidden', 'sr-only', 'screen-reader-text', 'hidden']);
/** Separators left between a kicker and the headline once the kicker is cut. */
const LEADING_SEPARATORS = /^[\s:|/\u2013\u2014\u00b7\u2022-]+/;

function classTokens(el: ElementNode): string[] {
  const raw = `${el.attrs['class'] ?? ''} ${el.attrs['id'] ?? ''}`.toLowerCase();
  // BEM (`article__kicker`, `label--blue`) and plain hyphenated names both split into words;
  // the hyphenated whole is kept too for names like `sr-only`.
  const out: string[] = [];
  for (const name of raw.split(/\s+/)) {
    if (!name) continue;
    out.push(name);
    for (const part of name.split(/[^a-z0-9]+/)) if (part && part !== name) out.push(part);
  }
  return out;
}

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();
/** Text in the headline: one line, without the permalink glyph documentation generators append (Sphinx's `¶`). */
const oneLine = (s: string): string => collapse(s).replace(/\s*\u00b6$/, '');

type KickerMark = 'named' | 'small';

/** How the elements from a text node up to (and including) `top` mark it as a kicker, if they do. */
function kickerMark(tree: DomTree, textId: number, top: ElementNode): KickerMark | undefined {
  let mark: KickerMark | undefined;
  for (let id = tree.nodes[textId]!.parent; id >= 0; id = tree.nodes[id]!.parent) {
    const el = tree.nodes[id] as ElementNode;
    if (el.tag === 'time') return 'named';
    if (classTokens(el).some((t) => KICKER_TOKENS.has(t) || SCREEN_READER_TOKENS.has(t))) return 'named';
    if (el.tag === 'small') mark = 'small';
    if (id === top.id) break;
  }
  return mark;
}

/** The headline a title block shows: its text without a leading kicker (see the file's comment). */
export function headlineText(tree: DomTree, block: Block): string {
  const whole = oneLine(block.text);
  const first = block.nodeIds[0];
  if (first === undefined || block.kind !== 'text') return whole;
  // The leading child of the block's element that holds the first text node.
  let lead = -1;
  for (let id = first; id >= 0 && id !== block.elementId; id = tree.nodes[id]!.parent) lead = id;
  const leadNode = tree.nodes[lead];
  if (!leadNode || leadNode.kind !== 'element') return whole;
  const inside = block.nodeIds.filter((id) => id >= leadNode.id && id <= leadNode.end);
  if (inside.length === block.nodeIds.length) return whole;
  const mark = kickerMark(tree, first, leadNode);
  if (!mark) return whole;
  const kicker = collapse(inside.map((id) => { const n = tree.nodes[id]!; return n.kind === 'text' ? n.text : ''; }).join(''));
  if (!kicker || !whole.startsWith(kicker)) return whole;
  const rest = whole.slice(kicker.length).replace(LEADING_SEPARATORS, '');
  if (!/[\p{L}\p{N}]/u.test(rest)) return whole;
  // An unnamed <small> is a kicker only when the headline after it is the longer part.
  if (mark === 'small' && rest.length <= kicker.length) return whole;
  return rest;
}

/**
 * A title block's text as the article's headline.
 *
 * News sites put a kicker (German *Dachzeile*, a topic line or forum tag) inside the
 * headline element, before the headline proper: `<h1><span class="kicker">Climate</span>
 * Drilling until it gets hot</h1>`. Readers see it as a separate, smaller line and the
 * publisher's own headline (og:title, JSON-LD) leaves it out, so pith does too. It is
 * recognised by markup only: a leading inline element whose class or id names a kicker,
 * a screen-reader-only label, a `<time>`, or a `<small>` shorter than what follows.
 * A trailing deck inside the headline element (`<small class="subtitle">`, a date) is cut
 * the same way. Anything else keeps the block's whole text.
 */
import { normalizeSpace, type DomTree, type ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { SCREEN_READER_CLASSES } from '../features/cue-words.js';

/** Class/id tokens that name a line set above a headline. */
const KICKER_TOKENS: ReadonlySet<string> = new Set([
  'kicker', 'overline', 'dachzeile', 'roofline', 'topline', 'spitzmarke', 'eyebrow', 'pretitle', 'supertitle',
  'superline', 'subline', 'subheadline', 'label',
]);
/** Class/id tokens that name a line set below a headline (a deck, a date). */
const DECK_TOKENS: ReadonlySet<string> = new Set(['subtitle', 'deck', 'dek', 'standfirst', 'secondary', 'date']);
/** Class tokens of text only screen readers get. */
const SCREEN_READER_TOKENS: ReadonlySet<string> = new Set([...SCREEN_READER_CLASSES, 'hidden']);
/** Separators left between a kicker and the headline once the kicker is cut. */
const LEADING_SEPARATORS = /^[\s:|/\u2013\u2014\u00b7\u2022-]+/;
const TRAILING_SEPARATORS = /[\s:|/\u2013\u2014\u00b7\u2022-]+$/;

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

/** Text in the headline: one line, without the permalink glyph documentation generators append (Sphinx's `¶`). */
const oneLine = (s: string): string => normalizeSpace(s).replace(/\s*\u00b6$/, '');

type Mark = 'named' | 'small';

/** How the elements from a text node up to (and including) `top` mark it, if they do. */
function markOf(tree: DomTree, textId: number, top: ElementNode, names: ReadonlySet<string>): Mark | undefined {
  let mark: Mark | undefined;
  for (let id = tree.nodes[textId]!.parent; id >= 0; id = tree.nodes[id]!.parent) {
    const el = tree.nodes[id] as ElementNode;
    if (el.tag === 'time') return 'named';
    if (classTokens(el).some((t) => names.has(t) || SCREEN_READER_TOKENS.has(t))) return 'named';
    if (el.tag === 'small') mark = 'small';
    if (id === top.id) break;
  }
  return mark;
}

/**
 * The block's first (or last) text node's outermost element inside the block's element, when
 * that element holds some but not all of the block's text: the part that may be cut.
 */
function edgePart(tree: DomTree, block: Block, atEnd: boolean): { text: string; mark: Mark | undefined } | undefined {
  const edge = block.nodeIds[atEnd ? block.nodeIds.length - 1 : 0];
  if (edge === undefined) return undefined;
  let top = -1;
  for (let id = edge; id >= 0 && id !== block.elementId; id = tree.nodes[id]!.parent) top = id;
  const topNode = tree.nodes[top];
  if (!topNode || topNode.kind !== 'element') return undefined;
  const inside = block.nodeIds.filter((id) => id >= topNode.id && id <= topNode.end);
  if (inside.length === block.nodeIds.length) return undefined;
  const text = normalizeSpace(inside.map((id) => { const n = tree.nodes[id]!; return n.kind === 'text' ? n.text : ''; }).join(''));
  return { text, mark: markOf(tree, edge, topNode, atEnd ? DECK_TOKENS : KICKER_TOKENS) };
}

/** The headline a title block shows: its text without a leading kicker or a trailing deck (see the file's comment). */
export function headlineText(tree: DomTree, block: Block): string {
  let headline = oneLine(block.text);
  if (block.kind !== 'text') return headline;
  const lead = edgePart(tree, block, false);
  if (lead?.mark && lead.text && headline.startsWith(lead.text)) {
    const rest = headline.slice(lead.text.length).replace(LEADING_SEPARATORS, '');
    // An unnamed <small> is a kicker only when the headline after it is the longer part.
    if (/[\p{L}\p{N}]/u.test(rest) && (lead.mark === 'named' || rest.length > lead.text.length)) headline = rest;
  }
  const tail = edgePart(tree, block, true);
  if (tail?.mark && tail.text && headline.endsWith(tail.text)) {
    const rest = headline.slice(0, headline.length - tail.text.length).replace(TRAILING_SEPARATORS, '');
    if (/[\p{L}\p{N}]/u.test(rest)) headline = rest;
  }
  return headline;
}

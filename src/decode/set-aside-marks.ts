/**
 * Which blocks sit in elements whose text the decoder sets aside: a dialog, a footer, an aside,
 * an element the page marks as no content, or a box a utility class hides (`setAsideMarks`).
 *
 * A dialog is a `<dialog>`, or an element with `role="dialog"` or
 * `role="alertdialog"` or `aria-modal="true"`. Sites put their pop-ups there: cookie settings,
 * a privacy policy opened from the footer, a newsletter form, a size guide, a quick view.
 * Their text is often prose, and a page whose own text is short (a product) would otherwise
 * lose to it. A `role="tooltip"` element is the smallest pop-up, shown while the pointer rests
 * on a control (eBay's notes on delivery and import fees). What the corpora's golds make of
 * each kind of element: docs/decoder-tuning.md.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { blockMarks, blocksMostlyUnder, blocksUnder, markedAncestry } from './blocks-under.js';
import { classHiddenBox, namesHidingIn } from './class-hidden.js';
import { ClassNames, NameBit } from './class-names.js';

const DIALOG_ROLE = /^(?:(?:alert)?dialog|tooltip)$/i;

function isDialog(el: ElementNode): boolean {
  if (el.tag === 'dialog') return true;
  const role = el.attrs['role'];
  return (role !== undefined && DIALOG_ROLE.test(role.trim())) || el.attrs['aria-modal']?.trim().toLowerCase() === 'true';
}

/** 1 for each block inside a dialog; one pass (`blocksUnder`). */
export function dialogBlocks(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  return blocksUnder(tree, blocks, isDialog);
}

/**
 * A `<footer>`, a `role="contentinfo"` element or an element named the page's footer
 * (`<div id="footer">`, `site-footer`: `FOOTER_NAME`), its id and class read through the page's
 * `ClassNames`. A post's `entry-footer` or a `footer-wrapper` is not one of them: their names say less.
 */
function footerMarker(names: ClassNames): (el: ElementNode) => boolean {
  return (el) => el.tag === 'footer' || el.attrs['role']?.trim().toLowerCase() === 'contentinfo' || (names.idOrClass(el) & NameBit.footer) !== 0;
}

/** 1 for each block inside a footer (`footerMarker`); one pass. */
export function footerBlocks(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  return blocksUnder(tree, blocks, footerMarker(new ClassNames(tree)));
}

/**
 * An `<aside>`, a `role="complementary"` element or an element named a sidebar (`SIDEBAR_NAME`,
 * as themes before `<aside>` wrote them: `<div id="sidebar" class="sidebar widget-area">`;
 * sidebars, boxes of other stories, pull quotes; also a sidebar's boxes, TypePad's
 * `module-archives` and WordPress's blogroll, `linkcat` and `xoxo`), its id and class read
 * through the page's `ClassNames`. Now and then an aside is content (a "key facts" box, a
 * thread's sidebar). Only the exact names count: `left-sidebar`, `sidebar-right` or
 * `content-sidebar-wrap` name a layout, and its content with it.
 */
function asideMarker(names: ClassNames): (el: ElementNode) => boolean {
  return (el) => el.tag === 'aside' || el.attrs['role']?.trim().toLowerCase() === 'complementary' || (names.idOrClass(el) & NameBit.sidebar) !== 0;
}

/** 1 for each block inside an aside (`asideMarker`); one pass. */
export function asideBlocks(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  return blocksUnder(tree, blocks, asideMarker(new ClassNames(tree)));
}

/** An element of class `nocontent` or `robots-nocontent` (`NO_CONTENT_CLASS`), read through the page's `ClassNames`. */
function noContentMarker(names: ClassNames): (el: ElementNode) => boolean {
  return (el) => (names.of(el) & NameBit.noContent) !== 0;
}

/** 1 for each block inside an element marked no content (`noContentMarker`); one pass. */
export function noContentBlocks(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  return blocksUnder(tree, blocks, noContentMarker(new ClassNames(tree)));
}

/**
 * A block whose text is mostly hidden by a class inside it (not around it) counts as hidden when
 * the hidden part is at least this long (white space left out): a passage, as a video's spoken
 * description in its play button (Samsung's "How to use ..." transcripts, 2 000 characters
 * each). A shorter hidden part spells out what the reader sees: WooCommerce's "Original price
 * was: $30.00." beside the struck-out price (45 characters), which a shop's gold keeps.
 */
const MIN_HIDDEN_PASSAGE_CHARS = 200;

/**
 * Whether an element may pass one of `setAsideMarks`' markers: each of them, its own and the
 * `also` markers (comment sections, review sections, ad slots), accepts an element only by its
 * tag (`dialog`, `footer`, `aside`) or by one of its naming attributes (`id`, `class`, `role`,
 * `aria-modal`, `itemprop`). Most elements have neither and are asked nothing more.
 */
export function mayBeSetAside(el: ElementNode): boolean {
  const a = el.attrs;
  return a['class'] !== undefined || a['id'] !== undefined || a['role'] !== undefined || a['itemprop'] !== undefined || a['aria-modal'] !== undefined
    || el.tag === 'dialog' || el.tag === 'footer' || el.tag === 'aside';
}

/** What `setAsideMarks` finds: the five marks per block, and those of the `also` markers it was asked to walk with. */
export interface SetAsideMarks {
  readonly dialogBlocks: Uint8Array;
  readonly footerBlocks: Uint8Array;
  readonly asideBlocks: Uint8Array;
  readonly noContentBlocks: Uint8Array;
  readonly hiddenBlocks: Uint8Array;
  /** Per marker of `also`, in order, 1 for each block under an element it accepts (`blocksUnder`). */
  readonly also: readonly Uint8Array[];
}

/**
 * The four marks above and the boxes a class hides (`classHiddenBox`, decode/class-hidden.ts),
 * per block, from one walk of the page (what extraction asks for); a block mostly made of a
 * hidden passage counts as hidden. Other markers (`also`: a comment section, an ad slot) share
 * the walk, so each element on the blocks' paths is read in one place; they, too, may accept an
 * element only by what `mayBeSetAside` reads. `names`: the page's class names, read once (`ClassNames`),
 * which the roles may have read already.
 */
export function setAsideMarks(tree: DomTree, blocks: readonly Block[], also: readonly ((el: ElementNode) => boolean)[] = [], names = new ClassNames(tree)): SetAsideMarks {
  const hiddenBox = classHiddenBox(tree, namesHidingIn(names));
  const own = [isDialog, footerMarker(names), asideMarker(names), noContentMarker(names), hiddenBox];
  const HIDDEN = 1 << own.indexOf(hiddenBox);
  const bitsAt = markedAncestry(tree, [...own, ...also], mayBeSetAside);
  const [dialog, footer, aside, noContent, hidden, ...rest] = blockMarks(blocks, bitsAt, own.length + also.length);
  const hiddenPassages = blocksMostlyUnder(tree, blocks, (id) => (bitsAt(id) & HIDDEN) !== 0, MIN_HIDDEN_PASSAGE_CHARS);
  for (let k = 0; k < blocks.length; k++) if (hiddenPassages[k]) hidden![k] = 1;
  return { dialogBlocks: dialog!, footerBlocks: footer!, asideBlocks: aside!, noContentBlocks: noContent!, hiddenBlocks: hidden!, also: rest };
}

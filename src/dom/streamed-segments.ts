/**
 * React's streamed server rendering (Next.js and other frameworks on React 18+) sends a page in
 * two parts. The shell marks each part not yet rendered with an empty `<template id="B:x">` (a
 * Suspense boundary: its loading fallback follows it, up to a `<!--/$-->` comment) or
 * `<template id="P:x">` (a placeholder). The finished part arrives later in the same response as
 * `<div hidden id="S:x">`, usually after the footer, and an inline script moves it into place.
 *
 * pith reads a page as a reader with scripts off would, so without this step the article sits
 * in a hidden element and what is left is the skeleton ("Loading paragraph..."). Here each
 * segment is moved where the script would move it, in the parse5 tree before pith's own tree is
 * built. The script itself is never read (pith does not keep script bodies): React numbers a
 * segment and its target alike (`$RC("B:4","S:4")`, `$RS("S:5","P:5")`), so the shared suffix
 * pairs them.
 */
import type { DefaultTreeAdapterMap } from 'parse5';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];
type P5Parent = DefaultTreeAdapterMap['parentNode'];

const SEGMENT_ID = /^S:(.+)$/;
/** Real pages move at most a few dozen segments; a hostile one gets no more than this. */
const MAX_MOVES = 1000;
/** Parent steps spent checking that a segment does not hold its own target (a cycle). */
const MAX_ANCESTOR_STEPS = 1_000_000;

const attr = (el: P5Element, name: string): string | undefined => el.attrs.find((a) => a.name === name)?.value;
const isElement = (n: P5Node): n is P5Element => 'tagName' in n;
const commentData = (n: P5Node): string | undefined => (n.nodeName === '#comment' ? (n as DefaultTreeAdapterMap['commentNode']).data : undefined);
const OPENS_BOUNDARY: ReadonlySet<string | undefined> = new Set(['$', '$?', '$!']);

/** An element and where it sits: its parent's child list (which moves with the children) and its index there. */
interface Slot {
  readonly el: P5Element;
  readonly siblings: P5Node[];
  readonly index: number;
  /** For a target: the index after the last sibling it stands for (a boundary's fallback ends at its end mark). */
  readonly end: number;
}

/**
 * The end marks of the boundaries opened in one child list: index of an opening comment to the
 * index of its `<!--/$-->`, nested boundaries paired inside out.
 */
function boundaryEnds(siblings: readonly P5Node[]): Map<number, number> {
  const ends = new Map<number, number>();
  const open: number[] = [];
  siblings.forEach((n, i) => {
    const data = commentData(n);
    if (OPENS_BOUNDARY.has(data)) open.push(i);
    else if (data === '/$' && open.length > 0) ends.set(open.pop()!, i);
  });
  return ends;
}

interface Found {
  /** Hidden `div`s with an `S:` id, in document order. */
  readonly segments: Slot[];
  /** `template`s with a `B:` or `P:` id, by id (the first of a repeated id). */
  readonly targets: Map<string, Slot>;
}

/**
 * One walk finds the segments and the templates with the span each stands for: a placeholder
 * itself; a boundary's template with its fallback up to the end mark that closes the
 * `<!--$?-->` right before it (without one, the template alone).
 */
function findSegmentsAndTargets(doc: P5Parent): Found {
  const segments: Slot[] = [];
  const targets = new Map<string, Slot>();
  // Pre-order, with an explicit stack (100 000-deep nesting): one frame per open child list.
  const stack: Array<{ siblings: P5Node[]; next: number; ends?: Map<number, number> }> = [{ siblings: doc.childNodes, next: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.siblings.length) {
      stack.pop();
      continue;
    }
    const index = frame.next++;
    const { siblings } = frame;
    const n = siblings[index]!;
    if (!isElement(n)) continue;
    const id = attr(n, 'id');
    if (id !== undefined && n.tagName === 'div' && SEGMENT_ID.test(id) && attr(n, 'hidden') !== undefined) {
      segments.push({ el: n, siblings, index, end: index + 1 });
    } else if (id !== undefined && n.tagName === 'template' && (id.startsWith('B:') || id.startsWith('P:')) && !targets.has(id)) {
      let end = index + 1;
      if (id.startsWith('B:') && index > 0) end = (frame.ends ??= boundaryEnds(siblings)).get(index - 1) ?? end;
      targets.set(id, { el: n, siblings, index, end });
    }
    if (n.childNodes.length > 0) stack.push({ siblings: n.childNodes, next: 0 });
  }
  return { segments, targets };
}

/** A node that stands for its children in the tree built from this one (parse.ts lifts them into its parent). */
function fragment(childNodes: P5Node[], parentNode: P5Parent | null): P5Parent {
  return { nodeName: '#document-fragment', childNodes, parentNode } as unknown as P5Parent;
}

/**
 * Moves each streamed segment's children to its template; returns how many segments moved.
 * Nothing is spliced: the template's slot gets a fragment holding the segment's children, and
 * the fallback's and the segment's old slots get empty ones, so every recorded index stays
 * true and each move costs the size of what it moves.
 */
export function resolveStreamedSegments(doc: P5Parent): number {
  const { segments, targets } = findSegmentsAndTargets(doc);
  let moves = 0;
  let steps = 0;
  const holds = (outer: P5Node, inner: P5Node): boolean => {
    for (let p: P5Node | null = inner; p; p = (p as { parentNode?: P5Parent | null }).parentNode ?? null) {
      if (p === outer || ++steps > MAX_ANCESTOR_STEPS) return true; // out of budget: treat as unsafe
    }
    return false;
  };
  for (const seg of segments) {
    if (moves >= MAX_MOVES) break;
    const suffix = SEGMENT_ID.exec(attr(seg.el, 'id')!)![1]!;
    const target = targets.get(`B:${suffix}`) ?? targets.get(`P:${suffix}`);
    // A slot no longer holding its element was filled (a repeated segment id) or cleared (it sat in a fallback).
    if (!target || target.siblings[target.index] !== target.el || seg.siblings[seg.index] !== seg.el || holds(seg.el, target.el)) continue;
    const into = fragment(seg.el.childNodes, target.el.parentNode);
    for (const k of into.childNodes) k.parentNode = into;
    seg.el.childNodes = [];
    seg.siblings[seg.index] = fragment([], null);
    target.siblings[target.index] = into;
    for (let i = target.index + 1; i < target.end; i++) target.siblings[i] = fragment([], null);
    moves++;
  }
  return moves;
}

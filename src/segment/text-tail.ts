/**
 * The memory-based study's units: every element has a *text* (the characters before its first child
 * element) and a *tail* (the characters after its end tag, before the next sibling
 * element). Each unit is derived from the same light tree as the blocks.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import { treeFacts } from '../dom/facts.js';

export type UnitPart = 'text' | 'tail';

export interface TextTailUnit {
  readonly elementId: number;
  readonly part: UnitPart;
  /** White space collapsed; may be '' (memory-based study keeps empty units: their length is a feature). */
  readonly text: string;
  /** Text node ids making the unit. */
  readonly nodeIds: readonly number[];
}

const SKIP: ReadonlySet<string> = new Set(['head', 'title']);

function collapse(s: string): string {
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}

/**
 * Units in document order: for each element under `<body>`, its text then, after its
 * subtree's units, its tail. Elements in head, hidden ones and their subtrees are skipped.
 */
export function textTailUnits(tree: DomTree, options: { includeHidden?: boolean } = {}): TextTailUnit[] {
  const nodes = tree.nodes;
  const { childIndex } = treeFacts(tree);
  const out: TextTailUnit[] = [];
  const directTextRun = (parent: ElementNode, fromChild: number): { text: string; ids: number[] } => {
    const ids: number[] = [];
    let text = '';
    for (let k = fromChild; k < parent.children.length; k++) {
      const c = nodes[parent.children[k]!]!;
      if (c.kind !== 'text') break;
      ids.push(c.id);
      text += c.text;
    }
    return { text: collapse(text), ids };
  };
  // Iterative: (element, phase). Phase 'open' emits text and schedules children; 'close' emits tail.
  const stack: Array<{ el: ElementNode; close: boolean }> = [];
  const root = nodes[0] as ElementNode;
  for (let k = root.children.length - 1; k >= 0; k--) {
    const c = nodes[root.children[k]!]!;
    if (c.kind === 'element') stack.push({ el: c, close: false });
  }
  while (stack.length > 0) {
    const { el, close } = stack.pop()!;
    if (SKIP.has(el.tag) || (el.hidden && !options.includeHidden)) continue;
    if (close) {
      const parent = nodes[el.parent] as ElementNode;
      const run = directTextRun(parent, childIndex[el.id]! + 1);
      if (el.tag !== 'html' && el.tag !== 'body') out.push({ elementId: el.id, part: 'tail', text: run.text, nodeIds: run.ids });
      continue;
    }
    if (el.tag !== 'html' && el.tag !== 'body') {
      const run = directTextRun(el, 0);
      out.push({ elementId: el.id, part: 'text', text: run.text, nodeIds: run.ids });
    }
    stack.push({ el, close: true });
    for (let k = el.children.length - 1; k >= 0; k--) {
      const c = nodes[el.children[k]!]!;
      if (c.kind === 'element') stack.push({ el: c, close: false });
    }
  }
  return out;
}

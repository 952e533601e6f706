/**
 * The numbers a browser draws before the items of an `<ol>` ("1.", "2.", ...). They are
 * visible text that is not in the DOM's text nodes, and corpora whose gold was copied from
 * the rendered page (wcxb, cleaneval) contain them: a text metric against such gold needs
 * them in the extraction too. (`<li value>` and `<ol reversed>` are not kept by the parser,
 * so lists using them are numbered plainly.)
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';

/** How far up from a block's first text node an `<li>` is looked for. */
const MAX_UP = 12;

/**
 * The marker ("3.") of the ordered-list item that `block` starts, or undefined when the
 * block does not start an `<ol>` item (or the list hides its markers with `list-style: none`).
 */
export function listMarker(tree: DomTree, block: Block): string | undefined {
  if (block.kind !== 'text' || block.nodeIds.length === 0) return undefined;
  const firstText = block.nodeIds[0]!;
  let id = tree.nodes[firstText]?.parent ?? -1;
  let li: ElementNode | undefined;
  for (let up = 0; id >= 0 && up < MAX_UP; up++) {
    const n = tree.nodes[id];
    if (!n || n.kind !== 'element') return undefined;
    if (n.tag === 'li') {
      li = n;
      break;
    }
    if (n.tag === 'ol' || n.tag === 'ul') return undefined;
    id = n.parent;
  }
  if (!li || !startsWith(tree, li, firstText)) return undefined;
  const ol = tree.nodes[li.parent];
  if (!ol || ol.kind !== 'element' || ol.tag !== 'ol') return undefined;
  if (/list-style(?:-type)?\s*:\s*none/i.test(ol.attrs['style'] ?? '') || /list-style(?:-type)?\s*:\s*none/i.test(li.attrs['style'] ?? '')) return undefined;
  const type = (ol.attrs['type'] ?? '1').trim();
  if (type !== '1' && type !== '') return undefined; // letters and roman numerals: left out
  let n = parseInt(ol.attrs['start'] ?? '1', 10);
  if (!Number.isFinite(n)) n = 1;
  for (const c of ol.children) {
    const child = tree.nodes[c];
    if (!child || child.kind !== 'element' || child.tag !== 'li') continue;
    if (child.id === li.id) return `${n}.`;
    n++;
  }
  return undefined;
}

/** True when `textId` is the first non-blank text node inside `li`. */
function startsWith(tree: DomTree, li: ElementNode, textId: number): boolean {
  for (let i = li.id + 1; i <= li.end; i++) {
    const n = tree.nodes[i];
    if (n && n.kind === 'text' && n.text.trim().length > 0) return i === textId;
  }
  return false;
}

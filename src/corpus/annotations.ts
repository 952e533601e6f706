/**
 * Block labels <-> stored annotations. An annotation is anchored by the DOM path of a node
 * and the node's text (docs/corpus-format.md), never by block index: on load each annotation
 * is resolved by path, checked against its text, and re-anchored by text when the path no
 * longer resolves or now holds other text (the page was re-parsed differently, the
 * segmentation changed).
 */
import type { Page } from '../page.js';
import type { GoldLabel } from '../labels.js';
import { domPath, normalizeSpace, resolveDomPath, subtreeText } from '../dom/tree.js';
import type { Annotation } from './types.js';
import { textKey } from './text-normalize.js';

/** Annotations for block labels: one per labelled block (`other` blocks only when the labels are partial). */
export function annotationsFromLabels(page: Page, labels: readonly GoldLabel[], partial: boolean): Annotation[] {
  const out: Annotation[] = [];
  const tree = page.tree;
  for (const b of page.blocks) {
    const label = labels[b.index] ?? 'unknown';
    if (label === 'unknown' || (label === 'other' && !partial)) continue;
    // Anchor on the block's element when it holds exactly the block, else on its first node.
    let anchor = b.elementId;
    const text = b.kind === 'text' ? normalizeSpace(b.text) : '';
    if (b.kind === 'text' && normalizeSpace(subtreeText(tree, anchor)) !== text) anchor = b.nodeIds[0]!;
    out.push({ label, text, path: domPath(tree, anchor) });
  }
  return out;
}

/** Block labels from stored annotations; blocks no annotation covers are `other` (`unknown` when partial). */
export function labelsFromAnnotations(page: Page, annotations: readonly Annotation[], partial: boolean): GoldLabel[] {
  const tree = page.tree;
  const blocks = page.blocks;
  const labels: GoldLabel[] = new Array<GoldLabel>(blocks.length).fill(partial ? 'unknown' : 'other');
  // Which block holds each node, for text-node anchors and image elements.
  const blockOfNode = new Map<number, number>();
  for (const b of blocks) for (const id of b.nodeIds) blockOfNode.set(id, b.index);
  const byKey = new Map<string, number[]>();
  for (const b of blocks) {
    if (b.kind !== 'text') continue;
    const key = textKey(b.text);
    const list = byKey.get(key);
    if (list) list.push(b.index);
    else byKey.set(key, [b.index]);
  }
  const used = new Set<number>();
  const unresolved: Annotation[] = [];

  for (const a of annotations) {
    const id = resolveDomPath(tree, a.path);
    const hit = id === undefined ? [] : blocksUnder(page, id, blockOfNode, a.text !== '');
    const hitText = hit.map((i) => blocks[i]!.text).join(' ');
    if (hit.length > 0 && (a.text === '' || textKey(hitText) === textKey(a.text))) {
      for (const i of hit) {
        labels[i] = a.label;
        used.add(i);
      }
    } else unresolved.push(a);
  }
  // Re-anchor by text: the first not yet labelled block with the same text.
  for (const a of unresolved) {
    const key = textKey(a.text);
    if (!key) continue;
    const cand = byKey.get(key)?.find((i) => !used.has(i));
    if (cand !== undefined) {
      labels[cand] = a.label;
      used.add(cand);
    }
  }
  return labels;
}

/**
 * Blocks an anchor covers: for text, the text blocks starting under node `id` (a text node:
 * the block holding it); for an image or media annotation (no text), the block of that element.
 */
function blocksUnder(page: Page, id: number, blockOfNode: ReadonlyMap<number, number>, text: boolean): number[] {
  const node = page.tree.nodes[id]!;
  if (node.kind === 'text' || !text) {
    const b = blockOfNode.get(id);
    return b === undefined || (page.blocks[b]!.kind === 'text') !== text ? [] : [b];
  }
  const out: number[] = [];
  // Blocks are in document order, so those starting inside [id, end] form one run: binary search its start.
  const blocks = page.blocks;
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((blocks[mid]!.nodeIds[0] ?? -1) < node.id) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < blocks.length; i++) {
    const b = blocks[i]!;
    const first = b.nodeIds[0]!;
    if (first > node.end) break;
    if (b.kind === 'text') out.push(b.index);
  }
  return out;
}

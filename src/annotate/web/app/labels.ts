/** Labelling the selection, painting labels onto the frame and the block list, undo and redo. */
import type { ApiGoldLabel } from '../../api-types.js';
import { LOW, range, S } from './state.js';
import { select, showSelection } from './selection.js';
import { $, message, setState } from './ui.js';

/** Shows block `i`'s label in the frame (`data-pith-label`, `data-pith-low`) and in the block list. */
export function paint(i: number): void {
  const els = S.marks[i];
  const blk = S.page ? S.page.blocks[i] : undefined;
  const label = S.labels[i]!;
  if (els) {
    for (const el of els) {
      el.setAttribute('data-pith-label', label);
      if (blk && blk.conf != null && blk.conf < LOW) el.setAttribute('data-pith-low', '');
    }
  }
  const li = $('blocks').children[i] as HTMLElement | undefined;
  if (li) {
    li.dataset['label'] = label;
    li.querySelector('.lab')!.textContent = label;
  }
}

function setLabels(lo: number, values: readonly ApiGoldLabel[]): void {
  for (let k = 0; k < values.length; k++) {
    S.labels[lo + k] = values[k]!;
    paint(lo + k);
  }
  S.edits++;
  setState('unsaved');
}

/**
 * Takes over a label action when it returns true (site.ts: in correct mode, a label on a page
 * of a learned site is fed back to the site's rules instead of only edited here).
 */
export type LabelHook = (label: ApiGoldLabel, r: [number, number], stay: boolean) => boolean;
let labelHook: LabelHook | null = null;

export function setLabelHook(hook: LabelHook | null): void {
  labelHook = hook;
}

/** Labels the selection; then, unless `stay`, selects the block after it (labelling is mostly sequential). */
export function applyLabel(label: ApiGoldLabel, stay?: boolean): void {
  const r = range();
  if (!r) return;
  if (labelHook && labelHook(label, r, stay === true)) return;
  const before = S.labels.slice(r[0], r[1] + 1);
  const after = before.map(() => label);
  if (before.some((x, k) => x !== after[k])) {
    S.undo.push({ lo: r[0], before, after });
    S.redo = [];
    setLabels(r[0], after);
  }
  if (!stay && r[1] + 1 < S.labels.length) select(r[1] + 1, false);
}

export function undo(): void {
  const u = S.undo.pop();
  if (!u) {
    message('nothing to undo');
    return;
  }
  S.redo.push(u);
  setLabels(u.lo, u.before);
  S.sel = { a: u.lo, f: u.lo + u.before.length - 1 };
  showSelection(true);
}

export function redo(): void {
  const u = S.redo.pop();
  if (!u) {
    message('nothing to redo');
    return;
  }
  S.undo.push(u);
  setLabels(u.lo, u.after);
  S.sel = { a: u.lo, f: u.lo + u.after.length - 1 };
  showSelection(true);
}

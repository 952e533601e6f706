/**
 * Block selection: a range of block indices shown in the frame (`data-pith-sel`, the cursor
 * `data-pith-cursor`) and in the block list (`.sel`), and subtree picking (rendered-view study's
 * subtree labelling: the smallest DOM element holding more than the selection).
 *
 * The frame's nodes belong to another document (another realm): `instanceof Element` is
 * false for them, so nodes are told apart by `nodeType`.
 */
import { range, S } from './state.js';
import { $, message } from './ui.js';

/** The block index of a marked element of the frame. */
export function blockIndex(el: Element): number {
  return Number(el.getAttribute('data-pith-b'));
}

export function showSelection(scroll: boolean): void {
  for (const i of S.shown) {
    for (const el of S.marks[i] || []) {
      el.removeAttribute('data-pith-sel');
      el.removeAttribute('data-pith-cursor');
    }
    const li = $('blocks').children[i];
    if (li) li.classList.remove('sel');
  }
  S.shown = [];
  if (S.doc) {
    const old = S.doc.querySelectorAll('[data-pith-pick]');
    for (let o = 0; o < old.length; o++) old[o]!.removeAttribute('data-pith-pick');
    if (S.pickEl) S.pickEl.setAttribute('data-pith-pick', '');
  }
  const r = range();
  if (!r || !S.sel) return;
  for (let i = r[0]; i <= r[1]; i++) {
    for (const el of S.marks[i] || []) el.setAttribute('data-pith-sel', '');
    const li = $('blocks').children[i];
    if (li) li.classList.add('sel');
    S.shown.push(i);
  }
  for (const el of S.marks[S.sel.f] || []) el.setAttribute('data-pith-cursor', '');
  if (scroll !== false) {
    const first = (S.marks[S.sel.f] || [])[0];
    if (first) first.scrollIntoView({ block: 'nearest' });
    const row = $('blocks').children[S.sel.f];
    if (row) row.scrollIntoView({ block: 'nearest' });
  }
}

export function select(i: number, extend: boolean): void {
  if (!S.page || i < 0 || i >= S.labels.length) return;
  S.sel = extend && S.sel ? { a: S.sel.a, f: i } : { a: i, f: i };
  S.pickEl = null;
  S.pickStack = [];
  showSelection(true);
}

export function move(d: number, extend: boolean): void {
  if (!S.page || !S.labels.length) return;
  const f = S.sel ? S.sel.f + d : 0;
  select(Math.max(0, Math.min(S.labels.length - 1, f)), extend);
}

/** The element a DOM event target is, or is inside of (a text node's parent). */
export function elementOf(target: EventTarget | null): Element | null {
  const node = target as Node | null;
  if (!node) return null;
  return node.nodeType === 1 ? (node as Element) : node.parentElement;
}

/**
 * The block under the pointer: the marked element hit, else (a click in the empty part of a
 * heading line, a paragraph's padding) the marked element inside the target nearest the point.
 */
export function blockOf(target: EventTarget | null, x?: number, y?: number): number {
  const el = elementOf(target);
  if (!el || !el.closest) return -1;
  const hit = el.closest('[data-pith-b]');
  if (hit) return blockIndex(hit);
  if (x == null || y == null || !S.doc || el === S.doc.body || el === S.doc.documentElement) return -1;
  const inner = el.querySelectorAll('[data-pith-b]');
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < inner.length && i < 2000; i++) {
    const r = inner[i]!.getBoundingClientRect();
    const dx = x < r.left ? r.left - x : x > r.right ? x - r.right : 0;
    const dy = y < r.top ? r.top - y : y > r.bottom ? y - r.bottom : 0;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = blockIndex(inner[i]!);
    }
  }
  return best;
}

/** The lowest and highest block index inside `el` (itself included), or null when none. */
export function blocksUnder(el: Element): [number, number] | null {
  let lo = Infinity;
  let hi = -1;
  const list: Element[] = el.matches('[data-pith-b]') ? [el] : [];
  const inner = el.querySelectorAll('[data-pith-b]');
  for (let i = 0; i < inner.length; i++) list.push(inner[i]!);
  for (const x of list) {
    const k = blockIndex(x);
    if (k < lo) lo = k;
    if (k > hi) hi = k;
  }
  return hi < 0 ? null : [lo, hi];
}

/** Selects the smallest DOM subtree holding more than the current selection; repeated, it climbs to the parent. */
export function expand(): void {
  if (!S.doc || !S.sel) return;
  const r = range()!;
  const a = (S.marks[r[0]] || [])[0];
  const b = (S.marks[r[1]] || [])[0];
  let el: Element | null | undefined = S.pickEl ? S.pickEl.parentElement : a;
  while (el && b && !el.contains(b)) el = el.parentElement;
  for (; el && el !== S.doc.documentElement; el = el.parentElement) {
    const under = blocksUnder(el);
    if (under && (under[0] < r[0] || under[1] > r[1])) {
      pickElement(el);
      return;
    }
  }
  message('no larger subtree');
}

export function pickElement(el: Element): void {
  const under = blocksUnder(el);
  if (!under) return;
  S.pickStack.push({ sel: S.sel, pickEl: S.pickEl });
  S.sel = { a: under[0], f: under[1] };
  S.pickEl = el;
  showSelection(true);
}

/** Back to the selection before the last pick (shift+e). */
export function shrink(): void {
  const prev = S.pickStack.pop();
  if (!prev) return;
  S.sel = prev.sel;
  S.pickEl = prev.pickEl;
  showSelection(true);
}

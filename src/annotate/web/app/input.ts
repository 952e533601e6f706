/**
 * Mouse and keyboard: clicks, shift+clicks, drags and alt+clicks in the frame, and the
 * keyboard shortcuts (listened to on both the app's document and the frame's).
 */
import type { ApiGoldLabel } from '../../api-types.js';
import { applyLabel, redo, undo } from './labels.js';
import { pageStep } from './page.js';
import { save } from './save.js';
import { blockOf, blocksUnder, elementOf, expand, move, pickElement, select, shrink, showSelection } from './selection.js';
import { S } from './state.js';
import { $ } from './ui.js';

/** Label keys: t h b o (or 1-4); x marks unknown. */
export const KEY_LABEL: Readonly<Record<string, ApiGoldLabel>> = {
  t: 'title', h: 'heading', b: 'body', o: 'other', '1': 'title', '2': 'heading', '3': 'body', '4': 'other', x: 'unknown',
};

function onMouseDown(e: MouseEvent): void {
  if (e.button !== 0) return;
  e.preventDefault(); // no text selection, keep keyboard focus in the app
  window.focus();
  if (e.altKey) {
    let el = elementOf(e.target);
    while (el && !blocksUnder(el)) el = el.parentElement;
    if (el) {
      S.pickStack = [];
      S.pickEl = null;
      pickElement(el);
    }
    return;
  }
  const i = blockOf(e.target, e.clientX, e.clientY);
  if (i < 0) return;
  select(i, e.shiftKey);
  S.drag = { from: S.sel!.a };
}

function onMouseOver(e: MouseEvent): void {
  if (!S.drag || !(e.buttons & 1)) return;
  const i = blockOf(e.target, e.clientX, e.clientY);
  if (i < 0 || !S.sel || i === S.sel.f) return;
  S.sel = { a: S.drag.from, f: i };
  showSelection(false);
}

function onMouseUp(): void {
  if (!S.drag) return;
  S.drag = null;
  if ($<HTMLInputElement>('paint').checked) applyLabel($<HTMLSelectElement>('paint-label').value as ApiGoldLabel, true);
}

export function toggleHelp(): void {
  $('help').hidden = !$('help').hidden;
}

/** The keyboard shortcuts (docs/annotate.md); keys typed into the app's own inputs are left alone. */
export function onKey(e: KeyboardEvent): void {
  const t = e.target as Element | null;
  if (t && t.ownerDocument === document && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
  const k = e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  let done = true;
  const label = Object.prototype.hasOwnProperty.call(KEY_LABEL, k) ? KEY_LABEL[k] : undefined;
  if (ctrl && (k === 'z' || k === 'Z') && e.shiftKey) redo();
  else if (ctrl && (k === 'z' || k === 'Z')) undo();
  else if (ctrl && (k === 'y' || k === 'Y')) redo();
  else if (ctrl && (k === 's' || k === 'S')) void save();
  else if (ctrl || e.altKey) done = false;
  else if (label && !e.shiftKey) applyLabel(label);
  else if (k === 'j' || k === 'J' || k === 'ArrowDown' || k === 'ArrowRight') move(1, e.shiftKey);
  else if (k === 'k' || k === 'K' || k === 'ArrowUp' || k === 'ArrowLeft') move(-1, e.shiftKey);
  else if (k === 'e') expand();
  else if (k === 'E') shrink();
  else if (k === 'u') undo();
  else if (k === 's') void save();
  else if (k === 'n') pageStep(1);
  else if (k === 'p') pageStep(-1);
  else if (k === '?') toggleHelp();
  else if (k === 'Escape') {
    $('help').hidden = true;
    if (S.sel) select(S.sel.f, false);
  } else done = false;
  if (done) e.preventDefault();
}

/** Listens to the frame's mouse and keys; the page's own clicks and submits do nothing. */
export function attachFrame(doc: Document): void {
  doc.addEventListener('mousedown', onMouseDown, true);
  doc.addEventListener('mouseover', onMouseOver, true);
  doc.addEventListener('mouseup', onMouseUp, true);
  doc.addEventListener('click', (e) => {
    e.preventDefault();
    e.stopPropagation();
  }, true);
  doc.addEventListener('submit', (e) => e.preventDefault(), true);
  doc.addEventListener('keydown', onKey, true);
}

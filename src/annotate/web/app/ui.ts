/** The app page's fixed parts: element lookup, the transient message, the save state, the flags. */
import type { ApiFlag, ApiUnreadable } from '../../api-types.js';
import { S, type SaveState } from './state.js';

/** An element of the app page by id (app-html.ts has them all). */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

let msgTimer = 0;
/** Shows a message for a few seconds. */
export function message(text: string): void {
  const m = $('message');
  m.textContent = text;
  m.classList.add('show');
  clearTimeout(msgTimer);
  msgTimer = setTimeout(() => m.classList.remove('show'), 3500);
}

const STATE_TEXT: Record<SaveState, string | undefined> = {
  saved: undefined, new: 'not saved yet', unsaved: 'unsaved changes', saving: 'saving…', conflict: 'conflict', error: 'save failed',
};

export function setState(st: SaveState, detail?: string): void {
  S.state = st;
  const el = $('state');
  el.dataset['state'] = st;
  const text = st === 'saved' ? 'saved (revision ' + S.revision + ')' : STATE_TEXT[st] ?? st;
  el.textContent = detail ? text + ': ' + detail : text;
  document.title = (st === 'unsaved' ? '* ' : '') + 'pith label' + (S.page ? ' – ' + S.page.id : '');
}

/** A `.flag` chip for one structural check. */
export function flagChip(f: ApiFlag): HTMLSpanElement {
  const s = document.createElement('span');
  s.className = 'flag';
  s.textContent = f.check;
  s.title = f.message;
  return s;
}

export function renderFlags(flags: readonly ApiFlag[] | undefined): void {
  const d = $('flags');
  d.textContent = '';
  if (!flags || !flags.length) {
    d.textContent = 'structure ok';
    return;
  }
  for (const f of flags) {
    d.appendChild(flagChip(f));
    d.appendChild(document.createTextNode(f.message + '  '));
  }
}

export function renderWarnings(list: readonly ApiUnreadable[]): void {
  const w = $('warnings');
  w.hidden = list.length === 0;
  w.textContent = list.length === 0 ? '' : list.length + ' unreadable file(s) left out: ' +
    list.map((p) => p.file + ' (' + p.reason + ')').join('; ');
}

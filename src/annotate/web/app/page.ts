/**
 * The page being labelled: opens it (`/api/pages/:id`), lists its blocks, loads its frame and
 * finds the frame's marked elements (`data-pith-b="<block index>"`). The frame is
 * `<iframe sandbox="allow-same-origin">` without `allow-scripts`: the page's code never runs,
 * while the app, being same-origin, reads and marks the frame's DOM.
 */
import type { PageReply } from '../../api-types.js';
import { api, errorOf } from './api.js';
import { paint } from './labels.js';
import { renderQueue } from './queue.js';
import { save } from './save.js';
import { select, showSelection } from './selection.js';
import { emit, LOW, S } from './state.js';
import { $, message, renderFlags, setState } from './ui.js';

/** Opens page `id`, saving the current one first when it has unsaved changes. */
export function openPage(id: string): Promise<void> {
  const go = (): Promise<void> =>
    api<PageReply>('GET', '/api/pages/' + encodeURIComponent(id)).then((r) => {
      if (!r.ok) {
        message(errorOf(r.data) || 'cannot open ' + id);
        return;
      }
      const v = r.data;
      S.page = v;
      S.labels = v.blocks.map((b) => b.label);
      S.revision = v.revision;
      S.undo = [];
      S.redo = [];
      S.edits = 0;
      S.savedEdits = 0;
      S.sel = v.blocks.length ? { a: 0, f: 0 } : null;
      S.pickEl = null;
      S.pickStack = [];
      S.shown = [];
      $('conflict').hidden = true;
      $('page-id').textContent = v.id + (v.url ? ' · ' + v.url : '');
      setState(v.revision > 0 ? 'saved' : 'new');
      renderFlags(v.flags);
      renderBlockList();
      renderQueue();
      if (location.hash !== '#' + encodeURIComponent(id)) history.replaceState(null, '', '#' + encodeURIComponent(id));
      S.doc = null;
      $<HTMLIFrameElement>('frame').src = v.frame;
      emit('page-opened');
    });
  if (S.state === 'unsaved') {
    return save().then((ok) => {
      if (ok) return go();
      message('not leaving: the page is not saved');
      return undefined;
    });
  }
  return go();
}

/**
 * The frame has loaded: finds its marked blocks, paints their labels, lets `attach` add the
 * frame's event listeners, shows the selection and marks the app ready (`body[data-ready]`).
 */
export function frameLoaded(attach: (doc: Document) => void): void {
  const doc = $<HTMLIFrameElement>('frame').contentDocument;
  if (!doc || !S.page) return;
  S.doc = doc;
  S.marks = [];
  const els = doc.querySelectorAll('[data-pith-b]');
  for (let i = 0; i < els.length; i++) {
    const el = els[i]!;
    const k = Number(el.getAttribute('data-pith-b'));
    (S.marks[k] || (S.marks[k] = [])).push(el);
  }
  for (let b = 0; b < S.labels.length; b++) paint(b);
  attach(doc);
  showSelection(false);
  emit('frame-loaded');
  document.body.dataset['ready'] = S.page.id;
}

function renderBlockList(): void {
  const ol = $('blocks');
  ol.textContent = '';
  if (!S.page) return;
  S.page.blocks.forEach((b, i) => {
    const li = document.createElement('li');
    li.dataset['i'] = String(i);
    li.dataset['label'] = S.labels[i];
    if (b.conf != null && b.conf < LOW) li.classList.add('low');
    const n = document.createElement('span');
    n.textContent = String(i);
    li.appendChild(n);
    const l = document.createElement('span');
    l.className = 'lab';
    l.textContent = S.labels[i]!;
    li.appendChild(l);
    const t = document.createElement('span');
    t.className = 'txt';
    t.textContent = b.text;
    t.title = b.text + (b.pred ? '\nmodel: ' + b.pred + ' (' + b.conf + ')' : '');
    li.appendChild(t);
    li.addEventListener('mousedown', (e) => {
      e.preventDefault();
      select(i, e.shiftKey);
    });
    ol.appendChild(li);
  });
}

/** The next (`d` = 1) or previous (-1) page in the queue's order. */
export function pageStep(d: number): void {
  if (!S.page) return;
  const i = S.order.indexOf(S.page.id) + d;
  if (i < 0 || i >= S.order.length) {
    message(d > 0 ? 'last page of the queue' : 'first page of the queue');
    return;
  }
  void openPage(S.order[i]!);
}

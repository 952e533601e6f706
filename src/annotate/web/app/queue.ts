/**
 * The queue pane: loads `/api/queue` and lists its pages. The navigation order is fixed when
 * first loaded (or after a retrain or an import): saving a page must not reshuffle what
 * "next" means.
 */
import type { QueueReply } from '../../api-types.js';
import { api, errorOf } from './api.js';
import { S } from './state.js';
import { $, flagChip, message, renderWarnings } from './ui.js';

let openHandler: (id: string) => unknown = () => undefined;

/** What a click on a queue entry does (main.ts: open the page). */
export function onQueueOpen(handler: (id: string) => unknown): void {
  openHandler = handler;
}

export function loadQueue(reorder: boolean): Promise<void> {
  return api<QueueReply>('GET', '/api/queue').then((r) => {
    if (!r.ok) {
      message(errorOf(r.data) || 'cannot load the queue');
      return;
    }
    const q = r.data;
    $('corpus').textContent = q.corpus;
    S.limits = q.limits || {};
    renderWarnings(q.unreadable || []);
    $('model').textContent = q.model ? '· ' + q.model : '· no model';
    S.retrain = q.retrain;
    S.queue = {};
    for (const p of q.pages) S.queue[p.id] = p;
    if (reorder || S.order.length === 0) S.order = q.pages.map((p) => p.id);
    else for (const p of q.pages) if (S.order.indexOf(p.id) < 0) S.order.push(p.id);
    renderQueue();
  });
}

export function renderQueue(): void {
  const ol = $('queue');
  ol.textContent = '';
  for (const id of S.order) {
    const p = S.queue[id];
    if (!p) continue;
    const li = document.createElement('li');
    li.dataset['id'] = id;
    if (S.page && S.page.id === id) li.className = 'current';
    const name = document.createElement('div');
    name.textContent = (p.revision > 0 ? '✓ ' : '') + id;
    li.appendChild(name);
    const meta = document.createElement('div');
    meta.className = 'meta';
    for (const f of p.flags || []) meta.appendChild(flagChip(f));
    const info = p.error
      ? 'error: ' + p.error
      : (p.confidence != null ? 'conf ' + p.confidence.toFixed(2) + ' · ' : '') + p.blocks + ' blocks · ' + p.source;
    meta.appendChild(document.createTextNode(info));
    li.appendChild(meta);
    li.addEventListener('click', () => openHandler(id));
    ol.appendChild(li);
  }
}

/**
 * Saving the page's labels: revision-checked (`baseRevision`); a 409 shows the conflict bar
 * and overwrites nothing. One save at a time: a save asked for while one runs waits for it.
 */
import type { ConflictReply, SaveReply, SaveRequest } from '../../api-types.js';
import { api, errorOf } from './api.js';
import { loadQueue } from './queue.js';
import { emit, S } from './state.js';
import { $, renderFlags, setState } from './ui.js';

let saving: Promise<boolean> | null = null;

/** Resolves true when the page's labels are saved. */
export function save(): Promise<boolean> {
  if (!S.page) return Promise.resolve(false);
  if (saving) return saving.then(() => save());
  const id = S.page.id;
  const edits = S.edits;
  setState('saving');
  const body: SaveRequest = { labels: S.labels, baseRevision: S.revision };
  saving = api<SaveReply, ConflictReply>('PUT', '/api/pages/' + encodeURIComponent(id) + '/labels', body).then((r) => {
    saving = null;
    if (!S.page || S.page.id !== id) return r.ok;
    if (r.ok) {
      S.revision = r.data.revision;
      S.savedEdits = edits;
      setState(S.edits === edits ? 'saved' : 'unsaved');
      renderFlags(r.data.flags);
      void loadQueue(false);
      emit('saved');
      return true;
    }
    if (r.status === 409 && r.data) {
      setState('conflict', 'saved elsewhere as revision ' + r.data.revision);
      S.conflictRevision = r.data.revision;
      $('conflict-text').textContent = 'These labels were saved by someone else (revision ' + r.data.revision + ') since you opened the page. Nothing was overwritten.';
      $('conflict').hidden = false;
      return false;
    }
    setState('error', errorOf(r.data) || ('HTTP ' + r.status));
    return false;
  }, (err: unknown) => {
    saving = null;
    setState('error', String(err));
    return false;
  });
  return saving;
}

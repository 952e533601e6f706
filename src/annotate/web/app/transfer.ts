/** Retrain, export and import: the toolbar's corpus-wide actions. */
import type { ImportReply, RetrainReply } from '../../api-types.js';
import { api, apiFetch, errorOf } from './api.js';
import { openPage } from './page.js';
import { loadQueue } from './queue.js';
import { S } from './state.js';
import { message } from './ui.js';

export function retrain(): void {
  message('retraining…');
  void api<RetrainReply>('POST', '/api/retrain', {}).then((r) => {
    message((r.ok ? r.data.message : errorOf(r.data)) || 'HTTP ' + r.status);
    if (r.ok) {
      void loadQueue(true).then(() => {
        if (S.page && S.state !== 'unsaved') void openPage(S.page.id);
      });
    }
  });
}

/** Downloads the corpus bundle: fetched with the session header, saved from a blob. */
export function exportCorpus(): void {
  message('exporting…');
  apiFetch('/api/export').then((r): Promise<void> => {
    if (!r.ok) {
      return r.json().then(
        (d: unknown) => message('export failed: ' + errorOf(d)),
        () => message('export failed: HTTP ' + r.status),
      );
    }
    const warnings = Number(r.headers.get('x-pith-warnings') || 0);
    const name = (/filename="([^"]+)"/.exec(r.headers.get('content-disposition') || '') || [])[1] || 'corpus.pith-bundle.json';
    return r.blob().then((blob) => {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 60000);
      message('exported ' + name + (warnings ? ' (' + warnings + ' unreadable file(s) left out)' : ''));
    });
  }, (e: Error) => message('export failed: ' + e.message));
}

/** Uploads a bundle file; one above the server's limit is refused before uploading. */
export function importFile(file: File): void {
  const limit = S.limits && S.limits.importBytes;
  if (limit && file.size > limit) {
    message('import refused: ' + file.name + ' is ' + file.size + ' bytes, above the limit of ' + limit + ' bytes');
    return;
  }
  file.text().then((text) => api<ImportReply>('POST', '/api/import', text)).then((r) => {
    if (!r.ok) {
      message('import failed: ' + errorOf(r.data));
      return;
    }
    const d = r.data;
    message('imported: ' + d.added + ' added, ' + d.labelled + ' labelled, ' + d.unchanged + ' unchanged, ' + d.skipped.length + ' skipped');
    void loadQueue(true);
  }, (e: Error) => message('import failed: ' + e.message));
}

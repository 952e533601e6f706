/**
 * The labelling app's entry module, loaded by the app page as
 * `<script type="module" src="/app/main.js">` (the app's CSP allows only its own scripts).
 * Wires the toolbar, the keys and the frame, exposes a read-only snapshot for the tests and
 * the benchmark (`window.pithApp`), loads the queue and opens the first page (or the one
 * named in the address's #fragment).
 */
import type { ApiGoldLabel } from '../../api-types.js';
import { applyLabel, redo, undo } from './labels.js';
import { attachFrame, onKey, toggleHelp } from './input.js';
import { frameLoaded, openPage, pageStep } from './page.js';
import { loadQueue, onQueueOpen } from './queue.js';
import { save } from './save.js';
import { expand } from './selection.js';
import { range, S } from './state.js';
import { exportCorpus, importFile, retrain } from './transfer.js';
import { initSite } from './site.js';
import { fieldPreviewShown, initFields } from './fields.js';
import { $, message } from './ui.js';

/** What `window.pithApp.snapshot()` returns. */
export interface Snapshot {
  readonly id: string | null;
  readonly labels: ApiGoldLabel[];
  readonly revision: number;
  readonly state: string;
  readonly sel: [number, number] | null;
  readonly order: string[];
  /** Where the page's labels came from (`wrapper`: a learned site model) and its site. */
  readonly source: string | null;
  readonly host: string | null;
  /** The site pane's pages: id and blocks kept as body. */
  readonly sitePages: { id: string; body: number; labelled: boolean }[];
  /** Field mode: what the learned field rules extract on the page shown (value and blocks), with the page's examples. */
  readonly fields: { extracted: Record<string, { value: string; blocks: number[]; example: boolean }[]>; examples: Record<string, string[]> } | null;
}

declare global {
  interface Window {
    pithApp: { snapshot(): Snapshot };
  }
}

function start(): void {
  onQueueOpen(openPage);
  $('frame').addEventListener('load', () => frameLoaded(attachFrame));
  document.addEventListener('keydown', onKey, true);
  document.querySelectorAll<HTMLElement>('[data-label]').forEach((b) => {
    b.addEventListener('click', () => applyLabel(b.dataset['label'] as ApiGoldLabel));
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('save').addEventListener('click', () => void save());
  $('prev').addEventListener('click', () => pageStep(-1));
  $('next').addEventListener('click', () => pageStep(1));
  $('expand').addEventListener('click', expand);
  $('retrain').addEventListener('click', retrain);
  $('export').addEventListener('click', exportCorpus);
  $('help-button').addEventListener('click', toggleHelp);
  initSite();
  initFields();
  const input = $<HTMLInputElement>('import');
  input.addEventListener('change', () => {
    const file = input.files && input.files[0];
    if (file) importFile(file);
    input.value = '';
  });
  $('reload-theirs').addEventListener('click', () => {
    S.state = 'saved';
    if (S.page) void openPage(S.page.id);
  });
  $('keep-mine').addEventListener('click', () => {
    S.revision = S.conflictRevision;
    $('conflict').hidden = true;
    void save();
  });
  window.addEventListener('beforeunload', (e) => {
    if (S.state === 'unsaved' || S.state === 'conflict') {
      e.preventDefault();
      e.returnValue = '';
    }
  });
  window.pithApp = {
    snapshot: () => ({
      id: S.page && S.page.id, labels: S.labels.slice(), revision: S.revision, state: S.state, sel: range(), order: S.order.slice(),
      source: S.page ? S.page.source : null, host: (S.page && S.page.host) || null,
      sitePages: S.site ? S.site.pages.map((p) => ({ id: p.id, body: p.body, labelled: p.labelled })) : [],
      fields: ((p) => (p ? { extracted: p.extracted, examples: p.examples } : null))(fieldPreviewShown()),
    }),
  };
  void loadQueue(true).then(() => {
    const want = decodeURIComponent(location.hash.slice(1));
    const id = want && S.queue[want] ? want : S.order[0];
    if (id) void openPage(id);
    else message('the corpus has no pages yet: add some with pith label <dir> --add <files>');
  });
}

start();

/** The app's state: one mutable object shared by the modules, as the single script had it. */
import type { ApiGoldLabel, ApiPageSummary, ApiSite, PageReply, QueueReply, SiteReply } from '../../api-types.js';

/** Blocks whose model confidence is below this are marked (queue.ts `LOW_CONFIDENCE`). */
export const LOW = 0.6;

export type SaveState = 'saved' | 'new' | 'unsaved' | 'saving' | 'conflict' | 'error';

/** A selection: anchor and focus block indices (focus is where the cursor is). */
export interface Selection {
  readonly a: number;
  readonly f: number;
}

export interface Edit {
  readonly lo: number;
  readonly before: readonly ApiGoldLabel[];
  readonly after: readonly ApiGoldLabel[];
}

export interface AppState {
  /** Queue navigation order, fixed when loaded (see queue.ts). */
  order: string[];
  queue: Record<string, ApiPageSummary>;
  page: PageReply | null;
  labels: ApiGoldLabel[];
  revision: number;
  state: SaveState;
  edits: number;
  savedEdits: number;
  sel: Selection | null;
  undo: Edit[];
  redo: Edit[];
  /** The frame's marked elements per block index. */
  marks: Element[][];
  /** The frame's document, once loaded. */
  doc: Document | null;
  /** The element picked as a subtree (e, alt+click), and the selections before each pick. */
  pickEl: Element | null;
  pickStack: { sel: Selection | null; pickEl: Element | null }[];
  drag: { from: number } | null;
  /** Block indices currently shown as selected. */
  shown: number[];
  retrain: boolean;
  limits: Partial<QueueReply['limits']>;
  /** The stored revision a conflict reported (keep mine saves over it). */
  conflictRevision: number;
  /** The corpus's sites (`/api/sites`) and how many labelled pages of a host offer "learn this site". */
  sites: ApiSite[];
  learnFrom: number;
  /** The learned site shown in the site pane (its model and pages), when one is. */
  site: SiteReply | null;
}

export const S: AppState = {
  order: [], queue: {}, page: null, labels: [], revision: 0, state: 'saved', edits: 0, savedEdits: 0,
  sel: null, undo: [], redo: [], marks: [], doc: null, pickEl: null, pickStack: [], drag: null, shown: [], retrain: false, limits: {},
  conflictRevision: 0, sites: [], learnFrom: 2, site: null,
};

/** What other modules may react to without importing each other (site.ts, fields.ts listen). */
export type AppEvent = 'page-opened' | 'frame-loaded' | 'saved';
const listeners: Record<AppEvent, (() => void)[]> = { 'page-opened': [], 'frame-loaded': [], saved: [] };

export function onEvent(e: AppEvent, fn: () => void): void {
  listeners[e].push(fn);
}

export function emit(e: AppEvent): void {
  for (const fn of listeners[e]) fn();
}

/** The selected block range, lowest first. */
export function range(): [number, number] | null {
  if (!S.sel) return null;
  return [Math.min(S.sel.a, S.sel.f), Math.max(S.sel.a, S.sel.f)];
}

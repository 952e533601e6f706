/**
 * The label server's JSON API as the wire carries it: the replies of every route and the
 * bodies the app sends. Defined once, used by both ends: the server (server.ts) types its
 * replies with these, and the browser app (web/app/, compiled by tsconfig.web.json with the
 * DOM library) reads them. Types only, no imports: this file is part of both programs, and
 * the browser build has no Node and no other pith module.
 */

/** A label a person can give a block (src/labels.ts `Label`). */
export type ApiLabel = 'title' | 'heading' | 'body' | 'other';
/** A stored block label: a `Label` or `unknown` (src/labels.ts `GoldLabel`). */
export type ApiGoldLabel = ApiLabel | 'unknown';

/** One failed structural check (src/decode/checks.ts `StructureFlag`). */
export interface ApiFlag {
  readonly check: 'no-title' | 'several-titles' | 'adjacent-headings' | 'no-body';
  readonly blocks: readonly number[];
  readonly message: string;
}

/** One page in the queue (src/annotate/queue.ts `PageSummary`; undefined fields are absent on the wire). */
export interface ApiPageSummary {
  readonly id: string;
  readonly url?: string | undefined;
  readonly revision: number;
  readonly blocks: number;
  readonly flags: readonly ApiFlag[];
  readonly confidence?: number | undefined;
  readonly lowConfidenceBlocks: number;
  readonly source: 'saved' | 'model' | 'none';
  readonly title?: string | undefined;
  readonly error?: string | undefined;
}

/** A corpus file left out of the queue, and why. */
export interface ApiUnreadable {
  readonly file: string;
  readonly reason: string;
}

/** `GET /api/queue`. */
export interface QueueReply {
  readonly corpus: string;
  readonly model: string | null;
  /** Whether `POST /api/retrain` can train in this session. */
  readonly retrain: boolean;
  readonly pages: readonly ApiPageSummary[];
  readonly unreadable: readonly ApiUnreadable[];
  readonly limits: { readonly importBytes: number };
}

/** One block of `GET /api/pages/:id`. */
export interface ApiBlock {
  readonly kind: 'text' | 'image' | 'media';
  readonly text: string;
  readonly label: ApiGoldLabel;
  readonly pred?: ApiLabel | undefined;
  readonly conf?: number | undefined;
}

/** `GET /api/pages/:id`. */
export interface PageReply {
  readonly id: string;
  readonly url?: string | undefined;
  readonly docTitle: string;
  readonly revision: number;
  readonly source: 'saved' | 'model' | 'none';
  readonly blocks: readonly ApiBlock[];
  readonly flags: readonly ApiFlag[];
  readonly model?: string | undefined;
  /** The page frame's URL, with its per-page key. */
  readonly frame: string;
}

/** The body of `PUT /api/pages/:id/labels`. */
export interface SaveRequest {
  readonly labels: readonly ApiGoldLabel[];
  readonly baseRevision: number;
}

/** `PUT /api/pages/:id/labels`, 200. */
export interface SaveReply {
  readonly revision: number;
  readonly flags: readonly ApiFlag[];
}

/** `PUT /api/pages/:id/labels`, 409: someone saved the page since `baseRevision`. */
export interface ConflictReply {
  readonly error: string;
  readonly conflict: true;
  readonly revision: number;
}

/** `POST /api/import`, 200. */
export interface ImportReply {
  readonly added: number;
  readonly labelled: number;
  readonly unchanged: number;
  readonly skipped: ReadonlyArray<{ readonly id: string; readonly reason: string }>;
}

/** `POST /api/retrain`, 200. */
export interface RetrainReply {
  readonly message: string;
  readonly model: string | null;
  /** Where the new model was written. */
  readonly path: string | null;
}

/** Every refusal and failure (4xx, 5xx); `code` is a pith error code when there is one. */
export interface ErrorReply {
  readonly error: string;
  readonly code?: string;
}

/** The header every API call carries the session token in (security.ts `TOKEN_HEADER`). */
export type ApiTokenHeader = 'x-pith-token';

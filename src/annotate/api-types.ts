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

/** Where a page's shown labels come from: saved, a learned site model (`wrapper`), the session's model, or nothing. */
export type ApiLabelSource = 'saved' | 'wrapper' | 'model' | 'none';

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
  readonly source: ApiLabelSource;
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
  readonly source: ApiLabelSource;
  /** The page's site (its URL's host without `www.`), when it has a URL. */
  readonly host?: string | undefined;
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

/** One site (host) of the corpus in `GET /api/sites`. */
export interface ApiSite {
  readonly host: string;
  /** Pages of the corpus from this host, and how many of them have saved labels. */
  readonly pages: number;
  readonly labelled: number;
  /** Rules of the learned site model, or null when the site is not learned. */
  readonly rules: number | null;
}

/** `GET /api/sites`. */
export interface SitesReply {
  readonly sites: readonly ApiSite[];
  /** Labelled pages of a host from which the app offers "learn this site". */
  readonly learnFrom: number;
}

/** The learned site model of `GET /api/sites/:host`. */
export interface ApiSiteModel {
  /** One line per rule: its label and the rule in wrapper induction's notation. */
  readonly rules: readonly string[];
  readonly notes: readonly string[];
  /** The labelled pages it was learned from. */
  readonly pages: readonly string[];
  readonly createdAt: string;
  /** The model file, relative to the corpus folder. */
  readonly file: string;
}

/** One page of a site: saved labels for labelled pages, the wrapper's extraction for the others. */
export interface ApiSitePage {
  readonly id: string;
  readonly url?: string | undefined;
  readonly labelled: boolean;
  /** Whether the rules recognise the page (else extraction falls back to the general model). */
  readonly recognised: boolean;
  /** Blocks labelled title, heading and body (the saved labels' for labelled pages, else the wrapper's). */
  readonly title: number;
  readonly heading: number;
  readonly body: number;
  /** The wrapper's label for every block (its rules alone), on pages that are not labelled; else null. */
  readonly labels: readonly ApiLabel[] | null;
}

/** `GET /api/sites/:host`. */
export interface SiteReply {
  readonly host: string;
  readonly model: ApiSiteModel | null;
  /** Set when the stored model file cannot be used. */
  readonly problem?: string | undefined;
  readonly pages: readonly ApiSitePage[];
}

/** `POST /api/sites/:host/learn`, 200. */
export interface LearnReply {
  readonly message: string;
  readonly ms: number;
  readonly skipped: ReadonlyArray<{ readonly id: string; readonly reason: string }>;
  readonly site: SiteReply;
}

/** The body of `POST /api/pages/:id/correct`: these blocks should have this label. */
export interface CorrectRequest {
  readonly blocks: readonly number[];
  readonly label: ApiLabel;
  readonly baseRevision: number;
}

/** `POST /api/pages/:id/correct`, 200 (409 as `ConflictReply` when the page was saved in between). */
export interface CorrectReply {
  /** The page's saved labels (what it showed, corrected) and their revision. */
  readonly labels: readonly ApiGoldLabel[];
  readonly revision: number;
  readonly flags: readonly ApiFlag[];
  /** The correction by what the rules said before: specialise, generalise/add, relabel or nothing. */
  readonly kind: 'false-positive' | 'false-negative' | 'relabel' | 'unchanged';
  /** Whether the relearned rules give the corrected blocks the label asked for. */
  readonly fixed: boolean;
  /** Rules that are new, and rules that are gone (label and rule). */
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly message: string;
  readonly site: SiteReply;
}

/** Every refusal and failure (4xx, 5xx); `code` is a pith error code when there is one. */
export interface ErrorReply {
  readonly error: string;
  readonly code?: string;
}

/** The header every API call carries the session token in (security.ts `TOKEN_HEADER`). */
export type ApiTokenHeader = 'x-pith-token';

// ---- field mode (named fields by example, wrapper induction; src/annotate/field-mode.ts) ----------

/** A page's example values, field -> values (`[]`: the page has no such value). */
export type ApiFieldValues = Record<string, string[]>;

/** One value the learned rules extract on a page, with the blocks that show it. */
export interface ApiFieldValue {
  readonly value: string;
  readonly confidence: number;
  /** Indices of the page's blocks holding the value (where the app highlights it). */
  readonly blocks: number[];
  /** The value is one of this page's examples. */
  readonly example: boolean;
}

/** `GET /api/pages/:id/fields`, and the `preview` of every field-mode change. */
export interface FieldPreviewReply {
  readonly id: string;
  /** This page's examples. */
  readonly examples: ApiFieldValues;
  /** What the rules learned from every page's examples extract on this page. */
  readonly extracted: Record<string, ApiFieldValue[]>;
  /** On a list page (examples gave records: two or more values of two or more fields), every record in page order. */
  readonly records: Record<string, string>[];
  /** Per field, its rules in rank order (`formatFieldRule`). */
  readonly rules: Record<string, string[]>;
  /** Pages with examples. */
  readonly pages: string[];
  readonly saved: boolean;
}

/** `PUT /api/pages/:id/fields`: the page's values of one field (`null`: forget the field's examples on the page). */
export interface FieldExampleRequest {
  readonly field: string;
  readonly values: string[] | null;
}

/** `POST /api/pages/:id/fields/correct`: a highlighted value that is wrong and/or the right value. */
export interface FieldCorrectRequest {
  readonly field: string;
  readonly wrong?: string;
  readonly right?: string;
}

export interface FieldChangeReply {
  readonly message: string;
  readonly preview: FieldPreviewReply;
}

/** `POST /api/fields/save`: the fields files written (corpus-relative). */
export interface FieldSaveReply {
  readonly written: string[];
  readonly message: string;
}

/**
 * What a browser drew for a page (rendered-view study's spatial view), per element of pith's tree:
 * its box, whether it shows, its font and contrast, and (when asked for) the computed
 * styles styled output inlines. Plain data indexed by node id, so every later stage reads
 * it beside the tree without knowing how it was rendered. The file format is
 * docs/render.md's `pith-layout` v1.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { PithError } from '../errors.js';
import { isRecord } from '../util/is-record.js';

export const LAYOUT_FORMAT = 'pith-layout';
export const LAYOUT_VERSION = 1;

/** The per-element numbers a layout holds; NaN where a node is text or was not drawn/mapped. */
export const LAYOUT_COLUMNS = Object.freeze(['x', 'y', 'w', 'h', 'visible', 'fontSize', 'fontWeight', 'contrast'] as const);
export type LayoutColumn = (typeof LAYOUT_COLUMNS)[number];

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface PageLayout {
  /** sha256 of the page's bytes as given to the renderer: the cache key. */
  readonly hash: string;
  readonly viewport: Size;
  /** The whole document's scroll size. */
  readonly page: Size;
  /** Number of nodes of the tree the layout was mapped onto (must equal `tree.nodes.length`). */
  readonly nodes: number;
  /** Share of the tree's elements matched to a rendered element (1 on the same HTML). */
  readonly mapped: number;
  /** Whether the page's scripts ran. */
  readonly scripts: boolean;
  /**
   * Per node id: box in document coordinates (CSS px), visible (1/0), font size (px), font
   * weight (100-900), contrast ratio of text colour against the effective background (1-21).
   */
  readonly cols: Readonly<Record<LayoutColumn, Float32Array>>;
  /** Distinct computed-style declarations (`font-size:16px;color:...`), when styles were captured. */
  readonly styles?: readonly string[];
  /** Per node id: index into `styles`, -1 when none. */
  readonly styleOf?: Int32Array;
}

/** The cache key of a page: sha256 hex of its bytes (gzip as stored, so the file's hash). */
export function layoutKey(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The drawn box of element `id`, undefined when it was not drawn or not mapped. */
export function boxOf(layout: PageLayout, id: number): Box | undefined {
  const { x, y, w, h } = layout.cols;
  const bx = x[id];
  if (bx === undefined || Number.isNaN(bx)) return undefined;
  return { x: bx, y: y[id]!, w: w[id]!, h: h[id]! };
}

/** The value of one column for node `id` (NaN when unknown). */
export function layoutValue(layout: PageLayout, column: LayoutColumn, id: number): number {
  const v = layout.cols[column][id];
  return v === undefined ? Number.NaN : v;
}

/** True when the layout was made for a tree of this many nodes (a stale cache entry is not). */
export function layoutFits(layout: PageLayout, nodeCount: number): boolean {
  return layout.nodes === nodeCount;
}

function encodeColumn(col: Float32Array): (number | null)[] {
  const out: (number | null)[] = new Array(col.length);
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!;
    out[i] = Number.isNaN(v) ? null : Math.round(v * 100) / 100;
  }
  return out;
}

/** The layout as its JSON document (docs/render.md). */
export function layoutToJson(layout: PageLayout): Record<string, unknown> {
  const cols: Record<string, (number | null)[]> = {};
  for (const c of LAYOUT_COLUMNS) cols[c] = encodeColumn(layout.cols[c]);
  return {
    format: LAYOUT_FORMAT, version: LAYOUT_VERSION, hash: layout.hash, viewport: layout.viewport, page: layout.page,
    nodes: layout.nodes, mapped: layout.mapped, scripts: layout.scripts, cols,
    ...(layout.styles && layout.styleOf ? { styles: layout.styles, styleOf: Array.from(layout.styleOf) } : {}),
  };
}

export function serializeLayout(layout: PageLayout): Buffer {
  return gzipSync(JSON.stringify(layoutToJson(layout)));
}

function bad(subject: string, why: string): PithError {
  return new PithError('BAD_CORPUS', `not a pith layout: ${why}`, subject);
}

function readSize(v: unknown, what: string, subject: string): Size {
  if (!isRecord(v) || typeof v['width'] !== 'number' || typeof v['height'] !== 'number') throw bad(subject, `${what} is not {width, height}`);
  return { width: v['width'], height: v['height'] };
}

/** Parses a layout document, checking every field; throws BAD_CORPUS on anything malformed. */
export function layoutFromJson(doc: unknown, subject = '<layout>'): PageLayout {
  if (!isRecord(doc) || doc['format'] !== LAYOUT_FORMAT) throw bad(subject, 'wrong format tag');
  if (doc['version'] !== LAYOUT_VERSION) throw bad(subject, `version ${String(doc['version'])}, this pith reads ${LAYOUT_VERSION}`);
  const nodes = doc['nodes'];
  if (typeof nodes !== 'number' || !Number.isInteger(nodes) || nodes < 0) throw bad(subject, 'nodes is not a count');
  const rawCols = doc['cols'];
  if (!isRecord(rawCols)) throw bad(subject, 'cols missing');
  const cols = {} as Record<LayoutColumn, Float32Array>;
  for (const c of LAYOUT_COLUMNS) {
    const arr = rawCols[c];
    if (!Array.isArray(arr) || arr.length !== nodes) throw bad(subject, `column ${c} is not ${nodes} values`);
    const col = new Float32Array(nodes);
    for (let i = 0; i < nodes; i++) {
      const v = arr[i];
      if (v === null) col[i] = Number.NaN;
      else if (typeof v === 'number' && Number.isFinite(v)) col[i] = v;
      else throw bad(subject, `column ${c}[${i}] is not a number`);
    }
    cols[c] = col;
  }
  let styles: string[] | undefined;
  let styleOf: Int32Array | undefined;
  if (doc['styles'] !== undefined) {
    const s = doc['styles'];
    const of = doc['styleOf'];
    if (!Array.isArray(s) || !s.every((x) => typeof x === 'string')) throw bad(subject, 'styles is not a list of strings');
    if (!Array.isArray(of) || of.length !== nodes) throw bad(subject, 'styleOf does not match nodes');
    styleOf = new Int32Array(nodes);
    for (let i = 0; i < nodes; i++) {
      const v = of[i];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < -1 || v >= s.length) throw bad(subject, `styleOf[${i}] out of range`);
      styleOf[i] = v;
    }
    styles = s as string[];
  }
  const mapped = doc['mapped'];
  return Object.freeze({
    hash: typeof doc['hash'] === 'string' ? doc['hash'] : '',
    viewport: readSize(doc['viewport'], 'viewport', subject),
    page: readSize(doc['page'], 'page', subject),
    nodes,
    mapped: typeof mapped === 'number' ? mapped : 0,
    scripts: doc['scripts'] === true,
    cols,
    ...(styles && styleOf ? { styles, styleOf } : {}),
  });
}

export function parseLayout(bytes: Uint8Array, subject = '<layout>'): PageLayout {
  let text: string;
  try {
    text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : Buffer.from(bytes)).toString('utf8');
  } catch (e) {
    throw new PithError('BAD_CORPUS', `not a pith layout: corrupt gzip (${(e as Error).message})`, subject);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw bad(subject, `bad JSON (${(e as Error).message})`);
  }
  return layoutFromJson(doc, subject);
}

/** Prose narrower than this share of the window means the page's own stylesheet set a column. */
const LAID_OUT_COLUMN_SHARE = 0.85;

/**
 * Whether the page's own stylesheet laid it out: the median drawn width of its prose blocks'
 * elements is under 85% of the window. Rendered offline (external stylesheets are never
 * loaded) most saved pages are one full-width flow of browser defaults, where a box's place
 * says little: the rendered-view study's screen-based rules assume a designed page.
 */
export function laidOutByCss(layout: PageLayout, proseElementIds: readonly number[]): boolean {
  const widths = proseElementIds.map((id) => layout.cols.w[id]!).filter((w) => w > 0).sort((a, b) => a - b);
  const median = widths[widths.length >> 1];
  return median !== undefined && median < LAID_OUT_COLUMN_SHARE * layout.viewport.width;
}

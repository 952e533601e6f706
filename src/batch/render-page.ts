/**
 * Pages with their layouts: rendered now (one reused `Renderer`) or read from a layout
 * folder written by `pith render`. Extraction with `--render` and training with
 * `--layouts` both come through here, so a page is always parsed once and its layout mapped
 * onto that same tree.
 */
import { decodeHtml } from '../dom/bytes.js';
import { loadPage, readPageBytes, withLayout, type LoadOptions, type Page } from '../page.js';
import { LayoutCache } from '../render/cache.js';
import { layoutFits } from '../render/layout.js';
import { Renderer, type RenderOptions } from '../render/renderer.js';
import { isPithError } from '../errors.js';
import { systemClock, type Clock } from '../util/clock.js';

export interface LayoutSource {
  /** A running renderer: pages without a cached layout are rendered. */
  readonly renderer?: Renderer;
  /** A layout folder: read first; with `store`, new renders are written to it. */
  readonly cache?: LayoutCache;
  readonly store?: boolean;
}

/** The page, with its layout when one was cached or could be rendered (render errors propagate). */
export async function loadRenderedPage(bytes: Uint8Array, source: LayoutSource, load: LoadOptions = {}, subject?: string): Promise<Page> {
  const page = loadPage(bytes, load, subject);
  return attachLayout(page, bytes, source, load, subject);
}

export async function attachLayout(page: Page, bytes: Uint8Array, source: LayoutSource, load: LoadOptions = {}, subject?: string): Promise<Page> {
  let cached;
  try {
    cached = source.cache ? await source.cache.get(bytes) : undefined;
  } catch (e) {
    // A damaged cache entry is derived data: with a browser at hand, draw the page again (and
    // replace the entry); without one, say which file is damaged.
    if (!source.renderer) throw e;
  }
  if (cached && layoutFits(cached, page.tree.nodes.length) && (!source.renderer?.options.styles || cached.styles)) {
    return withLayout(page, cached);
  }
  if (!source.renderer) return page;
  const html = decodeHtml(bytes, load, subject).text;
  const layout = await source.renderer.render({ bytes, html, tree: page.tree });
  if (source.cache && source.store) await source.cache.put(layout);
  return withLayout(page, layout);
}

export interface RenderRunOptions extends RenderOptions {
  /** Render again even when a layout is cached. */
  readonly force?: boolean;
  /** Called after each page (for progress). */
  readonly onPage?: (done: number, total: number) => void;
  /** Times each page (tests pass their own). */
  readonly clock?: Clock;
}

export interface RenderFailure {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

export interface RenderRunSummary {
  readonly pages: number;
  readonly rendered: number;
  /** Already in the layout folder, not rendered again. */
  readonly cached: number;
  readonly failed: readonly RenderFailure[];
  /** Median and 90th percentile of read + parse + render + map, per rendered page (ms). */
  readonly medianMs: number;
  readonly p90Ms: number;
  /** Lowest share of a page's elements mapped to rendered ones. */
  readonly minMapped: number;
  readonly restarts: number;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

/**
 * Renders page files into a layout folder with one browser (`pith render`), started with the
 * first page not cached; a page that fails is listed, never fatal (a browser that will not start is).
 */
export async function renderPagesToCache(files: readonly string[], cacheDir: string, options: RenderRunOptions = {}): Promise<RenderRunSummary> {
  const cache = await LayoutCache.open(cacheDir, true);
  const renderer = await Renderer.prepare(options);
  const clock = options.clock ?? systemClock;
  const times: number[] = [];
  const failed: RenderFailure[] = [];
  let cached = 0;
  let minMapped = 1;
  try {
    for (let i = 0; i < files.length; i++) {
      const path = files[i]!;
      const started = clock.now();
      try {
        const bytes = await readPageBytes(path);
        if (!options.force && (await cache.get(bytes).catch(() => undefined))) {
          cached++; // a damaged entry reads as missing and is drawn again
        } else {
          const page = loadPage(bytes, {}, path);
          const html = decodeHtml(bytes, {}, path).text;
          // The browser's start-up (with the first page drawn) is not the page's time.
          const startingUp = clock.now();
          await renderer.startOnce();
          const startUpMs = clock.now() - startingUp;
          const layout = await renderer.render({ bytes, html, tree: page.tree });
          await cache.put(layout);
          times.push(clock.now() - started - startUpMs);
          minMapped = Math.min(minMapped, layout.mapped);
        }
      } catch (e) {
        if (renderer.unstartable) throw renderer.unstartable;
        failed.push({ path, code: isPithError(e) ? e.code : 'ERROR', message: (e as Error).message });
      }
      options.onPage?.(i + 1, files.length);
    }
  } finally {
    await renderer.close();
  }
  times.sort((a, b) => a - b);
  return {
    pages: files.length, rendered: times.length, cached, failed, medianMs: quantile(times, 0.5), p90Ms: quantile(times, 0.9),
    minMapped, restarts: renderer.restarts,
  };
}

/**
 * Styled output (rendered-view study's "news article generation"): the article as a standalone HTML page
 * that looks the way the original page drew it. The markup is `toHtml`'s, sanitised the same
 * way (this file only decorates it through `HtmlOptions.decorate`); each element's `style` is
 * the computed style the browser reported for the page element it was built from
 * (`Sourced.source`, `PageLayout.styles`), and the article sits on a wrapper with the page's
 * main column's box, padding, font and background.
 *
 * - **Column**: the nearest element enclosing every kept element (with the tree: their lowest
 *   common ancestor; without it, the smallest drawn box holding all their boxes). The wrapper
 *   gets its computed style, its drawn width (border-box, at most 100%), centred, and the first
 *   background colour found from it outwards; the page's `<body>` the outermost one.
 * - **Elements**: headings, paragraphs, lists, items, quotes, code, tables, figures and the
 *   formatting elements take their source's computed style (fonts, sizes, colours, spacing:
 *   render/collect.ts `STYLE_PROPERTIES`). A source that is the column itself or encloses it
 *   (text straight in the column) gives only its text properties, so the column's padding and
 *   background are not repeated. Images get their drawn width and height.
 * - **Safe**: only values from the layout, filtered by css.ts (no `url()`, `expression`,
 *   `javascript:`, no function but colours), escaped by the writer; the page carries a
 *   Content-Security-Policy that allows no script, no frame and no fetch but images.
 *
 * Pure and linear in the article and the page.
 */
import { commonAncestor, type DomTree } from '../dom/tree.js';
import type { Label } from '../labels.js';
import type { Page } from '../page.js';
import { PithError } from '../errors.js';
import { boxOf, type Box, type PageLayout } from '../render/layout.js';
import type { AddedParagraphs, Article, ArticleImage, ArticleNode, Inline } from './types.js';
import { buildArticle } from './build-article.js';
import type { ArticleOptions } from './options.js';
import { isSafeDeclaration, parseDeclarations, type Declaration } from './css.js';
import { escapeHtml, toHtml, type HtmlDecoration, type HtmlTarget } from './to-html.js';

export interface StyledHtmlOptions {
  /**
   * The page's tree (the one the layout was mapped onto): the column is then its kept elements'
   * lowest common ancestor. Without it the column is found from the drawn boxes alone.
   */
  readonly tree?: DomTree;
}

/** Properties a source that is (or encloses) the column passes on: those of its text, not its box. */
const TEXT_PROPERTIES: ReadonlySet<string> = new Set([
  'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'color', 'text-align', 'text-transform',
  'text-decoration-line', 'letter-spacing', 'word-spacing', 'white-space', 'list-style-type',
]);
const LANG_RE = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8}){0,6}$/;
const CSP = "default-src 'none'; img-src http: https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** A transparent computed colour (`rgba(0, 0, 0, 0)`, `transparent`). */
export function isTransparent(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (v === 'transparent') return true;
  const m = /^rgba\(\s*[\d.]+[ ,]+[\d.]+[ ,]+[\d.]+\s*[,/]\s*([\d.]+)(%?)\s*\)$/.exec(v);
  return m !== null && Number(m[1]) === 0;
}

/** Every element id the article was built from (block-level nodes and images; not inline ones). */
export function articleSources(article: Article): number[] {
  const out: number[] = [];
  if (article.titleSource !== undefined) out.push(article.titleSource);
  const visit = (nodes: readonly ArticleNode[]): void => {
    for (const n of nodes) {
      if (n.source !== undefined) out.push(n.source);
      if (n.kind === 'quote') visit(n.children);
      else if (n.kind === 'list') {
        for (const item of n.items) {
          if (item.source !== undefined) out.push(item.source);
          visit(item.children);
        }
      } else if (n.kind === 'figure') for (const img of n.images) if (img.source !== undefined) out.push(img.source);
    }
  };
  visit(article.content);
  return out;
}

/** True when the article was built with `ArticleOptions.sources` (and has anything to style). */
export function hasSources(article: Article): boolean {
  return articleSources(article).length > 0;
}

function drawn(layout: PageLayout, id: number): Box | undefined {
  const b = id >= 0 && id < layout.nodes ? boxOf(layout, id) : undefined;
  return b && b.w > 0 && b.h > 0 ? b : undefined;
}

function encloses(outer: Box, inner: Box): boolean {
  const e = 0.5;
  return outer.x <= inner.x + e && outer.y <= inner.y + e && outer.x + outer.w >= inner.x + inner.w - e && outer.y + outer.h >= inner.y + inner.h - e;
}

/** The column and the elements enclosing it, innermost first. */
function columnChain(sources: readonly number[], layout: PageLayout, tree: DomTree | undefined): number[] {
  const boxes = sources.map((id) => drawn(layout, id)).filter((b): b is Box => b !== undefined);
  if (tree) {
    const ids = sources.filter((id) => id > 0 && id < tree.nodes.length);
    if (ids.length === 0) return [];
    // Linear in the depth, once (pre-order ids: the ancestor of the first whose subtree reaches the last).
    const chain: number[] = [];
    for (let cur = commonAncestor(tree, ids); cur > 0; cur = tree.nodes[cur]!.parent) chain.push(cur);
    // A column that was not drawn (or drawn empty) gives way to its nearest drawn ancestor.
    const k = chain.findIndex((id) => drawn(layout, id) !== undefined);
    return chain.slice(k >= 0 ? k : chain.length - 1);
  }
  if (boxes.length === 0) return [];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  const union: Box = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  const enclosing: { id: number; area: number }[] = [];
  for (let id = 1; id < layout.nodes; id++) {
    const b = drawn(layout, id);
    if (b && encloses(b, union)) enclosing.push({ id, area: b.w * b.h });
  }
  // Smallest first; of equal boxes the later element (deeper in document order) first.
  enclosing.sort((a, b) => a.area - b.area || b.id - a.id);
  return enclosing.map((e) => e.id);
}

/** Safe declarations per distinct style of a layout, parsed once (pages share a few hundred styles). */
const PARSED = new WeakMap<readonly string[], Map<number, Declaration[]>>();

/** The safe computed declarations of element `id`. */
function declarationsOf(layout: PageLayout, id: number | undefined): Declaration[] {
  const styles = layout.styles;
  if (id === undefined || !styles || !layout.styleOf || id < 0 || id >= layout.styleOf.length) return [];
  const k = layout.styleOf[id]!;
  if (k < 0 || k >= styles.length) return [];
  let memo = PARSED.get(styles);
  if (!memo) PARSED.set(styles, (memo = new Map()));
  let decls = memo.get(k);
  if (!decls) memo.set(k, (decls = parseDeclarations(styles[k]!).filter(isSafeDeclaration)));
  return decls;
}

function write(decls: readonly Declaration[]): string {
  return decls.map((d) => `${d.property}:${d.value};`).join('');
}

function backgroundOf(layout: PageLayout, id: number): string | undefined {
  const bg = declarationsOf(layout, id).find((d) => d.property === 'background-color');
  return bg && !isTransparent(bg.value) ? bg.value : undefined;
}

function pxOf(layout: PageLayout, id: number, property: string): number {
  const d = declarationsOf(layout, id).find((x) => x.property === property);
  const v = d ? Number.parseFloat(d.value) : 0;
  return Number.isFinite(v) ? v : 0;
}

/**
 * Which element of the chain the wrapper copies: the column itself, or the "card" around it
 * (the nearest enclosing element that draws its own background, inside the page's) when the
 * card only adds padding around the column, so its padding and background come along and the
 * text keeps its width. A wider one (a page wrapper that also holds a sidebar) is not taken.
 */
function cardIndex(chain: readonly number[], layout: PageLayout, firstBg: number, lastBg: number): number {
  if (chain.length === 0 || firstBg <= 0 || firstBg >= lastBg) return 0;
  const inner = drawn(layout, chain[0]!);
  const card = drawn(layout, chain[firstBg]!);
  if (!inner || !card) return 0;
  const id = chain[firstBg]!;
  const content = card.w - pxOf(layout, id, 'padding-left') - pxOf(layout, id, 'padding-right');
  return Math.abs(content - inner.w) <= 2 ? firstBg : 0;
}

/** The decorator `toHtml` calls for each element. */
function decorator(article: Article, layout: PageLayout, tree: DomTree | undefined): { decorate: (t: HtmlTarget) => HtmlDecoration | undefined; body: string } {
  const chain = columnChain(articleSources(article), layout, tree);
  const columnAndAbove = new Set(chain);
  // Backgrounds from the column outwards: the first is the column's, the outermost the page's
  // (what the canvas shows).
  const backgrounds = chain.map((id) => backgroundOf(layout, id));
  const firstBg = backgrounds.findIndex((b) => b !== undefined);
  const lastBg = backgrounds.length - 1 - [...backgrounds].reverse().findIndex((b) => b !== undefined);
  const columnBg = firstBg >= 0 ? backgrounds[firstBg] : undefined;
  const pageBg = firstBg >= 0 ? backgrounds[lastBg] : undefined;
  const column = chain[cardIndex(chain, layout, firstBg, lastBg)];

  const elementStyle = (id: number | undefined, image = false): string | undefined => {
    if (id === undefined) return undefined;
    // `display` (when a layout has it) only for images: a column's flex or grid would not fit the article's markup.
    let decls = declarationsOf(layout, id).filter((d) => !(d.property === 'background-color' && isTransparent(d.value)) && (image || d.property !== 'display'));
    if (columnAndAbove.has(id)) decls = decls.filter((d) => TEXT_PROPERTIES.has(d.property));
    return decls.length > 0 ? write(decls) : undefined;
  };

  const wrapper = (): string | undefined => {
    if (column === undefined) return undefined;
    const box = drawn(layout, column);
    const decls = declarationsOf(layout, column).filter((d) => d.property !== 'background-color' && d.property !== 'margin-left' && d.property !== 'margin-right');
    let s = write(decls);
    if (columnBg) s += `background-color:${columnBg};`;
    s += 'margin-left:auto;margin-right:auto;box-sizing:border-box;max-width:100%;';
    if (box) s += `width:${Math.round(box.w)}px;`;
    return s;
  };

  const bare = new Set<ArticleImage>();
  const visit = (nodes: readonly ArticleNode[]): void => {
    for (const n of nodes) {
      if (n.kind === 'figure' && n.source === undefined) for (const img of n.images) bare.add(img);
      else if (n.kind === 'quote') visit(n.children);
      else if (n.kind === 'list') for (const item of n.items) visit(item.children);
    }
  };
  visit(article.content);

  const decorate = (t: HtmlTarget): HtmlDecoration | undefined => {
    switch (t.kind) {
      case 'article': {
        const style = wrapper();
        return style ? { style } : undefined;
      }
      case 'title': {
        const style = elementStyle(article.titleSource);
        return style ? { style } : undefined;
      }
      case 'node': {
        // A figure made for a bare image was no figure on the page: no figure margins.
        if (t.node.kind === 'figure' && t.node.source === undefined) return { style: 'margin-top:0;margin-right:0;margin-bottom:0;margin-left:0;' };
        const style = elementStyle(t.node.source);
        return style ? { style } : undefined;
      }
      case 'item': {
        const style = elementStyle(t.item.source);
        return style ? { style } : undefined;
      }
      case 'inline': {
        const style = elementStyle(inlineSource(t.inline));
        return style ? { style } : undefined;
      }
      case 'image': {
        const id = t.image.source;
        const box = id !== undefined ? drawn(layout, id) : undefined;
        let own = elementStyle(id, true) ?? '';
        // An image that stood alone on the page (no <figure>) is written alone in a figure: a block,
        // so no line box (and its strut) grows around it.
        if (bare.has(t.image) && !own.includes('display:')) own += 'display:block;';
        if (!box) return own ? { style: own } : undefined;
        return { style: `${own}max-width:100%;height:auto;`, width: box.w, height: box.h };
      }
    }
  };
  return { decorate, body: `margin-top:0;margin-right:0;margin-bottom:0;margin-left:0;${pageBg ? `background-color:${pageBg};` : ''}` };
}

function inlineSource(c: Inline): number | undefined {
  return c.kind === 'text' || c.kind === 'break' || c.kind === 'image' ? undefined : c.source;
}

/**
 * The article as a standalone styled HTML page (see the module comment). `layout` must hold
 * computed styles (`Renderer.launch({ styles: true })`); without them the page is plain `toHtml`
 * in a document. The article should be built with `ArticleOptions.sources`.
 */
export function toStyledHtml(article: Article, layout: PageLayout, options: StyledHtmlOptions = {}): string {
  const { decorate, body } = decorator(article, layout, options.tree);
  const lang = article.metadata.lang !== undefined && LANG_RE.test(article.metadata.lang) ? ` lang="${escapeHtml(article.metadata.lang)}"` : '';
  const dir = article.metadata.dir === 'rtl' || article.metadata.dir === 'ltr' ? ` dir="${article.metadata.dir}"` : '';
  const title = (article.title || article.metadata.pageTitle || '').replace(/\s+/g, ' ').trim();
  const bodyStyle = write(parseDeclarations(body).filter(isSafeDeclaration));
  return [
    '<!doctype html>',
    `<html${lang}${dir}>`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    `<body${bodyStyle ? ` style="${escapeHtml(bodyStyle)}"` : ''}>`,
    toHtml(article, { decorate }).trimEnd(),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** What `formatStyledResult` needs of an extraction (`ExtractResult` has it). */
export interface StyledSource {
  readonly page: Page;
  readonly labels: readonly Label[];
  readonly article: Article;
  /** Paragraphs the article got that no block holds (`buildArticle`'s `added`). */
  readonly addedText?: AddedParagraphs;
}

/**
 * `pith extract --format html --styled`: the styled page of an extraction whose page was
 * rendered with styles (`loadRenderedPage` with `Renderer.launch({ styles: true })`). An article
 * built without `sources` is built again from the same labels with them (`options.article`:
 * the options the extraction used). BAD_OPTION when the page has no layout or no styles.
 */
export function formatStyledResult(result: StyledSource, options: { readonly article?: ArticleOptions } = {}): string {
  const { page } = result;
  const layout = page.layout;
  if (!layout || !layout.styles || !layout.styleOf) {
    throw new PithError('BAD_OPTION', 'styled output needs the page rendered with its styles (render with styles: true)', page.id);
  }
  const article = hasSources(result.article)
    ? result.article
    : buildArticle(page, result.labels, { includeHidden: page.includesHidden, ...options.article, sources: true }, result.addedText);
  return toStyledHtml(article, layout, { tree: page.tree });
}

/**
 * Article -> HTML, sanitised always. The writer emits only the allow-listed tags below and
 * only href/src/alt/title/colspan/rowspan attributes; nothing from the page is copied as
 * markup (the tree holds no page HTML), all text and attribute values are escaped, and
 * URLs pass the policy in urls.ts (http(s), mailto for links, relative; no javascript:,
 * vbscript:, data:). A hand-made Article gets the same treatment.
 *
 * Table captions become `<figure><table/><figcaption/></figure>` (`caption` is not allowed).
 *
 * One seam for writers built on this one (styled output, to-styled-html.ts): `HtmlOptions.decorate`
 * may give an element a `style` (passed through css.ts's filter, then escaped) and an image its
 * `width`/`height` (whole numbers). Without it the output is exactly as without the seam.
 */
import type { Article, ArticleImage, ArticleNode, Inline, ListItem } from './types.js';
import { isSafeUrl } from './urls.js';
import { safeStyle } from './css.js';

export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'article', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'a', 'em', 'strong', 'code', 'sub', 'sup', 'pre', 'ul', 'ol', 'li', 'blockquote',
  'figure', 'figcaption', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'br', 'hr',
]);
export const ALLOWED_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan']);
/** What `HtmlOptions.decorate` may add on top of `ALLOWED_ATTRIBUTES`. */
export const DECORATION_ATTRIBUTES: ReadonlySet<string> = new Set(['style', 'width', 'height']);

/** An element the writer is about to open, as `HtmlOptions.decorate` sees it. */
export type HtmlTarget =
  | { readonly kind: 'article' }
  /** The headline's `<h1>`. */
  | { readonly kind: 'title' }
  | { readonly kind: 'node'; readonly node: ArticleNode }
  | { readonly kind: 'item'; readonly item: ListItem }
  | { readonly kind: 'image'; readonly image: ArticleImage }
  /** A formatting element: link, emphasis, strong, code, sub, sup. */
  | { readonly kind: 'inline'; readonly inline: Inline };

export interface HtmlDecoration {
  /** CSS declarations; unsafe ones are dropped (css.ts). */
  readonly style?: string;
  /** Images only: whole CSS pixels, 1 to 100000. */
  readonly width?: number;
  readonly height?: number;
}

export interface HtmlOptions {
  /** Extra attributes per element; absent: plain `toHtml` output. */
  readonly decorate?: (target: HtmlTarget) => HtmlDecoration | undefined;
}

type Decorate = HtmlOptions['decorate'];

/** What `escapeHtml` writes for each character it escapes; the control characters it matches and this leaves out it drops. */
const ESC: Readonly<Record<string, string>> = Object.freeze({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' });
/** A character `escapeHtml` drops or escapes: control characters other than tab/newline (not allowed in HTML text), and `&<>"'`. */
// eslint-disable-next-line no-control-regex
const ESCAPED_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f&<>"']/g;
/** `ESCAPED_RE` for a first test: most texts hold none of its characters and are returned after one scan. */
const NEEDS_ESCAPE_RE = new RegExp(ESCAPED_RE.source);

export function escapeHtml(s: string): string {
  if (!NEEDS_ESCAPE_RE.test(s)) return s;
  return s.replace(ESCAPED_RE, (c) => ESC[c] ?? '');
}

function attr(name: string, value: string | number | undefined): string {
  if (value === undefined || value === '' || !ALLOWED_ATTRIBUTES.has(name)) return '';
  return ` ${name}="${escapeHtml(String(value))}"`;
}

function pixels(n: number | undefined): number | undefined {
  return n !== undefined && Number.isFinite(n) && Math.round(n) >= 1 && Math.round(n) <= 100_000 ? Math.round(n) : undefined;
}

/** The decoration of one element as attribute text ('' without a decorator). */
function decoration(d: Decorate, target: HtmlTarget): string {
  const x = d?.(target);
  if (!x) return '';
  let s = '';
  if (target.kind === 'image') {
    const w = pixels(x.width);
    const h = pixels(x.height);
    if (w !== undefined) s += ` width="${w}"`;
    if (h !== undefined) s += ` height="${h}"`;
  }
  const style = x.style !== undefined ? safeStyle(x.style) : '';
  if (style) s += ` style="${escapeHtml(style)}"`;
  return s;
}

function span(n: number | undefined): number | undefined {
  return n !== undefined && Number.isInteger(n) && n > 1 && n <= 1000 ? n : undefined;
}

function inlineHtml(content: readonly Inline[], d: Decorate): string {
  let s = '';
  for (const c of content) {
    switch (c.kind) {
      case 'text':
        s += escapeHtml(c.text);
        break;
      case 'break':
        s += '<br>';
        break;
      case 'code':
        s += `<code${decoration(d, { kind: 'inline', inline: c })}>${escapeHtml(c.text)}</code>`;
        break;
      case 'emphasis':
        s += `<em${decoration(d, { kind: 'inline', inline: c })}>${inlineHtml(c.children, d)}</em>`;
        break;
      case 'strong':
        s += `<strong${decoration(d, { kind: 'inline', inline: c })}>${inlineHtml(c.children, d)}</strong>`;
        break;
      case 'sub':
      case 'sup':
        s += `<${c.kind}${decoration(d, { kind: 'inline', inline: c })}>${inlineHtml(c.children, d)}</${c.kind}>`;
        break;
      case 'link':
        s += c.href && isSafeUrl(c.href, 'link')
          ? `<a${attr('href', c.href)}${attr('title', c.title)}${decoration(d, { kind: 'inline', inline: c })}>${inlineHtml(c.children, d)}</a>`
          : inlineHtml(c.children, d);
        break;
      case 'image':
        if (isSafeUrl(c.src, 'image')) s += `<img${attr('src', c.src)}${attr('alt', c.alt)}>`;
        break;
    }
  }
  return s;
}

function nodeHtml(node: ArticleNode, d: Decorate): string {
  const own = (): string => decoration(d, { kind: 'node', node });
  switch (node.kind) {
    case 'heading': {
      const level = Math.min(6, Math.max(1, Math.trunc(node.level) || 2));
      return `<h${level}${own()}>${inlineHtml(node.content, d)}</h${level}>`;
    }
    case 'paragraph':
      return `<p${own()}>${inlineHtml(node.content, d)}</p>`;
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const items = node.items.map((item) => {
        const only = item.children.length === 1 ? item.children[0]! : undefined;
        // A one-paragraph item is written inline: <li>text</li>.
        const inner = only && only.kind === 'paragraph' ? inlineHtml(only.content, d) : `\n${blocksHtml(item.children, d)}\n`;
        return `<li${decoration(d, { kind: 'item', item })}>${inner}</li>`;
      });
      return `<${tag}${own()}>\n${items.join('\n')}\n</${tag}>`;
    }
    case 'table': {
      let leading = 0;
      while (leading < node.rows.length && node.rows[leading]!.header) leading++;
      const head = node.rows.slice(0, leading);
      const body = node.rows.slice(leading);
      const row = (r: (typeof node.rows)[number]): string =>
        `<tr>${r.cells
          .map((c) => {
            const tag = c.header ? 'th' : 'td';
            return `<${tag}${attr('colspan', span(c.colspan))}${attr('rowspan', span(c.rowspan))}>${inlineHtml(c.content, d)}</${tag}>`;
          })
          .join('')}</tr>`;
      const parts = [`<table${own()}>`];
      if (head.length > 0) parts.push('<thead>', ...head.map(row), '</thead>');
      if (body.length > 0) parts.push('<tbody>', ...body.map(row), '</tbody>');
      parts.push('</table>');
      const table = parts.join('\n');
      return node.caption ? `<figure>\n${table}\n<figcaption>${inlineHtml(node.caption, d)}</figcaption>\n</figure>` : table;
    }
    case 'quote':
      return `<blockquote${own()}>\n${blocksHtml(node.children, d)}\n</blockquote>`;
    case 'code':
      return `<pre${own()}><code>${escapeHtml(node.text)}</code></pre>`;
    case 'figure': {
      const imgs = node.images
        .filter((i) => isSafeUrl(i.src, 'image'))
        .map((i) => `<img${attr('src', i.src)}${attr('alt', i.alt)}${attr('title', i.title)}${decoration(d, { kind: 'image', image: i })}>`);
      const cap = node.caption && node.caption.length > 0 ? `<figcaption>${inlineHtml(node.caption, d)}</figcaption>` : '';
      if (imgs.length === 0) return cap ? `<p>${inlineHtml(node.caption!, d)}</p>` : '';
      return `<figure${own()}>${imgs.join('')}${cap}</figure>`;
    }
    case 'embed': {
      if (!isSafeUrl(node.src, 'link')) return '';
      const label = node.media === 'iframe' || node.media === 'embed' ? 'Embedded content' : node.media === 'video' ? 'Video' : 'Audio';
      return `<p${own()}><a${attr('href', node.src)}>${escapeHtml(label + (node.title ? ': ' + node.title : ''))}</a></p>`;
    }
    case 'rule':
      return '<hr>';
  }
}

function blocksHtml(nodes: readonly ArticleNode[], d: Decorate): string {
  return nodes.map((n) => nodeHtml(n, d)).filter((s) => s.length > 0).join('\n');
}

/**
 * The article as sanitised HTML (see the module comment). `options.decorate` is the seam
 * styled output uses; leave it out for the plain fragment.
 */
export function toHtml(article: Article, options: HtmlOptions = {}): string {
  const d = options.decorate;
  const title = article.title.replace(/\s+/g, ' ').trim();
  const body = blocksHtml(article.content, d);
  const inner = [title ? `<h1${decoration(d, { kind: 'title' })}>${escapeHtml(title)}</h1>` : '', body].filter(Boolean).join('\n');
  const open = `<article${decoration(d, { kind: 'article' })}>`;
  return inner ? `${open}\n${inner}\n</article>\n` : `${open}</article>\n`;
}

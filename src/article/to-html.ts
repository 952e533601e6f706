/**
 * Article -> HTML, sanitised always. The writer emits only the allow-listed tags below and
 * only href/src/alt/title/colspan/rowspan attributes; nothing from the page is copied as
 * markup (the tree holds no page HTML), all text and attribute values are escaped, and
 * URLs pass the policy in urls.ts (http(s), mailto for links, relative; no javascript:,
 * vbscript:, data:). A hand-made Article gets the same treatment.
 *
 * Table captions become `<figure><table/><figcaption/></figure>` (`caption` is not allowed).
 */
import type { Article, ArticleNode, Inline } from './types.js';
import { isSafeUrl } from './urls.js';

export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'article', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'a', 'em', 'strong', 'code', 'sub', 'sup', 'pre', 'ul', 'ol', 'li', 'blockquote',
  'figure', 'figcaption', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'br',
]);
export const ALLOWED_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan']);

const ESC: Readonly<Record<string, string>> = Object.freeze({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' });
// Control characters other than tab/newline are not allowed in HTML text.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function escapeHtml(s: string): string {
  return s.replace(CONTROL_RE, '').replace(/[&<>"']/g, (c) => ESC[c]!);
}

function attr(name: string, value: string | number | undefined): string {
  if (value === undefined || value === '' || !ALLOWED_ATTRIBUTES.has(name)) return '';
  return ` ${name}="${escapeHtml(String(value))}"`;
}

function span(n: number | undefined): number | undefined {
  return n !== undefined && Number.isInteger(n) && n > 1 && n <= 1000 ? n : undefined;
}

function inlineHtml(content: readonly Inline[]): string {
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
        s += `<code>${escapeHtml(c.text)}</code>`;
        break;
      case 'emphasis':
        s += `<em>${inlineHtml(c.children)}</em>`;
        break;
      case 'strong':
        s += `<strong>${inlineHtml(c.children)}</strong>`;
        break;
      case 'sub':
      case 'sup':
        s += `<${c.kind}>${inlineHtml(c.children)}</${c.kind}>`;
        break;
      case 'link':
        s += c.href && isSafeUrl(c.href, 'link')
          ? `<a${attr('href', c.href)}${attr('title', c.title)}>${inlineHtml(c.children)}</a>`
          : inlineHtml(c.children);
        break;
      case 'image':
        if (isSafeUrl(c.src, 'image')) s += `<img${attr('src', c.src)}${attr('alt', c.alt)}>`;
        break;
    }
  }
  return s;
}

function nodeHtml(node: ArticleNode): string {
  switch (node.kind) {
    case 'heading': {
      const level = Math.min(6, Math.max(1, Math.trunc(node.level) || 2));
      return `<h${level}>${inlineHtml(node.content)}</h${level}>`;
    }
    case 'paragraph':
      return `<p>${inlineHtml(node.content)}</p>`;
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const items = node.items.map((item) => {
        const only = item.children.length === 1 ? item.children[0]! : undefined;
        // A one-paragraph item is written inline: <li>text</li>.
        const inner = only && only.kind === 'paragraph' ? inlineHtml(only.content) : `\n${blocksHtml(item.children)}\n`;
        return `<li>${inner}</li>`;
      });
      return `<${tag}>\n${items.join('\n')}\n</${tag}>`;
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
            return `<${tag}${attr('colspan', span(c.colspan))}${attr('rowspan', span(c.rowspan))}>${inlineHtml(c.content)}</${tag}>`;
          })
          .join('')}</tr>`;
      const parts = ['<table>'];
      if (head.length > 0) parts.push('<thead>', ...head.map(row), '</thead>');
      if (body.length > 0) parts.push('<tbody>', ...body.map(row), '</tbody>');
      parts.push('</table>');
      const table = parts.join('\n');
      return node.caption ? `<figure>\n${table}\n<figcaption>${inlineHtml(node.caption)}</figcaption>\n</figure>` : table;
    }
    case 'quote':
      return `<blockquote>\n${blocksHtml(node.children)}\n</blockquote>`;
    case 'code':
      return `<pre><code>${escapeHtml(node.text)}</code></pre>`;
    case 'figure': {
      const imgs = node.images
        .filter((i) => isSafeUrl(i.src, 'image'))
        .map((i) => `<img${attr('src', i.src)}${attr('alt', i.alt)}${attr('title', i.title)}>`);
      const cap = node.caption && node.caption.length > 0 ? `<figcaption>${inlineHtml(node.caption)}</figcaption>` : '';
      if (imgs.length === 0) return cap ? `<p>${inlineHtml(node.caption!)}</p>` : '';
      return `<figure>${imgs.join('')}${cap}</figure>`;
    }
    case 'embed': {
      if (!isSafeUrl(node.src, 'link')) return '';
      const label = node.media === 'iframe' || node.media === 'embed' ? 'Embedded content' : node.media === 'video' ? 'Video' : 'Audio';
      return `<p><a${attr('href', node.src)}>${escapeHtml(label + (node.title ? ': ' + node.title : ''))}</a></p>`;
    }
  }
}

function blocksHtml(nodes: readonly ArticleNode[]): string {
  return nodes.map(nodeHtml).filter((s) => s.length > 0).join('\n');
}

export function toHtml(article: Article): string {
  const title = article.title.replace(/\s+/g, ' ').trim();
  const body = blocksHtml(article.content);
  const inner = [title ? `<h1>${escapeHtml(title)}</h1>` : '', body].filter(Boolean).join('\n');
  return inner ? `<article>\n${inner}\n</article>\n` : '<article></article>\n';
}

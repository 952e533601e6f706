/**
 * Article -> CommonMark with GFM tables: `# title`, headings by level, **strong**, *em*,
 * `code`, [links](href), <sub>/<sup> (raw inline HTML, which CommonMark passes through: GFM
 * reads `~x~` as strikethrough, so `H~2~O` would render struck out), ![alt](src) images with their caption below, lists (nested by
 * indentation), > quotes, fenced code, pipe tables. Text is escaped so page text never
 * turns into markup; unsafe URLs (see urls.ts) are dropped, their text kept.
 */
import type { Article, ArticleComment, ArticleNode, Inline } from './types.js';
import { isSafeUrl } from './urls.js';
import { tableGrid } from './table-grid.js';

/** Where inline markdown goes: breaks and pipes need different treatment in each. */
type InlinePlace = 'block' | 'heading' | 'cell';

// Markdown punctuation, and `&` where it would start an entity reference; `|` too in table cells.
const ESCAPE_RE = /[\\`*_[\]<>~]|&(?=#?[a-z0-9]+;)/gi;
const ESCAPE_CELL_RE = /[\\`*_[\]<>~|]|&(?=#?[a-z0-9]+;)/gi;

const NEEDS_ESCAPE_RE = /[\\`*_[\]<>~|&]/;

function escapeText(s: string, place: InlinePlace): string {
  if (!NEEDS_ESCAPE_RE.test(s)) return s;
  return s.replace(place === 'cell' ? ESCAPE_CELL_RE : ESCAPE_RE, '\\$&');
}

/** Destinations with spaces, parentheses or angle brackets are percent-encoded. */
function destination(url: string): string {
  return url.replace(/[\s()<>\\]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

function titlePart(title: string | undefined): string {
  return title ? ` "${title.replace(/["\\]/g, '\\$&').replace(/\s+/g, ' ')}"` : '';
}

/** `*x*` with the white space inside the markers moved out (`* x*` is not emphasis). */
function wrap(marker: string, inner: string): string {
  const core = inner.trim();
  if (!core) return inner;
  const start = inner.indexOf(core);
  return `${inner.slice(0, start)}${marker}${core}${marker}${inner.slice(start + core.length)}`;
}

/** `<sup>x</sup>` with the white space inside the tags moved out, like `wrap`. */
function htmlWrap(tag: string, inner: string): string {
  const core = inner.trim();
  if (!core) return inner;
  const start = inner.indexOf(core);
  return `${inner.slice(0, start)}<${tag}>${core}</${tag}>${inner.slice(start + core.length)}`;
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function inlineMd(content: readonly Inline[], place: InlinePlace): string {
  let s = '';
  for (const c of content) {
    switch (c.kind) {
      case 'text':
        s += escapeText(c.text, place);
        break;
      case 'break':
        s += place === 'block' ? '\\\n' : place === 'cell' ? '<br>' : ' ';
        break;
      case 'code':
        s += codeSpan(place === 'cell' ? c.text.replace(/\|/g, '\\|') : c.text);
        break;
      case 'emphasis':
        s += wrap('*', inlineMd(c.children, place));
        break;
      case 'strong':
        s += wrap('**', inlineMd(c.children, place));
        break;
      case 'sub':
      case 'sup':
        s += htmlWrap(c.kind, inlineMd(c.children, place));
        break;
      case 'link': {
        const text = inlineMd(c.children, place);
        s += c.href && isSafeUrl(c.href, 'link') ? `[${text}](${destination(c.href)}${titlePart(c.title)})` : text;
        break;
      }
      case 'image':
        if (isSafeUrl(c.src, 'image')) s += `![${escapeText(c.alt, place)}](${destination(c.src)})`;
        break;
    }
  }
  return s;
}

/** Page text starting a line must not start a heading, quote, list, rule or fence. */
const LINE_START_RE = /^(\s*)(#{1,6}(?=\s|$)|>|[-+](?=\s|$)|={2,}\s*$|-{2,}\s*$)/gm;
const ORDERED_START_RE = /^(\s*\d{1,9})([.)])(?=\s|$)/gm;

const MAYBE_MARKER_RE = /^\s*[#>+=\-\d]|\n\s*[#>+=\-\d]/;

function escapeLineStarts(md: string): string {
  if (!MAYBE_MARKER_RE.test(md)) return md;
  return md.replace(LINE_START_RE, '$1\\$2').replace(ORDERED_START_RE, '$1\\$2');
}

const indentRest = (s: string, by: string): string => s.split('\n').map((l, k) => (k === 0 || !l ? l : by + l)).join('\n');

function fence(text: string, language: string | undefined): string {
  const longest = Math.max(0, ...(text.match(/^[ \t]*(`{3,}|~{3,})/gm) ?? []).map((r) => r.trim().length));
  const f = '`'.repeat(Math.max(3, longest + 1));
  const info = language && /^[\w+#.-]+$/.test(language) ? language : '';
  return `${f}${info}\n${text}\n${f}`;
}

function tableMd(node: ArticleNode & { kind: 'table' }): string {
  const grid = tableGrid(node.rows, (c) => inlineMd(c.content, 'cell').replace(/\n/g, ' ').trim());
  if (grid.columns === 0) return '';
  const line = (cells: readonly (string | undefined)[]): string => `| ${cells.map((c) => c ?? '').join(' | ')} |`;
  let rows = grid.rows;
  // GFM needs exactly one header row: the first header row, else an empty one.
  let header: (string | undefined)[] = new Array(grid.columns).fill('');
  if (rows[0]?.header) {
    header = [...rows[0].cells];
    rows = rows.slice(1);
  }
  const out = [line(header), `|${' --- |'.repeat(grid.columns)}`, ...rows.map((r) => line(r.cells))];
  const caption = node.caption ? escapeLineStarts(inlineMd(node.caption, 'block')) : '';
  return caption ? `${caption}\n\n${out.join('\n')}` : out.join('\n');
}

function listMd(node: ArticleNode & { kind: 'list' }): string {
  const start = node.start ?? 1;
  return node.items
    .map((item, k) => {
      const marker = node.ordered ? `${start + k}. ` : '- ';
      let body = '';
      item.children.forEach((c, j) => {
        const md = nodeMd(c);
        if (!md) return;
        // A nested list follows its line directly; other blocks need a blank line.
        body += j === 0 || !body ? md : (c.kind === 'list' ? '\n' : '\n\n') + md;
      });
      return marker + indentRest(body, ' '.repeat(marker.length));
    })
    .join('\n');
}

function nodeMd(node: ArticleNode): string {
  switch (node.kind) {
    case 'heading': {
      const level = Math.min(6, Math.max(1, Math.trunc(node.level) || 2));
      // A trailing ` #` would be read as the heading's closing sequence and vanish.
      const text = inlineMd(node.content, 'heading').trim().replace(/(^|\s)(#+)$/, '$1\\$2');
      return text ? `${'#'.repeat(level)} ${text}` : '';
    }
    case 'paragraph':
      return escapeLineStarts(inlineMd(node.content, 'block').trim());
    case 'list':
      return listMd(node);
    case 'table':
      return tableMd(node);
    case 'quote': {
      const inner = blocksMd(node.children);
      return inner ? inner.split('\n').map((l) => (l ? `> ${l}` : '>')).join('\n') : '';
    }
    case 'code':
      return fence(node.text, node.language);
    case 'figure': {
      const imgs = node.images
        .filter((i) => isSafeUrl(i.src, 'image'))
        .map((i) => `![${escapeText(i.alt, 'block')}](${destination(i.src)}${titlePart(i.title)})`);
      const cap = node.caption ? escapeLineStarts(inlineMd(node.caption, 'block').trim()) : '';
      return [imgs.join('\n'), cap].filter(Boolean).join('\n\n');
    }
    case 'embed': {
      if (!isSafeUrl(node.src, 'link')) return '';
      const label = node.media === 'iframe' || node.media === 'embed' ? 'Embedded content' : node.media === 'video' ? 'Video' : 'Audio';
      return `[${label}${node.title ? ': ' + escapeText(node.title, 'block') : ''}](${destination(node.src)})`;
    }
    case 'rule':
      return '---';
  }
}

function blocksMd(nodes: readonly ArticleNode[]): string {
  return nodes.map(nodeMd).filter((s) => s.length > 0).join('\n\n');
}

/** One comment: its author and date in bold and plain on one line, then its paragraphs. */
function commentMd(c: ArticleComment): string {
  const by = [c.author !== undefined ? `**${escapeText(c.author, 'block')}**` : '', c.date !== undefined ? escapeText(c.date, 'block') : ''].filter(Boolean).join(' · ');
  const text = c.text.split(/\n{2,}/).map((p) => escapeLineStarts(escapeText(p.trim(), 'block').replace(/\n/g, '\\\n'))).filter(Boolean).join('\n\n');
  return [by ? escapeLineStarts(by) : '', text].filter(Boolean).join('\n\n');
}

/** Readers' comments after the article: a "Comments" heading, and the comments set apart by rules. */
function commentsMd(comments: readonly ArticleComment[] | undefined): string {
  if (!comments || comments.length === 0) return '';
  return `## Comments\n\n${comments.map(commentMd).join('\n\n---\n\n')}`;
}

export function toMarkdown(article: Article): string {
  const title = article.title.replace(/\s+/g, ' ').trim();
  const heading = escapeText(title, 'heading').replace(/(^|\s)(#+)$/, '$1\\$2');
  const parts = [title ? `# ${heading}` : '', blocksMd(article.content), commentsMd(article.comments)].filter(Boolean);
  return parts.length > 0 ? parts.join('\n\n') + '\n' : '';
}

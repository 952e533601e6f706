/**
 * Article -> XML, in two documents over one body vocabulary (the names TEI uses, as
 * trafilatura's XML and TEI outputs do):
 *
 * - `toXml`: `<doc title= author= date= url= sitename= lang=><main>…</main></doc>`, the
 *   metadata as attributes of the root;
 * - `toTei`: a TEI P5 document, the metadata in `<teiHeader>` (titleStmt, publicationStmt,
 *   sourceDesc, langUsage) and the article in `<text><body><div>`.
 *
 * Body: heading `<head rend="h2">`, paragraph `<p>`, list `<list rend="ul|ol">` of `<item>`,
 * table `<table>` of `<row>` of `<cell>` (`role="head"`, `cols`/`rows` for spans; a caption
 * is the table's `<head>`), quote `<quote>`, code block `<code>` (`lang` when known), figure
 * `<figure>` of `<graphic url= desc=>` and a caption `<head>`, embed a `<p>` holding a `<ref>`.
 * Inline: link `<ref target=>`, emphasis `<hi rend="#i">`, strong `<hi rend="#b">`, sub/sup
 * `<hi rend="#sub|#sup">`, code `<code>`, line break `<lb/>`, cell image `<graphic>`.
 *
 * Readers' comments (`includeComments`), when the article has any, follow the main text: in
 * XML a `<comments>` element of `<comment author= date=>`, in TEI a `<div type="comments">`
 * after the article's `<div>` of `<div type="comment">`, each opening with `<byline><docAuthor>`
 * and `<dateline><date>`; in both the comment's paragraphs are `<p>`s, its line breaks `<lb/>`.
 * An article without comments is written as before, with no trace of them.
 *
 * Always well-formed: text and attribute values are escaped, characters XML 1.0 does not
 * allow (control characters, lone surrogates, U+FFFE/U+FFFF) are dropped, and URLs pass the
 * same policy as the HTML writer (an unsafe link keeps its text, an unsafe image is left out).
 */
import type { Article, ArticleComment, ArticleMetadata, ArticleNode, Inline, ListItem, TableRow } from './types.js';
import { isSafeUrl } from './urls.js';

export const TEI_NAMESPACE = 'http://www.tei-c.org/ns/1.0';

// Everything outside XML 1.0's Char production: C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML_ESC: Readonly<Record<string, string>> = Object.freeze({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' });

/** `s` without the characters XML 1.0 does not allow. */
export function xmlChars(s: string): string {
  return s.replace(NOT_XML_CHAR_RE, '');
}

/** `s` as XML text or attribute value: invalid characters dropped, markup characters escaped. */
export function escapeXml(s: string): string {
  return xmlChars(s).replace(/[&<>"']/g, (c) => XML_ESC[c]!);
}

/** ` name="value"` for each defined, non-empty value, in the given order. */
function attrs(pairs: Readonly<Record<string, string | number | undefined>>): string {
  let s = '';
  for (const [name, value] of Object.entries(pairs)) {
    if (value === undefined || value === '') continue;
    s += ` ${name}="${escapeXml(String(value))}"`;
  }
  return s;
}

function span(n: number | undefined): number | undefined {
  return n !== undefined && Number.isInteger(n) && n > 1 && n <= 1000 ? n : undefined;
}

function hi(rend: string, inner: string): string {
  return `<hi rend="${rend}">${inner}</hi>`;
}

function inlineXml(content: readonly Inline[]): string {
  let s = '';
  for (const c of content) {
    switch (c.kind) {
      case 'text':
        s += escapeXml(c.text);
        break;
      case 'break':
        s += '<lb/>';
        break;
      case 'code':
        s += `<code>${escapeXml(c.text)}</code>`;
        break;
      case 'emphasis':
        s += hi('#i', inlineXml(c.children));
        break;
      case 'strong':
        s += hi('#b', inlineXml(c.children));
        break;
      case 'sub':
      case 'sup':
        s += hi(`#${c.kind}`, inlineXml(c.children));
        break;
      case 'link':
        s += c.href && isSafeUrl(c.href, 'link') ? `<ref${attrs({ target: c.href })}>${inlineXml(c.children)}</ref>` : inlineXml(c.children);
        break;
      case 'image':
        if (isSafeUrl(c.src, 'image')) s += `<graphic${attrs({ url: c.src, desc: c.alt })}/>`;
        break;
    }
  }
  return s;
}

function itemXml(item: ListItem): string {
  const only = item.children.length === 1 ? item.children[0]! : undefined;
  // A one-paragraph item is written inline, as the HTML writer does.
  return only && only.kind === 'paragraph' ? `<item>${inlineXml(only.content)}</item>` : `<item>\n${blocksXml(item.children)}\n</item>`;
}

function rowXml(row: TableRow): string {
  const cells = row.cells.map((c) => `<cell${attrs({ role: c.header ? 'head' : undefined, cols: span(c.colspan), rows: span(c.rowspan) })}>${inlineXml(c.content)}</cell>`);
  return `<row${attrs({ role: row.header ? 'head' : undefined })}>${cells.join('')}</row>`;
}

function nodeXml(node: ArticleNode): string {
  switch (node.kind) {
    case 'heading': {
      const level = Math.min(6, Math.max(1, Math.trunc(node.level) || 2));
      return `<head rend="h${level}">${inlineXml(node.content)}</head>`;
    }
    case 'paragraph':
      return `<p>${inlineXml(node.content)}</p>`;
    case 'list': {
      const start = node.ordered && node.start !== undefined && Number.isInteger(node.start) && node.start !== 1 ? node.start : undefined;
      return `<list${attrs({ rend: node.ordered ? 'ol' : 'ul', n: start })}>\n${node.items.map(itemXml).join('\n')}\n</list>`;
    }
    case 'table': {
      const head = node.caption && node.caption.length > 0 ? [`<head>${inlineXml(node.caption)}</head>`] : [];
      return ['<table>', ...head, ...node.rows.map(rowXml), '</table>'].join('\n');
    }
    case 'quote':
      return `<quote>\n${blocksXml(node.children)}\n</quote>`;
    case 'code': {
      const lang = node.language !== undefined && /^[\w+#.-]{1,40}$/.test(node.language) ? node.language : undefined;
      return `<code${attrs({ lang })}>${escapeXml(node.text)}</code>`;
    }
    case 'figure': {
      const graphics = node.images.filter((i) => isSafeUrl(i.src, 'image')).map((i) => `<graphic${attrs({ url: i.src, desc: i.alt })}/>`);
      const caption = node.caption && node.caption.length > 0 ? inlineXml(node.caption) : '';
      if (graphics.length === 0) return caption ? `<p>${caption}</p>` : '';
      return `<figure>${graphics.join('')}${caption ? `<head>${caption}</head>` : ''}</figure>`;
    }
    case 'embed': {
      if (!isSafeUrl(node.src, 'link')) return '';
      const label = node.media === 'iframe' || node.media === 'embed' ? 'Embedded content' : node.media === 'video' ? 'Video' : 'Audio';
      return `<p><ref${attrs({ target: node.src, type: node.media })}>${escapeXml(label + (node.title ? ': ' + node.title : ''))}</ref></p>`;
    }
    case 'rule':
      return '<lb/>';
  }
}

function blocksXml(nodes: readonly ArticleNode[]): string {
  return nodes.map(nodeXml).filter((s) => s.length > 0).join('\n');
}

const oneLine = (s: string | undefined): string | undefined => (s === undefined ? undefined : s.replace(/\s+/g, ' ').trim() || undefined);

function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** The metadata's URL when it is one the writers may link to. */
function safeUrl(m: ArticleMetadata): string | undefined {
  return m.url !== undefined && isSafeUrl(m.url, 'link') ? m.url : undefined;
}

/** A comment's text as `<p>`s: one per paragraph (blank-line separated), line breaks as `<lb/>`; `<p/>` when it has none. */
function commentParagraphs(text: string): string[] {
  const paras = text.split(/\n{2,}/).map((p) => p.trim()).filter((p) => p.length > 0);
  if (paras.length === 0) return ['<p/>'];
  return paras.map((p) => `<p>${p.split('\n').map(escapeXml).join('<lb/>')}</p>`);
}

/** `<comments>` of `<comment author= date=>` after `<main>`; nothing when there are none. */
function commentsXml(comments: readonly ArticleComment[] | undefined): string {
  if (!comments || comments.length === 0) return '';
  const each = comments.map((c) => [`<comment${attrs({ author: oneLine(c.author), date: oneLine(c.date) })}>`, ...commentParagraphs(c.text), '</comment>'].join('\n'));
  return `\n<comments>\n${each.join('\n')}\n</comments>`;
}

/** TEI: `<div type="comments">` of `<div type="comment">`, author and date in the div's opening `<byline>` and `<dateline>`. */
function commentsTei(comments: readonly ArticleComment[] | undefined): string[] {
  if (!comments || comments.length === 0) return [];
  const each = comments.map((c) => {
    const author = oneLine(c.author);
    const date = oneLine(c.date);
    return [
      '<div type="comment">',
      ...(author !== undefined ? [`<byline><docAuthor>${escapeXml(author)}</docAuthor></byline>`] : []),
      ...(date !== undefined ? [`<dateline><date>${escapeXml(date)}</date></dateline>`] : []),
      ...commentParagraphs(c.text),
      '</div>',
    ].join('\n');
  });
  return ['<div type="comments">', ...each, '</div>'];
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The article as a `<doc>` document (see the module comment); metadata as the root's attributes. */
export function toXml(article: Article): string {
  const m = article.metadata;
  const url = safeUrl(m);
  const root = attrs({
    title: oneLine(article.title), author: oneLine(m.author), date: oneLine(m.date), url, hostname: hostOf(url),
    sitename: oneLine(m.siteName), lang: m.lang, excerpt: oneLine(m.excerpt), image: m.image !== undefined && isSafeUrl(m.image, 'image') ? m.image : undefined,
  });
  const body = blocksXml(article.content);
  return `${XML_DECLARATION}<doc${root}>\n${body ? `<main>\n${body}\n</main>` : '<main/>'}${commentsXml(article.comments)}\n</doc>\n`;
}

/** The article as a TEI P5 document: metadata in `<teiHeader>`, the body in `<text><body><div>`. */
export function toTei(article: Article): string {
  const m = article.metadata;
  const url = safeUrl(m);
  const title = oneLine(article.title) ?? oneLine(m.pageTitle);
  const author = oneLine(m.author);
  const date = oneLine(m.date);
  const site = oneLine(m.siteName);
  const el = (name: string, value: string | undefined, a: Readonly<Record<string, string | undefined>> = {}): string[] =>
    value === undefined ? [] : [`<${name}${attrs(a)}>${escapeXml(value)}</${name}>`];
  const ptr = url !== undefined ? [`<ptr${attrs({ type: 'URL', target: url })}/>`] : [];
  const titleStmt = ['<titleStmt>', ...(title !== undefined ? el('title', title, { type: 'main' }) : ['<title/>']), ...el('author', author), '</titleStmt>'];
  const publication = [...el('publisher', site), ...el('date', date), ...ptr];
  const publicationStmt = ['<publicationStmt>', ...(publication.length > 0 ? publication : ['<p/>']), '</publicationStmt>'];
  const sourceDesc = ['<sourceDesc>', '<bibl>', ...el('title', title, { type: 'main' }), ...el('author', author), ...el('publisher', site), ...el('date', date), ...ptr, '</bibl>', '</sourceDesc>'];
  const profile = m.lang !== undefined ? ['<profileDesc>', '<langUsage>', `<language${attrs({ ident: m.lang })}/>`, '</langUsage>', '</profileDesc>'] : [];
  const header = ['<teiHeader>', '<fileDesc>', ...titleStmt, ...publicationStmt, ...sourceDesc, '</fileDesc>', ...profile, '</teiHeader>'];
  const body = blocksXml(article.content);
  const text = [`<text${attrs({ 'xml:lang': m.lang })}>`, '<body>', body ? `<div>\n${body}\n</div>` : '<div/>', ...commentsTei(article.comments), '</body>', '</text>'];
  return `${XML_DECLARATION}<TEI xmlns="${TEI_NAMESPACE}">\n${[...header, ...text].join('\n')}\n</TEI>\n`;
}

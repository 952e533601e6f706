/**
 * Page + one label per block -> Article. The kept blocks (heading, body; images and media
 * by `ArticleOptions.images`) are placed into the page's own structure: each block's chain
 * of containers (structure.ts) is merged with the containers still open, like a trie, so
 * consecutive blocks of one list, table or quote end up in one node and nested lists nest.
 *
 * Some parts are taken whole from the tree rather than block by block, because they only
 * make sense whole: a table row with any kept block (all its cells, so columns stay
 * aligned), a table's header rows and caption, a figure's caption (when the decoder kept a
 * block of it: a caption the model calls noise, such as a stock photo's, stays out with its
 * credit even where the photo is kept). Code keeps its raw text.
 *
 * Pure: neither the page nor the labels are changed. Linear in the page's size.
 */
import type { Page } from '../page.js';
import type { Block } from '../segment/segment.js';
import { INLINE_TAGS } from '../segment/segment.js';
import type { DomTree, ElementNode } from '../dom/tree.js';
import { isLabel, type Label } from '../labels.js';
import { PithError } from '../errors.js';
import type { AddedParagraphs, Article, ArticleImage, ArticleNode, EmbedMedia, HeadingLevel, Inline, ListItem, TableCell, TableRow } from './types.js';
import { resolveArticleOptions, type ArticleConfig, type ArticleOptions } from './options.js';
import { StructureIndex, type ChainLink } from './structure.js';
import { buildInline, type InlineContext } from './inline.js';
import { resolveSafeUrl } from './urls.js';
import { isTrackingImage } from './images.js';
import { extractMetadata, textDirection } from './metadata.js';
import { detectLanguage } from './detect-language.js';
import { headlineText } from './headline.js';
import { tidyContent } from './tidy.js';
import { postStarts } from './posts.js';
import { withoutSiteName } from './page-title.js';
import { siteKeys } from '../util/site-name.js';

/** How far above a block's element a card's wrapping link may sit (a -> div -> h2). */
const CARD_LINK_LEVELS = 4;

// Containers being filled. `consumed` frames (rows, captions) took their content from the tree.
type Frame =
  | { kind: 'flow'; link: ChainLink | null; children: ArticleNode[]; item: boolean; quote: boolean }
  | { kind: 'list'; link: ChainLink; ordered: boolean; start: number | undefined; items: ListItem[] }
  | { kind: 'table'; link: ChainLink; caption: Inline[]; rows: TableRow[]; rowIds: Set<number> }
  | { kind: 'pre'; link: ChainLink; text: string; lastNode: number; language: string | undefined }
  | { kind: 'figure'; link: ChainLink; images: ArticleImage[]; caption: Inline[]; after: ArticleNode[] }
  | { kind: 'consumed'; link: ChainLink };

const MEDIA_KINDS: Readonly<Record<string, EmbedMedia>> = Object.freeze({ video: 'video', audio: 'audio', iframe: 'iframe', embed: 'embed' });
const SKIP_IN_PRE: ReadonlySet<string> = new Set(['img', 'image', 'video', 'audio', 'iframe', 'embed', 'canvas', 'object', 'svg', 'math']);
const LANGUAGE_CLASS_RE = /(?:^|\s)(?:lang(?:uage)?-|highlight-source-|brush:\s*)([\w+#.-]{1,30})/i;
const MAX_SPAN = 1000;

class ArticleBuilder {
  private readonly structure: StructureIndex;
  private readonly ctx: InlineContext;
  private readonly root: Frame & { kind: 'flow' } = { kind: 'flow', link: null, children: [], item: false, quote: false };
  private readonly stack: Frame[] = [this.root];
  /** Card links (`withCardLink`) already given to a block. */
  private readonly usedCardLinks = new Set<number>();

  constructor(private readonly tree: DomTree, private readonly config: ArticleConfig, private readonly keptCaptions: ReadonlySet<number>) {
    this.structure = new StructureIndex(tree, config.maxNesting);
    this.ctx = Object.freeze({ tree, baseUrl: tree.baseUrl, includeHidden: config.includeHidden, sources: config.sources });
  }

  /** `{ source: id }` when the article records sources, else nothing (the tree stays as without them). */
  private src(id: number): { source?: number } {
    return this.config.sources ? { source: id } : {};
  }

  /** Places one kept block. */
  add(block: Block, label: Label): void {
    const anchor = block.nodeIds.length > 0 ? block.elementId : 0;
    const chain = anchor > 0 ? this.structure.chainArray(anchor) : [];
    let k = 0;
    while (k < chain.length && k + 1 < this.stack.length && this.stack[k + 1]!.link === chain[k]) k++;
    while (this.stack.length > k + 1) this.closeTop();
    for (let j = k; j < chain.length; j++) this.stack.push(this.open(chain[j]!));
    this.place(this.stack[this.stack.length - 1]!, block, label);
  }

  /** Places paragraphs of text no block holds (`AddedParagraphs`) at the top level, after what is open. */
  addParagraphs(paragraphs: readonly string[]): void {
    while (this.stack.length > 1) this.closeTop();
    for (const text of paragraphs) this.root.children.push(Object.freeze({ kind: 'paragraph', content: Object.freeze([Object.freeze({ kind: 'text', text })]) }));
  }

  /** A boundary between posts (`posts.ts`), at the top level after what is open; none at the start or twice in a row. */
  addRule(): void {
    while (this.stack.length > 1) this.closeTop();
    const last = this.root.children[this.root.children.length - 1];
    if (last !== undefined && last.kind !== 'rule') this.root.children.push(Object.freeze({ kind: 'rule' }));
  }

  finish(): ArticleNode[] {
    while (this.stack.length > 1) this.closeTop();
    return this.root.children;
  }

  // ---- opening and closing containers

  private open(link: ChainLink): Frame {
    const el = link.el;
    switch (link.kind) {
      case 'list': {
        const start = Number.parseInt(el.attrs['start'] ?? '', 10);
        return { kind: 'list', link, ordered: el.tag === 'ol', start: el.tag === 'ol' && Number.isFinite(start) && start !== 1 ? start : undefined, items: [] };
      }
      case 'item':
        return { kind: 'flow', link, children: [], item: true, quote: false };
      case 'quote':
        return { kind: 'flow', link, children: [], item: false, quote: true };
      case 'table':
        return this.openTable(link);
      case 'row': {
        const table = this.stack[this.stack.length - 1]!;
        if (table.kind === 'table' && !table.rowIds.has(el.id)) {
          table.rowIds.add(el.id);
          table.rows.push(this.rowFromTree(el, this.tree.nodes[el.parent]?.kind === 'element' && (this.tree.nodes[el.parent] as ElementNode).tag === 'thead'));
        }
        return { kind: 'consumed', link };
      }
      case 'pre': {
        const code = el.children.map((c) => this.tree.nodes[c]!).find((c): c is ElementNode => c.kind === 'element' && c.tag === 'code');
        const m = LANGUAGE_CLASS_RE.exec(`${el.attrs['class'] ?? ''} ${code?.attrs['class'] ?? ''}`);
        return { kind: 'pre', link, text: '', lastNode: -1, language: m ? m[1]!.toLowerCase() : undefined };
      }
      case 'figure': {
        const cap = this.firstDescendant(el, 'figcaption');
        const keep = cap !== undefined && this.keptCaptions.has(cap.id);
        return { kind: 'figure', link, images: [], caption: keep ? this.domInline(cap) : [], after: [] };
      }
      case 'caption':
      case 'figcaption':
        return { kind: 'consumed', link };
    }
  }

  private openTable(link: ChainLink): Frame {
    const el = link.el;
    const capEl = el.children.map((c) => this.tree.nodes[c]!).find((c): c is ElementNode => c.kind === 'element' && c.tag === 'caption');
    const frame: Frame & { kind: 'table' } = { kind: 'table', link, caption: capEl ? this.domInline(capEl) : [], rows: [], rowIds: new Set() };
    // Header rows come along whenever any row does: a table without its header is unreadable.
    let leading = true;
    for (let i = el.id + 1; i <= el.end; i++) {
      const n = this.tree.nodes[i]!;
      if (n.kind !== 'element' || n.tag !== 'tr') continue;
      const inHead = (this.tree.nodes[n.parent] as ElementNode).tag === 'thead';
      const row = this.rowFromTree(n, inHead);
      if (row.header && (inHead || leading)) {
        frame.rows.push(row);
        frame.rowIds.add(n.id);
      } else leading = false;
      i = n.end;
    }
    return frame;
  }

  private closeTop(): void {
    const f = this.stack.pop()!;
    const parent = this.stack[this.stack.length - 1]!;
    switch (f.kind) {
      case 'flow':
        if (f.children.length === 0) return;
        if (f.item && parent.kind === 'list') parent.items.push(Object.freeze({ children: Object.freeze(f.children), ...this.src(f.link!.el.id) }));
        else if (f.quote) this.append(parent, Object.freeze({ kind: 'quote', children: Object.freeze(f.children), ...this.src(f.link!.el.id) }));
        else for (const c of f.children) this.append(parent, c);
        return;
      case 'list':
        if (f.items.length > 0) {
          this.append(parent, Object.freeze({
            kind: 'list', ordered: f.ordered, ...(f.start !== undefined ? { start: f.start } : {}), items: Object.freeze(f.items), ...this.src(f.link.el.id),
          }));
        }
        return;
      case 'table':
        if (f.rows.length > 0) {
          this.append(parent, Object.freeze({ kind: 'table', ...(f.caption.length > 0 ? { caption: f.caption } : {}), rows: Object.freeze(f.rows), ...this.src(f.link.el.id) }));
        } else if (f.caption.length > 0) this.append(parent, Object.freeze({ kind: 'paragraph', content: f.caption }));
        return;
      case 'pre': {
        const text = f.text.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
        if (text) this.append(parent, Object.freeze({ kind: 'code', text, ...(f.language ? { language: f.language } : {}), ...this.src(f.link.el.id) }));
        return;
      }
      case 'figure':
        if (f.images.length > 0) {
          this.append(parent, Object.freeze({
            kind: 'figure', images: Object.freeze(f.images), ...(f.caption.length > 0 ? { caption: f.caption } : {}), ...this.src(f.link.el.id),
          }));
        } else if (f.caption.length > 0) this.append(parent, Object.freeze({ kind: 'paragraph', content: f.caption }));
        for (const n of f.after) this.append(parent, n);
        return;
      case 'consumed':
        return;
    }
  }

  /** Adds a finished node to a container. */
  private append(parent: Frame, node: ArticleNode): void {
    switch (parent.kind) {
      case 'flow':
        parent.children.push(node);
        return;
      case 'list': // content directly in <ul> (no <li>): an item of its own
        parent.items.push(Object.freeze({ children: Object.freeze([node]) }));
        return;
      case 'figure':
        if (node.kind === 'paragraph' || node.kind === 'heading') parent.caption = joinInline(parent.caption, node.content);
        else parent.after.push(node);
        return;
      case 'table': // text outside rows (rare: the parser moves most of it out of the table)
      case 'pre':
      case 'consumed':
        return;
    }
  }

  // ---- placing blocks

  private place(frame: Frame, block: Block, label: Label): void {
    if (frame.kind === 'consumed' || frame.kind === 'table') return;
    if (frame.kind === 'pre') {
      if (block.kind === 'text') this.addCode(frame, block);
      return;
    }
    if (block.kind === 'image') {
      const img = this.imageOf(block);
      if (!img) return;
      if (frame.kind === 'figure') frame.images.push(img);
      else this.append(frame, Object.freeze({ kind: 'figure', images: Object.freeze([img]) }));
      return;
    }
    if (block.kind === 'media') {
      const embed = this.embedOf(block);
      if (embed) this.append(frame, embed);
      return;
    }
    const content = this.withCardLink(block, this.blockInline(block));
    if (content.length === 0) return;
    const source = this.config.sources && block.nodeIds.length > 0 ? this.src(blockElement(this.tree, block)) : {};
    if (label === 'heading') {
      const text = withoutFragmentLinks(content, this.ctx.baseUrl);
      this.append(frame, Object.freeze({ kind: 'heading', level: this.headingLevel(block), content: text, ...source }));
    }
    else this.append(frame, Object.freeze({ kind: 'paragraph', content, ...source }));
  }

  /**
   * A teaser card wrapped whole in one link (`<a href><img><h2>Headline</h2><p>Summary</p></a>`)
   * leaves its blocks without their link, since each block's text sits inside the link: the
   * first text block placed from the card (its kicker or headline) carries the card's link.
   */
  private withCardLink(block: Block, content: Inline[]): Inline[] {
    if (content.length === 0 || hasLink(content)) return content;
    let cur = block.elementId;
    for (let k = 0; k < CARD_LINK_LEVELS && cur > 0; k++) {
      const el = this.tree.nodes[cur];
      if (!el || el.kind !== 'element' || el.tag === 'body') return content;
      if (el.tag === 'a' && el.attrs['href'] !== undefined) {
        if (this.usedCardLinks.has(el.id)) return content;
        this.usedCardLinks.add(el.id);
        const href = resolveSafeUrl(el.attrs['href'], this.ctx.baseUrl, 'link');
        return href ? [Object.freeze({ kind: 'link', href, children: Object.freeze(content) })] : content;
      }
      cur = el.parent;
    }
    return content;
  }

  private blockInline(block: Block): Inline[] {
    const ids = block.nodeIds;
    if (ids.length > 0 && this.tree.nodes[ids[0]!]?.kind === 'text') {
      const built = buildInline(this.ctx, 'block', block.elementId, ids[0]!, ids[ids.length - 1]!, ids);
      if (built.length > 0) return built;
    }
    return plainInline(block.text);
  }

  private domInline(el: ElementNode): Inline[] {
    return buildInline(this.ctx, 'dom', el.id, el.id + 1, el.end);
  }

  /** Raw text of a block inside <pre>, with the white space and breaks between kept blocks. */
  private addCode(frame: Frame & { kind: 'pre' }, block: Block): void {
    const ids = block.nodeIds;
    if (ids.length === 0) return;
    const nodes = this.tree.nodes;
    let k = 0;
    let i = frame.lastNode >= 0 ? frame.lastNode + 1 : ids[0]!;
    const last = ids[ids.length - 1]!;
    let text = frame.text;
    while (i <= last) {
      const n = nodes[i]!;
      if (n.kind === 'text') {
        while (k < ids.length && ids[k]! < i) k++;
        if (ids[k] === i || !n.text.trim()) text += n.text.replace(/\r\n?/g, '\n');
        i++;
        continue;
      }
      if ((n.hidden && !this.config.includeHidden) || SKIP_IN_PRE.has(n.tag)) {
        i = n.end + 1;
        continue;
      }
      if (n.tag === 'br') text += '\n';
      else if (!INLINE_TAGS.has(n.tag) && text && !text.endsWith('\n')) text += '\n';
      i++;
    }
    frame.text = text;
    frame.lastNode = last;
  }

  private imageOf(block: Block): ArticleImage | undefined {
    const el = this.tree.nodes[block.elementId];
    if (!el || el.kind !== 'element') return undefined;
    const src = resolveSafeUrl(block.src, undefined, 'image');
    if (!src || isTrackingImage(el, src)) return undefined;
    const title = el.attrs['title']?.trim();
    return Object.freeze({ src, alt: (block.alt ?? '').replace(/\s+/g, ' ').trim(), ...(title ? { title } : {}), ...this.src(el.id) });
  }

  private embedOf(block: Block): ArticleNode | undefined {
    const el = this.tree.nodes[block.elementId];
    if (!el || el.kind !== 'element') return undefined;
    const media = MEDIA_KINDS[el.tag];
    const src = resolveSafeUrl(block.src, undefined, 'link');
    if (!media || !src) return undefined;
    const title = el.attrs['title']?.replace(/\s+/g, ' ').trim();
    return Object.freeze({ kind: 'embed', src, media, ...(title ? { title } : {}) });
  }

  /** h1-h6 of the block's element or a near ancestor (`<h2><a><span>x`), else 2. */
  private headingLevel(block: Block): HeadingLevel {
    let cur = block.elementId;
    for (let steps = 0; cur > 0 && steps < 5; steps++) {
      const el = this.tree.nodes[cur] as ElementNode;
      const m = /^h([1-6])$/.exec(el.tag);
      if (m) return Number(m[1]) as HeadingLevel;
      cur = el.parent;
    }
    return 2;
  }

  private rowFromTree(tr: ElementNode, inHead: boolean): TableRow {
    const cells: TableCell[] = [];
    for (const c of tr.children) {
      const n = this.tree.nodes[c]!;
      if (n.kind !== 'element' || (n.tag !== 'td' && n.tag !== 'th')) continue;
      const colspan = span(n.attrs['colspan']);
      const rowspan = span(n.attrs['rowspan']);
      cells.push(Object.freeze({
        header: n.tag === 'th', content: this.domInline(n),
        ...(colspan > 1 ? { colspan } : {}), ...(rowspan > 1 ? { rowspan } : {}),
      }));
    }
    return Object.freeze({ header: inHead || (cells.length > 0 && cells.every((c) => c.header)), cells: Object.freeze(cells) });
  }

  private firstDescendant(el: ElementNode, tag: string): ElementNode | undefined {
    for (let i = el.id + 1; i <= el.end; i++) {
      const n = this.tree.nodes[i]!;
      if (n.kind === 'element' && n.tag === tag) return n;
    }
    return undefined;
  }
}

/**
 * The element a text block is drawn as: its nearest common element, or the nearest ancestor of
 * it that is not inline (a block of one link inside a `<p>` is the paragraph, not the link).
 */
export function blockElement(tree: DomTree, block: Block): number {
  let cur = block.elementId;
  for (let steps = 0; cur > 0 && steps < 256; steps++) {
    const el = tree.nodes[cur];
    if (!el || el.kind !== 'element') return block.elementId;
    if (!INLINE_TAGS.has(el.tag)) return cur;
    cur = el.parent;
  }
  return block.elementId;
}

function span(v: string | undefined): number {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, MAX_SPAN) : 1;
}

/** Inline content from flat block text ('\n' = line break), for blocks without tree nodes. */
export function plainInline(text: string): Inline[] {
  const out: Inline[] = [];
  text.split('\n').forEach((line, k) => {
    const t = line.replace(/\s+/g, ' ').trim();
    if (k > 0 && out.length > 0) out.push(Object.freeze({ kind: 'break' }));
    if (t) out.push(Object.freeze({ kind: 'text', text: t }));
  });
  while (out.length > 0 && out[out.length - 1]!.kind === 'break') out.pop();
  return Object.freeze(out) as Inline[];
}

/** The URL without its fragment, or undefined when it does not parse. */
function withoutFragment(url: string): string | undefined {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return undefined;
  }
}

/**
 * A heading's links to a place on its own page (`<h2 id="x"><a href="#x">Title</a></h2>`, the
 * anchor documentation generators wrap every heading in) are furniture: their text stays, the
 * link goes. Links elsewhere stay. A link is such when its URL, less the fragment, is the page's.
 */
function withoutFragmentLinks(content: readonly Inline[], baseUrl: string | undefined): Inline[] {
  const page = baseUrl !== undefined ? withoutFragment(baseUrl) : undefined;
  const isFragment = (href: string | undefined): boolean => {
    if (href === undefined) return false;
    const hash = href.indexOf('#');
    if (hash < 0) return false;
    return hash === 0 || (page !== undefined && withoutFragment(href) === page);
  };
  const walk = (items: readonly Inline[]): Inline[] => {
    let changed = false;
    const out: Inline[] = [];
    for (const c of items) {
      if (c.kind === 'link' && isFragment(c.href)) {
        out.push(...walk(c.children));
        changed = true;
      } else if (c.kind === 'link' || c.kind === 'emphasis' || c.kind === 'strong' || c.kind === 'sub' || c.kind === 'sup') {
        const kids = walk(c.children);
        if (kids !== c.children) {
          out.push(Object.freeze({ ...c, children: Object.freeze(kids) }) as Inline);
          changed = true;
        } else out.push(c);
      } else out.push(c);
    }
    return changed ? mergeText(out) : (items as Inline[]);
  };
  return walk(content);
}

/** Whether a link sits anywhere in the content (`<strong><a>x</a></strong>` too): one link may not wrap another. */
function hasLink(content: readonly Inline[]): boolean {
  for (const c of content) {
    if (c.kind === 'link') return true;
    if ((c.kind === 'emphasis' || c.kind === 'strong' || c.kind === 'sub' || c.kind === 'sup') && hasLink(c.children)) return true;
  }
  return false;
}

/** Adjacent text nodes joined (left side by side when a link around one was taken away). */
function mergeText(items: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const c of items) {
    const last = out[out.length - 1];
    if (c.kind === 'text' && last?.kind === 'text') out[out.length - 1] = Object.freeze({ kind: 'text', text: last.text + c.text });
    else out.push(c);
  }
  return Object.freeze(out) as Inline[];
}

function joinInline(a: readonly Inline[], b: readonly Inline[]): Inline[] {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  return [...a, Object.freeze({ kind: 'break' }), ...b];
}

/** Figure captions (`figcaption` elements) holding a kept text block: a figure writes only those. */
function keptCaptionsOf(page: Page, labels: readonly Label[]): Set<number> {
  const out = new Set<number>();
  const nodes = page.tree.nodes;
  page.blocks.forEach((b, i) => {
    if (b.kind !== 'text' || !isKeptText(labels[i]!) || !b.tagPath.includes('figcaption')) return;
    let cur = b.elementId;
    for (let k = 0; k < 32 && cur > 0; k++) {
      const el = nodes[cur];
      if (!el || el.kind !== 'element') break;
      if (el.tag === 'figcaption') { out.add(cur); break; }
      cur = el.parent;
    }
  });
  return out;
}

function isKeptText(label: Label): boolean {
  return label === 'heading' || label === 'body';
}

/**
 * Builds the article tree of a labelled page. `labels[i]` is block i's final label; `added`,
 * paragraphs the decoder found for the article outside the page's blocks, go after block `added.after`.
 */
export function buildArticle(page: Page, labels: readonly Label[], options: ArticleOptions = {}, added?: AddedParagraphs): Article {
  const config = resolveArticleOptions(options);
  const blocks = page.blocks;
  if (labels.length !== blocks.length) {
    throw new PithError('BAD_OPTION', `${labels.length} labels given for ${blocks.length} blocks`, page.id);
  }
  let title: string | undefined;
  let titleBlock: Block | undefined;
  let firstKept = -1;
  let lastKept = -1;
  const keptText: number[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const l = labels[i];
    if (!isLabel(l)) throw new PithError('BAD_OPTION', `block ${i} has no valid label: '${String(l)}'`, page.id);
    if (blocks[i]!.kind !== 'text') continue;
    if (l === 'title' && title === undefined && blocks[i]!.text.trim()) {
      title = headlineText(page.tree, blocks[i]!);
      titleBlock = blocks[i]!;
    }
    if (isKeptText(l)) {
      if (firstKept < 0) firstKept = i;
      lastKept = i;
      keptText.push(i);
    }
  }
  const posts = postStarts(page.tree, blocks, keptText);

  const builder = new ArticleBuilder(page.tree, config, keptCaptionsOf(page, labels));
  const texts: string[] = [];
  let addedPending = added !== undefined && added.paragraphs.length > 0;
  const placeAdded = (): void => {
    builder.addParagraphs(added!.paragraphs);
    texts.push(...added!.paragraphs);
    addedPending = false;
  };
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const l = labels[i]!;
    let keep: boolean;
    if (b.kind === 'text') keep = isKeptText(l);
    else if (config.images === 'none') keep = false;
    else keep = l === 'body' || (config.images === 'region' && l === 'other' && i > firstKept && i < lastKept);
    if (!keep) continue;
    if (addedPending && i > added!.after) placeAdded();
    if (b.kind === 'text' && texts.length < 200) texts.push(b.text);
    if (posts.has(i)) builder.addRule();
    builder.add(b, l);
  }
  if (addedPending) placeAdded();
  const content = tidyContent(Object.freeze(builder.finish()));

  let metadata = extractMetadata(page.tree, page.url);
  if (metadata.lang === undefined && config.detectLanguage) {
    const lang = detectLanguage(texts.join(' '));
    if (lang) metadata = Object.freeze({ ...metadata, lang, ...(metadata.dir === undefined ? { dir: textDirection(undefined, lang) } : {}) });
  }
  // A page whose headline the model does not find still has the title it declares; either
  // way the site's own name is no part of the headline ("Headline | Site").
  const keys = siteKeys(metadata.siteName, [page.url, metadata.url]);
  const shown = title !== undefined ? withoutSiteName(title, keys)
    : config.fallbackTitle ?? (metadata.pageTitle !== undefined ? withoutSiteName(metadata.pageTitle, keys, true) : '');
  const titleSource = config.sources && title !== undefined && titleBlock && titleBlock.nodeIds.length > 0 ? blockElement(page.tree, titleBlock) : undefined;
  return Object.freeze({ title: shown, content, metadata, ...(titleSource !== undefined ? { titleSource } : {}) });
}



/**
 * A page's HTML rewritten for display inside the annotation app: inert (no script, no
 * event handler attribute, no refresh, no form action, no link target, no remote fetch)
 * and with every block's DOM node(s) marked so the app can outline and pick them.
 *
 * The marks must name pith's blocks exactly, so this walks the parse5 tree in the same
 * order and with the same skipping rules as `src/dom/parse.ts` builds pith's tree: the
 * n-th node met here is pith node n. The walk checks each element's tag against the pith
 * tree and refuses (PithError) rather than mark the wrong nodes if the two ever disagree.
 *
 * Inertness does not rest on this rewriting alone: the app serves the result with a CSP
 * (`sandbox allow-same-origin; script-src 'none'; img-src 'self' data:` ...) inside an
 * `<iframe sandbox="allow-same-origin">`, so the page's code cannot run even if some
 * construct slipped through. The rewriting keeps the display quiet (no blocked-request
 * noise, no navigation on click) and the marks stable.
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { decodeHtml, type DecodeOptions } from '../dom/bytes.js';
import { SKIPPED_TAGS } from '../dom/parse.js';
import type { Page } from '../page.js';
import { PithError } from '../errors.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];
type P5Text = DefaultTreeAdapterMap['textNode'];

/** Attribute on a block's marked node(s): the block index. */
export const BLOCK_ATTR = 'data-pith-b';
/** Element wrapping a block's text node (a custom element: no page CSS selects it by name). */
export const TEXT_MARK_TAG = 'pith-t';

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Elements dropped with their content. */
const DROPPED_TAGS: ReadonlySet<string> = new Set(['script', 'base', 'meta', 'link', 'template', 'frameset', 'frame', 'portal']);
/** Elements that would load remote content: replaced by an inert placeholder box of the same size. */
const PLACEHOLDER_TAGS: ReadonlySet<string> = new Set(['iframe', 'embed', 'object', 'applet', 'video', 'audio', 'canvas']);
/** Attributes that name something to fetch: kept under `data-pith-*` (for a later local cache) but never loaded. */
const FETCH_ATTRS: ReadonlySet<string> = new Set(['src', 'srcset', 'poster', 'data', 'background', 'lowsrc', 'dynsrc', 'imagesrcset']);
/** Attributes dropped outright: they act (submit, navigate, ping) or embed documents. */
const DROPPED_ATTRS: ReadonlySet<string> = new Set([
  'action', 'formaction', 'method', 'target', 'formtarget', 'ping', 'srcdoc', 'http-equiv', 'autofocus',
  'manifest', 'xlink:href', 'integrity', 'nonce', 'popovertarget',
]);
const VOID_TAGS: ReadonlySet<string> = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
  'basefont', 'bgsound', 'frame',
]);
/** Children serialised verbatim (parse5 gives their text raw). */
const RAW_TEXT_TAGS: ReadonlySet<string> = new Set(['style', 'xmp', 'noembed', 'noframes', 'plaintext']);

/** The styles the app's outlines use, served inside the frame so no script has to inject them. */
const FRAME_STYLE = `
${TEXT_MARK_TAG}{display:inline}
[${BLOCK_ATTR}]{cursor:pointer;outline:1px dotted rgba(0,0,0,.28)}
html{user-select:none}
pith-placeholder{display:inline-block;box-sizing:border-box;border:1px dashed #888;background:#f2f2f2;color:#555;font:12px sans-serif;padding:4px;overflow:hidden}
img[${BLOCK_ATTR}]{min-width:24px;min-height:24px;background:#eee;outline:1px dashed #999}
[data-pith-label=title]{background:rgba(220,50,47,.22)!important}
[data-pith-label=heading]{background:rgba(181,137,0,.25)!important}
[data-pith-label=body]{background:rgba(38,139,210,.18)!important}
[data-pith-label=other]{background:rgba(0,0,0,.03)}
[data-pith-sel]{outline:2px solid #d33682!important;outline-offset:1px}
[data-pith-cursor]{outline:3px solid #6c71c4!important;outline-offset:2px}
[data-pith-pick]{outline:2px dashed #2aa198!important;outline-offset:3px}
[data-pith-low]{text-decoration:underline wavy rgba(203,75,22,.8)}
/* field mode: values the learned field rules extract (after the labels' tints: they win) */
[data-pith-field]{outline:2px solid #2a9d8f!important;background:rgba(42,157,143,.3)!important}
[data-pith-field][data-pith-example]{outline-style:double!important}
`;

export interface FrameHtmlOptions extends DecodeOptions {
  /** Largest number of characters of output; beyond it the page is refused. Default 64 Mi characters. */
  readonly maxChars?: number;
}

/**
 * The rewritten page. `bytes` must be the bytes `page` was loaded from, with the same
 * decode options, so the two parses agree.
 */
export function frameHtml(bytes: Uint8Array, page: Page, options: FrameHtmlOptions = {}): string {
  const decoded = decodeHtml(bytes, options, page.id);
  const doc = parse(decoded.text, { scriptingEnabled: false }) as unknown as P5Node;
  const maxChars = options.maxChars ?? 64 * 1024 * 1024;

  // Block index of each pith node the blocks cover.
  const blockOfNode = new Map<number, number>();
  for (const b of page.blocks) for (const id of b.nodeIds) blockOfNode.set(id, b.index);
  const tree = page.tree;

  const out: string[] = ['<!DOCTYPE html>'];
  let size = 0;
  const emit = (s: string): void => {
    size += s.length;
    if (size > maxChars) throw new PithError('TOO_LARGE', `rewritten page is above ${maxChars} characters`, page.id);
    out.push(s);
  };

  // pith ids are assigned as parse.ts does: pre-order, elements and (non-document-level) text
  // nodes, comments and doctype skipped, no ids inside SKIPPED_TAGS/title (their children are
  // still serialised here, with no id: a <style>'s CSS, an <svg>'s shapes).
  let nextId = 1;
  type Frame =
    | { readonly node: P5Node; readonly counted: boolean; readonly parentTag: string }
    | { readonly close: string };
  const stack: Frame[] = [];
  const rootKids = (doc as { childNodes?: P5Node[] }).childNodes ?? [];
  for (let i = rootKids.length - 1; i >= 0; i--) stack.push({ node: rootKids[i]!, counted: true, parentTag: '#document' });
  let headStyled = false;

  while (stack.length > 0) {
    const f = stack.pop()!;
    if ('close' in f) {
      emit(f.close);
      continue;
    }
    const { node, counted, parentTag } = f;
    const name = node.nodeName;
    if (name === '#comment' || name === '#documentType') continue;
    if (name === '#text') {
      if (parentTag === '#document') continue;
      const value = (node as P5Text).value;
      const id = counted ? nextId++ : -1;
      const block = id >= 0 ? blockOfNode.get(id) : undefined;
      const text = RAW_TEXT_TAGS.has(parentTag) ? value.replace(/<\/(?=style|xmp|noembed|noframes|plaintext)/gi, '<\\/') : escapeText(value);
      emit(block !== undefined ? `<${TEXT_MARK_TAG} ${BLOCK_ATTR}="${block}">${text}</${TEXT_MARK_TAG}>` : text);
      continue;
    }
    const el = node as P5Element;
    const tag = el.tagName.toLowerCase();
    const id = counted ? nextId++ : -1;
    if (id >= 0) {
      const pn = tree.nodes[id];
      if (!pn || pn.kind !== 'element' || pn.tag !== tag) {
        throw new PithError('IO', `cannot mark blocks: node ${id} is <${tag}> here and ${pn ? (pn.kind === 'element' ? `<${pn.tag}>` : 'text') : 'missing'} in pith's tree`, page.id);
      }
    }
    const kidsCounted = counted && !SKIPPED_TAGS.has(tag) && tag !== 'title';
    const block = id >= 0 ? blockOfNode.get(id) : undefined;
    const foreign = el.namespaceURI !== HTML_NS;

    if (!foreign && DROPPED_TAGS.has(tag)) {
      // Dropped, but its descendants still take pith ids: skip them in the count.
      if (kidsCounted) nextId += countCounted(el);
      continue;
    }
    if (!foreign && PLACEHOLDER_TAGS.has(tag)) {
      if (kidsCounted) nextId += countCounted(el);
      const w = sizeAttr(el, 'width', 300);
      const h = sizeAttr(el, 'height', 150);
      const mark = block !== undefined ? ` ${BLOCK_ATTR}="${block}"` : '';
      emit(`<pith-placeholder${mark} style="width:${w}px;height:${h}px">[${tag}]</pith-placeholder>`);
      continue;
    }

    emit(`<${tag}${serialiseAttrs(el, tag, block)}>`);
    if (tag === 'head' && !headStyled) {
      emit(`<meta charset="utf-8"><style>${FRAME_STYLE}</style>`);
      headStyled = true;
    }
    if (!foreign && VOID_TAGS.has(tag)) continue;
    stack.push({ close: `</${tag}>` });
    const kids = tag === 'template' ? [] : el.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, counted: kidsCounted, parentTag: foreign ? '#foreign' : tag });
  }
  return out.join('');
}

/** Nodes below `el` that pith's tree numbers (the same rules as the main walk). */
function countCounted(el: P5Element): number {
  const tag = el.tagName.toLowerCase();
  if (SKIPPED_TAGS.has(tag) || tag === 'title') return 0;
  let n = 0;
  const stack: P5Node[] = [...el.childNodes];
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (c.nodeName === '#comment' || c.nodeName === '#documentType') continue;
    n++;
    if (c.nodeName === '#text') continue;
    const ce = c as P5Element;
    const t = ce.tagName.toLowerCase();
    if (SKIPPED_TAGS.has(t) || t === 'title') continue;
    for (const k of ce.childNodes) stack.push(k);
  }
  return n;
}

function sizeAttr(el: P5Element, name: string, fallback: number): number {
  const v = el.attrs.find((a) => a.name === name)?.value;
  const n = v ? parseInt(v, 10) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(n, 4000) : fallback;
}

function serialiseAttrs(el: P5Element, tag: string, block: number | undefined): string {
  let s = '';
  for (const a of el.attrs) {
    const name = (a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase();
    if (!/^[a-z_:][a-z0-9_.:-]*$/.test(name)) continue; // odd names cannot be written back safely
    if (name.startsWith('on') || DROPPED_ATTRS.has(name) || name.startsWith('data-pith')) continue;
    if (FETCH_ATTRS.has(name)) {
      s += ` data-pith-${name}="${escapeAttr(a.value)}"`;
      continue;
    }
    if (name === 'href') {
      // Links keep their look (an `href`) but lead nowhere; the target is kept for display.
      if (tag === 'a' || tag === 'area') s += ` href="#" data-pith-href="${escapeAttr(a.value)}"`;
      continue;
    }
    if (name === 'style' && /url\s*\(|expression\s*\(|@import/i.test(a.value)) {
      s += ` style="${escapeAttr(a.value.replace(/url\s*\([^)]*\)|expression\s*\(|@import/gi, 'none'))}"`;
      continue;
    }
    s += ` ${name}="${escapeAttr(a.value)}"`;
  }
  if (block !== undefined) s += ` ${BLOCK_ATTR}="${block}"`;
  return s;
}

function escapeText(s: string): string {
  return s.replace(/[&<>\u00a0]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&nbsp;'));
}

export function escapeAttr(s: string): string {
  return s.replace(/[&"\u00a0]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&nbsp;'));
}

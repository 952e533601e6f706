/**
 * What a page's markup doubles that a reader sees once, taken out of the article tree after it
 * is built, so every rendering is the cleaner for it:
 *
 * - emphasis wrapping a whole heading (`<h2><strong>Testing setup</strong></h2>`, a page
 *   builder's habit): a heading is already set apart, and Markdown would read `## **Testing setup**`;
 * - the same image again (a hero image repeated in the body, a lazy-loading copy): the later
 *   figure goes, unless it has a caption of its own;
 * - a figure's caption that repeats a paragraph of the article (a photo captioned with the
 *   standfirst): the caption goes, the image stays.
 */
import { normalizeSpace } from '../dom/tree.js';
import type { ArticleNode, Inline, ListItem } from './types.js';
import { inlineText } from './inline.js';

/** The content of a heading without a strong or emphasis that wraps all of it (white space around it aside). */
export function unwrapWholeEmphasis(content: readonly Inline[]): readonly Inline[] {
  let out = content;
  for (;;) {
    const kept = out.filter((c) => !(c.kind === 'text' && c.text.trim() === ''));
    const only = kept.length === 1 ? kept[0]! : undefined;
    if (!only || (only.kind !== 'strong' && only.kind !== 'emphasis')) return out;
    out = only.children;
  }
}

/** How a caption and a paragraph are compared: white space, case and the closing stop aside. */
function comparable(text: string): string {
  return normalizeSpace(text).toLowerCase().replace(/[.…!]+$/, '');
}

/** The text of every paragraph of the article, comparable, at any depth. */
function paragraphTexts(nodes: readonly ArticleNode[], out: Set<string>): Set<string> {
  for (const n of nodes) {
    if (n.kind === 'paragraph') out.add(comparable(inlineText(n.content)));
    else if (n.kind === 'quote') paragraphTexts(n.children, out);
    else if (n.kind === 'list') for (const item of n.items) paragraphTexts(item.children, out);
  }
  return out;
}

class Tidier {
  private readonly seenImages = new Set<string>();
  /** The paragraphs' texts, comparable: read when the first caption asks (most articles have none). */
  private paragraphs: ReadonlySet<string> | undefined;

  constructor(private readonly content: readonly ArticleNode[]) {}

  nodes(nodes: readonly ArticleNode[]): readonly ArticleNode[] {
    let changed = false;
    const out: ArticleNode[] = [];
    for (const n of nodes) {
      const t = this.node(n);
      if (t !== n) changed = true;
      if (t) out.push(t);
    }
    return changed ? Object.freeze(out) : nodes;
  }

  private node(n: ArticleNode): ArticleNode | undefined {
    switch (n.kind) {
      case 'heading': {
        const content = unwrapWholeEmphasis(n.content);
        return content === n.content ? n : Object.freeze({ ...n, content: Object.freeze([...content]) });
      }
      case 'figure':
        return this.figure(n);
      case 'quote': {
        const children = this.nodes(n.children);
        return children === n.children ? n : Object.freeze({ ...n, children });
      }
      case 'list': {
        let changed = false;
        const items = n.items.map((item): ListItem => {
          const children = this.nodes(item.children);
          if (children === item.children) return item;
          changed = true;
          return Object.freeze({ ...item, children });
        });
        return changed ? Object.freeze({ ...n, items: Object.freeze(items) }) : n;
      }
      default:
        return n;
    }
  }

  private figure(n: ArticleNode & { kind: 'figure' }): ArticleNode | undefined {
    const images = n.images.filter((img) => !this.seenImages.has(img.src));
    for (const img of n.images) this.seenImages.add(img.src);
    const repeatsText = n.caption !== undefined && (this.paragraphs ??= paragraphTexts(this.content, new Set())).has(comparable(inlineText(n.caption)));
    const caption = repeatsText ? undefined : n.caption;
    if (n.images.length > 0 && images.length === 0 && caption === undefined) return undefined;
    if (images.length === n.images.length && caption === n.caption) return n;
    const { caption: _old, ...rest } = n;
    return Object.freeze({ ...rest, images: images.length === n.images.length ? n.images : Object.freeze(images), ...(caption !== undefined ? { caption } : {}) });
  }
}

/** The article's nodes without doubled emphasis on headings, repeated images and captions that repeat a paragraph. */
export function tidyContent(nodes: readonly ArticleNode[]): readonly ArticleNode[] {
  return new Tidier(nodes).nodes(nodes);
}

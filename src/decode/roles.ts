/**
 * What a block is for, where the page's markup says so plainly and the learner, reading class
 * words among thousands of others, may not: a page control's label, a user's avatar, a teaser
 * box set into the article, who wrote a post, a quoted post's attribution, a photo that has a
 * caption beside it. The decoder's rules read these roles (`page-furniture`, `forum-posts`,
 * `media-in-region`); the words are in features/cue-words.ts.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { CONTROL_LABEL, QUOTE_ATTRIBUTION, QUOTE_ATTRIBUTION_WORD } from '../features/cue-words.js';
import { ClassNames, NameBit } from './class-names.js';

export const BlockRole = Object.freeze({
  none: 0,
  /** "hide caption", "Like", "Reply": a control's label. */
  control: 1,
  /** An image in an element named avatar. */
  avatar: 2,
  /** Inside a small teaser box (`aside`, `.internallink`, `.related`, `.promo`). */
  promo: 3,
  /** A short text in an element named for who wrote the post (`.username`, `[itemprop=author]`). */
  author: 4,
  /** "velo_mike said:" */
  attribution: 5,
  /** An image whose container also holds a caption (`figcaption` or a `.caption` element): a photo, not a thumbnail. */
  captioned: 6,
  /** Text in a `figcaption` or `.caption` element (not a credit): a photo's caption. */
  caption: 7,
  /** A short line in a `<time>` or an element named for a date: when a post was written. */
  date: 8,
  /** A short line of a user's card beside a post: a title ("Science Advisor"), a rank, post counts. */
  userInfo: 9,
  /** Inside a small box about the article's author (`.author-box`, `#about-the-author`): a bio, not the article. */
  authorBio: 10,
  /** A short line in an element named for the site's own name ("site-title", "logo", "banner-header"): the site, not a headline. */
  siteName: 11,
});
export type BlockRoleCode = (typeof BlockRole)[keyof typeof BlockRole];

/** Elements a teaser box may hold: a picture, a slug, a headline link, a few wrappers. */
const MAX_PROMO_NODES = 60;
/** A user name is short. */
const MAX_AUTHOR_CHARS = 60;
/** How far up from an image its caption may sit (image -> wrapper -> figure-like box). */
export const CAPTION_LEVELS = 3;
/** How far up from a block its role-giving element may sit. */
const ROLE_LEVELS = 8;

/** An element naming a post's author holds the name alone: a whole user card (`section[itemprop=author]` with titles and counts) is not it. */
const MAX_AUTHOR_NODES = 12;
/** Longer text blocks have no role of their own: controls, names, dates, attributions and captions are lines. */
export const MAX_LINE_CHARS = 300;
/** "velo_mike said:", "Originally Posted by anna": a name and a few words. */
const MAX_ATTRIBUTION_CHARS = 80;
/** A short date or time line: `<time>`, or an element named `date`, `post-date`, `timestamp`. */
const MAX_DATE_CHARS = 40;
/** Elements larger than this are not a photo's box: a caption far inside them is another photo's. */
const MAX_FIGURE_NODES = 200;

/** What an element's tag, size and names say it is: bits, so each element is read once. */
const PROMO = 1;
const AVATAR = 2;
const AUTHOR = 4;
const USER_INFO = 8;
const DATE = 16;
const CAPTION = 32;
const CREDIT = 64;
const KNOWN = 128;
const AUTHOR_BOX = 256;
const SITE_TITLE = 512;
/** A site's name is a few words; its element sits this many levels up at most (a -> h1 -> div.site-title). */
const MAX_SITE_NAME_CHARS = 80;
const SITE_TITLE_LEVELS = 3;
/** An author box holds a photo, a name, a few lines and links: larger elements so named wrap more. */
const MAX_AUTHOR_BOX_NODES = 120;

function elementFlags(el: ElementNode, names: ClassNames): number {
  const id = el.attrs['id'];
  const cls = el.attrs['class'];
  if (id === undefined && cls === undefined && el.attrs['itemprop'] === undefined && el.attrs['rel'] === undefined) {
    // Most elements are named by nothing: their tag alone decides.
    return KNOWN | (el.tag === 'aside' && el.end - el.id <= MAX_PROMO_NODES ? PROMO : 0) | (el.tag === 'time' ? DATE : 0) | (el.tag === 'figcaption' ? CAPTION : 0);
  }
  const named = names.idOrClass(el);
  let f = KNOWN;
  if (el.end - el.id <= MAX_PROMO_NODES && el.tag !== 'body' && el.tag !== 'main' && el.tag !== 'article' && (el.tag === 'aside' || named & NameBit.promo)) f |= PROMO;
  if (named & NameBit.avatar) f |= AVATAR;
  if (el.end - el.id <= MAX_AUTHOR_NODES && (el.attrs['itemprop'] === 'author' || el.attrs['rel'] === 'author' || named & NameBit.author)) f |= AUTHOR;
  if (named & NameBit.userInfo) f |= USER_INFO;
  if (el.tag === 'time' || named & NameBit.date) f |= DATE;
  if (el.tag === 'figcaption' || named & NameBit.caption) f |= CAPTION;
  if (named & NameBit.credit) f |= CREDIT;
  if (el.end - el.id <= MAX_AUTHOR_BOX_NODES && named & NameBit.authorBox) f |= AUTHOR_BOX;
  if (named & NameBit.siteTitle) f |= SITE_TITLE;
  return f;
}

/** Set in `ElementReader`'s memo for a node the upward walks stop at: text, `<body>`, `<html>`. */
const STOP = 1024;

/** Reads the page's elements' flags, each computed once. */
class ElementReader {
  /** Per node: 0 unknown, else `KNOWN` with its flags, or `STOP`. */
  private readonly flags: Uint16Array;
  /** Per node: its parent once the node has been read (-1 before), so the upward walks touch no node twice. */
  private readonly parents: Int32Array;
  /** Per element asked of by `captionNear`: 0 unknown, 1 holds no caption, 2 holds one. */
  private readonly captions: Uint8Array;
  constructor(private readonly tree: DomTree, private readonly names: ClassNames) {
    this.flags = new Uint16Array(tree.nodes.length);
    this.parents = new Int32Array(tree.nodes.length).fill(-1);
    this.captions = new Uint8Array(tree.nodes.length);
  }

  flagsOf(el: ElementNode): number {
    let f = this.flags[el.id]!;
    if (f === 0) this.flags[el.id] = f = elementFlags(el, this.names);
    return f;
  }

  /** The memo at `id` (`STOP` or `KNOWN` with the element's flags), filled on first need along with the node's parent. */
  private memoAt(id: number): number {
    let f = this.flags[id]!;
    if (this.parents[id] === -1) {
      const n = this.tree.nodes[id]!;
      if (n.kind !== 'element' || n.tag === 'body' || n.tag === 'html') f = STOP;
      else if (f === 0) f = elementFlags(n, this.names);
      this.flags[id] = f;
      this.parents[id] = n.parent;
    }
    return f;
  }

  /** Into `out`, the flags of the element at `id` and its ancestors below `<body>` (up to the first of them that is `STOP`), OR-ed over the nearest 2, 3 and all `ROLE_LEVELS`. */
  flagsUp(id: number, out: UpFlags): void {
    let near2 = 0;
    let near3 = 0;
    let all = 0;
    let cur = id;
    for (let k = 0; k < ROLE_LEVELS && cur > 0; k++) {
      const f = this.memoAt(cur);
      if (f === STOP) break;
      all |= f;
      if (k < 3) near3 |= f;
      if (k < 2) near2 |= f;
      cur = this.parents[cur]!;
    }
    out.near2 = near2;
    out.near3 = near3;
    out.all = all;
  }

  /** True when a caption element lies in `el`'s (small) subtree. */
  holdsCaption(el: ElementNode): boolean {
    if (el.end - el.id > MAX_FIGURE_NODES) return false;
    for (let i = el.id + 1; i <= el.end; i++) {
      const n = this.tree.nodes[i]!;
      if (n.kind === 'element' && this.flagsOf(n) & CAPTION) return true;
    }
    return false;
  }

  /**
   * True when one of the element at `id` and its ancestors, up to `CAPTION_LEVELS` of them below
   * `<body>`, holds a caption (`holdsCaption`). They nest, so the outermost of them small enough
   * to be a photo's box holds every caption the inner ones do: it alone is read, once per page.
   */
  captionNear(id: number): boolean {
    let box: ElementNode | undefined;
    let cur = id;
    for (let k = 0; k < CAPTION_LEVELS && cur > 0; k++) {
      if (this.memoAt(cur) === STOP) break;
      const el = this.tree.nodes[cur] as ElementNode;
      if (el.end - el.id > MAX_FIGURE_NODES) break;
      box = el;
      cur = this.parents[cur]!;
    }
    if (box === undefined) return false;
    let known = this.captions[box.id]!;
    if (known === 0) this.captions[box.id] = known = this.holdsCaption(box) ? 2 : 1;
    return known === 2;
  }
}

/** The flags of the element at `id` and its ancestors below `<body>`, OR-ed over the first 2, 3 and `ROLE_LEVELS` of them. */
interface UpFlags {
  near2: number;
  near3: number;
  all: number;
}

function roleOf(r: ElementReader, b: Block, up: UpFlags): BlockRoleCode {
  r.flagsUp(b.elementId, up);
  if (up.all & AUTHOR_BOX) return BlockRole.authorBio;
  if (b.kind === 'image') {
    if (up.all & AVATAR) return BlockRole.avatar;
    if (b.alt && CONTROL_LABEL.test(b.alt)) return BlockRole.control;
  } else if (b.kind === 'text' && b.text.length <= MAX_LINE_CHARS) {
    // Every role of a text block is a short line's: a paragraph is read no further.
    const text = b.text.trim();
    if (CONTROL_LABEL.test(text)) return BlockRole.control;
    if (text.length <= MAX_ATTRIBUTION_CHARS && QUOTE_ATTRIBUTION_WORD.test(text) && QUOTE_ATTRIBUTION.test(text)) return BlockRole.attribution;
    if (text.length <= MAX_AUTHOR_CHARS && up.all & AUTHOR) return BlockRole.author;
    if (text.length <= MAX_AUTHOR_CHARS && up.all & USER_INFO) return BlockRole.userInfo;
    if (text.length <= MAX_DATE_CHARS && /\d/.test(text) && up.near3 & DATE) return BlockRole.date;
    if (up.near2 & CAPTION && !(up.near2 & CREDIT)) return BlockRole.caption;
    if (text.length <= MAX_SITE_NAME_CHARS && up.near3 & SITE_TITLE) return BlockRole.siteName;
  }
  if (up.all & PROMO) return BlockRole.promo;
  if (b.kind === 'image') {
    if (r.captionNear(b.elementId)) return BlockRole.captioned;
  }
  return BlockRole.none;
}

/** Each block's role (`BlockRole`), none where the markup says nothing; `names`: the page's class names, read once (`ClassNames`). */
export function blockRoles(tree: DomTree, blocks: readonly Block[], names = new ClassNames(tree)): Uint8Array {
  const reader = new ElementReader(tree, names);
  const out = new Uint8Array(blocks.length);
  const up: UpFlags = { near2: 0, near3: 0, all: 0 };
  for (let k = 0; k < blocks.length; k++) out[k] = roleOf(reader, blocks[k]!, up);
  return out;
}

/**
 * What a block is for, where the page's markup says so plainly and the learner, reading class
 * words among thousands of others, may not: a page control's label, a user's avatar, a teaser
 * box set into the article, who wrote a post, a quoted post's attribution, a photo that has a
 * caption beside it. The decoder's rules read these roles (`page-furniture`, `forum-posts`,
 * `media-in-region`); the words are in features/cue-words.ts.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { AUTHOR_BOX_NAME, AUTHOR_NAME, AVATAR_NAME, USER_INFO_NAME, CONTROL_LABEL, PROMO_BOX_NAME, QUOTE_ATTRIBUTION, SITE_TITLE_NAME } from '../features/cue-words.js';
import { MAX_CLASS_CHARS } from './blocks-under.js';

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
const CAPTION_LEVELS = 3;
/** How far up from a block its role-giving element may sit. */
const ROLE_LEVELS = 8;

function names(el: ElementNode): string[] {
  const out: string[] = [];
  const id = el.attrs['id'];
  if (id) out.push(id);
  const cls = el.attrs['class'];
  if (cls && cls.length <= MAX_CLASS_CHARS) for (const c of cls.split(/\s+/)) if (c) out.push(c);
  return out;
}

/** An element naming a post's author holds the name alone: a whole user card (`section[itemprop=author]` with titles and counts) is not it. */
const MAX_AUTHOR_NODES = 12;
/** Longer text blocks have no role of their own: controls, names, dates, attributions and captions are lines. */
const MAX_LINE_CHARS = 300;
/** "velo_mike said:", "Originally Posted by anna": a name and a few words. */
const MAX_ATTRIBUTION_CHARS = 80;
/** A short date or time line: `<time>`, or an element named `date`, `post-date`, `timestamp`. */
const MAX_DATE_CHARS = 40;
const DATE_NAME = /(?:^|[-_])(?:date|timestamp|post-?time|time-?ago|relative-date)(?:[-_]|$)/i;
const CAPTION_NAME = /(?:^|[-_])caption(?:[-_]|$)/i;
const CREDIT_NAME = /credit/i;
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

function elementFlags(el: ElementNode): number {
  if (el.attrs['id'] === undefined && el.attrs['class'] === undefined && el.attrs['itemprop'] === undefined && el.attrs['rel'] === undefined) {
    // Most elements are named by nothing: their tag alone decides.
    return KNOWN | (el.tag === 'aside' && el.end - el.id <= MAX_PROMO_NODES ? PROMO : 0) | (el.tag === 'time' ? DATE : 0) | (el.tag === 'figcaption' ? CAPTION : 0);
  }
  const ns = names(el);
  const named = (re: RegExp): boolean => ns.some((n) => re.test(n));
  let f = KNOWN;
  if (el.end - el.id <= MAX_PROMO_NODES && el.tag !== 'body' && el.tag !== 'main' && el.tag !== 'article' && (el.tag === 'aside' || named(PROMO_BOX_NAME))) f |= PROMO;
  if (named(AVATAR_NAME)) f |= AVATAR;
  if (el.end - el.id <= MAX_AUTHOR_NODES && (el.attrs['itemprop'] === 'author' || el.attrs['rel'] === 'author' || named(AUTHOR_NAME))) f |= AUTHOR;
  if (named(USER_INFO_NAME)) f |= USER_INFO;
  if (el.tag === 'time' || named(DATE_NAME)) f |= DATE;
  if (el.tag === 'figcaption' || named(CAPTION_NAME)) f |= CAPTION;
  if (named(CREDIT_NAME)) f |= CREDIT;
  if (el.end - el.id <= MAX_AUTHOR_BOX_NODES && named(AUTHOR_BOX_NAME)) f |= AUTHOR_BOX;
  if (named(SITE_TITLE_NAME)) f |= SITE_TITLE;
  return f;
}

/** Reads the page's elements' flags, each computed once. */
class ElementReader {
  private readonly flags: Uint16Array;
  constructor(private readonly tree: DomTree) {
    this.flags = new Uint16Array(tree.nodes.length);
  }

  flagsOf(el: ElementNode): number {
    let f = this.flags[el.id]!;
    if (f === 0) this.flags[el.id] = f = elementFlags(el);
    return f;
  }

  /** The element and its ancestors, up to `levels` of them, below `<body>`. */
  upFrom(id: number, levels: number): ElementNode[] {
    const out: ElementNode[] = [];
    let cur = id;
    for (let k = 0; k < levels && cur > 0; k++) {
      const n = this.tree.nodes[cur]!;
      if (n.kind !== 'element' || n.tag === 'body' || n.tag === 'html') break;
      out.push(n);
      cur = n.parent;
    }
    return out;
  }

  /** True when one of the first `limit` of `els` has one of `bits`. */
  any(els: readonly ElementNode[], bits: number, limit = els.length): boolean {
    for (let k = 0; k < limit && k < els.length; k++) if (this.flagsOf(els[k]!) & bits) return true;
    return false;
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
}

function roleOf(r: ElementReader, b: Block): BlockRoleCode {
  const up = r.upFrom(b.elementId, ROLE_LEVELS);
  if (r.any(up, AUTHOR_BOX)) return BlockRole.authorBio;
  if (b.kind === 'image') {
    if (r.any(up, AVATAR)) return BlockRole.avatar;
    if (b.alt && CONTROL_LABEL.test(b.alt)) return BlockRole.control;
  } else if (b.kind === 'text' && b.text.length <= MAX_LINE_CHARS) {
    // Every role of a text block is a short line's: a paragraph is read no further.
    const text = b.text.trim();
    if (CONTROL_LABEL.test(text)) return BlockRole.control;
    if (text.length <= MAX_ATTRIBUTION_CHARS && QUOTE_ATTRIBUTION.test(text)) return BlockRole.attribution;
    if (text.length <= MAX_AUTHOR_CHARS && r.any(up, AUTHOR)) return BlockRole.author;
    if (text.length <= MAX_AUTHOR_CHARS && r.any(up, USER_INFO)) return BlockRole.userInfo;
    if (text.length <= MAX_DATE_CHARS && /\d/.test(text) && r.any(up, DATE, 3)) return BlockRole.date;
    if (r.any(up, CAPTION, CAPTION_LEVELS - 1) && !r.any(up, CREDIT, CAPTION_LEVELS - 1)) return BlockRole.caption;
    if (text.length <= MAX_SITE_NAME_CHARS && r.any(up, SITE_TITLE, SITE_TITLE_LEVELS)) return BlockRole.siteName;
  }
  if (r.any(up, PROMO)) return BlockRole.promo;
  if (b.kind === 'image') for (let k = 0; k < CAPTION_LEVELS && k < up.length; k++) if (r.holdsCaption(up[k]!)) return BlockRole.captioned;
  return BlockRole.none;
}

/** Each block's role (`BlockRole`), none where the markup says nothing. */
export function blockRoles(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  const reader = new ElementReader(tree);
  const out = new Uint8Array(blocks.length);
  for (let k = 0; k < blocks.length; k++) out[k] = roleOf(reader, blocks[k]!);
  return out;
}

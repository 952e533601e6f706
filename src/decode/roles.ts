/**
 * What a block is for, where the page's markup says so plainly and the learner, reading class
 * words among thousands of others, may not: a page control's label, a user's avatar, a teaser
 * box set into the article, who wrote a post, a quoted post's attribution, a photo that has a
 * caption beside it. The decoder's rules read these roles (`page-furniture`, `forum-posts`,
 * `media-in-region`); the words are in features/vocabulary.ts.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { AUTHOR_NAME, AVATAR_NAME, USER_INFO_NAME, CONTROL_LABEL, PROMO_BOX_NAME, QUOTE_ATTRIBUTION } from '../features/vocabulary.js';

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
});
export type BlockRoleCode = (typeof BlockRole)[keyof typeof BlockRole];

/** Elements a teaser box may hold: a picture, a slug, a headline link, a few wrappers. */
const MAX_PROMO_NODES = 60;
/** Longer class strings are feature-flag dumps, not layout names. */
const MAX_CLASS_CHARS = 400;
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

const isPromoBox = (el: ElementNode): boolean =>
  el.end - el.id <= MAX_PROMO_NODES && el.tag !== 'body' && el.tag !== 'main' && el.tag !== 'article'
  && (el.tag === 'aside' || names(el).some((n) => PROMO_BOX_NAME.test(n)));
const isAvatar = (el: ElementNode): boolean => names(el).some((n) => AVATAR_NAME.test(n));
/** An element naming a post's author holds the name alone: a whole user card (`section[itemprop=author]` with titles and counts) is not it. */
const MAX_AUTHOR_NODES = 12;
const isAuthor = (el: ElementNode): boolean => el.end - el.id <= MAX_AUTHOR_NODES
  && (el.attrs['itemprop'] === 'author' || el.attrs['rel'] === 'author' || names(el).some((n) => AUTHOR_NAME.test(n)));
const isUserInfo = (el: ElementNode): boolean => names(el).some((n) => USER_INFO_NAME.test(n));
/** A short date or time line: `<time>`, or an element named `date`, `post-date`, `timestamp`. */
const MAX_DATE_CHARS = 40;
const isDate = (el: ElementNode): boolean => el.tag === 'time' || names(el).some((n) => /(?:^|[-_])(?:date|timestamp|post-?time|time-?ago|relative-date)(?:[-_]|$)/i.test(n));
const isCaption = (el: ElementNode): boolean => el.tag === 'figcaption' || names(el).some((n) => /(?:^|[-_])caption(?:[-_]|$)/i.test(n));

/** The element and its ancestors, up to `levels` of them (not the root). */
function* upFrom(tree: DomTree, id: number, levels: number): Generator<ElementNode> {
  let cur = id;
  for (let k = 0; k < levels && cur > 0; k++) {
    const n = tree.nodes[cur]!;
    if (n.kind !== 'element' || n.tag === 'body' || n.tag === 'html') return;
    yield n;
    cur = n.parent;
  }
}

/** Elements larger than this are not a photo's box: a caption far inside them is another photo's. */
const MAX_FIGURE_NODES = 200;

/** True when a caption element lies in `el`'s (small) subtree. */
function holdsCaption(tree: DomTree, el: ElementNode): boolean {
  if (el.end - el.id > MAX_FIGURE_NODES) return false;
  for (let i = el.id + 1; i <= el.end; i++) {
    const n = tree.nodes[i]!;
    if (n.kind === 'element' && isCaption(n)) return true;
  }
  return false;
}

function roleOf(tree: DomTree, b: Block): BlockRoleCode {
  const up = [...upFrom(tree, b.elementId, ROLE_LEVELS)];
  if (b.kind === 'image') {
    if (up.some(isAvatar)) return BlockRole.avatar;
    if (b.alt && CONTROL_LABEL.test(b.alt)) return BlockRole.control;
  } else if (b.kind === 'text') {
    const text = b.text.trim();
    if (CONTROL_LABEL.test(text)) return BlockRole.control;
    if (QUOTE_ATTRIBUTION.test(text)) return BlockRole.attribution;
    if (text.length <= MAX_AUTHOR_CHARS && up.some(isAuthor)) return BlockRole.author;
    if (text.length <= MAX_AUTHOR_CHARS && up.some(isUserInfo)) return BlockRole.userInfo;
    if (text.length <= MAX_DATE_CHARS && /\d/.test(text) && up.slice(0, 3).some(isDate)) return BlockRole.date;
    const near = up.slice(0, CAPTION_LEVELS - 1);
    if (near.some(isCaption) && !near.some((el) => names(el).some((n) => /credit/i.test(n)))) return BlockRole.caption;
  }
  if (up.some(isPromoBox)) return BlockRole.promo;
  if (b.kind === 'image' && up.slice(0, CAPTION_LEVELS).some((el) => holdsCaption(tree, el))) return BlockRole.captioned;
  return BlockRole.none;
}

/** Each block's role (`BlockRole`), none where the markup says nothing. */
export function blockRoles(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  const out = new Uint8Array(blocks.length);
  for (let k = 0; k < blocks.length; k++) out[k] = roleOf(tree, blocks[k]!);
  return out;
}

/**
 * What an element's class names say to the evidence (the roles' name patterns and the set-aside
 * walk's markers), read once per page: each distinct class string split once, however many
 * markers ask of it, and a name asked of the patterns one by one only when one of them may
 * accept it (most names, `row`, `col-md-6`, `btn`, are read by two quick tests). A class string
 * longer than `MAX_CLASS_CHARS` is a feature-flag dump and names nothing.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import {
  AD_SLOT_NAME, AUTHOR_BOX_NAME, AUTHOR_NAME, AVATAR_NAME, COMMENT_SECTION_NAME, FOOTER_NAME, PROMO_BOX_NAME, REVIEW_SECTION_WORD, SCREEN_READER_CLASSES,
  SIDEBAR_NAME, SITE_TITLE_NAME, USER_INFO_NAME,
} from '../features/cue-words.js';
import { anyOf } from './any-of.js';
import { MAX_CLASS_CHARS } from './blocks-under.js';
import { namesReviewName } from './review-names.js';

/** Names of a post's date: `date`, `post-date`, `timestamp`, `time-ago`. */
export const DATE_NAME = /(?:^|[-_])(?:date|timestamp|post-?time|time-?ago|relative-date)(?:[-_]|$)/i;
/** Names of a photo's caption. */
export const CAPTION_NAME = /(?:^|[-_])caption(?:[-_]|$)/i;
/** Names of a picture's credit. */
export const CREDIT_NAME = /credit/i;
/** A class that tells search engines an element is no content: Yahoo's `robots-nocontent`, the search appliances' `nocontent`. */
export const NO_CONTENT_CLASS = /^(?:robots-)?no-?content$/i;
/** Utility classes a stylesheet hides an element by (decode/class-hidden.ts). */
export const HIDING_CLASSES: readonly string[] = ['hide', 'hidden', 'd-none', 'is-hidden', ...SCREEN_READER_CLASSES];
/** One of `HIDING_CLASSES`, as a whole name. */
export const HIDING_CLASS_NAME = new RegExp(`^(?:${HIDING_CLASSES.join('|')})$`, 'i');

/** What one name (a class, or an id for the roles) says: a bit for each pattern that accepts it. */
export const NameBit = Object.freeze({
  promo: 1,
  avatar: 2,
  author: 4,
  userInfo: 8,
  date: 16,
  caption: 32,
  credit: 64,
  authorBox: 128,
  siteTitle: 256,
  footer: 512,
  sidebar: 1024,
  noContent: 2048,
  commentSection: 4096,
  reviewSection: 8192,
  adSlot: 16384,
  hiding: 32768,
});

/**
 * The patterns `bitsOfName` reads that are anchored at a name's start, in one: a single attempt
 * at the start of a name, however long it is.
 */
export const ANCHORED_NAME = anyOf([
  PROMO_BOX_NAME, AUTHOR_NAME, USER_INFO_NAME, AUTHOR_BOX_NAME, SITE_TITLE_NAME, FOOTER_NAME, SIDEBAR_NAME, NO_CONTENT_CLASS, COMMENT_SECTION_NAME,
  AD_SLOT_NAME, HIDING_CLASS_NAME,
]);
/** The patterns read anywhere in a name (an avatar's, a date's, a caption's, a credit's, a review section's). */
export const UNANCHORED_NAMES: readonly RegExp[] = [AVATAR_NAME, DATE_NAME, CAPTION_NAME, CREDIT_NAME, REVIEW_SECTION_WORD];
/** Words one of which every name `UNANCHORED_NAMES` accepts holds, with their flags. */
export const UNANCHORED_NAME_WORD = /avatar|date|time|caption|credit|review/i;

/** The bits of one name (`NameBit`): each pattern asked, once a name one of them may accept is seen. */
export function bitsOfName(name: string): number {
  if (!ANCHORED_NAME.test(name) && !UNANCHORED_NAME_WORD.test(name)) return 0;
  return (PROMO_BOX_NAME.test(name) ? NameBit.promo : 0) | (AVATAR_NAME.test(name) ? NameBit.avatar : 0) | (AUTHOR_NAME.test(name) ? NameBit.author : 0)
    | (USER_INFO_NAME.test(name) ? NameBit.userInfo : 0) | (DATE_NAME.test(name) ? NameBit.date : 0) | (CAPTION_NAME.test(name) ? NameBit.caption : 0)
    | (CREDIT_NAME.test(name) ? NameBit.credit : 0) | (AUTHOR_BOX_NAME.test(name) ? NameBit.authorBox : 0) | (SITE_TITLE_NAME.test(name) ? NameBit.siteTitle : 0)
    | (FOOTER_NAME.test(name) ? NameBit.footer : 0) | (SIDEBAR_NAME.test(name) ? NameBit.sidebar : 0) | (NO_CONTENT_CLASS.test(name) ? NameBit.noContent : 0)
    | (COMMENT_SECTION_NAME.test(name) ? NameBit.commentSection : 0) | (namesReviewName(name) ? NameBit.reviewSection : 0)
    | (AD_SLOT_NAME.test(name) ? NameBit.adSlot : 0) | (HIDING_CLASS_NAME.test(name) ? NameBit.hiding : 0);
}

/** Set in `ClassNames`' memo for an element already read. */
const KNOWN = 1 << 30;

/** The page's class names and ids read once: per element, the OR of its names' bits, and its id's. */
export class ClassNames {
  /** Per distinct class string: its bits (pages repeat their class strings: `menu-item`, `col-md-6 widget`). */
  private readonly strings = new Map<string, number>();
  /** Per node: 0 unknown, else `KNOWN` with its class names' bits. */
  private readonly memo: Int32Array;
  /** Per node: 0 unknown, else `KNOWN` with its id's bits. */
  private readonly idMemo: Int32Array;
  constructor(tree: DomTree) {
    this.memo = new Int32Array(tree.nodes.length);
    this.idMemo = new Int32Array(tree.nodes.length);
  }

  /** The bits (`NameBit`) of the element's id, read as one name (`bitsOfName`); 0 without an id. */
  idBits(el: ElementNode): number {
    let m = this.idMemo[el.id]!;
    if (m === 0) {
      const id = el.attrs['id'];
      this.idMemo[el.id] = m = KNOWN | (id ? bitsOfName(id) : 0);
    }
    return m & ~KNOWN;
  }

  /** The bits of the element's id and of its class names together: what a marker that reads either asks. */
  idOrClass(el: ElementNode): number {
    return this.idBits(el) | this.of(el);
  }

  /** The OR of the bits (`NameBit`) of the element's class names; 0 without a class or with one longer than `MAX_CLASS_CHARS`. */
  of(el: ElementNode): number {
    let m = this.memo[el.id]!;
    if (m === 0) {
      const cls = el.attrs['class'];
      let bits = 0;
      if (cls && cls.length <= MAX_CLASS_CHARS) {
        const known = this.strings.get(cls);
        if (known !== undefined) bits = known;
        else this.strings.set(cls, (bits = classBits(cls)));
      }
      this.memo[el.id] = m = KNOWN | bits;
    }
    return m & ~KNOWN;
  }
}

/** The OR of the bits of a class string's names. */
function classBits(cls: string): number {
  let bits = 0;
  for (const name of cls.split(/\s+/)) if (name !== '') bits |= bitsOfName(name);
  return bits;
}

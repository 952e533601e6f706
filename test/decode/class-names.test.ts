import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bitsOfName, CAPTION_NAME, ClassNames, CREDIT_NAME, DATE_NAME, HIDING_CLASSES, NameBit, NO_CONTENT_CLASS,
} from '../../src/decode/class-names.js';
import { dialogBlocks, setAsideMarks } from '../../src/decode/set-aside-marks.js';
import { blocksUnder, MAX_CLASS_CHARS } from '../../src/decode/blocks-under.js';
import { classHiddenBox } from '../../src/decode/class-hidden.js';
import { sectionMarker } from '../../src/decode/comments.js';
import { reviewSectionMarker } from '../../src/decode/reviews.js';
import { namesReviewName } from '../../src/decode/review-names.js';
import { adSlotMarker, MAX_AD_SLOT_NODES } from '../../src/decode/ads.js';
import { loadPage } from '../../src/page.js';
import type { ElementNode } from '../../src/dom/tree.js';
import { seededRandom } from '../../src/util/random.js';
import {
  AD_SLOT_NAME, AUTHOR_BOX_NAME, AUTHOR_NAME, AVATAR_NAME, COMMENT_SECTION_NAME, FOOTER_NAME, PROMO_BOX_NAME,
  REVIEW_SECTION_WORD, SIDEBAR_NAME, SITE_TITLE_NAME, USER_INFO_NAME,
} from '../../src/features/cue-words.js';

// The markers as they read an element before `ClassNames`: each its own tests of the id and the
// class string, with no first test. The test's reference for the markers that read the page's
// names once.

/** Whether the element's id, or one of its classes, is a whole name `name` accepts. */
function namedExactly(el: ElementNode, name: RegExp): boolean {
  const id = el.attrs['id'];
  if (id && name.test(id)) return true;
  const cls = el.attrs['class'];
  if (!cls || cls.length > MAX_CLASS_CHARS) return false;
  return cls.split(/\s+/).some((c) => c !== '' && name.test(c));
}

function isFooter(el: ElementNode): boolean {
  return el.tag === 'footer' || el.attrs['role']?.trim().toLowerCase() === 'contentinfo' || namedExactly(el, FOOTER_NAME);
}

function isAside(el: ElementNode): boolean {
  return el.tag === 'aside' || el.attrs['role']?.trim().toLowerCase() === 'complementary' || namedExactly(el, SIDEBAR_NAME);
}

function marksNoContent(el: ElementNode): boolean {
  const cls = el.attrs['class'];
  if (!cls || cls.length > MAX_CLASS_CHARS || !/content/i.test(cls)) return false;
  return cls.split(/\s+/).some((name) => NO_CONTENT_CLASS.test(name));
}

function namesSection(el: ElementNode): boolean {
  return el.tag !== 'body' && el.tag !== 'html' && namedExactly(el, COMMENT_SECTION_NAME);
}

function namesReviews(value: string | undefined): boolean {
  if (!value || value.length > MAX_CLASS_CHARS || !REVIEW_SECTION_WORD.test(value)) return false;
  for (const name of value.split(/\s+/)) if (name && namesReviewName(name)) return true;
  return false;
}

function namesReviewSection(el: ElementNode): boolean {
  if (el.tag === 'body' || el.tag === 'html') return false;
  return namesReviews(el.attrs['id']) || namesReviews(el.attrs['class']) || namesReviews(el.attrs['itemprop']);
}

function namesAdSlot(el: ElementNode): boolean {
  if (el.end - el.id > MAX_AD_SLOT_NODES || el.tag === 'body' || el.tag === 'html' || el.tag === 'main' || el.tag === 'article') return false;
  const id = el.attrs['id'];
  if (id && AD_SLOT_NAME.test(id)) return true;
  const cls = el.attrs['class'];
  if (!cls || cls.length > MAX_CLASS_CHARS) return false;
  for (const name of cls.split(/\s+/)) if (name && AD_SLOT_NAME.test(name)) return true;
  return false;
}

/** A hiding class among a class string's names, read by one pattern over the whole string. */
const HIDING_NAME = new RegExp(`(?:^|\\s)(?:${HIDING_CLASSES.join('|')})(?:\\s|$)`, 'i');
const namesHiding = (_el: ElementNode, cls: string): boolean => HIDING_NAME.test(cls);

/** Class names of many kinds: each pattern's, near misses, several languages, case-folding traps, a review's camel case. */
const NAMES = [
  'footer', 'site-footer', 'FOOTER', 'Page_Footer', 'entry-footer', 'footer-wrapper', 'sidebar', 'widget-area', 'sidebar-right', 'module-archives', 'xoxo', 'linkcat',
  'nocontent', 'robots-nocontent', 'no-content-found', 'comments', 'comment-list', 'commentlist', 'disqus_thread', 'respond', 'has-comments', 'recentcomments',
  'reviews', 'product-review__body', 'js-okeReviews-reviewContent', 'user_reviews_summary_row', 'samsung-nsi6db990012aa-review', 'testimonials', 'ad', 'ads', 'adsbygoogle',
  'ad-slot', 'gpt-ad-top', 'google_ads', 'banner-ads', 'sponsored', 'taboola-feed', 'outbrain_widget', 'address', 'admin', 'header', 'shadow', 'hidden', 'HIDE', 'd-none',
  'sr-only', 'visually-hidden', 'screen-reader-text', 'md:block', 'related-posts', 'RelatedArticles', 'promo_box', 'teasers', 'readmore', 'you-may-also-like', 'user-avatar',
  'username', 'AUTHOR', 'post-author', 'userTitle', 'postbit_legacy', 'member-since', 'post-date', 'timestamp', 'time-ago', 'wp-caption', 'photo-credit', 'author-box',
  'autoren-profil', 'about-the-author', 'site-title', 'blog-name', 'LOGO', 'branding', 'container', 'row', 'col-md-6', 'btn', 'nav', 'menu-item', 'ſite-title', 'Ümlaut',
  'Kommentare', 'commentaires', 'comentarios', 'bewertungen', 'anzeige', 'publicité', 'ﬁgcaption', 'caption', 'K', '',
];

/** What the markers read of a class string before `ClassNames`: each pattern over its names, after its own word test where it had one. */
function slowClassBits(cls: string): number {
  if (cls.length > MAX_CLASS_CHARS) return 0;
  const names = cls.split(/\s+/).filter((c) => c !== '');
  const any = (re: RegExp): boolean => names.some((n) => re.test(n));
  const el = { kind: 'element', id: 1, parent: 0, tag: 'div', attrs: { class: cls }, children: [], depth: 1, hidden: false, end: 1 } as ElementNode;
  let bits = 0;
  if (any(PROMO_BOX_NAME)) bits |= NameBit.promo;
  if (any(AVATAR_NAME)) bits |= NameBit.avatar;
  if (any(AUTHOR_NAME)) bits |= NameBit.author;
  if (any(USER_INFO_NAME)) bits |= NameBit.userInfo;
  if (any(DATE_NAME)) bits |= NameBit.date;
  if (any(CAPTION_NAME)) bits |= NameBit.caption;
  if (any(CREDIT_NAME)) bits |= NameBit.credit;
  if (any(AUTHOR_BOX_NAME)) bits |= NameBit.authorBox;
  if (any(SITE_TITLE_NAME)) bits |= NameBit.siteTitle;
  if (namedExactly(el, FOOTER_NAME)) bits |= NameBit.footer;
  if (namedExactly(el, SIDEBAR_NAME)) bits |= NameBit.sidebar;
  if (/content/i.test(cls) && any(NO_CONTENT_CLASS)) bits |= NameBit.noContent;
  if (namedExactly(el, COMMENT_SECTION_NAME)) bits |= NameBit.commentSection;
  if (namesReviewSection(el)) bits |= NameBit.reviewSection;
  if (names.some((n) => AD_SLOT_NAME.test(n))) bits |= NameBit.adSlot;
  if (HIDING_NAME.test(cls)) bits |= NameBit.hiding;
  return bits;
}

function classString(rand: () => number): string {
  const seps = [' ', '  ', '\t', '\n', '\u00a0', '\u3000'];
  const n = Math.floor(rand() * 5);
  let s = rand() < 0.2 ? seps[Math.floor(rand() * seps.length)]! : '';
  for (let k = 0; k < n; k++) {
    if (k > 0) s += seps[Math.floor(rand() * seps.length)]!;
    s += NAMES[Math.floor(rand() * NAMES.length)]!;
  }
  return s;
}

test('a class string\'s bits are what each marker and role pattern reads of it, name by name', () => {
  const tree = loadPage(new TextEncoder().encode('<body><p>x</p></body>')).tree;
  const rand = seededRandom(47);
  let named = 0;
  for (let k = 0; k < 3000; k++) {
    const cls = classString(rand);
    const el = { kind: 'element', id: 1, parent: 0, tag: 'div', attrs: { class: cls }, children: [], depth: 1, hidden: false, end: 1 } as ElementNode;
    const bits = new ClassNames(tree).of(el);
    assert.equal(bits, slowClassBits(cls), JSON.stringify(cls));
    if (bits !== 0) named++;
  }
  assert.ok(named > 1000, `${named} strings named something`);
  // Too long a class string names nothing; every single name gives its own bits.
  const long = 'footer ' + 'x'.repeat(MAX_CLASS_CHARS);
  assert.equal(new ClassNames(tree).of({ ...(tree.nodes[0] as ElementNode), id: 1, attrs: { class: long } }), 0);
  for (const name of NAMES) if (name) assert.equal(bitsOfName(name), slowClassBits(name), name);
});

/** A page of nested elements named from `NAMES` (class, id, itemprop, role), each holding a line. */
function namedPage(seed: number): string {
  const rand = seededRandom(seed);
  const tags = ['div', 'section', 'aside', 'footer', 'span', 'ul', 'li', 'dialog'];
  const el = (depth: number): string => {
    const tag = tags[Math.floor(rand() * tags.length)]!;
    let attrs = '';
    if (rand() < 0.7) attrs += ` class="${classString(rand)}"`;
    if (rand() < 0.3) attrs += ` id="${NAMES[Math.floor(rand() * NAMES.length)]}"`;
    if (rand() < 0.1) attrs += ` itemprop="${rand() < 0.5 ? 'review' : 'author'}"`;
    if (rand() < 0.1) attrs += ` role="${['contentinfo', 'complementary', 'dialog', 'main'][Math.floor(rand() * 4)]}"`;
    const kids = depth < 4 ? Math.floor(rand() * 3) : 0;
    let inner = `<p>line ${Math.floor(rand() * 1000)}</p>`;
    for (let k = 0; k < kids; k++) inner += el(depth + 1);
    return `<${tag}${attrs}>${inner}</${tag}>`;
  };
  let body = '';
  for (let k = 0; k < 6; k++) body += el(0);
  return `<html><body>${body}</body></html>`;
}

test('the set-aside walk reading class names once marks what the markers reading each class string mark', () => {
  let marked = 0;
  let hidden = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const page = loadPage(new TextEncoder().encode(namedPage(seed)));
    const { tree, blocks } = page;
    const names = new ClassNames(tree);
    const also = [sectionMarker(names), reviewSectionMarker(names), adSlotMarker(names)];
    const fast = setAsideMarks(tree, blocks, also, names);
    const slow = [dialogBlocks(tree, blocks), ...[isFooter, isAside, marksNoContent, classHiddenBox(tree, namesHiding)].map((marker) => blocksUnder(tree, blocks, marker))];
    const got = [fast.dialogBlocks, fast.footerBlocks, fast.asideBlocks, fast.noContentBlocks];
    for (let m = 0; m < got.length; m++) assert.deepEqual(Array.from(got[m]!), Array.from(slow[m]!), `seed ${seed}, mark ${m}`);
    const slowAlso = [namesSection, namesReviewSection, namesAdSlot].map((marker) => blocksUnder(tree, blocks, marker));
    for (let m = 0; m < also.length; m++) assert.deepEqual(Array.from(fast.also[m]!), Array.from(slowAlso[m]!), `seed ${seed}, also ${m}`);
    // Each element alone, too: the markers asked of every element, not only of those on the blocks' paths.
    const hiddenFast = classHiddenBox(tree, (el) => (names.of(el) & NameBit.hiding) !== 0);
    const hiddenSlow = classHiddenBox(tree, namesHiding);
    for (const n of tree.nodes) {
      if (n.kind !== 'element') continue;
      assert.equal(also[0]!(n), namesSection(n));
      assert.equal(also[1]!(n), namesReviewSection(n));
      assert.equal(also[2]!(n), namesAdSlot(n));
      assert.equal(hiddenFast(n), hiddenSlow(n));
      if (hiddenSlow(n)) hidden++;
    }
    marked += [...got, ...fast.also].reduce((a, m) => a + m.reduce((x, y) => x + y, 0), 0);
  }
  assert.ok(marked > 200, `${marked} marks`);
  assert.ok(hidden > 10, `${hidden} hidden boxes`);
});

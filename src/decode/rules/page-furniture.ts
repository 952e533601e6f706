/**
 * Page furniture the markup names plainly is not the article: a control's label ("hide
 * caption", "Like", "Reply"), a user's avatar, a user's title and post counts, a box about the
 * article's author (its bio is no part of the article), and the pictures, slugs and headline links of a
 * teaser box set into the article (NPR's "Life Kit" inset). Their probabilities go to other,
 * so no later rule (the prose rescue, the region's images, the headings) takes them back
 * (`BlockTag.furniture`).
 * A teaser box's prose stays the model's call: a fact box in an `<aside>` may be content; and
 * on a listing, whose cards are its content, teaser boxes are left alone.
 */
import { OTHER } from '../blocks.js';
import { isLinkText, isParagraph } from '../blocks.js';
import { BlockTag, type DecodeRule, type DecodeState } from '../rule.js';
import { BlockRole } from '../roles.js';

/** A teaser box's line short enough to be a slug or a kicker ("Life Kit", "Related"). */
const MAX_SLUG_CHARS = 40;

const REASONS: Readonly<Record<number, string>> = {
  [BlockRole.control]: "a control's label",
  [BlockRole.avatar]: "a user's avatar",
  [BlockRole.promo]: 'a teaser box',
  [BlockRole.userInfo]: "a user's title or counts",
  [BlockRole.authorBio]: "a box about the author",
};

/**
 * Teaser boxes are furniture beside an article, not the cards of a listing (BBC names its
 * cards `promo`): the page's body prose outside them must outweigh all their text.
 */
function proseOutweighsPromos(s: DecodeState, roles: ArrayLike<number>): boolean {
  let prose = 0;
  let promo = 0;
  for (let i = 0; i < s.blocks.length; i++) {
    const b = s.blocks[i]!;
    if (roles[i] === BlockRole.promo) promo += b.text.length;
    else if (s.labels[i] === 'body' && isParagraph(b)) prose += b.text.length;
  }
  return prose > promo;
}

export const pageFurniture: DecodeRule = {
  name: 'page-furniture',
  doc: "controls' labels, avatars, users' titles and counts, boxes about the author, and the pictures, slugs and links of teaser boxes become other, with their probabilities",
  apply(s, page) {
    const roles = page.blockRoles;
    if (!roles) return;
    const { blocks } = s;
    const teasersAreFurniture = page.pageType !== 'listing' && proseOutweighsPromos(s, roles);
    // A forum post's user card may be named like an author box, and there it heads the post.
    const authorBoxesAreFurniture = page.pageType !== 'forum';
    const furniture = (i: number): boolean => {
      const role = roles[i];
      if (role === BlockRole.control || role === BlockRole.avatar || role === BlockRole.userInfo) return true;
      if (role === BlockRole.authorBio) return authorBoxesAreFurniture;
      if (role !== BlockRole.promo || !teasersAreFurniture) return false;
      const b = blocks[i]!;
      return b.kind !== 'text' || isLinkText(b) || b.text.trim().length <= MAX_SLUG_CHARS;
    };
    const marks = new Uint8Array(blocks.length);
    for (let i = 0; i < blocks.length; i++) if (furniture(i)) marks[i] = 1;
    if (!marks.includes(1)) return;
    for (let i = 0; i < blocks.length; i++) if (marks[i]) s.tag(i, BlockTag.furniture);
    s.probs = s.probs.map((row, i) => (marks[i] ? row.map((_, k) => (k === OTHER ? 1 : 0)) : row));
    for (let i = 0; i < blocks.length; i++) if (marks[i]) s.relabel(i, 'other', REASONS[roles[i]!]!);
  },
};

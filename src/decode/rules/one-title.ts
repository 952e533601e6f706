/**
 * At most one title: the most probable block (at least `titleThreshold`), a headline the page
 * declares (og:title, JSON-LD headline, <title>) breaking near-ties; a reader's comment is
 * never the headline. Other blocks the model called title fall back to their next label.
 *
 * A section heading is not the headline either: when the page declares a headline that shares
 * at most half of the best block's words, and that block is an h2-h6 whose tag path a later
 * heading shares, it is the first of the page's sections ("Test Case 1", "Test Case 2") and
 * the page shows no headline of its own.
 *
 * Nor is the site's name (a blog's `<h1>` banner): when the best block names the site (its text,
 * or an element named "site-title", "logo") and another block shows a headline the page
 * declares, or the rest of a declared title around that name, that block is the title.
 */
import { BlockTag, type DecodeRule, type DecodeState } from '../rule.js';
import type { PageEvidence } from '../evidence.js';
import { BODY, HEADING, OTHER, TITLE } from '../blocks.js';
import { comparableLongerThan } from '../text-memo.js';
import { inHeadingElement } from './shared/heading-element.js';
import { namesSite } from '../../util/site-name.js';
import { BlockRole } from '../roles.js';

/** What a declared headline adds to a block's p(title). */
const DECLARED_BONUS = 0.15;

/** The highest p(title) of a text block the title may be (not set aside, its p(title) with the bonus at least `threshold`); 0 with none. */
function highestTitleProb(s: DecodeState, threshold: number): number {
  let best = 0;
  for (let i = 0; i < s.blocks.length; i++) {
    if (s.blocks[i]!.kind !== 'text' || s.has(i, BlockTag.setAside)) continue;
    const p = s.probs[i]![TITLE]!;
    if (p + DECLARED_BONUS >= threshold && p > best) best = p;
  }
  return best;
}

export const oneTitle: DecodeRule = {
  name: 'one-title',
  doc: 'the most probable title block (at least `titleThreshold`, declared headlines breaking near-ties; not a block naming the site when another block shows a declared headline or what the `<title>` says besides that name) is the title, unless it is an h2-h6 that a later heading repeats the tag path of and that shares at most half its words with every declared headline (then a heading); other title blocks fall back to their next label',
  apply(s, page, settings) {
    const { blocks, probs } = s;
    const n = blocks.length;
    const declared = page.declaredTitleKeys;
    let longestDeclared = 0;
    for (const key of declared) longestDeclared = Math.max(longestDeclared, key.length);
    // The title is the first block of the highest score (p(title), plus the bonus); no block whose
    // p(title) with the bonus stays below the highest p(title) alone can be it.
    const floor = highestTitleProb(s, settings.titleThreshold);
    let title = -1;
    let titleScore = 0;
    for (let i = 0; i < n; i++) {
      if (blocks[i]!.kind !== 'text' || s.has(i, BlockTag.setAside)) continue;
      const p = probs[i]![TITLE]!;
      // Normalising a block's text is the costly part: only for blocks the bonus could lift.
      if (p + DECLARED_BONUS <= titleScore || p + DECLARED_BONUS < settings.titleThreshold || p + DECLARED_BONUS < floor) continue;
      const text = blocks[i]!.text;
      const score = p + (declared.size > 0 && !comparableLongerThan(text, longestDeclared) && declared.has(s.texts.comparable(text)) ? DECLARED_BONUS : 0);
      if (score > titleScore) {
        titleScore = score;
        title = i;
      }
    }
    if (title >= 0 && probs[title]![TITLE]! < settings.titleThreshold) title = -1;
    if (title >= 0 && namesTheSite(s, page, title)) title = declaredHeadlineBlock(s, page, title) ?? title;
    let sectionHeading = -1;
    if (title >= 0 && isFirstSectionHeading(s, page, title)) [sectionHeading, title] = [title, -1];
    for (let i = 0; i < n; i++) {
      if (i === title) s.relabel(i, 'title', 'most probable title');
      else if (i === sectionHeading) s.relabel(i, 'heading', 'the first section heading, not the declared headline');
      else if (s.labels[i] === 'title') {
        const p = probs[i]!;
        // Next best label; ties go to `other`, the safe choice.
        const next = p[HEADING]! > p[OTHER]! && p[HEADING]! > p[BODY]! ? 'heading' : p[BODY]! > p[OTHER]! ? 'body' : 'other';
        s.relabel(i, next, 'a page has one title');
      }
    }
  },
};

/** Whether block `i` names the site: its text is the site's name, or its element is named for it ("site-title", "logo"). */
function namesTheSite(s: DecodeState, page: PageEvidence, i: number): boolean {
  return page.blockRoles?.[i] === BlockRole.siteName || namesSite(s.blocks[i]!.text, page.siteKeys);
}

/**
 * The block to take for the headline instead of `siteTitle`, the site's name: the most probable
 * one that shows a declared headline, or what a declared title says besides the site's name
 * ("Amazon Web Services Blog: The AWS Report ..." without the banner's "Amazon Web Services
 * Blog"). An exact match is the evidence here, so no least p(title) applies.
 */
function declaredHeadlineBlock(s: DecodeState, page: PageEvidence, siteTitle: number): number | undefined {
  const site = s.texts.comparable(s.blocks[siteTitle]!.text);
  const headlines = new Set(page.declaredTitleKeys);
  for (const declared of page.declaredTitleKeys) {
    if (declared.startsWith(site + ' ')) headlines.add(declared.slice(site.length + 1));
    if (declared.endsWith(' ' + site)) headlines.add(declared.slice(0, -site.length - 1));
  }
  headlines.delete(site);
  let longest = 0;
  for (const h of headlines) longest = Math.max(longest, h.length);
  let best: number | undefined;
  s.blocks.forEach((b, i) => {
    if (b.kind !== 'text' || i === siteTitle || s.has(i, BlockTag.setAside) || (best !== undefined && s.probs[i]![TITLE]! <= s.probs[best]![TITLE]!)) return;
    // A text whose key is surely longer than every headline is none of them: not normalised.
    if (comparableLongerThan(b.text, longest)) return;
    if (headlines.has(s.texts.comparable(b.text)) && !namesTheSite(s, page, i)) best = i;
  });
  return best;
}

/** Whether `title` is an h2-h6 unlike every declared headline, whose tag path a later heading of the page repeats. */
function isFirstSectionHeading(s: DecodeState, page: PageEvidence, title: number): boolean {
  const { blocks, labels } = s;
  const candidate = blocks[title]!;
  if (page.declaredTitleKeys.size === 0 || !inHeadingElement(candidate)) return false;
  const words = s.texts.comparable(candidate.text).split(' ').filter(Boolean);
  for (const declared of page.declaredTitleKeys) {
    const declaredWords = new Set(declared.split(' '));
    if (words.filter((w) => declaredWords.has(w)).length * 2 > words.length) return false;
  }
  return blocks.some((b, j) => j > title && (labels[j] === 'heading' || labels[j] === 'title') && b.kind === 'text' && b.tagPath === candidate.tagPath);
}

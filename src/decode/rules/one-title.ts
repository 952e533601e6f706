/**
 * At most one title: the most probable block (at least `titleThreshold`), a headline the page
 * declares (og:title, JSON-LD headline, <title>) breaking near-ties; a reader's comment is
 * never the headline. Other blocks the model called title fall back to their next label.
 *
 * A section heading is not the headline either: when the page declares a headline that shares
 * at most half of the best block's words, and that block is an h2-h6 whose tag path a later
 * heading shares, it is the first of the page's sections ("Test Case 1", "Test Case 2") and
 * the page shows no headline of its own.
 */
import type { DecodeRule, DecodeState } from '../rule.js';
import type { ConstrainConfig } from '../config.js';
import { BODY, HEADING, OTHER, TITLE } from '../blocks.js';
import { comparableText } from '../../util/comparable-text.js';
import { inHeadingElement } from './heading-elements.js';

/** What a declared headline adds to a block's p(title). */
const DECLARED_BONUS = 0.15;

export const oneTitle: DecodeRule = {
  name: 'one-title',
  doc: 'the most probable title block (at least `titleThreshold`, declared headlines breaking near-ties) is the title, unless it is an h2-h6 that a later heading repeats the tag path of and that shares at most half its words with every declared headline (then a heading); other title blocks fall back to their next label',
  apply(s, cfg) {
    const { blocks, probs } = s;
    const n = blocks.length;
    const declared = cfg.declaredTitleKeys;
    let title = -1;
    let titleScore = 0;
    for (let i = 0; i < n; i++) {
      if (blocks[i]!.kind !== 'text' || s.setAsideBlocks?.[i]) continue;
      const p = probs[i]![TITLE]!;
      // Normalising a block's text is the costly part: only for blocks the bonus could lift.
      if (p + DECLARED_BONUS <= titleScore || p + DECLARED_BONUS < cfg.titleThreshold) continue;
      const score = p + (declared.size > 0 && declared.has(comparableText(blocks[i]!.text)) ? DECLARED_BONUS : 0);
      if (score > titleScore) {
        titleScore = score;
        title = i;
      }
    }
    if (title >= 0 && probs[title]![TITLE]! < cfg.titleThreshold) title = -1;
    let sectionHeading = -1;
    if (title >= 0 && isFirstSectionHeading(s, cfg, title)) [sectionHeading, title] = [title, -1];
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

/** Whether `title` is an h2-h6 unlike every declared headline, whose tag path a later heading of the page repeats. */
function isFirstSectionHeading(s: DecodeState, cfg: ConstrainConfig, title: number): boolean {
  const { blocks, labels } = s;
  const candidate = blocks[title]!;
  if (cfg.declaredTitleKeys.size === 0 || !inHeadingElement(candidate)) return false;
  const words = comparableText(candidate.text).split(' ').filter(Boolean);
  for (const declared of cfg.declaredTitleKeys) {
    const declaredWords = new Set(declared.split(' '));
    if (words.filter((w) => declaredWords.has(w)).length * 2 > words.length) return false;
  }
  return blocks.some((b, j) => j > title && (labels[j] === 'heading' || labels[j] === 'title') && b.kind === 'text' && b.tagPath === candidate.tagPath);
}

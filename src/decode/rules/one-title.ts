/**
 * At most one title: the most probable block (at least `titleThreshold`), a headline the page
 * declares (og:title, JSON-LD headline, <title>) breaking near-ties; a reader's comment is
 * never the headline. Other blocks the model called title fall back to their next label.
 */
import type { DecodeRule } from '../rule.js';
import { BODY, HEADING, OTHER, TITLE } from '../blocks.js';
import { comparableText } from '../../util/comparable-text.js';

/** What a declared headline adds to a block's p(title). */
const DECLARED_BONUS = 0.15;

export const oneTitle: DecodeRule = {
  name: 'one-title',
  doc: 'the most probable title block (at least `titleThreshold`, declared headlines breaking near-ties) is the title; other title blocks fall back to their next label',
  apply(s, cfg) {
    const { blocks, probs } = s;
    const n = blocks.length;
    const declared = new Set(cfg.declaredTitles.map(comparableText).filter(Boolean));
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
    for (let i = 0; i < n; i++) {
      if (i === title) s.relabel(i, 'title', 'most probable title');
      else if (s.labels[i] === 'title') {
        const p = probs[i]!;
        // Next best label; ties go to `other`, the safe choice.
        const next = p[HEADING]! > p[OTHER]! && p[HEADING]! > p[BODY]! ? 'heading' : p[BODY]! > p[OTHER]! ? 'body' : 'other';
        s.relabel(i, next, 'a page has one title');
      }
    }
  },
};

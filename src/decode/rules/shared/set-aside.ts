/**
 * The shape `dialog-boxes`, `page-footers`, `page-asides`, `no-content-marks`, `hidden-boxes`
 * and `scrambled-text` share: marked blocks (in a pop-up, the page's footer, a sidebar; or
 * text no reader could read) lose their p(body) and p(heading) to `other`, are relabelled, and
 * are set aside with the comments, so that no later rule (the prose rescue, the region, images
 * in it) takes them back. Not when the page's most probable title lies among them: then they
 * are the page (an article opened in a dialog over a listing). The marks come from the
 * page's evidence (elements found in the tree) or from the blocks themselves.
 */
import { scaleContent, TITLE } from '../../blocks.js';
import type { DecodeRule, DecodeState } from '../../rule.js';
import type { PageEvidence } from '../../evidence.js';

/** The text block the model most believes is the title, or -1. */
function likeliestTitle(s: DecodeState): number {
  let best = -1;
  for (let i = 0; i < s.blocks.length; i++) {
    if (s.blocks[i]!.kind === 'text' && (best < 0 || s.probs[i]![TITLE]! > s.probs[best]![TITLE]!)) best = i;
  }
  return best;
}

export function setAsideRule(name: string, doc: string, reason: string, marksOf: (page: PageEvidence, s: DecodeState) => ArrayLike<number> | undefined): DecodeRule {
  return {
    name,
    doc,
    apply(s, page) {
      const marks = marksOf(page, s);
      if (marks === undefined) return;
      if (!s.anyMarked(marks)) return;
      const title = likeliestTitle(s);
      if (title >= 0 && marks[title]) return;
      s.setAside(marks);
      s.scaleMarked(marks, (row) => scaleContent(row, 0), reason);
    },
  };
}

/**
 * What a stylesheet hides is not what a reader sees: blocks in elements a utility class hides
 * (`hide`, `hidden`, `d-none`, `is-hidden`; `classHiddenBox`, decode/class-hidden.ts) or keeps
 * for screen readers (`sr-only`, `visually-hidden`, `screen-reader-text`, `blind`) become other
 * and are set aside from the prose rescue (`setAsideRule`), unless the page's title is in one.
 * They are menus, modals, promo bars, a product's raw metafields, spare copies of a box and
 * text no sighted reader sees ("Opens in a new window", a video's spoken description, also
 * where a passage of it makes up most of a visible block: `setAsideMarks`); panels a reader
 * opens in place (accordions, FAQ answers, tabs) are not counted.
 */
import { setAsideRule } from './shared/set-aside.js';

export const hiddenBoxes = setAsideRule(
  'hidden-boxes',
  "blocks in elements a utility class hides (`hide`, `hidden`, `d-none`, `is-hidden`) or keeps for screen readers (`sr-only`, `visually-hidden`, ...; not accordions, answers or tabs that open in place) lose p(body) and p(heading) to other, are relabelled and set aside from the prose rescue, unless the page's most probable title is in one",
  'hidden by a class',
  (page) => page.hiddenBlocks,
);

/**
 * An aside is beside the article, not in it: blocks in `<aside>`, `role="complementary"` and
 * elements named a sidebar (`#sidebar`, `.widget-area`, `.sidebar-block`; `asideBlocks`,
 * decode/set-aside-marks.ts: sidebars, boxes of other stories, pull quotes
 * that repeat the text) become other and are set aside from the prose rescue (`setAsideRule`),
 * unless the page's title is in one.
 */
import { setAsideRule } from './shared/set-aside.js';

export const pageAsides = setAsideRule(
  'page-asides',
  "blocks in asides (`<aside>`, `role=\"complementary\"`, `#sidebar`, `.widget-area`: sidebars, boxes of other stories, pull quotes) lose p(body) and p(heading) to other, are relabelled and set aside from the prose rescue, unless the page's most probable title is in one",
  'inside an aside',
  (page) => page.asideBlocks,
);

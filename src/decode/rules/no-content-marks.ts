/**
 * What the page tells search engines is no content is not the article either: blocks in
 * elements of class `nocontent` or `robots-nocontent` (`noContentBlocks`, decode/set-aside-marks.ts)
 * become other and are set aside from the prose rescue (`setAsideRule`), unless the page's
 * title is in one. NYT's blogs mark their sidebars, post navigation and blog rolls so.
 */
import { setAsideRule } from './shared/set-aside.js';

export const noContentMarks = setAsideRule(
  'no-content-marks',
  "blocks in elements marked no content for search engines (`class=\"nocontent\"`, `robots-nocontent`) lose p(body) and p(heading) to other, are relabelled and set aside from the prose rescue, unless the page's most probable title is in one",
  'marked no content',
  (page) => page.noContentBlocks,
);

/**
 * The page's footer is not the page: blocks in `<footer>` elements, `role="contentinfo"` and
 * elements named the page's footer (`<div id="footer">`; `footerBlocks`, decode/set-aside-marks.ts)
 * become other and are set aside from the prose rescue
 * (`setAsideRule`), unless the page's title is in one. A shop's footer carries paragraphs of
 * financing terms and footnotes that outweigh a short product text.
 */
import { setAsideRule } from './shared/set-aside.js';

export const pageFooters = setAsideRule(
  'page-footers',
  "blocks in footers (`<footer>`, `role=\"contentinfo\"`, `#footer`, `.site-footer`: legal lines, footnotes, site links) lose p(body) and p(heading) to other, are relabelled and set aside from the prose rescue, unless the page's most probable title is in one",
  'inside a footer',
  (page) => page.footerBlocks,
);

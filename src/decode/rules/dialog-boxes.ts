/**
 * A pop-up is not the page: blocks in dialogs (`dialogBlocks`, decode/set-aside-marks.ts: cookie
 * settings, a privacy policy opened from the footer, a sign-up form, a tooltip) become other
 * and are set aside from the prose rescue (`setAsideRule`), unless the page's title is in one.
 */
import { setAsideRule } from './shared/set-aside.js';

export const dialogBoxes = setAsideRule(
  'dialog-boxes',
  "blocks in dialogs (pop-ups: cookie settings, a policy, a sign-up form, a tooltip) lose p(body) and p(heading) to other, are relabelled and set aside from the prose rescue, unless the page's most probable title is in one",
  'inside a dialog (a pop-up)',
  (page) => page.dialogBlocks,
);

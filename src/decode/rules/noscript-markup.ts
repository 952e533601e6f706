/**
 * Markup written as text inside `<noscript>` ("<div style=...><img src=...>", a tracking pixel
 * or an alert box escaped as `&lt;div&gt;`) is what a script would have written into the page,
 * shown as source to a reader without scripts: never the article's text. Such blocks become other.
 * Code in `<pre>` or `<code>` is not in `<noscript>`, so a tutorial's HTML examples stay.
 */
import { lineRule } from '../rule.js';
import { inNoscript } from '../blocks.js';

/** An HTML tag written as text: `<div class="x">`, `</p>`, `<img ... />`. */
const TAG_TEXT = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi;
/** Tags in a markup block: at least two, and at least this share of its characters. */
const MIN_TAG_SHARE = 0.3;

/** The text is mostly HTML tags written out. */
export function isMarkupText(text: string): boolean {
  const tags = text.match(TAG_TEXT);
  if (tags === null || tags.length < 2) return false;
  let chars = 0;
  for (const t of tags) chars += t.length;
  return chars >= MIN_TAG_SHARE * text.length;
}

export const noscriptMarkup = lineRule({
  name: 'noscript-markup',
  doc: 'a block in `<noscript>` whose text is written-out HTML (a tracking pixel, an alert box) becomes other',
  labels: ['title', 'heading', 'body'],
  matches: (b) => inNoscript(b) && isMarkupText(b.text),
  reason: 'HTML written as text in <noscript>',
});

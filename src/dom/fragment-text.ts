/**
 * The text of HTML a page hands over as a string, not as markup (a JSON-LD `description`): its
 * entities decoded and tags dropped by parse5's fragment parser, cut into paragraphs where a
 * block element, a `<br>` or a line break ends a line.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { SKIPPED_TAGS } from './parse.js';
import { normalizeSpace } from './tree.js';

type FragmentNode = DefaultTreeAdapterMap['node'];

/**
 * Strings above this size are not read: a structured-data description is a few paragraphs, and
 * one of this size is a catalogue dumped into a field.
 */
export const MAX_FRAGMENT_CHARS = 20_000;

/** Elements that start a line of their own. */
const LINE_TAGS: ReadonlySet<string> = new Set([
  'p', 'div', 'br', 'hr', 'li', 'dt', 'dd', 'ul', 'ol', 'dl', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'tr', 'table', 'blockquote', 'pre', 'section', 'article', 'header', 'footer', 'figure', 'figcaption',
]);

/** A marker on the walk's stack: the element whose children come before it ends a line. */
const LINE_END: unique symbol = Symbol('line end');

/** Markup left as text: a string escaped twice ("&lt;p&gt;") reads as tags after one pass. */
const TAG_TEXT_RE = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;

/** The paragraphs of `html` (white space collapsed, empty ones left out); [] for a string over `MAX_FRAGMENT_CHARS`. */
export function fragmentParagraphs(html: string): string[] {
  if (html.length > MAX_FRAGMENT_CHARS) return [];
  let text = fragmentLines(html);
  if (TAG_TEXT_RE.test(text)) text = fragmentLines(text);
  return text.split('\n').map(normalizeSpace).filter(Boolean);
}

/** The fragment's text with a line break wherever a line ends, walked without recursion (nesting is unbounded). */
function fragmentLines(html: string): string {
  const parts: string[] = [];
  const pending: (FragmentNode | typeof LINE_END)[] = [...parseFragment(html).childNodes].reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node === LINE_END) {
      parts.push('\n');
      continue;
    }
    if (node.nodeName === '#text') {
      parts.push((node as DefaultTreeAdapterMap['textNode']).value);
      continue;
    }
    if (!('tagName' in node) || SKIPPED_TAGS.has(node.tagName)) continue;
    const ends = LINE_TAGS.has(node.tagName);
    if (ends) {
      parts.push('\n');
      pending.push(LINE_END);
    }
    const kids = node.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) pending.push(kids[i]!);
  }
  return parts.join('');
}

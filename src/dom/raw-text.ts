/**
 * Empties `<script>` and `<style>` elements before the HTML5 parser sees them. Their bodies
 * are about a third of a typical page's characters (inline bundles, JSON state, CSS), never
 * text a reader sees, and parse5 walks them one character at a time: emptying them first
 * takes about a quarter off parsing.
 *
 * The scan follows the tokenizer's data state closely enough never to change anything else:
 * it steps over comments, over every tag's attributes (so `<img alt="<script>">` is not taken
 * for a script) and over the bodies of the other raw-text and RCDATA elements, and it stops
 * at `<plaintext>`. Left to parse5, unchanged:
 * - JSON-LD scripts (the features read them);
 * - a script whose body holds `<!--`: the tokenizer's escaped states can make a `</script>`
 *   inside it not end it;
 * - anything after a construct that runs to the end of the input (an unclosed comment or tag).
 * Elements inside `<svg>`/`<math>` are foreign there, but pith skips those subtrees anyway.
 * One linear pass: no regular expression here can backtrack.
 */

/** Elements whose body the tokenizer reads as text up to their own end tag. */
const TEXT_BODY_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

const isSpace = (c: number): boolean => c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

interface TagScan {
  /** Index just past the tag's `>`; -1 when the input ends inside the tag. */
  readonly end: number;
  /** Lower-cased tag name. */
  readonly name: string;
  /** Lower-cased value of the `type` attribute, when the tag has one. */
  readonly type: string | undefined;
}

/**
 * A start or end tag from `<` at `at` (the name begins at `at + 1`, or `at + 2` after `</`):
 * name, then attributes as the tokenizer reads them (only quotes hide a `>`).
 */
function scanTag(html: string, at: number, nameStart: number): TagScan {
  const n = html.length;
  let k = nameStart;
  while (k < n) {
    const c = html.charCodeAt(k);
    if (isSpace(c) || c === 47 /* / */ || c === 62 /* > */) break;
    k++;
  }
  // Only the few names that matter are materialised (most tags are div, a, span, ...).
  const len = k - nameStart;
  const name = len >= 3 && len <= 9 ? html.slice(nameStart, k).toLowerCase() : '';
  let type: string | undefined;
  for (;;) {
    // Before an attribute name: spaces and '/' are skipped; '>' ends the tag.
    while (k < n && (isSpace(html.charCodeAt(k)) || html.charCodeAt(k) === 47)) k++;
    if (k >= n) return { end: -1, name, type };
    if (html.charCodeAt(k) === 62) return { end: k + 1, name, type };
    const attrStart = k;
    k++; // the first character belongs to the name, even '='
    while (k < n) {
      const c = html.charCodeAt(k);
      if (isSpace(c) || c === 47 || c === 62 || c === 61 /* = */) break;
      k++;
    }
    const isType = k - attrStart === 4 && html.slice(attrStart, k).toLowerCase() === 'type';
    while (k < n && isSpace(html.charCodeAt(k))) k++;
    if (k >= n) return { end: -1, name, type };
    if (html.charCodeAt(k) !== 61) continue; // no value: next attribute, '/' or '>'
    k++;
    while (k < n && isSpace(html.charCodeAt(k))) k++;
    if (k >= n) return { end: -1, name, type };
    const q = html.charCodeAt(k);
    let from: number;
    let to: number;
    if (q === 34 || q === 39) {
      const close = html.indexOf(q === 34 ? '"' : "'", k + 1);
      if (close < 0) return { end: -1, name, type };
      from = k + 1;
      to = close;
      k = close + 1;
    } else if (q === 62) {
      return { end: k + 1, name, type }; // `a=>`: empty value, tag ends
    } else {
      from = k;
      while (k < n && !isSpace(html.charCodeAt(k)) && html.charCodeAt(k) !== 62) k++;
      to = k;
    }
    if (type === undefined && isType) type = html.slice(from, to).trim().toLowerCase();
  }
}

/** Index of the end tag `</name` (any case, followed by space, '/' or '>') at or after `from`, or -1. */
function findEndTag(html: string, name: string, from: number): number {
  const n = html.length;
  for (let k = html.indexOf('</', from); k >= 0 && k + 2 + name.length <= n; k = html.indexOf('</', k + 2)) {
    if (html.slice(k + 2, k + 2 + name.length).toLowerCase() !== name) continue;
    const after = k + 2 + name.length;
    if (after === n) return -1; // `</script` at the very end: the tag never closes
    const c = html.charCodeAt(after);
    if (isSpace(c) || c === 47 || c === 62) return k;
  }
  return -1;
}

/** End of a comment that starts at `at` (`<!--`), just past its close; -1 when it runs to the end. */
function commentEnd(html: string, at: number): number {
  const body = at + 4;
  // `<!-->` and `<!--->` close at once (abrupt closing of an empty comment).
  if (html.charCodeAt(body) === 62) return body + 1;
  if (html.charCodeAt(body) === 45 && html.charCodeAt(body + 1) === 62) return body + 2;
  COMMENT_CLOSE_RE.lastIndex = body;
  const m = COMMENT_CLOSE_RE.exec(html);
  return m ? m.index + m[0].length : -1;
}
const COMMENT_CLOSE_RE = /--!?>/g;

/** The page with the bodies of its scripts (not JSON-LD) and style sheets removed; see above. */
export function emptyScriptsAndStyles(html: string): string {
  const parts: string[] = [];
  let copied = 0; // html[copied..] is not in `parts` yet
  const n = html.length;
  // Next `<!--` at or after the scan position (-1: none left); moves forward only, so
  // checking each script's body for one stays linear in the page.
  let commentOpen = html.indexOf('<!--');
  let k = html.indexOf('<');
  while (k >= 0 && k + 1 < n) {
    const c = html.charCodeAt(k + 1);
    let next: number;
    if (c === 33 /* ! */) {
      if (html.startsWith('<!--', k)) next = commentEnd(html, k);
      else next = html.indexOf('>', k + 2) + 1 || -1; // doctype, CDATA or bogus comment
    } else if (c === 63 /* ? */) {
      next = html.indexOf('>', k + 2) + 1 || -1; // bogus comment
    } else if (c === 47 /* / */) {
      const d = html.charCodeAt(k + 2);
      if (isAsciiLetter(d)) next = scanTag(html, k, k + 2).end;
      else if (d === 62) next = k + 3; // `</>` is dropped
      else next = html.indexOf('>', k + 2) + 1 || -1; // bogus comment
    } else if (isAsciiLetter(c)) {
      const tag = scanTag(html, k, k + 1);
      next = tag.end;
      if (next >= 0 && tag.name === 'plaintext') break; // the rest of the input is text
      if (next >= 0 && TEXT_BODY_TAGS.has(tag.name)) {
        const close = findEndTag(html, tag.name, next);
        if (close < 0) break; // runs to the end of the input: nothing more to find
        if (commentOpen >= 0 && commentOpen < next) commentOpen = html.indexOf('<!--', next);
        const escaped = commentOpen >= 0 && commentOpen < close;
        const empty = close > next && (tag.name === 'style' || (tag.name === 'script' && !escaped && !isJsonLd(tag.type)));
        if (empty) {
          parts.push(html.slice(copied, next));
          copied = close;
        }
        next = close; // the end tag is scanned as a tag on the next turn
      }
    } else {
      next = k + 1; // a '<' that starts nothing is text
    }
    if (next < 0) break;
    k = html.indexOf('<', next);
  }
  if (copied === 0) return html;
  parts.push(html.slice(copied));
  return parts.join('');
}

/** A type that is, or may be once character references are decoded (`ld&#x2B;json`), JSON-LD. */
function isJsonLd(type: string | undefined): boolean {
  return type !== undefined && (type.includes('ld+json') || type.includes('&'));
}

/**
 * The CSS pith writes into `style` attributes (styled output): declarations of allow-listed
 * properties whose values are plain computed values, as a browser reports them. Anything that
 * could fetch, run or escape is dropped, whoever made the declaration (a layout file is input
 * like any other):
 *
 * - property names from `STYLE_OUTPUT_PROPERTIES` only;
 * - values are words, numbers, lengths, `#` colours, commas, slashes and quoted font names,
 *   and the colour functions a computed value uses (`rgb()`, `rgba()`, `hsl()`, `color()`,
 *   `lab()`, `oklch()`, ...); every other function (`url()`, `expression()`, `image()`,
 *   `var()`, `attr()`, ...) is dropped, and so is anything naming `javascript:`/`vbscript:`,
 *   `expression`, `binding` or `behavior`;
 * - no backslash escapes, comments, braces, at-signs, angle brackets, `!important`, control
 *   characters or unbalanced quotes and parentheses; at most 400 characters a value.
 *
 * The writer still escapes the attribute (to-html.ts), so nothing here can leave it.
 */

/** Properties a `style` attribute may set: what styled output copies, and its wrapper's box. */
export const STYLE_OUTPUT_PROPERTIES: ReadonlySet<string> = new Set([
  'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'color', 'background-color',
  'text-align', 'text-transform', 'text-decoration-line', 'letter-spacing', 'word-spacing', 'white-space',
  'margin-top', 'margin-bottom', 'margin-left', 'margin-right',
  'padding-top', 'padding-bottom', 'padding-left', 'padding-right', 'list-style-type',
  'width', 'height', 'max-width', 'box-sizing', 'display',
]);

/** Functions a computed colour may be written with; no other function is allowed. */
const COLOUR_FUNCTIONS: ReadonlySet<string> = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'color', 'lab', 'lch', 'oklab', 'oklch']);
const MAX_VALUE_LENGTH = 400;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHAR_RE = /[\u0000-\u001f\u007f\\<>{}@;!]|\/\*/;
const FORBIDDEN_WORD_RE = /javascript\s*:|vbscript\s*:|expression|binding|behavior|url\s*\(/i;
const FUNCTION_RE = /([a-z-]*)\s*\(/gi;
const PROPERTY_RE = /^[a-z][a-z-]{0,40}$/;

export interface Declaration {
  readonly property: string;
  readonly value: string;
}

/** `a:b;c:"d;e"` -> declarations, split on `;` outside quotes and parentheses; names lower-cased. */
export function parseDeclarations(css: string): Declaration[] {
  const out: Declaration[] = [];
  let start = 0;
  let quote = '';
  let depth = 0;
  const flush = (end: number): void => {
    const part = css.slice(start, end);
    const colon = part.indexOf(':');
    if (colon > 0) {
      const property = part.slice(0, colon).trim().toLowerCase();
      const value = part.slice(colon + 1).trim();
      if (property && value) out.push({ property, value });
    }
    start = end + 1;
  };
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) flush(i);
  }
  flush(css.length);
  return out;
}

function balanced(value: string): boolean {
  let quote = '';
  let depth = 0;
  for (const c of value) {
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return quote === '' && depth === 0;
}

/** True when the declaration may be written (see the module comment). */
export function isSafeDeclaration(d: Declaration): boolean {
  const { property, value } = d;
  if (!PROPERTY_RE.test(property) || !STYLE_OUTPUT_PROPERTIES.has(property)) return false;
  if (value.length === 0 || value.length > MAX_VALUE_LENGTH) return false;
  if (FORBIDDEN_CHAR_RE.test(value) || FORBIDDEN_WORD_RE.test(value) || !balanced(value)) return false;
  for (const m of value.matchAll(FUNCTION_RE)) {
    if (!COLOUR_FUNCTIONS.has(m[1]!.toLowerCase())) return false;
  }
  return true;
}

/** The safe declarations of `css`, written `property:value;` (the last of a repeated property wins). */
export function safeStyle(css: string): string {
  const kept = new Map<string, string>();
  for (const d of parseDeclarations(css)) {
    if (!isSafeDeclaration(d)) continue;
    kept.delete(d.property);
    kept.set(d.property, d.value);
  }
  let s = '';
  for (const [p, v] of kept) s += `${p}:${v};`;
  return s;
}

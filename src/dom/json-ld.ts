/**
 * Parsing the text of `<script type="application/ld+json">` the way pages actually write it:
 * wrapped in `<![CDATA[ ... ]]>` or `<!-- ... -->` (XHTML-era templates), with raw line breaks
 * or tabs inside strings, or with trailing commas. Strict JSON first; one lenient retry.
 */

/** Wrappers around the JSON, with optional `//` line-comment prefixes (`//<![CDATA[`). */
const LEADING_WRAPPER = /^\s*(?:\/\/\s*)?(?:<!\[CDATA\[|<!--)/;
const TRAILING_WRAPPER = /(?:\/\/\s*)?(?:\]\]>|-->)\s*$/;

/** The parsed value, or undefined when the text is not JSON even after the lenient retry. */
export function parseJsonLd(raw: string): unknown {
  const text = raw.replace(LEADING_WRAPPER, '').replace(TRAILING_WRAPPER, '');
  try {
    return JSON.parse(text);
  } catch {
    // Control characters are invalid inside JSON strings and mere white space outside them,
    // so a space keeps the meaning; a comma before a closing bracket is a common hand-edit slip.
    const lenient = text.replace(/[\u0000-\u001f]+/g, ' ').replace(/,\s*([}\]])/g, '$1');
    if (lenient === text) return undefined;
    try {
      return JSON.parse(lenient);
    } catch {
      return undefined;
    }
  }
}

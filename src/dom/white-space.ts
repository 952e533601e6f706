/** White space as JavaScript's `\s` defines it, tested one UTF-16 code unit at a time (no regular expression per string). */

/** Whether a UTF-16 code unit is white space as `\s` defines it. */
export function isSpaceCode(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Characters that are not white space (what `\s` matches), counted without allocating. */
export function nonSpaceChars(text: string): number {
  let n = 0;
  for (let k = 0; k < text.length; k++) if (!isSpaceCode(text.charCodeAt(k))) n++;
  return n;
}

/**
 * Runs of the white space `collapseSpace` folds into one space: `\s`, and the zero-width space.
 * Global: for `replace` only (a `test` or `exec` would carry `lastIndex` from call to call).
 */
export const SPACE_RE = /[ \t\n\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u200b\ufeff]+/g;

/** Whether a code unit is one SPACE_RE collapses: white space as `\s` has it, and the zero-width space. */
export function isCollapsedSpace(c: number): boolean {
  return isSpaceCode(c) || c === 0x200b;
}

/**
 * `text` with each run of SPACE_RE one space; itself when it has only single ASCII spaces already
 * (most text: one scan is cheaper than a `replace`, which always allocates).
 */
export function collapseSpace(text: string): string {
  let afterSpace = false;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x20) {
      if (afterSpace) return text.replace(SPACE_RE, ' ');
      afterSpace = true;
    } else if (c < 0x7f ? c < 0x20 : isCollapsedSpace(c)) return text.replace(SPACE_RE, ' ');
    else afterSpace = false;
  }
  return text;
}

/**
 * Whether `normalizeSpace` (dom/tree.ts) would return `s` unchanged: no white space or zero-width
 * space but single ASCII spaces between other characters. Most strings it is given (block
 * texts, already collapsed) are, and one scan is cheaper than a replace and a trim.
 */
export function isSpaceNormalized(s: string): boolean {
  let afterSpace = true; // a space first would be trimmed
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20) {
      if (afterSpace) return false;
      afterSpace = true;
    } else if (c < 0x7f ? c < 0x20 : isCollapsedSpace(c)) return false;
    else afterSpace = false;
  }
  return !afterSpace || s.length === 0;
}

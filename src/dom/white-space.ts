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
    } else if (c < 0x7f ? c < 0x20 : isSpaceCode(c) || c === 0x200b) return false;
    else afterSpace = false;
  }
  return !afterSpace || s.length === 0;
}

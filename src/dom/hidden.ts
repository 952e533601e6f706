/** Whether an element hides itself: the `hidden` attribute or an inline `display:none` / `visibility:hidden`. */

const HIDDEN_STYLE_RE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

export function isHiddenByAttrs(attrs: Readonly<Record<string, string>>): boolean {
  if ('hidden' in attrs) return true;
  const style = attrs['style'];
  return style !== undefined && HIDDEN_STYLE_RE.test(style);
}

/** The same test on a parse5 attribute list (names arrive lower-cased). */
export function isHiddenByAttrList(attrs: readonly { readonly name: string; readonly value: string }[]): boolean {
  for (const a of attrs) {
    if (a.name === 'hidden') return true;
    if (a.name === 'style' && HIDDEN_STYLE_RE.test(a.value)) return true;
  }
  return false;
}

/**
 * One pattern for several: a string one of them accepts, and no other. A test that asks many
 * patterns of many strings, most of which none accepts (class names, short lines), asks this
 * first and reads the string once instead of once a pattern.
 */

/** The alternation of `patterns`, which must share their flags (none global or sticky) and have no backreferences or named groups. */
export function anyOf(patterns: readonly RegExp[]): RegExp {
  const flags = patterns[0]?.flags ?? '';
  for (const p of patterns) {
    if (p.flags !== flags) throw new TypeError(`anyOf: /${p.source}/${p.flags} differs in flags from /${patterns[0]!.source}/${flags}`);
    if (p.global || p.sticky) throw new TypeError(`anyOf: /${p.source}/${p.flags} is global or sticky`);
    // A backreference or a named group would count the groups of the patterns before it.
    if (/\\[1-9]|\\k<|\(\?<[^=!]/.test(p.source)) throw new TypeError(`anyOf: /${p.source}/ has a backreference or a named group`);
  }
  return new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'), flags);
}

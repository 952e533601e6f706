/**
 * A small stop-word language guess for pages that do not declare their language: count
 * hits of each language's commonest function words among the first words of the text.
 * Good enough to tell the European languages of the corpora apart; says nothing (undefined)
 * when the text is short or no language clearly wins.
 */

const WORD_RE = /[\p{L}\p{N}_]+/gu;
const wordTokens = (text: string): string[] => text.toLowerCase().match(WORD_RE) ?? [];

const STOP_WORDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  en: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'it', 'for', 'with', 'was', 'on', 'are', 'this', 'be', 'as', 'have', 'not', 'by', 'from'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'ein', 'eine', 'zu', 'den', 'mit', 'sich', 'auf', 'für', 'auch', 'dem', 'des', 'wird', 'von', 'im'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'un', 'du', 'que', 'dans', 'pour', 'pas', 'qui', 'sur', 'au', 'avec', 'sont', 'ce', 'il'],
  es: ['el', 'la', 'los', 'las', 'y', 'que', 'en', 'es', 'del', 'por', 'una', 'un', 'con', 'para', 'se', 'no', 'al', 'lo', 'como', 'más'],
  it: ['il', 'di', 'che', 'e', 'la', 'per', 'non', 'una', 'sono', 'gli', 'del', 'della', 'con', 'è', 'le', 'si', 'da', 'anche', 'nel', 'alla'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'op', 'te', 'zijn', 'voor', 'met', 'ook', 'die', 'worden', 'aan', 'er', 'maar', 'wordt'],
  pt: ['o', 'os', 'que', 'de', 'não', 'uma', 'um', 'para', 'com', 'do', 'da', 'em', 'é', 'se', 'na', 'no', 'mais', 'por', 'as', 'dos'],
});

const WORD_TO_LANGS: ReadonlyMap<string, readonly string[]> = (() => {
  const m = new Map<string, string[]>();
  for (const [lang, words] of Object.entries(STOP_WORDS)) {
    for (const w of words) m.set(w, [...(m.get(w) ?? []), lang]);
  }
  return m;
})();

/** Words looked at (enough to decide, bounded for long pages). */
const MAX_WORDS = 2000;
const MIN_WORDS = 20;

/** ISO 639-1 code of the text's language, or undefined when unsure. */
export function detectLanguage(text: string): string | undefined {
  const words = wordTokens(text.slice(0, 20_000)).slice(0, MAX_WORDS);
  if (words.length < MIN_WORDS) return undefined;
  const score = new Map<string, number>();
  for (const w of words) for (const l of WORD_TO_LANGS.get(w) ?? []) score.set(l, (score.get(l) ?? 0) + 1);
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < words.length * 0.08) return undefined;
  // A clear winner only: shared words (la, de, que, ...) make close calls unreliable.
  if (second && second[1] * 1.3 > best[1]) return undefined;
  return best[0];
}

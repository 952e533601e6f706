/**
 * Text normalisation for gold alignment: both the page's blocks and a corpus' gold text go
 * through the same steps so that differences that carry no meaning disappear: white space,
 * entities (already decoded by the parsers), curly vs straight quotes and all other
 * punctuation (dropped), case, accents, NFKC compatibility forms and the commonest
 * encoding accident, UTF-8 read as windows-1252 ("donâ€™t", "cafÃ©").
 */

/** windows-1252 bytes 0x80-0x9f and the characters they decode to. */
const CP1252_HIGH: readonly (readonly [number, number])[] = [
  [0x80, 0x20ac], [0x82, 0x201a], [0x83, 0x0192], [0x84, 0x201e], [0x85, 0x2026], [0x86, 0x2020],
  [0x87, 0x2021], [0x88, 0x02c6], [0x89, 0x2030], [0x8a, 0x0160], [0x8b, 0x2039], [0x8c, 0x0152],
  [0x8e, 0x017d], [0x91, 0x2018], [0x92, 0x2019], [0x93, 0x201c], [0x94, 0x201d], [0x95, 0x2022],
  [0x96, 0x2013], [0x97, 0x2014], [0x98, 0x02dc], [0x99, 0x2122], [0x9a, 0x0161], [0x9b, 0x203a],
  [0x9c, 0x0153], [0x9e, 0x017e], [0x9f, 0x0178],
];
const CHAR_TO_BYTE: ReadonlyMap<number, number> = new Map(CP1252_HIGH.map(([b, c]) => [c, b]));

/** Characters a UTF-8 continuation byte turns into when read as windows-1252 or latin-1. */
const CONT = '\\u0080-\\u00bf\\u20ac\\u201a\\u0192\\u201e\\u2026\\u2020\\u2021\\u02c6\\u2030\\u0160\\u2039\\u0152\\u017d\\u2018\\u2019\\u201c\\u201d\\u2022\\u2013\\u2014\\u02dc\\u2122\\u0161\\u203a\\u0153\\u017e\\u0178';
/** A UTF-8 lead byte (as latin-1 / cp1252 text) followed by 1-3 continuation characters. */
const MOJIBAKE_RE = new RegExp(`[\\u00c2-\\u00f4][${CONT}]{1,3}`, 'g');
const MOJIBAKE_TEST = new RegExp(`[\\u00c2-\\u00f4][${CONT}]`);

const utf8 = new TextDecoder('utf-8', { fatal: true });

function charToByte(ch: string): number | undefined {
  const c = ch.charCodeAt(0);
  if (c <= 0xff) return c;
  return CHAR_TO_BYTE.get(c);
}

/**
 * Undoes UTF-8 text that was decoded as windows-1252 / latin-1, sequence by sequence; only a
 * run that forms exactly one valid UTF-8 character is replaced, so real text ("für", "Bär»")
 * is never touched.
 */
export function repairMojibake(text: string): string {
  if (!MOJIBAKE_TEST.test(text)) return text;
  return text.replace(MOJIBAKE_RE, (run) => {
    // Try the longest prefix that decodes to a single character.
    for (let len = run.length; len >= 2; len--) {
      const bytes: number[] = [];
      for (const ch of run.slice(0, len)) {
        const b = charToByte(ch);
        if (b === undefined) break;
        bytes.push(b);
      }
      if (bytes.length !== len) continue;
      try {
        const s = utf8.decode(new Uint8Array(bytes));
        if ([...s].length === 1) return s + run.slice(len);
      } catch {
        // not UTF-8: try shorter
      }
    }
    return run;
  });
}

const WORD_RE = /[\p{L}\p{N}\p{M}]+/gu;
// eslint-disable-next-line no-control-regex
const PLAIN_RE = /^[\x00-\x7f\u00a0\u2000-\u206f]*$/;
const ASCII_WORD_RE = /[a-z0-9]+/g;
/** Trade and service marks, which NFKC would turn into letters. */
const MARKS_RE = /[\u2122\u2120]/g;
const MARK_RE = /\p{M}+/gu;
/** Scripts written without spaces between words: each character is a token. */
const CJK_RE = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
const CJK_SPLIT_RE = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]|[^\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]+/gu;

/**
 * The tokens alignment compares: NFKC, mojibake repaired, lower-cased, accents removed,
 * punctuation dropped; words of letters and digits, one token per character in CJK-like scripts.
 */
export function alignTokens(text: string): string[] {
  // ASCII plus no-break space and general punctuation (’ “ ” – — …), i.e. most blocks of most
  // pages: NFKC, mojibake repair and accent folding change no word, and the non-ASCII
  // characters all separate words, so lower-casing and splitting is the same result, faster.
  if (PLAIN_RE.test(text)) return text.toLowerCase().match(ASCII_WORD_RE) ?? [];
  // NFKC spells ™ ℠ as letters ("24™" -> "24TM"): drop such marks first, like other symbols.
  // Soft hyphens sit inside words (gold texts keep a few): dropped, not a word break.
  const clean = repairMojibake(text).replaceAll('\u00ad', '').replace(MARKS_RE, ' ').normalize('NFKC').toLowerCase();
  const words = clean.match(WORD_RE);
  if (!words) return [];
  const out: string[] = [];
  for (const w of words) {
    const folded = w.normalize('NFD').replace(MARK_RE, '');
    if (!folded) continue;
    if (CJK_RE.test(folded)) {
      for (const part of folded.match(CJK_SPLIT_RE) ?? []) out.push(part);
    } else out.push(folded);
  }
  return out;
}

/** Alignment tokens joined by single spaces: a text key insensitive to punctuation, case and spacing. */
export function textKey(text: string): string {
  return alignTokens(text).join(' ');
}

/** Interns token strings as small integers, so sequences compare and count cheaply. */
export class Vocabulary {
  private readonly ids = new Map<string, number>();

  id(token: string): number {
    let v = this.ids.get(token);
    if (v === undefined) {
      v = this.ids.size;
      this.ids.set(token, v);
    }
    return v;
  }

  get size(): number {
    return this.ids.size;
  }
}

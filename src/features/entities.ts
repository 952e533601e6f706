/**
 * Named-entity-like counts (block-labelling study's "named entities") with language-independent
 * heuristics instead of a trained tagger: runs of capitalised words not opening a
 * sentence (names of people, places, organisations), dates, times, money, percentages
 * and other numbers. Bylines, datelines and stock tickers are dense in these; prose is not.
 */
import { KnownWords, TOKEN_LOWER, TOKEN_SENTENCE_START, TOKEN_UPPER, type TokenStore } from './token-store.js';

export type EntityKind = 'name' | 'date' | 'time' | 'money' | 'percent' | 'number';
export const ENTITY_KINDS: readonly EntityKind[] = Object.freeze(['name', 'date', 'time', 'money', 'percent', 'number']);

export interface EntityCounts {
  readonly name: number;
  readonly date: number;
  readonly time: number;
  readonly money: number;
  readonly percent: number;
  readonly number: number;
  /** Lower-cased tokens that are part of an entity (block-labelling study keeps them out of the bag of words). */
  readonly tokens: ReadonlySet<string>;
}

// Month names and abbreviations in the languages the stop lists cover (Latin-script ones and Russian).
const MONTHS = new Set(
  ('january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'januar februar märz mai juni juli oktober dezember jänner ' +
    'janvier février mars avril juin juillet août septembre octobre novembre décembre ' +
    'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre ' +
    'gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre ' +
    'janeiro fevereiro março maio junho julho setembro outubro novembro dezembro ' +
    'januari februari maart mei augustus juni juli ' +
    'styczeń stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia ' +
    'ledna února března dubna května června července srpna září října listopadu prosince ' +
    'января февраля марта апреля мая июня июля августа сентября октября ноября декабря ' +
    'ocak şubat mart nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık ' +
    'tammikuuta helmikuuta maaliskuuta huhtikuuta toukokuuta kesäkuuta heinäkuuta elokuuta syyskuuta lokakuuta marraskuuta joulukuuta').split(' '),
);

// Span patterns, tried only where a run of digits starts (sticky): most text has few digits,
// so this costs far less than scanning every block with four global patterns.
const SPAN_RE = new RegExp(
  [
    // 1: numeric date: 2024-03-01, 1/3/2024, 1.3.24
    '(\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}(?!\\d)|\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{2,4}(?!\\d)|\\d{4}年\\d{1,2}月)',
    // 2: time: 12:30, 9h30, 3pm, 3 p.m.
    '(\\d{1,2}[:h]\\d{2}(?::\\d{2})?(?:\\s?[ap]\\.?m\\.?)?(?!\\d)|\\d{1,2}\\s?[ap]\\.?m\\.?(?!\\p{L}))',
    // 3: percentage
    '(\\d[\\d.,]*\\s?(?:%|‰|(?:per ?cent|percent|prozent|pour ?cent|por ?ciento|por ?cento|per ?cento|procent|prosent|prosenttia)(?!\\p{L})))',
    // 4: money, currency after (currency before is looked at separately)
    '(\\d[\\d.,]*\\s?(?:[$€£¥₹₽₩]|(?:usd|eur|gbp|chf|jpy|dollars?|euros?|pounds?)(?!\\p{L})))',
  ].join('|'),
  'iuy',
);
const CURRENCY_BEFORE_RE = /(?:[$€£¥₹₽₩]|\b(?:usd|eur|gbp|chf|jpy))\s?$/i;
const DIGIT_CODE_0 = 48;
const DIGIT_CODE_9 = 57;

interface SpanCounts {
  date: number;
  time: number;
  money: number;
  percent: number;
}

/** countSpans' result, reused: its caller reads it before the next call. */
const SPANS: SpanCounts = { date: 0, time: 0, money: 0, percent: 0 };

function countSpans(text: string, out: SpanCounts): SpanCounts {
  out.date = out.time = out.money = out.percent = 0;
  const n = text.length;
  let k = 0;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (c < DIGIT_CODE_0 || c > DIGIT_CODE_9) {
      k++;
      continue;
    }
    if (k > 0) {
      const p = text.charCodeAt(k - 1);
      // Not the start of a digit run (or glued to a word, like "mp3"): move on.
      if ((p >= DIGIT_CODE_0 && p <= DIGIT_CODE_9) || (p >= 97 && p <= 122) || (p >= 65 && p <= 90)) {
        k++;
        continue;
      }
    }
    SPAN_RE.lastIndex = k;
    const m = SPAN_RE.exec(text);
    let end = k + 1;
    if (m) {
      end = k + m[0].length;
      if (m[1] !== undefined) out.date++;
      else if (m[2] !== undefined) out.time++;
      else if (m[3] !== undefined) out.percent++;
      else out.money++;
    } else if (CURRENCY_BEFORE_RE.test(text.slice(Math.max(0, k - 5), k))) {
      out.money++;
    }
    // Skip the rest of this number so it is not tried again from its middle.
    while (end < n) {
      const d = text.charCodeAt(end);
      if ((d >= DIGIT_CODE_0 && d <= DIGIT_CODE_9) || d === 44 || d === 46) end++;
      else break;
    }
    k = end;
  }
  return out;
}

const DIGIT_RE = /^\p{N}/u;
const NO_TOKENS: ReadonlySet<string> = new Set();

/** Whether token k starts with a digit of any script (ASCII without a regular expression). */
function startsWithDigit(store: TokenStore, t: number, k: number): boolean {
  const c = store.unitAt(t, store.startOf(k));
  return c < 128 ? c >= DIGIT_CODE_0 && c <= DIGIT_CODE_9 : DIGIT_RE.test(store.raw(t, k));
}

/** `/^(?:1[89]|20)\d\d$/` on token k: a year of four ASCII digits. */
function isYear(store: TokenStore, t: number, k: number): boolean {
  if (store.lengthOf(k) !== 4) return false;
  const at = store.startOf(k);
  const d0 = store.unitAt(t, at);
  const d1 = store.unitAt(t, at + 1);
  if (!((d0 === 49 && (d1 === 56 || d1 === 57)) || (d0 === 50 && d1 === 48))) return false;
  return isAsciiDigit(store.unitAt(t, at + 2)) && isAsciiDigit(store.unitAt(t, at + 3));
}

function isAsciiDigit(c: number): boolean {
  return c >= DIGIT_CODE_0 && c <= DIGIT_CODE_9;
}

const KNOWN_MONTHS = new KnownWords(MONTHS);

/** Whether token k, lower-cased, is a month name; most tokens are ruled out without making their text. */
function isMonth(store: TokenStore, t: number, k: number): boolean {
  return KNOWN_MONTHS.mayHold(store, t, k) && MONTHS.has(store.lower(t, k));
}

/** What a token is to `countEntities`' scan (`tokenKind`). */
const DAY_MONTH = 0;
const MONTH_DATE = 1;
const NUMBER = 2;
const CAPITALISED = 3;
const OTHER = 4;

/**
 * Token k of text t (of tokens first .. end - 1) as the scan reads it: a month after a
 * number ("3 March 2024": the scan has just counted that number), a month before one
 * ("March 3", "März 2024"), a number, a capitalised word that starts or extends a run of
 * names (`inRun`: one is open), or other.
 */
function tokenKind(store: TokenStore, t: number, k: number, first: number, end: number, anyLower: boolean, inRun: boolean): number {
  if (isMonth(store, t, k)) {
    if (k > first && startsWithDigit(store, t, k - 1)) return DAY_MONTH;
    if (k + 1 < end && startsWithDigit(store, t, k + 1)) return MONTH_DATE;
  }
  if (startsWithDigit(store, t, k)) return NUMBER;
  const f = store.flags(k);
  // In a block without lower-case words (a headline in title case, a menu) capitals say nothing about names.
  if (anyLower && (f & TOKEN_UPPER) !== 0 && ((f & TOKEN_SENTENCE_START) === 0 || inRun) && store.lengthOf(k) > 1) return CAPITALISED;
  return OTHER;
}

/** Whether one of tokens first .. end - 1 has a lower-case first letter. */
function hasLowerWord(store: TokenStore, first: number, end: number): boolean {
  for (let k = first; k < end; k++) if ((store.flags(k) & TOKEN_LOWER) !== 0) return true;
  return false;
}

/**
 * Counts entity-like spans of a block's text; `tokens` holds `tokenize(text)` as its text `t`.
 * With `collectTokens` false the result's `tokens` stay empty (only the bag of words reads them).
 */
export function countEntities(text: string, store: TokenStore, t: number, collectTokens = true): EntityCounts {
  // Most blocks have no entity tokens: their set is the shared empty one, made only when needed.
  let entityTokens: Set<string> | undefined;
  let name = 0;
  const spans = countSpans(text, SPANS);
  const numericDates = spans.date;
  let date = numericDates;
  const { time, money, percent } = spans;
  let numbers = 0;
  const first = store.first(t);
  const end = store.end(t);
  const anyLower = hasLowerWord(store, first, end);
  // The open run of capitalised words starts at runFrom (-1: none). A lone capitalised word
  // mid-sentence counts too (a surname, a city); a run counts once, at the token after it (k =
  // end: the block's end), the one place a run closes.
  let runFrom = -1;
  for (let k = first; k <= end; k++) {
    const kind = k < end ? tokenKind(store, t, k, first, end, anyLower, runFrom >= 0) : OTHER;
    if (kind === CAPITALISED) {
      if (runFrom < 0) runFrom = k;
      continue;
    }
    if (runFrom >= 0) {
      name++;
      if (collectTokens) entityTokens = withTokens(entityTokens, store, t, runFrom, k);
      runFrom = -1;
    }
    if (kind === OTHER) continue;
    if (kind === DAY_MONTH) {
      date++;
      // "3 March": the day was counted as a number a moment ago.
      if (!isYear(store, t, k - 1) && numbers > 0) numbers--;
    } else if (kind === MONTH_DATE || isYear(store, t, k)) date++;
    else numbers++;
    if (collectTokens) entityTokens = withTokens(entityTokens, store, t, k, k + 1);
  }
  // Numbers inside numeric dates, times, money and percentages are not counted again as numbers.
  numbers = Math.max(0, numbers - time - money - percent - numericDates);
  return { name, date, time, money, percent, number: numbers, tokens: entityTokens ?? NO_TOKENS };
}

/** `set` (made when absent) with the lower-cased tokens from .. to - 1 of text t added. */
function withTokens(set: Set<string> | undefined, store: TokenStore, t: number, from: number, to: number): Set<string> {
  const out = set ?? new Set<string>();
  for (let k = from; k < to; k++) out.add(store.lower(t, k));
  return out;
}

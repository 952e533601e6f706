import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize, wordCount, upperCaseRatio, endPunctuation, textDensity, splitIdentifier, countWords, countWordEquivalents, nonSpaceChars } from '../../src/features/text-stats.js';
import { countEntities } from '../../src/features/entities.js';
import { TokenStore } from '../../src/features/token-store.js';
import { guessStopLanguage, stopLanguageOf, STOP_LANGUAGES, stopWords } from '../../src/features/stop-words.js';

test('tokenize: inner dots, apostrophes and hyphens; sentence starts; case', () => {
  const t = tokenize("Hello U.S. world. Don't e-mail 3.5 ÉCOLE über");
  assert.deepEqual(t.map((x) => x.raw), ['Hello', 'U.S', 'world', "Don't", 'e-mail', '3.5', 'ÉCOLE', 'über']);
  // The dot closing "U.S." cannot be told from a full stop: "world" counts as a sentence start.
  assert.deepEqual(t.map((x) => x.sentenceStart), [true, false, true, true, false, false, false, false]);
  assert.deepEqual(t.map((x) => x.upper), [true, true, false, true, false, null, true, false]);
  assert.equal(t[6]!.lower, 'école');
});

test('tokenize: CJK characters are tokens of their own; astral characters are safe', () => {
  const t = tokenize('東京は晴れ。今日 𠀀 😀 ok');
  assert.deepEqual(t.map((x) => x.raw), ['東', '京', 'は', '晴', 'れ', '今', '日', '𠀀', 'ok']);
  assert.ok(t.slice(0, 8).every((x) => x.cjk && x.upper === null));
  assert.equal(t[5]!.sentenceStart, true);
  assert.equal(wordCount(t), 1 + Math.ceil(8 / 2));
  assert.deepEqual(tokenize(''), []);
  assert.deepEqual(tokenize('  ... !!! '), []);
});

test('upper-case ratio, end punctuation, text density, whitespace words', () => {
  assert.equal(upperCaseRatio('ABC def'), 0.5);
  assert.equal(upperCaseRatio('ÉCOLE'), 1);
  assert.equal(upperCaseRatio('123 ---'), 0);
  // Non-Latin scripts by case mapping, decided once per character and then read from a table.
  assert.equal(upperCaseRatio('МОСКВА москва'), 0.5);
  assert.equal(upperCaseRatio('Ωμέγα'), 0.2);
  assert.equal(upperCaseRatio('北京市'), 0); // no cased letters
  assert.equal(upperCaseRatio('ΑΘΗΝΑ'), 1); // the same characters again, now from the table
  assert.equal(endPunctuation('A sentence.'), 'dot');
  assert.equal(endPunctuation('Really?  '), 'question');
  assert.equal(endPunctuation('Wait...'), 'ellipsis');
  assert.equal(endPunctuation('He said “no”'), 'quote');
  assert.equal(endPunctuation('Heading'), 'none');
  assert.equal(endPunctuation(''), 'empty');
  assert.equal(endPunctuation('终于。'), 'dot');
  const long = tokenize(Array.from({ length: 60 }, () => 'word').join(' '));
  // 60 words of 4 letters wrap at 80 columns into 16 per line: 3 full lines + a last one of 12.
  assert.equal(textDensity(long), 16);
  assert.equal(textDensity(tokenize('short line')), 2);
  assert.equal(countWords('  a bc\u00a0d\n e '), 4);
});

test('word-equivalents: whitespace words, Han and Kana at half a word, CJK punctuation no word', () => {
  // Text without Han or Kana: the chunks between white space, however odd.
  for (const t of ['one two  three', ' lead and trail ', 'a\u00a0b\u2003c', 'x — y', 'Москва 2024', ''])
    assert.equal(countWordEquivalents(t), t.split(/\s+/).filter(Boolean).length, JSON.stringify(t));
  // A Chinese sentence is no longer one word: 20 characters are 10 words.
  assert.equal(countWordEquivalents('一波波接續性低溫寒流報到已將新竹尖石鄉後'), 10);
  assert.equal(countWordEquivalents('露營、民宿、餐飲'), 3, '6 characters; the enumeration commas are no words');
  assert.equal(countWordEquivalents('東京都 Tokyo'), 3, 'three characters are two words, Tokyo one');
  assert.equal(countWordEquivalents('、。！'), 0);
  // Counting may stop at a limit (at the next white space).
  assert.equal(countWordEquivalents('a b c d e f g h i j k l m n o p', 12), 12);
});

test('splitIdentifier: camelCase, kebab-case, snake_case, acronyms', () => {
  const out: string[] = [];
  splitIdentifier('articleBody post-content main_text HTMLParser', out);
  assert.deepEqual(out, ['article', 'body', 'post', 'content', 'main', 'text', 'html', 'parser']);
});

test('entities: names in running text, dates, times, money, percentages, numbers', () => {
  const text = 'On 3 March 2024 at 10:45, Jane Smith said the plan costs $4.5 million, about 40% more than 12 others.';
  const e = countEntities(text, TokenStore.of(text), 0);
  assert.equal(e.name, 1); // "Jane Smith" is one run; "On" opens the sentence
  assert.equal(e.date, 2); // "3 March" and "2024"
  assert.equal(e.time, 1);
  assert.equal(e.money, 1);
  assert.equal(e.percent, 1);
  assert.ok(e.tokens.has('jane') && e.tokens.has('smith') && !e.tokens.has('plan'));
  // A title-case headline has no lower-case words, so its capitals say nothing about names.
  const h = 'Council Approves River Bridge Plan';
  assert.equal(countEntities(h, TokenStore.of(h), 0).name, 0);
  const none = 'nothing here at all';
  const z = countEntities(none, TokenStore.of(none), 0);
  assert.deepEqual([z.name, z.date, z.time, z.money, z.percent, z.number], [0, 0, 0, 0, 0, 0]);
  assert.equal(z.tokens.size, 0);
  // Digits of other scripts are numbers too (Arabic-Indic, full-width).
  const other = 'رفعت الأسعار ٣ مرات و ١٢ يوما';
  assert.equal(countEntities(other, TokenStore.of(other), 0).number, 2);
  const wide = 'sold １２ copies';
  assert.equal(countEntities(wide, TokenStore.of(wide), 0).number, 1);
});

test('stop lists: at least the required languages, and language guessing', () => {
  for (const l of ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'no', 'fi', 'pl', 'cs', 'ru', 'tr', 'id', 'zh', 'ja'] as const) {
    assert.ok(STOP_LANGUAGES.includes(l), l);
    assert.ok(stopWords(l).size >= 20, `${l} list is short`);
  }
  assert.equal(stopLanguageOf('pt-BR'), 'pt');
  assert.equal(stopLanguageOf('nb'), 'no');
  assert.equal(stopLanguageOf('xx'), undefined);
  const fr = tokenize('Le conseil a voté pour le projet et les habitants sont contents de la décision qui a été prise dans la ville').map((t) => t.lower);
  assert.equal(guessStopLanguage(fr), 'fr');
  const ru = tokenize('Совет проголосовал за проект, и это было очень важно для города, а жители не были против').map((t) => t.lower);
  assert.equal(guessStopLanguage(ru), 'ru');
  assert.equal(guessStopLanguage(['xyzzy', 'plugh']), undefined);
});

test('nonSpaceChars: what is left once every character \\s matches is taken out', () => {
  assert.equal(nonSpaceChars(''), 0);
  assert.equal(nonSpaceChars(' \t\n\r\f\v'), 0);
  assert.equal(nonSpaceChars('a\u00a0b\u2009c\u3000d\ufeff'), 4, 'no-break, thin, ideographic spaces and the byte-order mark are white space');
  for (const s of ['Original price was: $30.00.', ' x \u200b y ', 'Ünïcode — 日本語']) assert.equal(nonSpaceChars(s), s.replace(/\s/g, '').length, s);
});

// The regular expressions the character loops replaced: the loops must give the same answers.
const REFERENCE_IDENT_RE = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+/gu;
function referenceSplit(s: string): string[] {
  return [...s.matchAll(REFERENCE_IDENT_RE)].map((m) => m[0].toLowerCase());
}
function referenceEnd(text: string): string {
  const t = text.replace(/[\s\u00a0]+$/u, '');
  if (t.length === 0) return 'empty';
  const c = t[t.length - 1]!;
  if (c === '.' || c === '。' || c === '।') return t.endsWith('...') ? 'ellipsis' : 'dot';
  return endPunctuation(c);
}

test('splitIdentifier and endPunctuation agree with their regular expressions on random text in many scripts', () => {
  const alphabet = ['a', 'b', 'Z', 'Q', 'é', 'É', 'ß', 'Σ', 'σ', 'Ж', 'ж', '中', 'ǅ', '𐐀', '𐐨', '\ud800', '\udc00', '1', '-', '_', ' ', '.', '。', '।', '…', '?', '"', '\u00a0', '\u2028', '\u3000', '\ufeff', '\t', 'ª'];
  let seed = 7;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  for (let round = 0; round < 5000; round++) {
    const len = next() % 12;
    let s = '';
    for (let k = 0; k < len; k++) s += alphabet[next() % alphabet.length];
    const got: string[] = [];
    splitIdentifier(s, got);
    assert.deepEqual(got, referenceSplit(s), JSON.stringify(s));
    assert.equal(endPunctuation(s), referenceEnd(s), JSON.stringify(s));
  }
  // ASCII-only strings take a path of their own.
  const ascii = ['a', 'b', 'z', 'A', 'Q', 'Z', '1', '-', '_', ' ', '@', '[', '`', '{'];
  for (let round = 0; round < 5000; round++) {
    const len = next() % 14;
    let s = '';
    for (let k = 0; k < len; k++) s += ascii[next() % ascii.length];
    const got: string[] = [];
    splitIdentifier(s, got);
    assert.deepEqual(got, referenceSplit(s), JSON.stringify(s));
  }
  for (const s of ['HTMLParser', 'articleBody', 'post-content_main', 'ABCdef', 'AB', 'aB', 'Ab', 'XMLHttpRequest2Go', 'ÉTÉété']) {
    const got: string[] = [];
    splitIdentifier(s, got);
    assert.deepEqual(got, referenceSplit(s), s);
  }
});

test('countEntities: a run of capitals ends at a month date, a number, a lower-case word or the block\'s end, and each is one name', () => {
  const text = 'we met Anna Weber 3 May, then Paul Klee March 2024 and Maria Lopez left with Tom Berg';
  const e = countEntities(text, TokenStore.of(text), 0);
  assert.equal(e.name, 4);
  assert.equal(e.date, 3); // May, March, 2024
  for (const w of ['anna', 'weber', 'paul', 'klee', 'maria', 'lopez', 'tom', 'berg', '3', 'may', 'march', '2024']) assert.ok(e.tokens.has(w), w);
  for (const w of ['we', 'met', 'then', 'and', 'left', 'with']) assert.ok(!e.tokens.has(w), w);
  // Nothing of one block carries into the next in the same store, not even a run open at its end.
  const store = new TokenStore();
  const open = 'the winner was Tom Berg';
  const plain = 'nothing to see';
  store.add(open);
  store.add(plain);
  assert.equal(countEntities(open, store, 0).name, 1);
  const next = countEntities(plain, store, 1);
  assert.equal(next.name, 0);
  assert.equal(next.tokens.size, 0);
});

test('countEntities: a day before a month is part of its date, not a number; a year before one stays a date', () => {
  const numbersAndDates = (text: string): [number, number] => {
    const e = countEntities(text, TokenStore.of(text), 0);
    return [e.number, e.date];
  };
  assert.deepEqual(numbersAndDates('due 3 March'), [0, 1]);
  assert.deepEqual(numbersAndDates('due ٣ March'), [0, 1], 'a day in another script');
  assert.deepEqual(numbersAndDates('5 items 2024 March'), [1, 2], 'the year was a date, not a number');
  assert.deepEqual(numbersAndDates('due March 3'), [1, 1], 'a day after the month is still a number');
  assert.deepEqual(numbersAndDates('March alone and 7 more'), [1, 0], 'a month next to no number is no date');
});

test('countEntities counts the same without collecting entity tokens, and then collects none', () => {
  for (const text of ['On 3 March 2024 Anna Smith paid $40 at 9:30 for 15% of Acme Corp.', 'Der Bundestag hat am 12. Mai in Berlin 2,5 Millionen Euro bewilligt.', 'plain words only']) {
    const toks = TokenStore.of(text);
    const withTokens = countEntities(text, toks, 0);
    const counts = countEntities(text, toks, 0, false);
    assert.deepEqual({ ...counts, tokens: undefined }, { ...withTokens, tokens: undefined }, text);
    assert.equal(counts.tokens.size, 0);
  }
  assert.ok(countEntities('Anna Smith met Bob in Paris on 3 March.', TokenStore.of('Anna Smith met Bob in Paris on 3 March.'), 0).tokens.size > 0);
});

test('tokenize: every token\'s lower is its raw text lower-cased, on random text in many scripts', () => {
  const alphabet = ['a', 'z', 'A', 'Z', 'é', 'É', 'İ', 'ß', 'Σ', 'ǅ', '𐐀', '𐐨', '\ud800', '\udc00', '1', '-', "'", '’', '.', ' ', '中', 'カ', 'K', '@', '['];
  let seed = 11;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  let plain = 0;
  for (let round = 0; round < 5000; round++) {
    const len = next() % 14;
    let s = '';
    for (let k = 0; k < len; k++) s += alphabet[next() % alphabet.length];
    for (const t of tokenize(s)) {
      assert.equal(t.lower, t.raw.toLowerCase(), JSON.stringify(s));
      if (t.lower === t.raw) plain++;
    }
  }
  assert.ok(plain > 1000, 'many tokens are their own lower case');
});

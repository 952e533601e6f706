import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textDensity, tokenize, wordCount, type Token } from '../../src/features/text-stats.js';
import { KnownWords, TOKEN_PLAIN, TokenStore, wordHash } from '../../src/features/token-store.js';
import { countEntities } from '../../src/features/entities.js';

const TEXTS = [
  "Hello U.S. world. Don't e-mail 3.5 ÉCOLE über",
  '東京は晴れ。今日 𠀀 😀 ok',
  'Москва: 12 мая 2024 года. Совет проголосовал!',
  'Ελληνικά ΣΟΦΟΣ σοφός; İstanbul ǅemal',
  'zero\u200dwidth joiner\u200cnon ka\u2019s o’clock rock-’n’-roll ..dots.. a.b.c.',
  'עברית ועוד, العربية والمزيد؟ हिन्दी भाषा। ไทย',
  'lone \ud800 high \udc00 low 𐐀𐐨 deseret 𝒜𝒷 math',
  '',
  '   ... !!! ',
  '3 March 2024 MARCH 3, März 2024, 4 sept, 5 Sept.',
];

function storeTokens(store: TokenStore, t: number): Token[] {
  const out: Token[] = [];
  for (let k = store.first(t); k < store.end(t); k++) out.push(store.token(t, k));
  return out;
}

test('token store: the same tokens as tokenize, text by text, in one store', () => {
  const store = new TokenStore();
  for (const text of TEXTS) store.add(text);
  TEXTS.forEach((text, t) => {
    const slow = tokenize(text);
    assert.deepEqual(storeTokens(store, t), slow, JSON.stringify(text));
    assert.equal(store.count(t), slow.length);
    assert.equal(store.wordCount(t), wordCount(slow));
    assert.equal(store.textDensity(t), textDensity(slow));
    assert.deepEqual(store.lowerWords(t), slow.map((x) => x.lower));
    for (let k = store.first(t); k < store.end(t); k++) {
      const raw = store.raw(t, k);
      assert.equal(store.lengthOf(k), raw.length);
      assert.equal((store.flags(k) & TOKEN_PLAIN) !== 0, raw === raw.toLowerCase() && /^[\x00-\x7f]*$/.test(raw), raw);
    }
  });
});

test('token store: a cap keeps the first tokens, as tokenize(text).slice(0, max)', () => {
  for (const text of TEXTS) {
    for (const max of [0, 1, 3, 7]) {
      const store = TokenStore.of(text, max);
      assert.deepEqual(storeTokens(store, 0), tokenize(text).slice(0, max), `${JSON.stringify(text)} max ${max}`);
    }
  }
});

test('token store: random text in many scripts, joiners and broken surrogates, grown past its first arrays', () => {
  const alphabet = ['a', 'z', 'A', 'Z', 'é', 'É', 'İ', 'ß', 'Σ', 'ǅ', '𐐀', '𐐨', '\ud800', '\udc00', '1', '-', "'", '’', '.', ' ', '中', 'カ', 'K', '@', '[', '!', '\n', '\u200d', '한'];
  let seed = 7;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const store = new TokenStore();
  const texts: string[] = [];
  for (let round = 0; round < 3000; round++) {
    const len = next() % 20;
    let s = '';
    for (let k = 0; k < len; k++) s += alphabet[next() % alphabet.length];
    texts.push(s);
    store.add(s);
  }
  assert.ok(store.end(texts.length - 1) > 1024, 'more tokens than the first arrays hold');
  texts.forEach((s, t) => assert.deepEqual(storeTokens(store, t), tokenize(s), JSON.stringify(s)));
});

test('entities over the store: months in any case and script next to numbers, years, names', () => {
  const text = 'Am 3 MÄRZ 2024 und am 4 March sprach Anna Weber mit 12 мая Leuten, 7 Sept 1999.';
  const e = countEntities(text, TokenStore.of(text), 0);
  assert.equal(e.date, 6); // MÄRZ, 2024, March, мая, Sept, 1999
  assert.ok(e.tokens.has('märz') && e.tokens.has('march') && e.tokens.has('мая') && e.tokens.has('sept'));
  assert.ok(e.tokens.has('anna') && e.tokens.has('weber'));
  // A word hashing like no month is no month; a month word without a number beside it is none.
  const plain = 'The march of time and May be so.';
  assert.equal(countEntities(plain, TokenStore.of(plain), 0).date, 0);
});

test('token store: a token\'s lowerHash is the hash of its lower case; known words rule out only tokens outside them', () => {
  const store = new TokenStore();
  for (const text of TEXTS) store.add(text);
  const words = ['hello', 'école', 'мая', 'σοφός', 'σοφος', "o’clock", '東', 'deseret', 'march', 'märz', 'i̇stanbul', 'ǆemal', 'a'];
  const known = new KnownWords(words);
  const hashes = new Set(words.map(wordHash));
  TEXTS.forEach((_, t) => {
    const among = store.lowerWordsAmong(t, known);
    const lower = store.lowerWords(t);
    for (let k = store.first(t); k < store.end(t); k++) assert.equal(store.lowerHash(t, k), wordHash(store.lower(t, k)), lower[k - store.first(t)]);
    // Every listed word is kept; a blanked token is surely none of them.
    lower.forEach((w, j) => {
      if (words.includes(w)) assert.equal(among[j], w, w);
      if (among[j] === '') assert.ok(!words.includes(w), w);
      else assert.ok(hashes.has(wordHash(w)), w);
    });
    assert.deepEqual(store.lowerWordsAmongIfAny(t, known), among.some((w) => w !== '') ? among : null);
  });
  for (const w of ['hello', 'école', 'мая', 'i̇stanbul', 'ǆemal', 'march', 'märz']) assert.ok(TEXTS.some((_, t) => store.lowerWordsAmong(t, known).includes(w)), w);
});

test('known words: random tokens in many scripts are never ruled out when they are listed', () => {
  const alphabet = ['a', 'z', 'A', 'Z', 'é', 'É', 'İ', 'ß', 'Σ', 'σ', 'ǅ', 'ǆ', '𐐀', '𐐨', '1', '-', "'", 'K', 'k', 'ſ', 's', 'Ж', 'ж', ' '];
  let seed = 3;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const store = new TokenStore();
  for (let round = 0; round < 2000; round++) {
    const len = next() % 10;
    let s = '';
    for (let k = 0; k < len; k++) s += alphabet[next() % alphabet.length];
    store.add(s);
  }
  const all: string[] = [];
  for (let t = 0; t < 2000; t++) all.push(...store.lowerWords(t));
  const known = new KnownWords(all.filter((_, j) => j % 3 === 0));
  const listed = new Set(all.filter((_, j) => j % 3 === 0));
  let ruledOut = 0;
  for (let t = 0; t < 2000; t++) {
    for (let k = store.first(t); k < store.end(t); k++) {
      const w = store.lower(t, k);
      if (!known.mayHold(store, t, k)) {
        ruledOut++;
        assert.ok(!listed.has(w), w);
      }
    }
  }
  assert.ok(ruledOut > 0);
});

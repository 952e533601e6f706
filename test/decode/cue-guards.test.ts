/**
 * Every pre-test word list guards its pattern: each alternative of the pattern, however deep,
 * holds one of the words in a part every match of it must contain. Read from the patterns'
 * sources (`requiresGuard`), so a pattern that gains an alternative without its word fails here,
 * whatever sample lines the rules' own tests hold.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AFFILIATE_DISCLOSURE, AFFILIATE_WORD, CLASS_WORD_GROUPS, COMMENT_SECTION_NAME, CONSENT_NOTICE, CONSENT_NOTICE_WORD,
  LOADING_PLACEHOLDER, LOADING_WORD, QUOTE_ATTRIBUTION, QUOTE_ATTRIBUTION_WORD, READER_APPEAL, READER_APPEAL_WORD,
} from '../../src/features/cue-words.js';
import { UNANCHORED_NAME_WORD, UNANCHORED_NAMES } from '../../src/decode/class-names.js';
import { NEWSLETTER_BLURB, NEWSLETTER_WORD } from '../../src/decode/rules/reader-appeals.js';
import { SIGNED_CAPTION, VIA } from '../../src/decode/rules/shared/credit-line.js';

/** A regular expression's source read as far as this test needs: alternatives, sequences, groups, quantifiers. */
type Item =
  | { kind: 'char'; sample: string; min: number; once: boolean }
  | { kind: 'other'; min: number; once: boolean }
  | { kind: 'group'; alts: Item[][]; counts: boolean; min: number; once: boolean };

function parseSource(src: string): Item[][] {
  let i = 0;
  const alternatives = (): Item[][] => {
    const out = [sequence()];
    while (src[i] === '|') {
      i++;
      out.push(sequence());
    }
    return out;
  };
  const sequence = (): Item[] => {
    const items: Item[] = [];
    while (i < src.length && src[i] !== '|' && src[i] !== ')') {
      const atom = atomAt();
      const { min, once } = quantifier();
      items.push({ ...atom, min, once } as Item);
    }
    return items;
  };
  const atomAt = (): { kind: 'char'; sample: string } | { kind: 'other' } | { kind: 'group'; alts: Item[][]; counts: boolean } => {
    const c = src[i]!;
    if (c === '(') {
      i++;
      // A negative lookaround requires nothing of the text; a positive one requires its text there.
      let counts = true;
      if (src.startsWith('?:', i) || src.startsWith('?=', i)) i += 2;
      else if (src.startsWith('?!', i)) { i += 2; counts = false; }
      else if (src.startsWith('?<=', i)) i += 3;
      else if (src.startsWith('?<!', i)) { i += 3; counts = false; }
      else if (src[i] === '?') throw new Error(`unread group at ${i} in ${src}`);
      const alts = alternatives();
      assert.equal(src[i], ')', `group closed at ${i} in ${src}`);
      i++;
      return { kind: 'group', alts, counts };
    }
    if (c === '[') {
      i++;
      while (src[i] !== ']') i += src[i] === '\\' ? 2 : 1;
      i++;
      return { kind: 'other' };
    }
    if (c === '\\') {
      const e = src[i + 1]!;
      i += 2;
      if (e === 'p' || e === 'P') {
        i = src.indexOf('}', i) + 1;
        return { kind: 'other' };
      }
      if (e === 's') return { kind: 'char', sample: ' ' };
      if (/[a-zA-Z0-9]/.test(e)) return { kind: 'other' };
      return { kind: 'char', sample: e };
    }
    i++;
    if (c === '^' || c === '$' || c === '.') return { kind: 'other' };
    return { kind: 'char', sample: c };
  };
  const quantifier = (): { min: number; once: boolean } => {
    const c = src[i];
    if (c === '?' || c === '*' || c === '+') {
      i++;
      if (src[i] === '?') i++;
      return { min: c === '+' ? 1 : 0, once: false };
    }
    const m = c === '{' ? /^\{(\d+)(,\d*)?\}/.exec(src.slice(i)) : null;
    if (m) {
      i += m[0].length;
      if (src[i] === '?') i++;
      return { min: Number(m[1]), once: m[1] === '1' && m[2] === undefined };
    }
    return { min: 1, once: true };
  };
  const out = alternatives();
  assert.equal(i, src.length, `read to the end of ${src}`);
  return out;
}

/** Whether every text this sequence matches holds a match of `guard`: a run of characters it must hold does, or a group it must hold is guarded in every alternative. */
function sequenceGuarded(seq: readonly Item[], guard: RegExp): boolean {
  let run = '';
  const runGuarded = (): boolean => {
    const hit = run !== '' && guard.test(run);
    run = '';
    return hit;
  };
  for (const item of seq) {
    if (item.min === 0) {
      if (runGuarded()) return true;
      continue;
    }
    if (item.kind === 'char') {
      run += item.sample;
      if (!item.once && runGuarded()) return true;
      continue;
    }
    if (runGuarded()) return true;
    if (item.kind === 'group' && item.counts && item.alts.every((alt) => sequenceGuarded(alt, guard))) return true;
  }
  return runGuarded();
}

/** The alternatives of `pattern` (at any depth) that hold no match of `guard` for sure, as their sources' indices; none when `guard` guards it. */
function unguarded(pattern: RegExp, guard: RegExp): number[] {
  const alts = parseSource(pattern.source);
  return alts.flatMap((alt, k) => (sequenceGuarded(alt, guard) ? [] : [k]));
}

/** Holds `guard` to guard `pattern`: the same flags (so case folding agrees), and every alternative guarded. */
function assertGuards(pattern: RegExp, guard: RegExp): void {
  assert.equal(guard.flags, pattern.flags, `/${guard.source}/ has /${pattern.source.slice(0, 40)}.../'s flags`);
  assert.deepEqual(unguarded(pattern, guard), [], `/${guard.source}/ guards every alternative of /${pattern.source}/`);
}

test('the reading of sources finds an unguarded alternative', () => {
  assert.deepEqual(unguarded(/foo|bar/i, /foo/i), [1]);
  assert.deepEqual(unguarded(/colou?r/i, /colour/i), [0]);
  assert.deepEqual(unguarded(/(?<!ad)x/i, /ad/i), [0]);
  assert.deepEqual(unguarded(/(?:ad|x)y/i, /ad/i), [0]);
  assert.deepEqual(unguarded(/(?:ads?|adunit\w*)(?:[-_]\w*)*$/i, /ad/i), []);
  assert.deepEqual(unguarded(/by\s+(?:using|continuing)/iu, /by\s/iu), []);
  assert.deepEqual(unguarded(/b(?:y)?\s+x/iu, /by\s/iu), [0]);
  assert.deepEqual(unguarded(/(?:[\p{L}-]+\s+){0,4}(?:kaufen)/iu, /jetzt/iu), [0]);
});

test('each line pattern is guarded by its pre-test words in every alternative', () => {
  assertGuards(READER_APPEAL, READER_APPEAL_WORD);
  assertGuards(CONSENT_NOTICE, CONSENT_NOTICE_WORD);
  assertGuards(AFFILIATE_DISCLOSURE, AFFILIATE_WORD);
  assertGuards(LOADING_PLACEHOLDER, LOADING_WORD);
  assertGuards(QUOTE_ATTRIBUTION, QUOTE_ATTRIBUTION_WORD);
  assertGuards(NEWSLETTER_BLURB, NEWSLETTER_WORD);
  // A signed caption's pre-test: a colon, a copyright sign or "via" (`isCreditLine`).
  assertGuards(SIGNED_CAPTION, new RegExp(`:|©|${VIA.source}`, VIA.flags));
});

test('each class-name pattern is guarded by its pre-test words in every alternative', () => {
  // The anchored names (footer, sidebar, comment section, ...) need none: `ANCHORED_NAME` tries them in one attempt at a name's start.
  for (const pattern of UNANCHORED_NAMES) assertGuards(pattern, UNANCHORED_NAME_WORD);
});

test('a comment section\'s name holds a word of the features\' comment class-word group', () => {
  // The decoder's comment sections and the features' `hint:comment` read the same words: a name added to one without the other fails here.
  const commentWords = new RegExp(CLASS_WORD_GROUPS['comment']!.split(' ').join('|'), COMMENT_SECTION_NAME.flags);
  assertGuards(COMMENT_SECTION_NAME, commentWords);
});

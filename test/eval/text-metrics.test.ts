import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeForSnippets, shingleScore, snippetCounts, wordScore, wordTokens } from '../../src/eval/text-metrics.js';

test('wordTokens: lower-cased words of any script, punctuation dropped', () => {
  assert.deepEqual(wordTokens('Der Klimawandel, 2023: naïve_Ideen!'), ['der', 'klimawandel', '2023', 'naïve_ideen']);
  assert.deepEqual(wordTokens('子どもへの法律'), ['子どもへの法律']);
});

test('text metrics compare the visible text: a soft hyphen or zero-width space in the gold splits no word', () => {
  assert.deepEqual(wordTokens('Klima\u00adwandel und Wort\u200bwitz\u2060e'), ['klimawandel', 'und', 'wortwitze']);
  assert.equal(wordScore('Der Klimawandel trifft alle', 'Der Klima\u00adwandel trifft alle').f1, 1);
  assert.equal(shingleScore('Der Klimawandel trifft alle Länder', 'Der Klima\u00adwandel trifft alle Länder').f1, 1);
  assert.equal(normalizeForSnippets('ihre Lauf\u00adzei\u00adten  be\u00adhan\u00addelt.'), 'ihre Laufzeiten behandelt.');
});

test('snippetCounts: with-snippets found are hits, without-snippets found are noise, after normalising both sides', () => {
  const text = 'In der Übersicht werden einige Werkzeugtypen und ihre Laufzeiten behandelt.\nMehr lesen';
  assert.deepEqual(snippetCounts(text, { with: ['Werkzeug\u00adty\u00adpen und ihre', 'nicht im Text'], without: ['Mehr lesen', 'Impressum'] }),
    { tp: 1, fp: 1, tn: 1, fn: 1 });
  assert.deepEqual(snippetCounts(text, { with: [' \u00ad'], without: ['\u200b', ''] }), { tp: 0, fp: 0, tn: 0, fn: 0 }, 'no visible text: not counted');
});

test('shingleScore and wordScore: partial overlap scores between 0 and 1, both empty is perfect', () => {
  const s = shingleScore('one two three four five six', 'one two three four five seven');
  assert.ok(s.precision > 0 && s.precision < 1, String(s.precision));
  assert.deepEqual(shingleScore('', ''), { precision: 1, recall: 1, f1: 1 });
  const w = wordScore('a b c d', 'a b x y');
  assert.equal(w.precision, 0.5);
  assert.equal(w.recall, 0.5);
});

/** Alignment edge cases: the gold and the page differ in ways that carry no meaning. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { goldBlockLabels, alignGold, alignTokens, repairMojibake, alignTokenSequences } from '../../src/corpus/index.js';
import type { Gold } from '../../src/corpus/index.js';
import { withCpuMs } from '../helpers/cpu.js';

const page = (body: string) => loadPage(new TextEncoder().encode(`<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`));
const labels = (body: string, gold: Gold) => goldBlockLabels(page(body), gold);

test('entities, curly quotes, dashes and spacing do not matter', () => {
  const l = labels(
    '<div>Menu</div><p>&ldquo;It&rsquo;s   done&rdquo; &mdash; said the mayor &amp; her deputy.</p><div>Footer text here</div>',
    { mainText: '"It\'s done" - said the mayor & her deputy.' },
  );
  assert.deepEqual(l, ['other', 'body', 'other']);
});

test('mojibake (UTF-8 read as windows-1252) in the gold is repaired', () => {
  assert.equal(repairMojibake('donâ€™t cafÃ© naÃ¯ve'), 'don’t café naïve');
  assert.equal(repairMojibake('für Bär» Ã'), 'für Bär» Ã'); // real text is never touched
  const l = labels('<p>Nav</p><p>The café’s naïve owner said don’t worry about the façade.</p>', {
    mainText: 'The cafÃ©â€™s naÃ¯ve owner said donâ€™t worry about the faÃ§ade.',
  });
  assert.deepEqual(l, ['other', 'body']);
});

test('plain text takes a fast path with the same tokens as the full normalisation', () => {
  const ascii = 'Hello_World, it\u2019s \u201c42x\u201d!\u00a0A\u2013B\u200d\u2026  c\td';
  // The same text plus one accented word goes through NFKC, mojibake repair and accent folding.
  assert.deepEqual(alignTokens(ascii), alignTokens(`${ascii} \u00e9t\u00e9`).slice(0, -1));
  assert.deepEqual(alignTokens(ascii), ['hello', 'world', 'it', 's', '42x', 'a', 'b', 'c', 'd']);
});

test('a soft hyphen inside a word does not split it', () => {
  assert.deepEqual(alignTokens('Er\u00adin\u00adne\u00adrung an die Op\u00adfer'), ['erinnerung', 'an', 'die', 'opfer']);
});

test('accents and case fold; CJK text splits into characters', () => {
  assert.deepEqual(alignTokens('Ça VA, Zoë!'), ['ca', 'va', 'zoe']);
  // Trade marks are symbols, not letters glued to the word (NFKC alone makes "24tm").
  assert.deepEqual(alignTokens('Summit 24™ Fire Pit℠ ＡＢ'), ['summit', '24', 'fire', 'pit', 'ab']);
  assert.deepEqual(alignTokens('東京に行く'), ['東', '京', 'に', '行', 'く']);
});

test('repeated text: the copy in the content is labelled, not the teaser elsewhere', () => {
  const l = labels(
    '<aside><p>Rain expected tomorrow</p></aside><main><p>Intro words for the story go first.</p><p>Rain expected tomorrow</p><p>Then the closing paragraph ends it.</p></main>',
    { mainText: 'Intro words for the story go first.\nRain expected tomorrow\nThen the closing paragraph ends it.' },
  );
  assert.deepEqual(l, ['other', 'body', 'body', 'body']);
});

test('text split across blocks, and one gold line spanning several blocks', () => {
  const l = labels('<p>First half of the sentence</p><p>and the second half of it.</p><p>Unrelated footer links</p>', {
    mainText: 'First half of the sentence and the second half of it.',
  });
  assert.deepEqual(l, ['body', 'body', 'other']);
});

test('a block mostly outside the gold stays other; the share threshold is an option', () => {
  const body = '<p>alpha beta gamma delta epsilon zeta eta theta</p>';
  const gold = { mainText: 'alpha beta gamma' };
  assert.deepEqual(labels(body, gold), ['other']);
  assert.deepEqual(goldBlockLabels(page(body), gold, { minShare: 0.3 }), ['body']);
});

test('title: at most one block, h1 preferred, nothing when no block shows it', () => {
  const p = page('<a href="/x">Big storm hits coast</a><h1>Big storm hits coast</h1><p>Winds reached 120 km/h overnight.</p><h2>Big storm hits coast</h2>');
  const r = alignGold(p, { title: 'Big Storm Hits Coast | Daily', mainText: 'Winds reached 120 km/h overnight.' });
  assert.equal(r.titleBlock, 1);
  assert.deepEqual(r.labels.filter((x) => x === 'title').length, 1);
  assert.equal(alignGold(p, { title: 'Completely different words here', mainText: 'x' }).titleBlock, undefined);
});

test('images are body inside the content region, other outside', () => {
  const l = labels('<img src="/logo.png"><p>Story text starts here and goes on.</p><img src="/photo.jpg"><p>More story text follows the photo.</p><img src="/ad.png">', {
    mainText: 'Story text starts here and goes on.\nMore story text follows the photo.',
  });
  assert.deepEqual(l, ['other', 'body', 'body', 'body', 'other']);
});

test('partial gold: uncovered blocks are unknown, snippets decide body / other', () => {
  const r = alignGold(page('<p>Home Impressum</p><p>The recipe needs 200 g sugar.</p><p>Share on Twitter</p>'), {
    partial: true,
    snippets: { with: ['200 g sugar'], without: ['Impressum'] },
  });
  assert.deepEqual(r.labels, ['other', 'body', 'unknown']);
  assert.deepEqual(r.snippets, { withTotal: 1, withFound: 1, withBody: 1, withoutTotal: 1, withoutFound: 1, withoutOther: 1 });
});

test('token alignment is monotone, exact on small input and fast on large input', () => {
  const a = Int32Array.from([1, 2, 3, 4, 5, 6]);
  const b = Int32Array.from([9, 2, 3, 7, 5]);
  assert.deepEqual([...alignTokenSequences(a, b, 10)], [-1, 1, 2, -1, 4, -1]);
  // 600 000 page tokens against 100 000 gold tokens: linear-ish, well under a few seconds.
  const n = 600_000;
  const vocab = 50_000;
  const big = new Int32Array(n);
  let seed = 2463534242;
  for (let i = 0; i < n; i++) {
    // xorshift32: a repeatable pseudo-random word stream
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    big[i] = (seed >>> 0) % vocab;
  }
  const gold = big.slice(200_000, 300_000);
  const { value: m, cpuMs: ms } = withCpuMs(() => alignTokenSequences(big, gold, vocab));
  let aligned = 0;
  for (let i = 200_000; i < 300_000; i++) if (m[i] === i - 200_000) aligned++;
  assert.ok(aligned > 95_000, `aligned ${aligned}`);
  assert.ok(ms < 5000, `took ${ms} ms of CPU`);
});

test('a main text with no title beside it: the headline counts as in the text when the gold kept it', () => {
  const html = (title: string) => loadPage(new TextEncoder().encode(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title} - The Site</title></head>`
    + '<body><div>The Site</div><h1>Storm closes the harbour</h1><p>The storm closed the harbour on Monday, the port authority said.</p></body></html>'));
  const withHeadline = alignGold(html('Storm closes the harbour'), { mainText: 'Storm closes the harbour\nThe storm closed the harbour on Monday, the port authority said.' });
  assert.equal(withHeadline.titleInText, true);
  assert.equal(withHeadline.titleBlock, undefined, 'the labels stay the gold\'s own');
  assert.deepEqual(withHeadline.labels, ['other', 'heading', 'body']);
  const bodyOnly = alignGold(html('Storm closes the harbour'), { mainText: 'The storm closed the harbour on Monday, the port authority said.' });
  assert.equal(bodyOnly.titleInText, false);
  const undeclared = alignGold(html('Weather news'), { mainText: 'Storm closes the harbour\nThe storm closed the harbour on Monday, the port authority said.' });
  assert.equal(undeclared.titleInText, false, 'no declared title names the heading');
});

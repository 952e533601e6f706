import { test } from 'node:test';
import assert from 'node:assert/strict';
import { oneTitle } from '../../../src/decode/rules/one-title.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { BlockTag } from '../../../src/decode/rule.js';
import { noteRows, runRule } from './run-rule.js';
import { BlockRole } from '../../../src/decode/roles.js';
import { seededRandom } from '../../../src/util/random.js';
import { comparableText } from '../../../src/util/comparable-text.js';

test('one-title: the most probable title stays, other titles fall to their next label (ties to other)', () => {
  const doc = new BlockBuilder()
    .text('Site name', 'title', 0.5)
    .text('Section', 'title', 0.5).probsOfLast({ title: 0.5, heading: 0.3, body: 0.1, other: 0.1 })
    .text('The real headline', 'title', 0.8)
    .text(para(40), 'body').build();
  const s = runRule(oneTitle, doc);
  assert.deepEqual(s.labels, ['other', 'heading', 'title', 'body']);
  assert.deepEqual(noteRows(s), [
    [0, 'title', 'other', 'one-title', 'a page has one title'],
    [1, 'title', 'heading', 'one-title', 'a page has one title'],
  ]);
});

test('one-title: a weak best candidate above titleThreshold becomes the title; declared headlines break near-ties; comments are never titles', () => {
  const weak = new BlockBuilder().text('Quiet headline', 'other').probsOfLast({ other: 0.9, title: 0.08, body: 0.02 }).text(para(30), 'body').build();
  assert.deepEqual(noteRows(runRule(oneTitle, weak)), [[0, 'other', 'title', 'one-title', 'most probable title']]);
  assert.deepEqual(runRule(oneTitle, weak, { titleThreshold: 0.2 }).notes, []);
  const tie = new BlockBuilder().text('Teaser headline', 'title', 0.55).text('Real Headline!', 'title', 0.5).build();
  assert.deepEqual(runRule(oneTitle, tie, { declaredTitles: ['real headline'] }).labels, ['other', 'title']);
  const s = runRule(oneTitle, tie, {}, (st) => { st.tag(0, BlockTag.setAside); });
  assert.deepEqual(s.labels, ['other', 'title'], 'the comment block is passed over');
});

test('one-title: the first of repeated section headings is not the title when the page declares another headline', () => {
  const sections = new BlockBuilder()
    .text('Test Case 1', 'title', 0.6).atPath('html/body/article/h2')
    .image('body')
    .text('Test Case 2', 'heading').atPath('html/body/article/h2').build();
  const declaredTitles = ['Lazy Load with Alt includes jpg/png/webp extensions'];
  const s = runRule(oneTitle, sections, { declaredTitles });
  assert.deepEqual(s.labels, ['heading', 'body', 'heading']);
  assert.deepEqual(noteRows(s), [[0, 'title', 'heading', 'one-title', 'the first section heading, not the declared headline']]);
  // The declared headline with a date after it, or its words in another order, is the title.
  const dated = runRule(oneTitle, sections, { declaredTitles: ['Test Case 1 | Tests'] });
  assert.deepEqual(dated.labels, ['title', 'body', 'heading']);
  // No declared headline, an h1, or no later heading on the same path: the title stays.
  assert.deepEqual(runRule(oneTitle, sections).labels, ['title', 'body', 'heading']);
  const h1 = new BlockBuilder().text('Test Case 1', 'title', 0.6).atPath('html/body/h1').text('Test Case 2', 'heading').atPath('html/body/h1').build();
  assert.deepEqual(runRule(oneTitle, h1, { declaredTitles }).labels, ['title', 'heading']);
  const otherPath = new BlockBuilder().text('Test Case 1', 'title', 0.6).atPath('html/body/article/h2').text('Test Case 2', 'heading').atPath('html/body/aside/h2').build();
  assert.deepEqual(runRule(oneTitle, otherPath, { declaredTitles }).labels, ['title', 'heading']);
});

test("one-title: the site's name is not the headline when another block shows the declared one", () => {
  // A blog's banner <h1> outscores the post's <h2>: og:site_name names the banner, og:title the post.
  const blog = new BlockBuilder()
    .text('I Geek for Creativity', 'title', 0.5)
    .text('Creative Food Sculptures – Fubiz™', 'other').probsOfLast({ other: 0.8, title: 0.13, heading: 0.07 })
    .text(para(20), 'body').build();
  const declaredTitles = ['Creative Food Sculptures – Fubiz™', 'Creative Food Sculptures – Fubiz™ - I Geek for Creativity'];
  const s = runRule(oneTitle, blog, { declaredTitles, siteKeys: ['igeekforcreativity'] });
  assert.deepEqual(s.labels, ['other', 'title', 'body']);
  // Without the site's name the banner stays the title; so it does when no block shows a declared headline.
  assert.deepEqual(runRule(oneTitle, blog, { declaredTitles }).labels, ['title', 'other', 'body']);
  assert.deepEqual(runRule(oneTitle, blog, { declaredTitles: ['Another story'], siteKeys: ['igeekforcreativity'] }).labels, ['title', 'other', 'body']);
});

test("one-title: a banner the markup names for the site gives way to the rest of the <title>", () => {
  // TypePad: <h1 id="banner-header"><a>Amazon Web Services Blog</a></h1>, <title>Amazon Web Services Blog: The AWS Report - ...</title>.
  const typepad = new BlockBuilder()
    .text('Amazon Web Services Blog', 'title', 0.31)
    .text('The AWS Report - John Smiley Discusses RDS', 'heading').probsOfLast({ heading: 0.64, title: 0.17, other: 0.19 })
    .text(para(30), 'body').build();
  const declaredTitles = ['Amazon Web Services Blog: The AWS Report - John Smiley Discusses RDS'];
  const roles = Uint8Array.from([BlockRole.siteName, 0, 0]);
  assert.deepEqual(runRule(oneTitle, typepad, { declaredTitles, blockRoles: roles }).labels, ['other', 'title', 'body']);
  // A headline that merely opens the <title> is not taken for the site's name without that mark.
  assert.deepEqual(runRule(oneTitle, typepad, { declaredTitles }).labels, ['title', 'heading', 'body']);
});

test('one-title: the title is the first block of the highest score (p(title) plus the declared bonus), whatever blocks are passed over unread', () => {
  const rand = seededRandom(46);
  const texts = ['Real headline', 'real HEADLINE', 'Teaser', 'Menu', 'Ünïcödé Headline', 'Ｒｅａｌ headline', 'Another story'];
  let bonusDecided = 0;
  for (let round = 0; round < 400; round++) {
    const b = new BlockBuilder();
    const n = 2 + Math.floor(rand() * 8);
    const ps: number[] = [];
    for (let k = 0; k < n; k++) {
      // Probabilities on a coarse grid, so that ties and near-ties (within the bonus) are common.
      const t = Math.round(rand() * 20) / 20;
      ps.push(t);
      b.text(texts[Math.floor(rand() * texts.length)]!, 'other').probsOfLast({ title: t, other: 1 - t });
    }
    const doc = b.build();
    const declaredTitles = ['Real headline'];
    const s = runRule(oneTitle, doc, { declaredTitles, titleThreshold: 0.05 });
    // The slow path: every block scored, the first of the highest score kept (above 0, at least the threshold).
    const declared = new Set(declaredTitles.map(comparableText));
    let best = -1;
    let bestScore = 0;
    for (let i = 0; i < n; i++) {
      const score = ps[i]! + (declared.has(comparableText(doc.blocks[i]!.text)) ? 0.15 : 0);
      if (ps[i]! + 0.15 >= 0.05 && score > bestScore) [best, bestScore] = [i, score];
    }
    if (best >= 0 && ps[best]! < 0.05) best = -1;
    assert.equal(s.labels.indexOf('title'), best, JSON.stringify({ ps, texts: doc.blocks.map((x) => x.text) }));
    const argmaxP = ps.indexOf(Math.max(...ps));
    if (best !== argmaxP) bonusDecided++;
  }
  assert.ok(bonusDecided > 20, `the bonus decided ${bonusDecided} pages`);
});

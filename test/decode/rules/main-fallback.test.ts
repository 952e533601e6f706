import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mainFallback } from '../../../src/decode/rules/main-fallback.js';
import { widgetLines } from '../../../src/decode/rules/widget-lines.js';
import { BlockBuilder } from '../../helpers/block-builder.js';
import { runRule } from './run-rule.js';

/** A shop's category page: site menu, a short intro kept, twelve product cards in `<main>` the model doubts. */
function categoryPage(): BlockBuilder {
  const b = new BlockBuilder().link('Home', 'other', 0.99).atPath('html/body/header/nav/a')
    .text('Mirrorless cameras', 'title').atPath('html/body/main/h1')
    .text('Our pick of mirrorless bodies.', 'body').atPath('html/body/main/p')
    .link('Sort by: price', 'other', 0.95).atPath('html/body/main/form/label');
  for (let i = 0; i < 12; i++) {
    b.link(`Camera body model ${i} with a 24 megapixel full-frame sensor, 4K video and two card slots`, 'other', 0.7).atPath('html/body/main/ul/li/a')
      .text(`$${1000 + i * 100}.00, free shipping`, 'other', 0.8).atPath('html/body/main/ul/li/span');
  }
  return b.link('Privacy', 'other', 0.99).atPath('html/body/footer/a');
}

test("main-fallback: a category page's cards in <main> become body when next to nothing was kept", () => {
  const doc = categoryPage().build();
  const s = runRule(mainFallback, doc, { pageType: 'unknown' });
  const cards = doc.blocks.filter((b) => b.tagPath.startsWith('html/body/main/ul')).map((b) => b.index);
  assert.ok(cards.every((i) => s.labels[i] === 'body'), s.labels.join(' '));
  assert.equal(s.labels[0], 'other', 'the site menu stays out');
  assert.equal(s.labels[3], 'other', "the form's control stays out");
  assert.equal(s.labels[s.labels.length - 1], 'other', 'the footer stays out');
  assert.equal(s.notes[0]!.reason, 'little was kept of the text in <main>');
});

test('main-fallback: not on a page that declares an article, a product or a forum thread', () => {
  for (const pageType of ['article', 'product', 'forum'] as const) assert.deepEqual(runRule(mainFallback, categoryPage().build(), { pageType }).notes, [], pageType);
  assert.ok(runRule(mainFallback, categoryPage().build(), { pageType: 'listing' }).notes.length > 0);
});

test("main-fallback: an article on its og:type alone (a theme's archive page) is weighed as undeclared", () => {
  const s = runRule(mainFallback, categoryPage().build(), { pageType: 'article', pageTypeByOpenGraph: true });
  assert.ok(s.notes.length > 0 && s.notes.every((n) => n.rule === 'main-fallback'));
});

test('main-fallback: not when a fair share of <main> is kept, nor when <main> holds little text', () => {
  const kept = categoryPage().text('A long buying guide. '.repeat(40), 'body').atPath('html/body/main/section/p').build();
  assert.deepEqual(runRule(mainFallback, kept, { pageType: 'unknown' }).notes, []);
  const small = new BlockBuilder().text('Cameras', 'title').atPath('html/body/main/h1').link('Camera one', 'other', 0.7).atPath('html/body/main/ul/li/a').build();
  assert.deepEqual(runRule(mainFallback, small, { pageType: 'unknown' }).notes, []);
  const noMain = categoryPage().build();
  const outsideMain = { ...noMain, blocks: noMain.blocks.map((b) => ({ ...b, tagPath: b.tagPath.replace('/main/', '/div/') })) };
  assert.deepEqual(runRule(mainFallback, outsideMain, { pageType: 'unknown' }).notes, []);
});

test('main-fallback: not what the model is sure is noise, nor what an earlier rule dropped', () => {
  const doc = categoryPage().build();
  doc.probs[4] = [0, 0, 0.05, 0.95]; // the model is sure the first card is noise
  doc.probs[5] = [0, 0, 0.6, 0.4]; // kept by the model, then dropped by a line rule
  const s = runRule(mainFallback, doc, { pageType: 'unknown' }, (state) => {
    state.begin(widgetLines);
    state.relabel(5, 'other', 'a widget line');
  });
  assert.equal(s.labels[4], 'other');
  assert.equal(s.labels[5], 'other');
  assert.equal(s.labels[6], 'body');
});

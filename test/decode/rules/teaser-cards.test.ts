import { test } from 'node:test';
import assert from 'node:assert/strict';
import { teaserCards } from '../../../src/decode/rules/teaser-cards.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

// Element ids: 1 html, 2 body, 3 the article's element, 4 the stream of cards, 10+k card k.
// `inside` puts the cards' list in the article's element (a resources section of its own).
function story(opts: { paragraphs?: number; inside?: boolean; summary?: string } = {}) {
  const b = new BlockBuilder().text('The mill reopens', 'title');
  const containers: number[][] = [[1, 2, 3]];
  for (let k = 0; k < (opts.paragraphs ?? 4); k++) {
    b.text(para(40), 'body').atPath('html/body/article/p');
    containers.push([1, 2, 3]);
  }
  const list = opts.inside ? [1, 2, 3, 4] : [1, 2, 4];
  for (let k = 0; k < 5; k++) {
    b.link(`Another story number ${k}`, 'heading').atPath('html/body/ul/li/h3/a')
      .text(opts.summary ?? `A short summary of another story, number ${k}, in a sentence or two.`, 'body').atPath('html/body/ul/li/p');
    containers.push([...list, 10 + k], [...list, 10 + k]);
  }
  return { ...b.build(), containers };
}

test('teaser-cards: a stream of linked headlines with summaries after the article becomes other; the region ends before it', () => {
  const p = story();
  const s = runRule(teaserCards, p, { pageType: 'article', blockContainers: p.containers }, (st) => { st.region = [1, 14]; });
  assert.deepEqual(noteRows(s).map((r) => r[0]), [5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  assert.equal(noteRows(s)[0]![4], 'a card of another story after the article');
  assert.deepEqual(s.region, [1, 4]);
  // A blog's excerpt of 55 words cut mid-sentence, with the card's date: still a teaser.
  const excerpt = story({ summary: `March 29, 2025 ${para(60)}` });
  assert.equal(runRule(teaserCards, excerpt, { pageType: 'article', blockContainers: excerpt.containers }).notes.length, 10);
});

test('teaser-cards: not on listings, not with no article above, not inside the article\'s element, not with long card texts', () => {
  const p = story();
  assert.deepEqual(runRule(teaserCards, p, { pageType: 'listing', blockContainers: p.containers }).notes, [], 'a listing');
  const intro = story({ paragraphs: 1 });
  assert.deepEqual(runRule(teaserCards, intro, { pageType: 'unknown', blockContainers: intro.containers }).notes, [], 'an intro only');
  const inside = story({ inside: true });
  assert.deepEqual(runRule(teaserCards, inside, { pageType: 'article', blockContainers: inside.containers }).notes, [], 'a resources section');
  const long = story({ summary: para(120) });
  assert.deepEqual(runRule(teaserCards, long, { pageType: 'article', blockContainers: long.containers }).notes, [], "a listicle's sections");
  assert.deepEqual(runRule(teaserCards, p, { pageType: 'article' }).notes, [], 'no tree known');
});

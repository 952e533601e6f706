import { test } from 'node:test';
import assert from 'node:assert/strict';
import { constrainLabels, evidenceFrom, NO_EVIDENCE, resolveDecodeSettings } from '../../src/decode/constrain.js';
import { BlockBuilder, para } from '../helpers/block-builder.js';

test('only the most probable title survives; the others fall back to their next label', () => {
  const { blocks, probs } = new BlockBuilder()
    .text('Site name', 'title', 0.5)
    .text('The real headline', 'title', 0.8)
    .text(para(40), 'body')
    .build();
  const r = constrainLabels(blocks, probs);
  assert.deepEqual(r.labels, ['other', 'title', 'body']);
  assert.equal(r.notes[0]!.reason, 'a page has one title');
});

test('a declared headline breaks a near tie', () => {
  const { blocks, probs } = new BlockBuilder().text('Teaser headline', 'title', 0.55).text('Real Headline!', 'title', 0.5).text(para(30), 'body').build();
  assert.equal(constrainLabels(blocks, probs, evidenceFrom({ declaredTitles: ['real headline'] })).labels[1], 'title');
});

test('no title when no block is probable enough', () => {
  const { blocks, probs } = new BlockBuilder().text('x', 'body', 0.9).text(para(30), 'body').build();
  assert.ok(!constrainLabels(blocks, probs).labels.includes('title'));
});

test('body split by a short ad is kept whole; the ad stays other (non-contiguous article)', () => {
  const { blocks, probs } = new BlockBuilder()
    .text(para(60), 'body').text('Advertisement', 'other').link('Buy now', 'other').text(para(50), 'body')
    .build();
  const r = constrainLabels(blocks, probs);
  assert.deepEqual(r.labels, ['body', 'other', 'other', 'body']);
  assert.deepEqual(r.region, [0, 3]);
});

test('a small body island far from the article is dropped', () => {
  const b = new BlockBuilder().text(para(80), 'body').text(para(80), 'body');
  for (let i = 0; i < 20; i++) b.link(`Related story ${i}`, 'other');
  b.text('Short teaser text.', 'body');
  const { blocks, probs } = b.build();
  const r = constrainLabels(blocks, probs);
  assert.equal(r.labels[22], 'other');
  assert.equal(r.notes.at(-1)!.reason, 'body text outside the content region');
});

test('headings survive inside the region when body follows; sidebar box titles do not', () => {
  const b = new BlockBuilder().text('Section one', 'heading').text(para(40), 'body').text('Sub a', 'heading').text('Sub b', 'heading').text(para(40), 'body');
  for (let i = 0; i < 20; i++) b.link(`nav ${i}`, 'other');
  b.text('Most read', 'heading').link('Other story', 'other');
  const { blocks, probs } = b.build();
  const r = constrainLabels(blocks, probs);
  assert.deepEqual(r.labels.slice(0, 5), ['heading', 'body', 'heading', 'heading', 'body']);
  assert.equal(r.labels[25], 'other');
});

test('an h2-h6 element the model left out between article text, with body after it, becomes a heading', () => {
  const { blocks, probs } = new BlockBuilder()
    .text('Section two', 'other').atPath('html/body/article/h2')
    .text(para(40), 'body')
    .text('Why it matters', 'other').atPath('html/body/article/h3/span')
    .text(para(40), 'body')
    .text('A plain aside line', 'other').atPath('html/body/article/div')
    .text(para(40), 'body')
    .text('Related stories', 'other').atPath('html/body/aside/h2')
    .link('Another story', 'other')
    .build();
  const r = constrainLabels(blocks, probs);
  // The first h2 has no article text before it; the last has none after it; a div is no heading element.
  assert.deepEqual(r.labels, ['other', 'body', 'heading', 'body', 'other', 'body', 'other', 'other']);
  assert.equal(r.notes.find((x) => x.block === 2)?.reason, 'a heading element between article text');
  // Only h2-h6 within the path's last three tags count.
  for (const [path, want] of [['html/body/h6/a/b', 'heading'], ['html/body/h3/a/b/i', 'other'], ['html/body/h1', 'other'], ['html/body/th2', 'other']] as const) {
    const p = new BlockBuilder().text(para(20), 'body').text('X', 'other').atPath(path).text(para(20), 'body').build();
    assert.equal(constrainLabels(p.blocks, p.probs).labels[1], want, path);
  }
});

test('a short tail of link lists after the last paragraph becomes other; a listing keeps its teasers', () => {
  const article = new BlockBuilder().text(para(60), 'body').text(para(40), 'body')
    .link('Tags: politics', 'body').link('More from this author', 'body').build();
  const r = constrainLabels(article.blocks, article.probs);
  assert.deepEqual(r.labels, ['body', 'body', 'other', 'other']);
  assert.equal(r.notes.at(-1)?.reason, 'a short list of links after the last paragraph');
  assert.deepEqual(r.region, [0, 1]);
  // Link text before the last paragraph is the article's own.
  const inline = new BlockBuilder().text(para(60), 'body').link('See the report', 'body').text(para(40), 'body').build();
  assert.deepEqual(constrainLabels(inline.blocks, inline.probs).labels, ['body', 'body', 'body']);
  // A listing: an intro line, then teasers outweighing it.
  const listing = new BlockBuilder().text(para(14), 'body');
  for (let i = 0; i < 8; i++) listing.link(`Teaser headline number ${i} about the news`, 'body');
  const l = listing.build();
  assert.ok(constrainLabels(l.blocks, l.probs).labels.every((x) => x === 'body'));
  // Off when linkTailShare is 0.
  assert.deepEqual(constrainLabels(article.blocks, article.probs, NO_EVIDENCE, resolveDecodeSettings({ linkTailShare: 0 })).labels, ['body', 'body', 'body', 'body']);
});

test('a page of one text block is that block, even when the model called it other or title', () => {
  for (const label of ['other', 'title'] as const) {
    const { blocks, probs } = new BlockBuilder().text('Test', label).image('other').build();
    const r = constrainLabels(blocks, probs);
    assert.equal(r.labels[0], 'body');
    assert.ok(r.notes.some((x) => x.block === 0 && x.reason === 'the page has one block of text'));
  }
  // A script-drawn page's <noscript> notice stays other.
  const shell = new BlockBuilder().text('You need to enable JavaScript to run this app.', 'other').atPath('html/body/noscript').build();
  assert.deepEqual(constrainLabels(shell.blocks, shell.probs).labels, ['other']);
  // Two short blocks the model calls other: it may be right, nothing is forced.
  const two = new BlockBuilder().text('Menu', 'other').text('Login', 'other').build();
  assert.deepEqual(constrainLabels(two.blocks, two.probs).labels, ['other', 'other']);
});

test('images are kept inside the region and dropped outside', () => {
  const b = new BlockBuilder().image('body').text(para(50), 'body').image('other', 0.5).probsOfLast({ body: 0.45, other: 0.55 }).text(para(50), 'body');
  for (let i = 0; i < 20; i++) b.link(`footer ${i}`, 'other');
  b.image('body');
  const { blocks, probs } = b.build();
  const r = constrainLabels(blocks, probs);
  assert.equal(r.labels[0], 'body'); // lead image just before the text
  assert.equal(r.labels[2], 'body'); // inline image between paragraphs
  assert.equal(r.labels[24], 'other');
});

test('the title needs titleThreshold (default 0.05): a weak but best candidate still is the title', () => {
  const b = new BlockBuilder().text('Quiet headline of the page', 'other').probsOfLast({ other: 0.9, title: 0.08, body: 0.02 });
  b.text(para(40), 'body', 0.9);
  const { blocks, probs } = b.build();
  assert.equal(constrainLabels(blocks, probs).labels[0], 'title');
  assert.equal(constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings({ titleThreshold: 0.2 })).labels[0], 'other');
  const weaker = probs.map((row, i) => (i === 0 ? [0.03, 0, 0.02, 0.95] : row));
  assert.ok(!constrainLabels(blocks, weaker).labels.includes('title'), 'under the threshold there is no title');
});

test('confidence is the mean probability of the chosen labels; empty pages are fine', () => {
  const { blocks, probs } = new BlockBuilder()
    .text(para(10), 'body').probsOfLast({ body: 0.8, other: 0.17, title: 0.03 })
    .text('x', 'other').atPath('html/body/nav/a').probsOfLast({ other: 0.6, body: 0.39, title: 0.01 }).build();
  const r = constrainLabels(blocks, probs);
  assert.deepEqual(r.labels, ['body', 'other']);
  assert.ok(Math.abs(r.confidence - 0.7) < 1e-9);
  assert.deepEqual(constrainLabels([], []).labels, []);
});

test('a page with no body gets its heaviest run of prose; link text and a lighter run stay other', () => {
  const b = new BlockBuilder().text('Headline of a short post', 'title', 0.8);
  b.text(para(30), 'other').probsOfLast({ body: 0.08, other: 0.92 });
  b.text(para(25), 'other').probsOfLast({ body: 0.05, other: 0.95 });
  b.link(para(40), 'other', 0.8).probsOfLast({ body: 0.2, other: 0.8 }); // link text: not prose, a gap of one
  b.text(para(20), 'other').probsOfLast({ body: 0.01, other: 0.99 }); // same run despite the doubt
  b.link('Home', 'other').link('About', 'other').link('Contact', 'other'); // three non-prose blocks end the run
  b.text(para(15), 'other').probsOfLast({ body: 0.3, other: 0.7 }); // a lighter run: 15 x 0.35 < 7.6
  const { blocks, probs } = b.build();
  const r = constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings({ companionRunShare: 0 }));
  assert.deepEqual(r.labels, ['title', 'body', 'body', 'other', 'body', 'other', 'other', 'other', 'other']);
  assert.match(r.notes.find((x) => x.block === 1)!.reason, /no body/);
  // By default a run at least 0.3 of the heaviest one's weight goes with it (5.25 / 7.6 here):
  // an article split by a box; a much lighter run stays out.
  assert.deepEqual(constrainLabels(blocks, probs).labels, ['title', 'body', 'body', 'other', 'body', 'other', 'other', 'other', 'body']);
  assert.equal(constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings({ companionRunShare: 0.7 })).labels[8], 'other');
  assert.ok(!constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings({ fallbackMinWords: 0 })).labels.includes('body'), 'fallback can be switched off');
  const withBody = new BlockBuilder().text(para(30), 'body').text(para(30), 'other').build();
  assert.deepEqual(constrainLabels(withBody.blocks, withBody.probs, NO_EVIDENCE, resolveDecodeSettings({ rescueShare: 0 })).labels, ['body', 'other'], 'no fallback when a body exists');
});

test('a body much smaller than the heaviest run of prose is joined by that run (a chain stuck in other)', () => {
  const b = new BlockBuilder().text('Blog name', 'title', 0.7);
  for (let i = 0; i < 5; i++) b.link(`Menu ${i}`, 'other');
  for (let i = 0; i < 6; i++) b.text(para(40), 'other').probsOfLast({ body: 0.05, other: 0.95 });
  b.text(para(14), 'body').probsOfLast({ body: 0.6, other: 0.4 }); // the one block the model believed
  for (let i = 0; i < 5; i++) b.link(`Archive ${i}`, 'other');
  const { blocks, probs } = b.build();
  const rescued = constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings({ rescueShare: 1, rescueMinBody: 0 }));
  assert.deepEqual(rescued.labels.slice(6, 13), new Array(7).fill('body'));
  assert.match(rescued.notes.find((x) => x.block === 6)!.reason, /small part of the heaviest run/);
  assert.ok(rescued.labels.slice(13).every((l) => l === 'other'), 'links after the run stay other');
  const off = constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings({ rescueShare: 0 }));
  assert.deepEqual(off.labels.filter((l) => l === 'body').length, 1, 'rescue off: only the believed block');
  // A body at least as long as the heaviest run is left alone.
  const b2 = new BlockBuilder().text(para(80), 'body').text(para(80), 'body');
  for (let i = 0; i < 4; i++) b2.link(`Menu ${i}`, 'other');
  b2.text(para(20), 'other').probsOfLast({ body: 0.3, other: 0.7 });
  const kept = b2.build();
  assert.equal(constrainLabels(kept.blocks, kept.probs, NO_EVIDENCE, resolveDecodeSettings({ rescueShare: 1 })).labels[6], 'other');
});

test('the rescue leaves out blocks of the run the model is sure are not body (rescueMinBody)', () => {
  const b = new BlockBuilder().text('Blog name', 'title', 0.7);
  for (let i = 0; i < 5; i++) b.link(`Menu ${i}`, 'other');
  for (let i = 0; i < 4; i++) b.text(para(40), 'other').probsOfLast({ body: 0.35, other: 0.65 });
  b.text(para(20), 'other').probsOfLast({ body: 0.04, other: 0.96 }); // a sign-off the model is sure of
  b.text(para(14), 'body').probsOfLast({ body: 0.6, other: 0.4 });
  const { blocks, probs } = b.build();
  const byDefault = constrainLabels(blocks, probs);
  assert.deepEqual(byDefault.labels.slice(6), ['body', 'body', 'body', 'body', 'other', 'body'], 'default floor 0.2: the sign-off stays out');
  assert.equal(constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings({ rescueMinBody: 0 })).labels[10], 'body', 'floor 0: the whole run');
  assert.deepEqual(constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings({ rescueMinBody: 0.5 })).labels.slice(6), ['other', 'other', 'other', 'other', 'other', 'body'], 'a floor above the doubt: only what the model believed');
});

test('a lead image the model believes in survives a caption and a byline before the first paragraph', () => {
  const b = new BlockBuilder().text('Headline', 'title', 0.9);
  b.image('body', 0.7); // lead image, then its caption and the byline
  b.text('The mill at low water.', 'other').text('By A. Writer', 'other');
  b.text(para(60), 'body').text(para(60), 'body');
  b.image('body', 0.45); // a doubtful image far after the region
  for (let i = 0; i < 20; i++) b.link(`Related ${i}`, 'other');
  b.image('body', 0.9);
  const { blocks, probs } = b.build();
  const r = constrainLabels(blocks, probs);
  assert.equal(r.labels[1], 'body', 'lead image kept');
  assert.equal(r.labels[r.labels.length - 1], 'other', 'an image after the related links is not lead');
  const doubtful = new BlockBuilder().image('body', 0.4).text('Caption.', 'other').text(para(60), 'body').build();
  assert.equal(constrainLabels(doubtful.blocks, doubtful.probs).labels[0], 'other', 'a doubtful image two blocks ahead stays out');
});

/** A post the model half believes, followed by a longer thread of comments it believes more. */
function postWithComments(): { blocks: ReturnType<BlockBuilder['build']>['blocks']; probs: number[][]; comments: Uint8Array } {
  const b = new BlockBuilder();
  for (let i = 0; i < 3; i++) b.text(para(40, 'post'), 'other', 0.6).probsOfLast({ body: 0.35, other: 0.65 });
  b.text('12 Comments', 'other');
  for (let i = 0; i < 8; i++) b.text(`Reader ${i} on October 23rd, 2012`, 'body', 0.6).text(para(50, 'reply'), 'body', 0.75);
  const { blocks, probs } = b.build();
  const comments = new Uint8Array(blocks.length);
  for (let i = 3; i < blocks.length; i++) comments[i] = 1;
  return { blocks, probs, comments };
}

test('comment sections are not the article when the page has prose outside them', () => {
  const { blocks, probs, comments } = postWithComments();
  const without = constrainLabels(blocks, probs, evidenceFrom({ commentBlocks: comments }), resolveDecodeSettings({ commentBody: 1 }));
  assert.ok(without.labels.slice(4).includes('body'), 'without the rule the thread is body');
  const r = constrainLabels(blocks, probs, evidenceFrom({ commentBlocks: comments }));
  assert.deepEqual(r.labels.slice(0, 3), ['body', 'body', 'body'], 'the post is rescued');
  assert.ok(r.labels.slice(3).every((l) => l === 'other'), 'no comment is body');
  assert.ok(r.notes.some((n) => n.block === 5 && n.to === 'other' && n.reason === 'inside a comment section'));
});

test('a page whose prose is all inside comment sections (a forum thread) keeps it', () => {
  const { blocks, probs } = postWithComments();
  const all = new Uint8Array(blocks.length).fill(1);
  const r = constrainLabels(blocks, probs, evidenceFrom({ commentBlocks: all }));
  assert.deepEqual(r.labels, constrainLabels(blocks, probs).labels);
  assert.ok(r.labels.slice(4).includes('body'));
});

test('Chinese prose, written without spaces, counts as prose: the comment rule and the rescue apply', () => {
  const zh = '一波波接續性低溫寒流報到已將新竹尖石鄉後山一帶層層山巒披上嫣紅的彩衣玉峰道路一路上雲氣山嵐滯留山頭';
  const b = new BlockBuilder();
  for (let i = 0; i < 3; i++) b.text(zh, 'other', 0.6).probsOfLast({ body: 0.35, other: 0.65 });
  b.text('留言 (8)', 'other');
  for (let i = 0; i < 8; i++) b.text(`訪客 ${i} 於 2013/12/28 10:28`, 'body', 0.6).text(zh + '露營兼賞楓好棒的生活', 'body', 0.75);
  const { blocks, probs } = b.build();
  const comments = new Uint8Array(blocks.length);
  for (let i = 3; i < blocks.length; i++) comments[i] = 1;
  const r = constrainLabels(blocks, probs, evidenceFrom({ commentBlocks: comments }));
  assert.deepEqual(r.labels.slice(0, 3), ['body', 'body', 'body'], 'the post is rescued');
  assert.ok(r.labels.slice(3).every((l) => l === 'other'), 'no comment is body');
});

test('a comment share outside 0..1 is refused with a clear error', () => {
  const { blocks, probs } = new BlockBuilder().text(para(30), 'body').build();
  for (const bad of [-0.1, 1.5, Number.NaN]) {
    assert.throws(() => constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings({ commentBody: bad })), (e: unknown) => (e as { code?: string }).code === 'BAD_OPTION' && /commentBody must be a number in 0\.\.1/.test((e as Error).message));
  }
});

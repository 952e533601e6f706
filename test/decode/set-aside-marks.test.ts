import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { asideBlocks, dialogBlocks, footerBlocks, noContentBlocks, setAsideMarks } from '../../src/decode/set-aside-marks.js';
import { blocksUnder } from '../../src/decode/blocks-under.js';
import { classHiddenBox } from '../../src/decode/class-hidden.js';
import { ClassNames } from '../../src/decode/class-names.js';
import { sectionMarker } from '../../src/decode/comments.js';
import { reviewSectionMarker } from '../../src/decode/reviews.js';
import { adSlotMarker } from '../../src/decode/ads.js';
import { loadPage } from '../../src/page.js';

test('blocks in <dialog>, role=dialog, alertdialog or tooltip, and aria-modal elements are marked', () => {
  const html = `<body><main><h1>Wool Runner</h1><p>Soft merino wool.</p></main>
    <div id="gdpr" role="dialog"><h2>Required Cookies</h2><p>Some technologies are necessary.</p></div>
    <div role="alertdialog"><p>Your session expires soon.</p></div>
    <div id="modal-privacy-policy" aria-modal="true"><p>Privacy policy text.</p></div>
    <dialog open><p>Sign up for our newsletter.</p></dialog>
    <div role="dialogue" aria-modal="false"><p>Not a dialog.</p></div>
    <p>Delivery: Varies <button aria-label="More information">i</button><span role="tooltip"><span>Estimated delivery dates include the seller's handling time.</span></span></p>
  </body>`;
  const page = loadPage(new TextEncoder().encode(html));
  const m = dialogBlocks(page.tree, page.blocks);
  assert.deepEqual(page.blocks.map((b, i) => [b.text, m[i]]), [
    ['Wool Runner', 0], ['Soft merino wool.', 0], ['Required Cookies', 1], ['Some technologies are necessary.', 1],
    ['Your session expires soon.', 1], ['Privacy policy text.', 1], ['Sign up for our newsletter.', 1], ['Not a dialog.', 0],
    ['Delivery: Varies', 0], ['i', 0], ["Estimated delivery dates include the seller's handling time.", 1],
  ]);
});

test('blocks in <footer> and role=contentinfo elements are marked', () => {
  const html = `<body><article><h1>Headline</h1><p>The story.</p><footer><p>Filed under: News</p></footer></article>
    <div role="contentinfo"><p>Financing available to qualified customers.</p></div><footer><p>© 2026 Shop</p></footer></body>`;
  const page = loadPage(new TextEncoder().encode(html));
  const m = footerBlocks(page.tree, page.blocks);
  assert.deepEqual(page.blocks.map((b, i) => [b.text, m[i]]), [
    ['Headline', 0], ['The story.', 0], ['Filed under: News', 1], ['Financing available to qualified customers.', 1], ['© 2026 Shop', 1],
  ]);
});

test('blocks in elements named the page footer or a sidebar are marked; names of a layout or of a post\'s footer are not', () => {
  const html = `<body><div class="content-sidebar-wrap left-sidebar"><div id="content"><h1>Headline</h1><p>The story.</p>
      <div class="entry-footer"><p>Tags: news</p></div></div>
    <div id="sidebar" class="widget-area"><p>About me.</p></div><div class="sidebar-block"><p>Subscribe via RSS</p></div>
    <div class="sidebar-right"><p>Layout column.</p></div></div>
    <div class="module-archives module"><p>November 2012</p></div><ul class="xoxo blogroll"><li>Ed Bott</li></ul>
    <div id="footer"><p>© 2012 Blog</p></div><div class="site-footer"><p>Imprint</p></div><div class="footer-wrapper"><p>Wrapper text.</p></div></body>`;
  const page = loadPage(new TextEncoder().encode(html));
  const aside = asideBlocks(page.tree, page.blocks);
  const footer = footerBlocks(page.tree, page.blocks);
  assert.deepEqual(page.blocks.map((b, i) => [b.text, aside[i], footer[i]]), [
    ['Headline', 0, 0], ['The story.', 0, 0], ['Tags: news', 0, 0], ['About me.', 1, 0], ['Subscribe via RSS', 1, 0], ['Layout column.', 0, 0],
    ['November 2012', 1, 0], ['Ed Bott', 1, 0],
    ['© 2012 Blog', 0, 1], ['Imprint', 0, 1], ['Wrapper text.', 0, 0],
  ]);
});

test('blocks in elements of class nocontent or robots-nocontent are marked; other "content" classes are not', () => {
  const html = `<body><div class="post-content"><h1>Q&amp;A: Removing an add-on</h1><p>The answer.</p></div>
    <div class="module box nav nocontent"><ul><li>Previous Post</li></ul></div>
    <div class="robots-nocontent sd-sharing"><p>Share this:</p></div>
    <div class="no-content-found"><p>Not marked.</p></div><div class="contentNoContent"><p>Nor this.</p></div></body>`;
  const page = loadPage(new TextEncoder().encode(html));
  const m = noContentBlocks(page.tree, page.blocks);
  assert.deepEqual(page.blocks.map((b, i) => [b.text, m[i]]), [
    ['Q&A: Removing an add-on', 0], ['The answer.', 0], ['Previous Post', 1], ['Share this:', 1], ['Not marked.', 0], ['Nor this.', 0],
  ]);
});

test('blocks in <aside> and role=complementary elements are marked', () => {
  const html = `<body><main><h1>Headline</h1><p>The story.</p><aside><p>A pull quote.</p></aside></main>
    <div role="complementary"><h2>Most read</h2></div><div class="aside"><p>Only a class name.</p></div></body>`;
  const page = loadPage(new TextEncoder().encode(html));
  const m = asideBlocks(page.tree, page.blocks);
  assert.deepEqual(page.blocks.map((b, i) => [b.text, m[i]]), [
    ['Headline', 0], ['The story.', 0], ['A pull quote.', 1], ['Most read', 1], ['Only a class name.', 0],
  ]);
});

test('one walk gives the same four marks as the four walks', () => {
  const page = loadPage(Buffer.from(
    '<main><p>Article words here.</p><aside><div role="dialog"><p>Subscribe now.</p></div></aside>' +
    '<div class="robots-nocontent"><footer><p>Share this.</p></footer></div><p>More of the article.</p></main>' +
    '<footer><aside><p>About us.</p></aside></footer>'));
  const one = setAsideMarks(page.tree, page.blocks);
  assert.deepEqual([...one.dialogBlocks], [...dialogBlocks(page.tree, page.blocks)]);
  assert.deepEqual([...one.footerBlocks], [...footerBlocks(page.tree, page.blocks)]);
  assert.deepEqual([...one.asideBlocks], [...asideBlocks(page.tree, page.blocks)]);
  assert.deepEqual([...one.noContentBlocks], [...noContentBlocks(page.tree, page.blocks)]);
  assert.deepEqual(page.blocks.map((b, i) => `${b.text}:${one.dialogBlocks[i]}${one.footerBlocks[i]}${one.asideBlocks[i]}${one.noContentBlocks[i]}`), [
    'Article words here.:0000', 'Subscribe now.:1010', 'Share this.:0101', 'More of the article.:0000', 'About us.:0110',
  ]);
});

test('a block mostly made of a passage a class hides inside it is hidden; a short hidden label beside a price is not', () => {
  const transcript = 'Open the Camera app, tap More and find Expert RAW. Adjust the ISO, the shutter speed and the focus, then edit the photo in the Gallery app. '.repeat(3);
  const page = loadPage(new TextEncoder().encode(`<body><main><h1>Galaxy S25 Ultra</h1><p>Shoot like a professional photographer.</p>
    <button type="button"><span>How to use Expert RAW</span> <span class="blind">${transcript}</span></button>
    <p class="price"><del>$30.00</del> <span class="screen-reader-text">Original price was: $30.00.</span> <ins>$21.00</ins> <span class="screen-reader-text">Current price is: $21.00.</span></p>
    <p>Made of titanium. <span class="sr-only">${transcript}</span> Gorilla Armor glass on the front and the back, and more words the reader sees than the hidden passage holds: ${'visible words about the phone '.repeat(15)}</p>
  </main></body>`));
  const hidden = setAsideMarks(page.tree, page.blocks).hiddenBlocks;
  assert.deepEqual(page.blocks.map((b, i) => [b.text.slice(0, 22), hidden[i]]), [
    ['Galaxy S25 Ultra', 0], ['Shoot like a professio', 0], ['How to use Expert RAW ', 1], ['$30.00 Original price ', 0], ['Made of titanium. Open', 0],
  ]);
});

test('the walk with its pre-test (mayBeSetAside) gives every mark the walks of one marker each give', () => {
  const made = '<main><div id="comments"><p>A comment.</p></div><section itemprop="review"><p>Five stars.</p></section><div class="reviews"><p>Four stars.</p></div>' +
    '<div class="ad-slot"><p>Advertisement</p></div><div aria-modal="true"><p>Modal.</p></div><dialog><p>Dialog.</p></dialog>' +
    '<div class="sidebar"><p>Side.</p></div><div class="hidden"><p>Hidden.</p></div><div class="nocontent"><p>Nav.</p></div>' +
    '<aside><p>Aside.</p></aside><div role="contentinfo"><p>Info.</p></div><footer><p>Foot.</p></footer><p>Plain.</p></main>';
  const files = readdirSync('test/fixtures/markdown').filter((f) => f.endsWith('.html')).map((f) => readFileSync(`test/fixtures/markdown/${f}`));
  const makers = [sectionMarker, reviewSectionMarker, adSlotMarker];
  let marked = 0;
  for (const bytes of [Buffer.from(made), ...files]) {
    const { tree, blocks } = loadPage(bytes);
    const names = new ClassNames(tree);
    const also = makers.map((make) => make(names));
    const one = setAsideMarks(tree, blocks, also);
    assert.deepEqual([...one.dialogBlocks], [...dialogBlocks(tree, blocks)]);
    assert.deepEqual([...one.footerBlocks], [...footerBlocks(tree, blocks)]);
    assert.deepEqual([...one.asideBlocks], [...asideBlocks(tree, blocks)]);
    assert.deepEqual([...one.noContentBlocks], [...noContentBlocks(tree, blocks)]);
    // Hidden: the boxes a class hides, and (no walk of boxes finds them) blocks mostly made of a hidden passage.
    const hiddenBoxes = blocksUnder(tree, blocks, classHiddenBox(tree));
    hiddenBoxes.forEach((v, i) => assert.ok(one.hiddenBlocks[i]! >= v, `block ${i} is in a hidden box`));
    if (bytes.toString().startsWith('<main>')) assert.deepEqual([...one.hiddenBlocks], [...hiddenBoxes]);
    also.forEach((marker, m) => assert.deepEqual([...one.also[m]!], [...blocksUnder(tree, blocks, marker)], makers[m]!.name));
    for (const marks of [one.dialogBlocks, one.footerBlocks, one.asideBlocks, one.noContentBlocks, ...one.also]) marked += marks.reduce((a, b) => a + b, 0);
  }
  assert.ok(marked >= 11, `the marks are not all empty (${marked})`);
});


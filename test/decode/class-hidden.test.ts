import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomTree } from '../../src/dom/tree.js';
import { classHiddenRoots, hiddenByClassTokens } from '../../src/decode/class-hidden.js';

/** Whether the text `text` lies inside an element a class hides. */
function hiddenAt(tree: DomTree, text: string): boolean {
  const t = tree.nodes.find((n) => n.kind === 'text' && n.text.includes(text));
  assert.ok(t, `no text ${text}`);
  return classHiddenRoots(tree).some((id) => {
    const root = tree.nodes[id]!;
    return root.kind === 'element' && t.id > id && t.id <= root.end;
  });
}

test('a utility class hides an element and its subtree', () => {
  const tree = parseHtml(`<body><p>Story.</p>
    <div class="modal hide"><p>Leaving already? <b>Sign up</b></p></div>
    <dl class="productView-info d-none"><dt>cat_thumb_Bone:</dt></dl>
    <div class="promo-bar is-hidden">Free shipping</div>
    <nav class="nav hidden">Men Women</nav></body>`);
  assert.equal(hiddenAt(tree, 'Story.'), false);
  for (const t of ['Leaving already?', 'Sign up', 'cat_thumb_Bone:', 'Free shipping', 'Men Women']) assert.equal(hiddenAt(tree, t), true, t);
  assert.equal(classHiddenRoots(tree).length, 4, 'one root per hidden box');
});

test('classes that only share a hiding word do not hide', () => {
  const tree = parseHtml('<body><div class="overflow-hidden hidden-xs hide-on-mobile lg:hidden">Shown on desktops</div></body>');
  assert.equal(hiddenAt(tree, 'Shown on desktops'), false);
});

test('a breakpoint that shows the element again keeps it; a state does not', () => {
  for (const cls of ['hidden lg:block', 'hidden md:flex', 'd-none d-lg-block', 'd-none 1080:d-flex', 'hide show@medium', 'hidden @2xl:block']) {
    assert.equal(hiddenByClassTokens(cls.split(' ')), false, cls);
  }
  assert.equal(hiddenByClassTokens(['hidden', 'lg:hidden']), true);
  for (const cls of ['hidden group-hover:block', 'hidden dark:block', 'hidden hover:sm:inline-block']) {
    assert.equal(hiddenByClassTokens(cls.split(' ')), true, `${cls}: shown on hover or in dark mode only`);
  }
});

test('text only screen readers get is hidden too, unless a breakpoint shows it', () => {
  const tree = parseHtml(`<body><p>Story. <a href="/x">Docs<span class="sr-only">(opens in a new window)</span></a></p>
    <p class="blind" aria-hidden="true">The phone turns slowly under a soft light.</p>
    <h2 class="screen-reader-text">Post navigation</h2>
    <span class="visually-hidden">Skip to content</span>
    <div class="sr-only md:not-sr-only">Filters</div>
    <a class="sr-only focus:not-sr-only" href="#main">Skip to main</a></body>`);
  assert.equal(hiddenAt(tree, 'Story.'), false);
  for (const t of ['(opens in a new window)', 'The phone turns', 'Post navigation', 'Skip to content', 'Skip to main']) assert.equal(hiddenAt(tree, t), true, t);
  assert.equal(hiddenAt(tree, 'Filters'), false, 'shown from medium screens up');
});

test('an inline display a script set overrides the hiding class', () => {
  const tree = parseHtml('<body><div class="modal hidden" style="display: block">Shown by a script</div><div class="hide" style="color:red">Still hidden</div></body>');
  assert.equal(hiddenAt(tree, 'Shown by a script'), false);
  assert.equal(hiddenAt(tree, 'Still hidden'), true);
});

test('an answer toggled by the element before it is a panel, not hidden', () => {
  const tree = parseHtml(`<body>
    <button aria-expanded="false"><h5>How much does it cost?</h5></button>
    <div class="text-sm hidden"><p>It depends on the features.</p></div>
    <div><a href="#" aria-expanded="false">Methodology</a></div>
    <div id="methodsContent" class="hide"><p>How the calculator works.</p></div></body>`);
  assert.equal(hiddenAt(tree, 'It depends on the features.'), false);
  assert.equal(hiddenAt(tree, 'How the calculator works.'), false);
});

test('accordions, tab panes, FAQ answers and code are kept', () => {
  const tree = parseHtml(`<body><div><p>Q</p></div>
    <div class="ss-accordion-content hidden"><p>Accordion answer.</p></div>
    <div class="tab-pane d-none"><p>Second tab.</p></div>
    <section class="hidden" role="tabpanel"><p>Third tab.</p></section>
    <pre class="brush: html hidden live-sample">&lt;h2>First article&lt;/h2></pre></body>`);
  for (const t of ['Accordion answer.', 'Second tab.', 'Third tab.', 'First article']) assert.equal(hiddenAt(tree, t), false, t);
});

test('one shown tab of three or more alike keeps the hidden ones; a lone hidden twin is hidden', () => {
  const tabs = parseHtml(`<body><div>
    <ul class="templates-list"><li>Blog post</li></ul>
    <ul class="templates-list hidden"><li>Class planning</li></ul>
    <ul class="templates-list hidden"><li>Appointments</li></ul></div></body>`);
  assert.equal(hiddenAt(tabs, 'Class planning'), false);
  assert.equal(hiddenAt(tabs, 'Appointments'), false);
  const twins = parseHtml(`<body><div>
    <div class="mastertext"><p>Variant A</p></div>
    <div class="mastertext hidden"><p>Variant B</p></div></div></body>`);
  assert.equal(hiddenAt(twins, 'Variant A'), false);
  assert.equal(hiddenAt(twins, 'Variant B'), true);
});

test('a set of 50 000 alike items, one shown, is kept whole', () => {
  const items = '<li class="item hidden">x</li>'.repeat(50_000);
  const tree = parseHtml(`<body><ul><li class="item">shown</li>${items}</ul></body>`);
  assert.deepEqual(classHiddenRoots(tree), []);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import { segment } from '../../src/segment/segment.js';
import { ariaToggles, holdsToggle, isAriaPanel, isNamedPanel, isToggle } from '../../src/dom/disclosure.js';
import type { ElementNode } from '../../src/dom/tree.js';

const blocksOf = (html: string): string[] => segment(parseHtml(html)).blocks.map((b) => b.text);
const el = (tag: string, attrs: Record<string, string> = {}): Pick<ElementNode, 'kind' | 'tag' | 'attrs'> => ({ kind: 'element', tag, attrs });

test('panels a reader opens in place are read, however the page hides them', () => {
  const tabs = '<div role="tablist"><button role="tab" aria-selected="true">Node.js</button><button role="tab">Go</button></div>' +
    '<div role="tabpanel"><p>Install Node.js and paste the code.</p></div><div role="tabpanel" hidden><p>Create a new Go project first.</p></div>';
  assert.deepEqual(blocksOf(tabs).slice(-2), ['Install Node.js and paste the code.', 'Create a new Go project first.']);

  const named = '<h3>Specifications</h3><div class="accordion__content" style="overflow:hidden;height:0;visibility:hidden"><p>Seat height: 20 in.</p></div>';
  assert.ok(blocksOf(named).includes('Seat height: 20 in.'));

  const afterToggle = '<div class="q"><button>How long does delivery take?</button></div><div style="display:none"><p>Three to five working days.</p></div>';
  assert.ok(blocksOf(afterToggle).includes('Three to five working days.'));
});

test('ARIA ties a panel to its toggle in either direction, before or after it', () => {
  const controlled = '<div id="details" style="display: none"><p>Made of recycled cotton.</p></div><p>Intro.</p><span aria-expanded="false" aria-controls="other details">Details</span>';
  assert.ok(blocksOf(controlled).includes('Made of recycled cotton.'));
  const labelled = '<h3 id="t1" aria-expanded="false">Week 1</h3><p>Gap.</p><div role="region" aria-labelledby="t1" style="display:none;"><p>Installers visit your roof.</p></div>';
  assert.ok(blocksOf(labelled).includes('Installers visit your roof.'));
  const notToggle = '<h3 id="t2">Week 2</h3><p>Gap.</p><div aria-labelledby="t2" style="display:none;"><p>Paperwork is filed.</p></div>';
  assert.ok(!blocksOf(notToggle).includes('Paperwork is filed.'), 'a label that toggles nothing ties nothing');
});

test('hidden boxes that are not panels stay hidden, and so do panels inside them', () => {
  assert.deepEqual(blocksOf('<p>Story.</p><div style="display:none"><p>Subscribe to our newsletter.</p></div>'), ['Story.']);
  assert.deepEqual(blocksOf('<p>Story.</p><nav hidden><ul><li><a href="/a">Section A</a></li></ul><div class="accordion-panel" hidden><a href="/b">Section B</a></div></nav>'), ['Story.']);
  const nested = '<div role="tabpanel" hidden><p>Shown with its tab.</p><div style="display:none"><p>Still hidden.</p></div><div class="faq-answer" hidden><p>An answer inside.</p></div></div>';
  assert.deepEqual(blocksOf(nested), ['Shown with its tab.', 'An answer inside.']);
  const tree = parseHtml(nested);
  const hidden = tree.nodes.filter((n) => n.kind === 'element' && n.hidden).map((n) => (n as ElementNode).tag);
  assert.deepEqual(hidden, ['div', 'p'], 'only the plain hidden box and its paragraph');
});

test('many hidden panels, or hidden panels nested deep, parse in one pass', () => {
  const many = '<button aria-expanded="false">More</button><div hidden><p>x</p></div>'.repeat(20_000);
  const blocks = blocksOf(`<main>${many}</main>`);
  assert.equal(blocks.filter((b) => b === 'x').length, 20_000);
  const depth = 20_000;
  const deep = '<div role="tabpanel" hidden>'.repeat(depth) + '<p>deep text</p>' + '</div>'.repeat(depth);
  const tree = parseHtml(deep);
  assert.ok(tree.nodes.some((n) => n.kind === 'text' && n.text === 'deep text'));
  assert.ok(!tree.nodes.some((n) => n.kind === 'element' && n.hidden));
});

test('disclosure helpers: toggles, named panels and ARIA ids', () => {
  assert.ok(isToggle(el('button')) && isToggle(el('summary')) && isToggle(el('a', { 'aria-expanded': 'false' })) && isToggle(el('div', { role: 'tab' })));
  assert.ok(!isToggle(el('a', { href: '/x' })));
  assert.ok(isNamedPanel(el('div', { role: ' TabPanel ' })) && isNamedPanel(el('div', { class: 'c-collapsible c-accordion__panel' })) && isNamedPanel(el('div', { id: 'faq-answer-3' })));
  assert.ok(!isNamedPanel(el('div', { class: 'menu-drawer' })));
  const toggles = ariaToggles([el('button', { 'aria-expanded': 'true', 'aria-controls': '  p1\tp2 ', id: 'b1' }), el('a', { 'aria-controls': 'p3' })]);
  assert.ok(isAriaPanel(el('div', { id: 'p2' }), toggles) && isAriaPanel(el('div', { 'aria-labelledby': 'x b1' }), toggles));
  assert.ok(!isAriaPanel(el('div', { id: 'p3' }), toggles), 'aria-controls without aria-expanded is no disclosure');
  const tree = parseHtml('<div><span>a</span><button>b</button></div>');
  const div = tree.nodes.find((n) => n.kind === 'element' && n.tag === 'div') as ElementNode;
  assert.ok(holdsToggle(tree.nodes, div));
});

test('openPanels: false reads the page as served, panels closed', () => {
  const html = '<p>Story.</p><div role="tabpanel" hidden><p>Second tab.</p></div>';
  assert.deepEqual(segment(parseHtml(html, { openPanels: false })).blocks.map((b) => b.text), ['Story.']);
  assert.deepEqual(blocksOf(html), ['Story.', 'Second tab.']);
});

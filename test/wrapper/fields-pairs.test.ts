/** Records from two example records, whichever two a person points at (docs/fields.md, session 51). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomTree } from '../../src/dom/tree.js';
import { extractFields, formatFieldRule, type FieldsBody } from '../../src/models/wrapper/fields.js';
import { induceFields, type FieldExamplePage } from '../../src/wrapper/fields.js';

const page = (id: string, tree: DomTree, fields: Record<string, string[]>): FieldExamplePage => ({ id, tree, fields });
const names = (tree: DomTree, body: FieldsBody): string[] => (extractFields(tree, body).fields['name'] ?? []).map((v) => v.value);

/** A roundup of shoes: each pick's heading shows the brand, then the name. */
function roundup(items: readonly (readonly [string, string])[]): DomTree {
  return parseHtml(`<html><body><article><p>Our picks.</p>${items.map(([brand, name]) => `<section class="pick"><h2 class="title">${brand} ${name}</h2><p>Why we like it.</p></section>`).join('')}</article></body></html>`);
}

test('records: two examples of one brand do not teach the brand as a constant to cut where the list\'s other records show another', () => {
  const picks: [string, string][] = [['Brooks', 'Ghost 17'], ['Brooks', 'Hyperion Max 3'], ['Hoka', 'Clifton 10'], ['Asics', 'Novablast 5']];
  const body = induceFields([page('r', roundup(picks), { name: ['Ghost 17', 'Hyperion Max 3'] })]);
  assert.deepEqual(names(roundup(picks), body), picks.map(([, n]) => n));
  assert.match(formatFieldRule(body.fields['name']!.rules[0]!), /drop 1 leading word/);
});

test('records: a prefix every record of the list repeats stays a constant clean-up (the model is as before)', () => {
  const picks: [string, string][] = [['Brooks', 'Ghost 17'], ['Brooks', 'Hyperion Max 3'], ['Brooks', 'Glycerin 22'], ['Brooks', 'Adrenaline GTS 24']];
  const body = induceFields([page('r', roundup(picks), { name: ['Ghost 17', 'Hyperion Max 3'] })]);
  assert.deepEqual(body.fields['name']!.rules[0]!.clean, { prefix: 'Brooks ' });
  assert.deepEqual(names(roundup(picks), body), picks.map(([, n]) => n));
  // Another page of the site whose picks are of other brands: the constant finds none of them.
  assert.deepEqual(names(roundup([['Hoka', 'Clifton 10'], ['Brooks', 'Ghost 16']]), body), ['Ghost 16']);
});

/** Product cards: the name whole in the image's alt; the heading shows it after a brand of one or two words. */
function cards(items: readonly (readonly [string, string])[]): DomTree {
  return parseHtml(`<html><body><main><div class="grid">${items.map(([brand, name]) => `<div class="card">`
    + `<a class="pic" href="/p/${name.length}"><img src="/i/${name.length}.jpg" alt="${name}"></a>`
    + `<h3 class="name">${brand} ${name}</h3><span class="price">$99</span></div>`).join('')}</div></main></body></html>`);
}

test('attributes: two examples of one brand: where the brand varies on the page, the alt holding every name whole is read, not a guessed number of words', () => {
  const items: [string, string][] = [['Brooks', 'Ghost 17'], ['Brooks', 'Hyperion Max 3'], ['Under Armour', 'Sonic 7'], ['Hoka', 'Clifton 10']];
  const body = induceFields([page('c', cards(items), { name: ['Ghost 17', 'Hyperion Max 3'] })]);
  assert.equal(body.fields['name']!.rules[0]!.attr, 'alt', formatFieldRule(body.fields['name']!.rules[0]!));
  assert.deepEqual(names(cards(items), body), items.map(([, n]) => n), 'Sonic 7, not "Armour Sonic 7"');
});

/**
 * A story whose examples show first in a photo's caption (`Photo: Courts` as the credit, `The
 * Elections office ...` in the description) and in a paragraph, and last in the story's tags,
 * whose `span > a` shape the page's menu repeats (so the tags are found nowhere else as records).
 */
function tagged(tags: readonly string[]): DomTree {
  return parseHtml('<html><body><nav>' + ['Home', 'World', 'Sport', 'Culture'].map((m) => `<span><a href="/${m}">${m}</a></span>`).join(' ')
    + '</nav><div class="story"><h1>A long week</h1>'
    + '<div class="caption"><div class="credit">Photo: Courts</div><div class="desc">The Elections office in spring</div></div>'
    + '<div class="text"><p>The hearing ran late into the night and resumed on Monday, when both sides met the press again after the session.</p>'
    + '<p>Observers from three regions followed it closely, and more sessions are planned for the rest of the month.</p></div>'
    + `<div class="tags">${tags.map((t) => `<span class="tag"><a href="/t/${t.length}">${t}</a></span>`).join('')}</div></div></body></html>`);
}

test('records: two units no one clean-up reads (a caption\'s credit and its prose) are no example records; the tags, found nowhere else, are', () => {
  const tags = ['News', 'Peace talks', 'Courts', 'Elections', 'Rivers'];
  const body = induceFields([page('s', tagged(tags), { name: ['Courts', 'Elections'] })]);
  assert.deepEqual(names(tagged(tags), body), tags);
});

test('records: a field whose example shows nowhere on the page leaves the search for the example records to the others, as before', () => {
  const items = ['Kettle', 'Pot', 'Jug', 'Pan', 'Wok'];
  const url = (n: string): string => `https://shop.example/p/${n.toLowerCase()}`;
  const shop = (): DomTree => parseHtml(`<html><head><base href="https://shop.example/c/"></head><body>`
    + `<div class="news"><p>New this week: <a href="${url('Kettle')}">Kettle</a>, <a href="${url('Pot')}">Pot</a> and <a href="${url('Tray')}">Tray</a>.</p></div>`
    + `<ol class="results">${items.map((n) => `<li><article><header><h2><a href="${url(n)}">${n}</a></h2></header>`
      + `<p>Why we like the ${n}: it lasts.</p></article></li>`).join('')}</ol></body></html>`);
  // The second example's URL is one the page does not link (a product moved since).
  const body = induceFields([page('n', shop(), { name: ['Kettle', 'Pot'], url: [url('Kettle'), url('Teapot')] })]);
  assert.deepEqual(names(shop(), body), items);
});

test('records: a heading in the list off the records\' shape (a note between the picks) is no record whose brand varies', () => {
  const picks: [string, string][] = [['Brooks', 'Ghost 17'], ['Brooks', 'Hyperion Max 3'], ['Brooks', 'Glycerin 22'], ['Brooks', 'Adrenaline GTS 24']];
  const tree = (): DomTree => parseHtml(`<html><body><div class="picks">${picks.map(([b, n]) => `<div class="pick"><h3 class="name">${b} ${n}</h3><p>Why we like it.</p></div>`).join('')}`
    + '<div class="note"><h3 class="aside">Hoka Clifton 10 is also worth a look</h3></div></div></body></html>');
  const body = induceFields([page('n', tree(), { name: ['Ghost 17', 'Hyperion Max 3'] })]);
  assert.deepEqual(body.fields['name']!.rules.map((r) => r.clean), body.fields['name']!.rules.map(() => ({ prefix: 'Brooks ' })));
  assert.deepEqual(names(tree(), body), picks.map(([, n]) => n));
});

test('records: a record without the examples\' brand (`Clifton 10`, `Ghost`) does not make the brand a number of words to drop', () => {
  const picks: [string, string][] = [['Brooks', 'Ghost 17'], ['Brooks', 'Hyperion Max 3'], ['', 'Clifton 10'], ['', 'Ghost'], ['Brooks', 'Glycerin 22']];
  const body = induceFields([page('r', roundup(picks), { name: ['Ghost 17', 'Hyperion Max 3'] })]);
  assert.deepEqual(names(roundup(picks), body), ['Ghost 17', 'Hyperion Max 3', 'Glycerin 22'], 'not "10"');
});

/** Cards with one text field after a label or a unit: `USD 99`, `Posted March 3`. */
function labelled(texts: readonly string[]): DomTree {
  return parseHtml(`<html><body><div class="grid">${texts.map((t, i) => `<div class="card"><h3>Item ${i}</h3><span class="v">${t}</span></div>`).join('')}</div></body></html>`);
}

test('records: a currency before prices stays a constant where a record reads otherwise (no `USD 79` from `From USD 79`)', () => {
  const prices = ['USD 99', 'USD 129', 'From USD 79', 'Call for price', 'USD 49'];
  const priceBody = induceFields([page('p', labelled(prices), { v: ['99', '129'] })]);
  assert.deepEqual((extractFields(labelled(prices), priceBody).fields['v'] ?? []).map((v) => v.value), ['99', '129', '49']);
});

test('records: a label before dates stays a constant where a record shows the date alone (no `5` from `March 5`)', () => {
  const dates = ['Posted March 3', 'Posted March 4', 'March 5', 'Posted April 1'];
  const dateBody = induceFields([page('d', labelled(dates), { v: ['March 3', 'March 4'] })]);
  assert.deepEqual((extractFields(labelled(dates), dateBody).fields['v'] ?? []).map((v) => v.value), ['March 3', 'March 4', 'April 1']);
});

test('attributes: an alt equal to the two examples but not to the other records\' names (`product image`, a colour after the name) does not stand beside a guessed number of words', () => {
  const items: [string, string, string][] = [['Brooks', 'Ghost 17', 'Ghost 17'], ['Brooks', 'Hyperion Max 3', 'Hyperion Max 3'],
    ['Hoka', 'Clifton 10', 'Hoka Clifton 10 – Black'], ['Asics', 'Novablast 5', 'product image']];
  const tree = (): DomTree => parseHtml(`<html><body><main><div class="grid">${items.map(([brand, name, alt], i) => `<div class="card">`
    + `<a class="pic" href="/p/${i}"><img src="/i/${i}.jpg" alt="${alt}"></a><h3 class="name">${brand} ${name}</h3></div>`).join('')}</div></main></body></html>`);
  const body = induceFields([page('c', tree(), { name: ['Ghost 17', 'Hyperion Max 3'] })]);
  assert.equal(body.fields['name']!.rules[0]!.attr, undefined, formatFieldRule(body.fields['name']!.rules[0]!));
  assert.deepEqual(names(tree(), body), items.map(([, n]) => n));
});

test('records: the same small list repeated in larger units (a related box in every teaser) is no pair of example records; the tags, whose shape only a menu repeats, are', () => {
  const tags = ['News', 'Peace talks', 'Courts', 'Elections', 'Rivers'];
  const teaser = (k: number, related: readonly string[]): string => `<article class="teaser"><h2>Story ${k}</h2>`
    + `<p>${'A long paragraph telling what happened this week and what comes next. '.repeat(4)}</p>`
    + `<div class="box"><ul>${related.map((r) => `<li><a href="/r/${r.length}">${r}</a></li>`).join('')}</ul></div></article>`;
  const tree = (): DomTree => parseHtml('<html><body><nav>' + ['Home', 'World', 'Sport', 'Culture'].map((m) => `<span><a href="/${m}">${m}</a></span>`).join(' ')
    + `</nav><main>${teaser(1, ['Budget', 'Taxes'])}${teaser(2, ['Courts', 'Elections'])}${teaser(3, ['Harbour', 'Ferries'])}</main>`
    + `<div class="tags">${tags.map((t) => `<span class="tag"><a href="/t/${t.length}">${t}</a></span>`).join('')}</div></body></html>`);
  const body = induceFields([page('s', tree(), { name: ['Courts', 'Elections'] })]);
  assert.deepEqual(names(tree(), body), tags);
});

/** What text can caption a value, and which of two places showing an example holds it (docs/fields.md, session 51). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomTree } from '../../src/dom/tree.js';
import { extractFields, formatFieldRule, type FieldsBody } from '../../src/models/wrapper/fields.js';
import { induceFields, type FieldExamplePage } from '../../src/wrapper/fields.js';

const page = (id: string, tree: DomTree, fields: Record<string, string[]>): FieldExamplePage => ({ id, tree, fields });
const valuesOf = (tree: DomTree, body: FieldsBody, field: string): string[] => (extractFields(tree, body).fields[field] ?? []).map((v) => v.value);
const rulesOf = (body: FieldsBody, field: string): string[] => body.fields[field]!.rules.map(formatFieldRule);

/** A shop's category page: the nav bar links every category, the heading names this one. */
function listing(category: string): DomTree {
  return parseHtml(`<html><head><title>${category} | Trail Shop</title></head><body>
    <nav><ul><li><a href="/">Home</a></li><li><a href="/tents">Tents</a></li><li><a href="/packs">Packs</a></li><li><a href="/stoves">Stoves</a></li></ul></nav>
    <main><h1>${category}</h1><p>Gear for the trail.</p>
    <ul class="products"><li><a href="/p/1">${category} one</a> <span>$10</span></li><li><a href="/p/2">${category} two</a> <span>$20</span></li></ul></main></body></html>`);
}

test('an example shown in a menu of links and in the heading is read from the heading, and a menu link is no label', () => {
  const body = induceFields([page('tents', listing('Tents'), { category: ['Tents'] })]);
  const rules = rulesOf(body, 'category');
  assert.match(rules[0]!, /\/h1\[/, rules.join('\n'));
  assert.ok(!rules.some((r) => /^label "(home|tents|packs|stoves)"/.test(r)), rules.join('\n'));
  assert.deepEqual(valuesOf(listing('Packs'), body, 'category'), ['Packs']);
  assert.deepEqual(valuesOf(listing('Stoves'), body, 'category'), ['Stoves']);
});

/** A book's page: the header's cart counter, then the book's title and its author after a caption. */
function book(title: string, author: string, cart: string): DomTree {
  return parseHtml(`<html><body><div class="header"><a href="/">Books</a><div class="cart">${cart}</div></div>
    <div><h2>${title}</h2><div><span>Author:</span> <span>${author}</span></div></div></body></html>`);
}

test('a number-led text before a value (a cart counter "0 items") is a count, no caption: no label rule reads after it', () => {
  const body = induceFields([
    page('a', book('Bleak House', 'Charles Dickens', '0 items'), { title: ['Bleak House'], author: ['Charles Dickens'] }),
    page('b', book('Middlemarch', 'George Eliot', '0 items'), { title: ['Middlemarch'], author: ['George Eliot'] }),
  ]);
  const titles = rulesOf(body, 'title');
  assert.ok(!titles.some((r) => /^label "0 items"/.test(r)), titles.join('\n'));
  // A caption still is one.
  assert.ok(rulesOf(body, 'author').some((r) => /^label "author" \(span\)/.test(r)), rulesOf(body, 'author').join('\n'));
  const other = book('Emma', 'Jane Austen', '2 items');
  assert.deepEqual(valuesOf(other, body, 'title'), ['Emma']);
  assert.deepEqual(valuesOf(other, body, 'author'), ['Jane Austen']);
});

/** A phone's spec table: captions in th, some led by a digit ("5G", "3.5 mm jack"), none of them a count. */
function phone(name: string, fiveG: string, jack: string): DomTree {
  return parseHtml(`<html><body><h1>${name}</h1><table class="specs">
    <tr><th>NFC</th><td>Yes</td></tr><tr><th>5G</th><td>${fiveG}</td></tr>
    <tr><td class="k">3.5 mm jack</td><td>${jack}</td></tr><tr><th>Weight</th><td>180 g</td></tr></table>
    <p><span>4.5 out of 5 stars</span> <span class="n">${name} reviews</span></p></body></html>`);
}

test('a digit-led caption that is no count ("5G" in a th, "3.5 mm jack") captions its value; a score does not', () => {
  const body = induceFields([
    page('a', phone('Pixel', 'Supported', 'No'), { five_g: ['Supported'], jack: ['No'], reviews: ['Pixel reviews'] }),
    page('b', phone('Moto', 'Not supported', 'Yes'), { five_g: ['Not supported'], jack: ['Yes'], reviews: ['Moto reviews'] }),
  ]);
  assert.ok(!rulesOf(body, 'reviews').some((r) => /^label "4/.test(r)), rulesOf(body, 'reviews').join('\n'));
  assert.ok(rulesOf(body, 'five_g').some((r) => /^label "5g" \(th\)/.test(r)), rulesOf(body, 'five_g').join('\n'));
  assert.ok(rulesOf(body, 'jack').some((r) => /^label "3\.5 mm jack" \(td\)/.test(r)), rulesOf(body, 'jack').join('\n'));
});

/** A product page: a spec list whose values are links after their captions, and a maker line in the sidebar. */
function product(brand: string, color: string): DomTree {
  return parseHtml(`<html><body><aside><div class="maker">${brand}</div></aside><main><h1>Boot</h1>
    <ul class="specs"><li>Brand: <a href="/b/${brand}">${brand}</a></li><li>Color: <a href="/c/${color}">${color}</a></li><li>Size: <a href="/s/42">42</a></li></ul></main></body></html>`);
}

test('a captioned spec list whose values are links is no menu: its label rule is not passed over for another place showing the value', () => {
  const body = induceFields([
    page('a', product('Acme', 'Red'), { brand: ['Acme'] }),
    page('b', product('Zenith', 'Blue'), { brand: ['Zenith'] }),
  ]);
  const rules = rulesOf(body, 'brand');
  assert.match(rules[0]!, /^label "brand"/, rules.join('\n'));
});

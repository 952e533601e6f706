/** Named fields by example (docs/fields.md): clean-up, induction, records, drift warnings, the model file. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomTree } from '../../src/dom/tree.js';
import {
  applyCleanup, extractFields, formatFieldRule, normalizeValue, unlikeExamples, type FieldsBody,
} from '../../src/models/wrapper/fields.js';
import { induceFields, learnCleanup, type FieldExamplePage } from '../../src/wrapper/fields.js';
import { WrapperSiteModel } from '../../src/models/wrapper/site-model.js';

/** A shop's product page; `extra` adds a spec line before the brand (the brand's position moves). */
function product(o: { name: string; price: string; brand?: string; sku: string; extra?: string; nav?: string }): DomTree {
  return parseHtml(`<html><head><title>${o.name} | Shop</title></head><body>
    <div id="nav"><a href="/">Home</a> <span>${o.nav ?? 'Cart'}</span></div>
    <div class="product">
      <h1 class="name">${o.name}</h1>
      <p class="price">Price: $${o.price}</p>
      <ul class="specs">${o.extra ? `<li><b>Material</b>: ${o.extra}</li>` : ''}${o.brand ? `<li><b>Brand</b>: ${o.brand}</li>` : ''}<li><b>SKU</b>: ${o.sku}</li></ul>
    </div></body></html>`);
}

const page = (id: string, tree: DomTree, fields: Record<string, string[]>): FieldExamplePage => ({ id, tree, fields });
const values = (tree: DomTree, body: FieldsBody): Record<string, string[]> =>
  Object.fromEntries(Object.entries(extractFields(tree, body).fields).map(([k, v]) => [k, v.map((x) => x.value)]));

test('clean-up: separators and white space always; a shared prefix, a label of varying text, a suffix as learned', () => {
  assert.equal(normalizeValue(' :  June\u00a02010 '), 'June 2010');
  assert.equal(normalizeValue('Smith,'), 'Smith');
  assert.equal(normalizeValue('-'), '');
  assert.deepEqual(learnCleanup(['$', '$'], ['', '']), { prefix: '$' });
  assert.deepEqual(learnCleanup(['Price: $', 'Now: $'], ['', '']), { after: ': $' });
  assert.deepEqual(learnCleanup(['', ''], [' (Hardcover)', ' (Paperback)']), { before: ' (' });
  assert.deepEqual(learnCleanup(['by ', 'with '], ['', '']), {}, 'differing words with no separator: no clean-up');
  assert.equal(applyCleanup('Price: $12.99', { after: ': $' }), '12.99');
  assert.equal(applyCleanup('12.99', { after: ': $' }), undefined, 'a unit the clean-up does not fit gives no value');
  assert.equal(applyCleanup('Bree (Hardcover)', { before: ' (' }), 'Bree');
});

test('induction: label, anchor and path rules ranked by examples; values found where the layout moves', () => {
  const train = [
    page('a', product({ name: 'Blue Kettle', price: '12.99', brand: 'Acme', sku: '1001' }), { name: ['Blue Kettle'], price: ['12.99'], brand: ['Acme'], sku: ['1001'] }),
    page('b', product({ name: 'Red Pot', price: '8.50', brand: 'Potco', sku: '1002' }), { name: ['Red Pot'], price: ['8.50'], brand: ['Potco'], sku: ['1002'] }),
  ];
  const body = induceFields(train);
  assert.deepEqual(Object.keys(body.fields), ['brand', 'name', 'price', 'sku']);
  assert.equal(body.records, false);
  const brand = body.fields['brand']!;
  assert.equal(brand.rules[0]!.kind, 'label', formatFieldRule(brand.rules[0]!));
  assert.match(formatFieldRule(brand.rules[0]!), /^label "brand" \(b\) -> li/);
  assert.ok(brand.rules.some((r) => r.kind === 'anchor') && brand.rules.some((r) => r.kind === 'path'), 'alternatives of other kinds are kept');
  for (const r of brand.rules) assert.equal(r.examples, 2);
  // The price sits after "Price: $" in its text: the learned clean-up drops it.
  assert.ok(body.fields['price']!.rules.some((r) => r.clean.prefix === 'Price: $'));
  // A page whose brand moved down one line (a new spec line before it) and with no example of its own.
  const moved = product({ name: 'Green Jug', price: '3.10', brand: 'Jugs Inc', sku: '1003', extra: 'Steel' });
  const got = extractFields(moved, body);
  assert.deepEqual(values(moved, body), { brand: ['Jugs Inc'], name: ['Green Jug'], price: ['3.10'], sku: ['1003'] });
  assert.deepEqual(got.warnings, []);
  for (const vs of Object.values(got.fields)) for (const v of vs) assert.ok(v.confidence > 0.5 && v.confidence <= 1, String(v.confidence));
});

test('induction: a field a page lacks (given as []) teaches that its rule must find nothing there', () => {
  const train = [
    page('a', product({ name: 'Blue Kettle', price: '12.99', brand: 'Acme', sku: '1001' }), { brand: ['Acme'] }),
    page('b', product({ name: 'Red Pot', price: '8.50', sku: '1002' }), { brand: [] }),
  ];
  const body = induceFields(train);
  assert.equal(body.fields['brand']!.required, false);
  for (const r of body.fields['brand']!.rules) assert.equal(r.wrong, 0, formatFieldRule(r));
  assert.deepEqual(values(product({ name: 'X', price: '1', sku: '9' }), body)['brand'], []);
  assert.deepEqual(extractFields(product({ name: 'X', price: '1', sku: '9' }), body).warnings, [], 'an optional field missing is no drift');
});

test('drift: a rule that finds nothing, or a value unlike every example, is flagged with the rule', () => {
  const train = [
    page('a', product({ name: 'Blue Kettle', price: '12.99', brand: 'Acme', sku: '1001' }), { price: ['12.99'], sku: ['1001'] }),
    page('b', product({ name: 'Red Pot', price: '8.50', brand: 'Potco', sku: '1002' }), { price: ['8.50'], sku: ['1002'] }),
  ];
  const body = induceFields(train);
  // A redesign: no spec list, the price written out.
  const redesigned = parseHtml('<html><body><div class="product"><h1 class="name">Jug</h1><p class="price">Price: $call us</p></div></body></html>');
  const got = extractFields(redesigned, body);
  const sku = got.warnings.find((w) => w.field === 'sku');
  assert.equal(sku?.reason, 'no-value');
  assert.match(sku!.rule, /label "sku"/);
  const price = got.warnings.find((w) => w.field === 'price');
  assert.equal(price?.reason, 'unlike-examples');
  assert.equal(price?.value, 'call us');
  assert.match(price!.detail, /characters \[a\]; the examples had \[9\]/);
  assert.ok(got.fields['price']![0]!.confidence < 0.6, 'an unlike value is less sure');
  assert.equal(got.trace['sku']!.failed.length, body.fields['sku']!.rules.length);
  // Length and the label before it count too.
  assert.match(unlikeExamples('x'.repeat(200), { minLength: 4, maxLength: 10, classes: ['a'] }, undefined) ?? '', /200 characters/);
  assert.match(unlikeExamples('Acme', { minLength: 4, maxLength: 10, classes: ['a'], label: 'brand' }, 'maker') ?? '', /follows "maker"/);
  assert.equal(unlikeExamples('Acme', { minLength: 4, maxLength: 10, classes: ['a'], label: 'brand' }, 'brand'), undefined);
});

test('a corrected fields file re-induces: the example that showed the rule wrong fixes it', () => {
  const info = (spans: string[]): DomTree => parseHtml(`<html><body><div class="info">${spans.map((s) => `<span>${s}</span>`).join('')}</div></body></html>`);
  const a = page('a', info(['Red', 'Large']), { color: ['Red'] });
  const c = info(['New!', 'Green', 'Small']);
  const before = values(c, induceFields([a]))['color'];
  assert.ok(before!.includes('New!'), `one example cannot tell first from second to last: ${JSON.stringify(before)}`);
  const after = values(c, induceFields([a, page('c', c, { color: ['Green'] })]))['color'];
  assert.deepEqual(after, ['Green']);
});

/** A result list of shop items. */
function list(items: readonly [string, string][]): DomTree {
  return parseHtml(`<html><body><h1>Results</h1><ul class="results">${items.map(([n, p]) => `<li class="item"><a class="t" href="/p">${n}</a><div class="meta"><span class="p">$${p}</span> <span>In stock</span></div></li>`).join('')}</ul><div class="side"><a class="t" href="/x">Gift cards</a></div></body></html>`);
}

test('records: two example records of a list page give every record of it and of another page, in page order', () => {
  const items: [string, string][] = [['Kettle', '12.99'], ['Pot', '8.50'], ['Jug', '3.10'], ['Pan', '21.00']];
  const body = induceFields([page('l1', list(items), { name: ['Kettle', 'Pot'], price: ['12.99', '8.50'] })]);
  assert.equal(body.records, true);
  const same = extractFields(list(items), body);
  assert.deepEqual(same.records, items.map(([name, price]) => ({ name, price })));
  const other = extractFields(list([['Cup', '1.00'], ['Mug', '2.50'], ['Bowl', '4.75']]), body);
  assert.deepEqual(other.records, [{ name: 'Cup', price: '1.00' }, { name: 'Mug', price: '2.50' }, { name: 'Bowl', price: '4.75' }]);
  // The side box's link of the same class is no record's name.
  assert.ok(!other.fields['name']!.some((v) => v.value === 'Gift cards'));
});

test('model file: a wrapper body with fields is version 3, reads back, and bad fields are refused by name', () => {
  const body = induceFields([page('a', product({ name: 'Blue Kettle', price: '12.99', brand: 'Acme', sku: '1001' }), { name: ['Blue Kettle'] })]);
  const m = new WrapperSiteModel('shop.example', { version: 3, rules: [], trainingPages: 1, notes: [], minBodyChars: 1, fields: body });
  const back = WrapperSiteModel.fromJSON('shop.example', JSON.parse(JSON.stringify(m.toJSON())));
  assert.deepEqual(back.body.fields, body);
  assert.match(back.describe(), /field name: \d rule\(s\)/);
  const broken = JSON.parse(JSON.stringify(m.toJSON()));
  broken.fields.fields.name.rules[0].kind = 'xpath';
  assert.throws(() => WrapperSiteModel.fromJSON('shop.example', broken), /site model shop.example: field name: a field rule's kind must be one of label, anchor, path/);
  assert.throws(() => WrapperSiteModel.fromJSON('shop.example', { ...m.toJSON(), version: 4 }), /unsupported wrapper version 4/);
});

/** A product grid split in rows of three, a text block between rows, and a footer of links. */
function grid(rows: readonly (readonly string[])[]): DomTree {
  const row = (names: readonly string[], k: number): string => `<div class="row row-${k}">${names.map((n, i) => `<div class="card c${k}${i}"><a class="t" href="/p"><h3 class="name gen${k}">${n}</h3></a><span class="p">$1.00</span></div>`).join('')}</div>`;
  return parseHtml(`<html><body><main><h2>Kitchen</h2>${rows.map((r, k) => `${row(r, k)}<h4>More</h4>`).join('')}</main>`
    + `<footer><ul class="links"><li><a class="t" href="/a">About us</a></li><li><a class="t" href="/c">Contact</a></li><li><a class="t" href="/j">Jobs</a></li></ul></footer></body></html>`);
}

test('records: a grid split in three rows gives the records of every row from two examples in the first, and no footer link', () => {
  const rows = [['Kettle', 'Pot', 'Jug'], ['Pan', 'Wok', 'Tray'], ['Cup', 'Mug', 'Bowl']];
  const body = induceFields([page('g', grid(rows), { name: ['Kettle', 'Pot'] })]);
  const got = extractFields(grid(rows), body).fields['name']!.map((v) => v.value);
  assert.deepEqual(got, rows.flat());
  // Another page of the site with a different number of rows and items.
  const other = extractFields(grid([['Fork'], ['Knife', 'Spoon']]), body).fields['name']!.map((v) => v.value);
  assert.deepEqual(other, ['Fork', 'Knife', 'Spoon']);
});

test('records: two lists of different structure, only the examples\' one is records', () => {
  const items: [string, string][] = [['Kettle', '12.99'], ['Pot', '8.50'], ['Jug', '3.10']];
  const tree = (): DomTree => parseHtml(`<html><body><ul class="results">${items.map(([n, p]) => `<li class="item"><a class="t" href="/p">${n}</a><span class="p">$${p}</span></li>`).join('')}</ul>`
    + `<div class="related"><ol><li><div><a class="t" href="/r1">Teapot</a></div></li><li><div><a class="t" href="/r2">Cosy</a></div></li></ol></div></body></html>`);
  const body = induceFields([page('l', tree(), { name: ['Kettle', 'Pot'], price: ['12.99', '8.50'] })]);
  assert.deepEqual(extractFields(tree(), body).records, items.map(([name, price]) => ({ name, price })));
});

test('records: the same small block repeated inside larger units full of other text is one list, not records spread over them', () => {
  const review = (k: number): string => `<section class="review"><h2>Product ${k}</h2><p>${'A long paragraph about how this product did in our tests. '.repeat(6)}</p>`
    + `<div class="pros-cons"><div class="pros"><ul><li><p class="pc">Fast ${k}</p></li><li><p class="pc">Quiet ${k}</p></li></ul></div><div class="cons"><ul><li><p class="pc">Loud ${k}</p></li></ul></div></div></section>`;
  const tree = (): DomTree => parseHtml(`<html><body><main>${[1, 2, 3].map(review).join('')}</main></body></html>`);
  const body = induceFields([page('r', tree(), { name: ['Fast 2', 'Loud 2'] })]);
  const got = extractFields(tree(), body).fields['name']!.map((v) => v.value);
  assert.ok(got.includes('Fast 2') && got.includes('Loud 2'), JSON.stringify(got));
  assert.ok(got.every((v) => v.endsWith(' 2')), `only the examples' review: ${JSON.stringify(got)}`);
});

test('records: a URL field is read from the links, resolved against the page, and a list shown again is one list', () => {
  const items = ['Kettle', 'Pot', 'Jug'];
  const shop = (names: readonly string[], tabs = 1): DomTree => parseHtml(`<html><head><base href="https://shop.example/c/"></head><body>`
    + Array.from({ length: tabs }, (_, t) => `<div class="tab t${t}"><ul>${names.map((n) => `<li><a href="../p/${n.toLowerCase()}"><span>${n}</span></a> <a href="/help">Help</a></li>`).join('')}</ul></div>`).join('')
    + `<a href="/about">About</a></body></html>`);
  const body = induceFields([page('s', shop(items), { name: ['Kettle', 'Pot'], url: ['https://shop.example/p/kettle', 'https://shop.example/p/pot'] })]);
  const want = (names: readonly string[]): Record<string, string>[] => names.map((n) => ({ name: n, url: `https://shop.example/p/${n.toLowerCase()}` }));
  assert.deepEqual(extractFields(shop(items), body).records, want(items));
  assert.deepEqual(extractFields(shop(['Cup', 'Mug'], 2), body).records, want(['Cup', 'Mug']));
  assert.match(formatFieldRule(body.fields['url']!.rules[0]!), /@href$/);
  // The link rules travel in the model file; an attribute other than href is refused.
  const m = new WrapperSiteModel('shop.example', { version: 3, rules: [], trainingPages: 1, notes: [], minBodyChars: 1, fields: body });
  assert.deepEqual(WrapperSiteModel.fromJSON('shop.example', JSON.parse(JSON.stringify(m.toJSON()))).body.fields, body);
  const broken = JSON.parse(JSON.stringify(m.toJSON()));
  broken.fields.fields.url.rules[0].attr = 'onclick';
  assert.throws(() => WrapperSiteModel.fromJSON('shop.example', broken), /field url: a field rule's attr must be one of href, src, .* or aria-\*, on a path or anchor rule \(got "onclick"/);
});

test('records: examples a page shows first in a news blurb are found where every field of each shows together, the main list', () => {
  const items = ['Kettle', 'Pot', 'Jug', 'Pan', 'Wok'];
  const url = (n: string): string => `https://shop.example/p/${n.toLowerCase()}`;
  const shop = (): DomTree => parseHtml(`<html><head><base href="https://shop.example/c/"></head><body>`
    + `<div class="news"><p>New this week: <a href="${url('Kettle')}">Kettle</a>, <a href="${url('Pot')}">Pot</a> and <a href="${url('Tray')}">Tray</a>.</p></div>`
    + `<ol class="results">${items.map((n) => `<li><article><header><h2><a href="${url(n)}">${n}</a></h2></header>`
      + `<ul class="pros"><li><span>${n} is sturdy</span></li></ul><p>Why we like the ${n}: it lasts.</p></article></li>`).join('')}</ol></body></html>`);
  const body = induceFields([page('n', shop(), { name: ['Kettle', 'Pot'], url: [url('Kettle'), url('Pot')] })]);
  assert.deepEqual(extractFields(shop(), body).records, items.map((n) => ({ name: n, url: url(n) })));
});

test('records: one field: an example the page mentions first in the story is found where both examples are records of one list, the tags', () => {
  const tags = ['News', 'Peace talks', 'Courts', 'Elections', 'Rivers'];
  const story = (): DomTree => parseHtml('<html><body><article><h1>A long week</h1>'
    + '<p>The <b>Peace talks</b> resumed on Monday.</p><p>Both sides met the press after the session ended.</p>'
    + `<div class="tags">${tags.map((t) => `<span class="tag"><a href="/t/${t.length}">${t}</a></span>`).join('')}</div></article></body></html>`);
  const body = induceFields([page('s', story(), { name: ['News', 'Peace talks'] })]);
  assert.deepEqual(values(story(), body), { name: tags });
});

test('records: a name that is its element\'s whole text is read whole where another record\'s name has inline markup (<em>)', () => {
  const names = ['Why Bees Dance', 'The Quiet Ocean', 'How Does the Hive Mind Work in <em>Pluribus</em>?', 'Maps of the Moon'];
  const list = (): DomTree => parseHtml(`<html><body><div class="stories">${names.map((n, i) => `<div class="card"><h3 class="title">`
    + `<a href="/s/${i}">${n}</a></h3><p>Story ${i} of the week, told at length.</p></div>`).join('')}</div></body></html>`);
  const body = induceFields([page('l', list(), { name: ['Why Bees Dance', 'The Quiet Ocean'] })]);
  assert.deepEqual(values(list(), body).name, ['Why Bees Dance', 'The Quiet Ocean', 'How Does the Hive Mind Work in Pluribus?', 'Maps of the Moon']);
});

test('a list after a label (authors after "by") is taken whole by a wider rule that reads each author\'s element', () => {
  const book = (title: string, authors: string[]): DomTree => parseHtml(`<html><body><div class="details"><h1>${title}</h1>`
    + `<h3 class="author">by ${authors.map((a, i) => `<a href="/a/${i}">${a}</a>`).join(', ')}</h3><p>In stock.</p></div></body></html>`);
  const body = induceFields([page('1', book('Tides', ['Ann Lee']), { author: ['Ann Lee'] }), page('2', book('Rivers', ['Bob Stone']), { author: ['Bob Stone'] })]);
  assert.deepEqual(values(book('Maps', ['Cy Dunn', 'Di Hart', 'Ed Fox']), body).author, ['Cy Dunn', 'Di Hart', 'Ed Fox']);
});

test('records: a price written in parts (<sup>$</sup>899<sup>.00</sup>) is found in its element, the sign cut; never inside a longer number', () => {
  const items: [string, string][] = [['Lens A', '1,899'], ['Lens B', '899'], ['Lens C', '929'], ['Lens D', '2,049']];
  const shop = (): DomTree => parseHtml(`<html><body><ul class="grid">${items.map(([n, p]) => `<li><h2>${n}</h2>`
    + `<section><span class="price"><sup>$</sup>${p}<sup>.<!-- -->00</sup></span></section></li>`).join('')}</ul></body></html>`);
  const body = induceFields([page('g', shop(), { name: ['Lens B', 'Lens C'], price: ['899.00', '929.00'] })]);
  assert.deepEqual(extractFields(shop(), body).records, items.map(([n, p]) => ({ name: n, price: `${p}.00` })));
});

test('records: slides grouped two to a section (an ad between sections), examples from two sections: each slide is a record', () => {
  const names = ['Havenly', 'Roomlift', 'Decorilla', 'Pottery Barn', 'The Expert', 'Ikea'];
  const slide = (n: string, k: number): string => `<section class="slide"><div class="inner"><span>${k}</span><h2 class="title">${n}</h2>`
    + `<p>${n} starts you off with a style quiz and a call with a designer who sends a plan.</p></div></section>`;
  const story = (): DomTree => parseHtml(`<html><body><main><div class="listicle">${[0, 2, 4].map((i) => `<section class="group">${slide(names[i]!, i + 1)}${slide(names[i + 1]!, i + 2)}</section>`
    + '<div class="ad">Advertisement</div>').join('')}</div></main></body></html>`);
  const body = induceFields([page('e', story(), { name: ['Roomlift', 'Decorilla'] })]);
  assert.deepEqual(values(story(), body), { name: names });
});

test('records: in an article of review sections, a rule that also takes the comparison tables\' "Get a quote" links finds no more records', () => {
  const movers = ['Swift', 'Atlas', 'Able', 'Zenith'];
  const url = (n: string): string => `https://movers.example/m/${n.toLowerCase()}/`;
  const table = (tab: number): string => `<div class="tab"><h3>Tab ${tab}</h3><table><tbody>${movers.map((n) => `<tr><td><a href="#${n.toLowerCase()}">${n}</a></td>`
    + `<td><span>${tab}</span></td><td><a href="https://quotes.example/${n.toLowerCase()}">Get a quote</a></td></tr>`).join('')}</tbody></table></div>`;
  const page = (): DomTree => parseHtml(`<html><body><main><article>${table(1)}<div><p>Compare</p>${table(2)}</div>`
    + movers.map((n) => `<div class="profile"><h2><a href="${url(n)}">${n}</a></h2><p>${n} moved us fast and well.</p></div>`).join('')
    + `</article></main></body></html>`);
  const body = induceFields([{ id: 'm', tree: page(), fields: { name: ['Swift', 'Atlas'], url: [url('Swift'), url('Atlas')] } }]);
  assert.deepEqual(extractFields(page(), body).records, movers.map((n) => ({ name: n, url: url(n) })));
});

/** A roundup of products, each heading its brand and then its name (the brand varies). */
function roundup(items: readonly (readonly [string, string])[]): DomTree {
  return parseHtml(`<html><body><article><p>Our picks.</p>${items.map(([brand, name]) => `<section class="pick"><h2 class="title">${brand} ${name}</h2><p>Why we like it.</p></section>`).join('')}</article></body></html>`);
}

test('clean-up: leading capitalised words of one count on every example are dropped, whatever they say; never where the counts differ', () => {
  assert.deepEqual(learnCleanup(['Adidas ', 'Hoka '], ['', '']), { dropWords: 1 });
  assert.deepEqual(learnCleanup(['New Balance ', 'Under Armour '], ['', '']), { dropWords: 2 });
  assert.deepEqual(learnCleanup(['Adidas ', 'Under Armour '], ['', '']), {}, 'one word and two: the examples disagree');
  assert.deepEqual(learnCleanup(['Adidas ', ''], ['', '']), {}, 'an example with nothing before it');
  assert.deepEqual(learnCleanup(['Adidas', 'Hoka-'], ['', '']), {}, 'no white space after the word: not a word before the value');
  assert.equal(applyCleanup('Brooks  Ghost 17', { dropWords: 1 }), 'Ghost 17');
  assert.equal(applyCleanup('Brooks', { dropWords: 1 }), undefined, 'no word left: no value');
  assert.match(formatFieldRule({ kind: 'path', steps: [{ tag: 'h2', from: { start: 1 } }] as never, text: 1, clean: { dropWords: 1 }, examples: 2, wrong: 0, pages: 1 }), /drop 1 leading word\)/);
});

test('records: names shown after a varying one-word brand are found without it, on every record', () => {
  const picks: [string, string][] = [['Adidas', 'Adizero Evo SL'], ['Hoka', 'Clifton 10'], ['Brooks', 'Ghost 17'], ['Asics', 'Novablast 5']];
  const body = induceFields([page('r', roundup(picks), { name: ['Adizero Evo SL', 'Clifton 10'] })]);
  assert.deepEqual(values(roundup(picks), body)['name'], picks.map(([, n]) => n));
  const m = new WrapperSiteModel('shoes.example', { version: 3, rules: [], trainingPages: 1, notes: [], minBodyChars: 1, fields: body });
  const json = JSON.parse(JSON.stringify(m.toJSON()));
  assert.deepEqual(WrapperSiteModel.fromJSON('shoes.example', json).body.fields, body, 'the clean-up reads back');
  const rule = json.fields.fields.name.rules.find((r: { clean: { dropWords?: number } }) => r.clean.dropWords !== undefined);
  assert.ok(rule, 'a rule drops the brand');
  rule.clean.dropWords = 0;
  assert.throws(() => WrapperSiteModel.fromJSON('shoes.example', json), /clean.dropWords must be a positive integer/);
});

/** Product cards whose name stands whole only in the image's alt and title; the heading shows it after a brand of one or two words. */
function cards(items: readonly (readonly [string, string])[]): DomTree {
  return parseHtml(`<html><body><header><img src="/logo.png" alt="Shoe Shop" title="Shoe Shop"></header><main><div class="grid">${items.map(([brand, name]) => `<div class="card">`
    + `<a class="pic" href="/p/${name.toLowerCase().replace(/ /g, '-')}"><img src="/i/${name.length}.jpg" alt="${name}" title="${name}"></a>`
    + `<h3 class="name">${brand} ${name}</h3><span class="price">$99</span></div>`).join('')}</div></main></body></html>`);
}

test('attributes: a name found whole only in an image\'s alt and title is read from the attribute, on every card', () => {
  const items: [string, string][] = [['Adidas', 'Adizero Evo SL'], ['Under Armour', 'Sonic 7'], ['Brooks', 'Ghost 17'], ['New Balance', 'More v5']];
  const body = induceFields([page('c', cards(items), { name: ['Adizero Evo SL', 'Sonic 7'] })]);
  const best = body.fields['name']!.rules[0]!;
  assert.equal(best.attr, 'alt', formatFieldRule(best));
  assert.match(formatFieldRule(best), / @alt$/);
  assert.deepEqual(values(cards(items), body)['name'], items.map(([, n]) => n), 'the logo\'s alt is no card\'s');
  // Another page of the site, other products.
  const other: [string, string][] = [['Hoka', 'Clifton 10'], ['Saucony', 'Ride 18']];
  assert.deepEqual(values(cards(other), body)['name'], ['Clifton 10', 'Ride 18']);
});

/** A news page: the date shown in words, the machine date in `<time datetime>`, the section in an aria-label. */
function story(o: { headline: string; shown: string; iso: string; section: string }): DomTree {
  return parseHtml(`<html><body><nav aria-label="${o.section} section"><a href="/">Home</a></nav><article><h1>${o.headline}</h1>`
    + `<p class="byline">By Ann Writer, <time class="date" datetime="${o.iso}">${o.shown}</time></p><p>Text of the story.</p></article></body></html>`);
}

test('attributes: a date given as written in <time datetime> and a value in an aria-label are read from those attributes', () => {
  const a = story({ headline: 'Rain at last', shown: 'May 1, 2024', iso: '2024-05-01T08:00', section: 'Weather' });
  const b = story({ headline: 'Dry spell ends', shown: 'June 3, 2024', iso: '2024-06-03T09:30', section: 'Farming' });
  const body = induceFields([page('a', a, { date: ['2024-05-01T08:00'], section: ['Weather section'] }), page('b', b, { date: ['2024-06-03T09:30'], section: ['Farming section'] })]);
  assert.equal(body.fields['date']!.rules[0]!.attr, 'datetime');
  assert.equal(body.fields['section']!.rules[0]!.attr, 'aria-label');
  const c = story({ headline: 'Frost', shown: 'July 9, 2024', iso: '2024-07-09T07:15', section: 'Garden' });
  assert.deepEqual(values(c, body), { date: ['2024-07-09T07:15'], section: ['Garden section'] });
  assert.deepEqual(extractFields(c, body).warnings, []);
});

test('attributes: where the text explains the examples as well as an attribute does, the text rules stand alone (the model is as before)', () => {
  // Names shown whole in the heading and in the image's alt: text explains both examples.
  const items = ['Kettle', 'Teapot', 'Jug'];
  const tree = (): DomTree => parseHtml(`<html><body><div class="grid">${items.map((n) => `<div class="card"><img src="/i.jpg" alt="${n}"><h3 class="name">${n}</h3></div>`).join('')}</div></body></html>`);
  const body = induceFields([page('t', tree(), { name: ['Kettle', 'Teapot'] })]);
  const rules = body.fields['name']!.rules;
  assert.ok(rules.length > 0);
  for (const r of rules) assert.equal(r.attr, undefined, formatFieldRule(r));
  assert.deepEqual(values(tree(), body)['name'], items);
  // A link field is read from href as before, though an image's src would explain it too.
  const links = (): DomTree => parseHtml(`<html><body><ul>${['a', 'b', 'c'].map((n) => `<li><a href="https://x.example/${n}.jpg"><img src="https://x.example/${n}.jpg" alt=""></a></li>`).join('')}</ul></body></html>`);
  const lb = induceFields([page('l', links(), { url: ['https://x.example/a.jpg', 'https://x.example/b.jpg'] })]);
  for (const r of lb.fields['url']!.rules) assert.equal(r.attr, 'href', formatFieldRule(r));
});

test('attributes: an image URL is read from src, resolved against the page; attribute rules travel in the model file and a bad attr is refused', () => {
  const gallery = (names: readonly string[]): DomTree => parseHtml(`<html><head><base href="https://shop.example/c/"></head><body><div class="gallery">`
    + names.map((n) => `<figure class="shot"><img src="../img/${n}.jpg" alt="${n} photo"><figcaption>${n}</figcaption></figure>`).join('') + `</div></body></html>`);
  const body = induceFields([page('g', gallery(['kettle', 'pot', 'jug']), { image: ['https://shop.example/img/kettle.jpg', 'https://shop.example/img/pot.jpg'] })]);
  assert.equal(body.fields['image']!.rules[0]!.attr, 'src');
  assert.deepEqual(values(gallery(['cup', 'mug']), body)['image'], ['https://shop.example/img/cup.jpg', 'https://shop.example/img/mug.jpg']);
  const m = new WrapperSiteModel('shop.example', { version: 3, rules: [], trainingPages: 1, notes: [], minBodyChars: 1, fields: body });
  const json = JSON.parse(JSON.stringify(m.toJSON()));
  assert.deepEqual(WrapperSiteModel.fromJSON('shop.example', json).body.fields, body, 'the attribute rules read back');
  assert.match(WrapperSiteModel.fromJSON('shop.example', json).describe(), /@src/);
  for (const bad of ['data-price', 'class', 'ARIA-LABEL', 7]) {
    const broken = JSON.parse(JSON.stringify(json));
    broken.fields.fields.image.rules[0].attr = bad;
    assert.throws(() => WrapperSiteModel.fromJSON('shop.example', broken), /site model shop.example: field image: a field rule's attr must be one of/, String(bad));
  }
  const onLabel = JSON.parse(JSON.stringify(json));
  onLabel.fields.fields.image.rules[0] = { kind: 'label', label: 'by', labelTag: 'p', tag: 'p', text: 1, attr: 'alt', clean: {}, examples: 1, wrong: 0, pages: 1 };
  assert.throws(() => WrapperSiteModel.fromJSON('shop.example', onLabel), /attr must be .* on a path or anchor rule \(got "alt" on a label rule\)/);
});

/**
 * A listicle: the page's title in its header, then slides (numbered unless `numbered` is false),
 * each a figure with a linked title and a caption; `related`: a related-posts list inside the
 * article whose titles are marked as the page's title is; `footer`: a line so marked after the article.
 */
function listicle(title: string, slides: readonly string[], o: { numbered?: boolean; related?: readonly string[]; footer?: string } = {}): DomTree {
  const related = o.related ? `<aside class="related"><ul>${o.related.map((r) => `<li><span class="title-text">${r}</span></li>`).join('')}</ul></aside>` : '';
  return parseHtml(`<html><body><nav><ul><li><span><a href="/">Home</a></span></li><li><span><a href="/diy">DIY</a></span></li></ul></nav><article>`
    + `<header><h1><span class="title-text">${title}</span></h1><p class="byline">By Ann Editor</p></header><div class="slides">`
    + slides.map((n, i) => `<figure class="slide"><div class="slide-head"><h2><a class="title-link" href="/s/${i + 1}">${o.numbered === false ? '' : `${i + 1}. `}${n}</a></h2></div>`
      + `<figcaption><p>What you need: a hat, a cape and an afternoon to turn into ${n}.</p></figcaption></figure>`).join('')
    + `</div>${related}</article>${o.footer !== undefined ? `<footer><span class="title-text">${o.footer}</span></footer>` : ''}</body></html>`);
}

test('records: a page\'s title given as the first example record and a slide as the second: each one\'s own shape finds its records, together', () => {
  const slides = ['Witch', 'Ghost', 'Vampire', 'Scarecrow'];
  const body = induceFields([page('t', listicle('Costumes to DIY', slides), { name: ['Costumes to DIY', 'Witch'] })]);
  const model = body.fields['name']!;
  assert.equal(model.union, 2, model.rules.map(formatFieldRule).join('\n'));
  assert.deepEqual(values(listicle('Costumes to DIY', slides), body)['name'], ['Costumes to DIY', ...slides], 'the title, then every slide without its number');
  // Another page of the site: its title and its slides, however many; never the menu's links.
  assert.deepEqual(values(listicle('Pumpkins', ['Cat', 'Owl']), body)['name'], ['Pumpkins', 'Cat', 'Owl']);
  assert.match(extractFields(listicle('Pumpkins', ['Cat']), body).trace['name']!.used ?? '', / \+ /, '--explain names the rules read together');
});

test('records: two examples one rule explains are read by that rule alone (no rules read together)', () => {
  const slides = ['Witch', 'Ghost', 'Vampire', 'Scarecrow'];
  const body = induceFields([page('t', listicle('Costumes to DIY', slides), { name: ['Ghost', 'Vampire'] })]);
  assert.equal(body.fields['name']!.union, undefined);
  assert.deepEqual(values(listicle('Costumes to DIY', slides), body)['name'], slides);
});

test('clean-up: a list number before one example (`1. `) is cut where a unit starts with one, and nowhere else', () => {
  assert.deepEqual(learnCleanup(['1. '], ['']), { listNumber: true });
  assert.deepEqual(learnCleanup(['12) '], ['']), { listNumber: true });
  assert.deepEqual(learnCleanup(['2. ', '3. '], ['', '']), { after: '. ' }, 'two numbered examples: their common separator, as before');
  assert.deepEqual(learnCleanup(['No. '], ['']), { prefix: 'No. ' }, 'a word, not a number: the prefix as it is');
  assert.equal(applyCleanup('7. Witch', { listNumber: true }), 'Witch');
  assert.equal(applyCleanup('12) St. Patrick\'s Day', { listNumber: true }), 'St. Patrick\'s Day');
  assert.equal(applyCleanup('St. Patrick\'s Day', { listNumber: true }), 'St. Patrick\'s Day', 'no number: nothing cut at a later ". "');
  assert.equal(applyCleanup('Witch', { listNumber: true }), 'Witch', 'no number: the value whole, not none');
});

test('records: a list number learned from one slide is cut on numbered slides and leaves unnumbered ones whole', () => {
  const body = induceFields([page('t', listicle('Costumes to DIY', ['Witch', 'Ghost', 'Vampire']), { name: ['Costumes to DIY', 'Witch'] })]);
  assert.deepEqual(values(listicle('Feasts', ['St. Patrick\'s Day', 'Easter']), body)['name'], ['Feasts', 'St. Patrick\'s Day', 'Easter']);
  assert.deepEqual(values(listicle('Feasts', ['St. Patrick\'s Day', 'Easter'], { numbered: false }), body)['name'], ['Feasts', 'St. Patrick\'s Day', 'Easter'],
    'an unnumbered page of the site: each title whole (no "Patrick\'s Day", no title lost)');
});

test('records: a rule for the title that also reads a related list inside the article is not read together with the slides\' rule', () => {
  // More slides than related posts: the slides' rule is the best (it finds more of the list).
  const related = ['Ten Pumpkin Pies', 'Bats for Beginners'];
  const slides = ['Witch', 'Ghost', 'Vampire', 'Scarecrow'];
  const body = induceFields([page('t', listicle('Costumes to DIY', slides, { related }), { name: ['Costumes to DIY', 'Witch'] })]);
  assert.equal(body.fields['name']!.union, undefined, body.fields['name']!.rules.map(formatFieldRule).join('\n'));
  const got = values(listicle('Pumpkins', ['Cat', 'Owl'], { related }), body)['name']!;
  assert.deepEqual(got, ['Cat', 'Owl'], 'the slides; the related posts are no records');
});

test('records: a rule for the title that also takes a line outside the examples\' list (a wrong value) is not read together with the slides\' rule', () => {
  const body = induceFields([page('t', listicle('Costumes to DIY', ['Witch', 'Ghost', 'Vampire'], { footer: 'DIY Weekly' }), { name: ['Costumes to DIY', 'Witch'] })]);
  assert.equal(body.fields['name']!.union, undefined, body.fields['name']!.rules.map(formatFieldRule).join('\n'));
  assert.deepEqual(values(listicle('Pumpkins', ['Cat', 'Owl'], { footer: 'DIY Weekly' }), body)['name'], ['Cat', 'Owl']);
});

test('fields: pages of one value each laid out differently are not read by rules together (no list, no records)', () => {
  const a = parseHtml('<html><body><div class="post"><h1 class="headline">Alpha Story</h1><p>Text of the alpha story, long enough.</p></div></body></html>');
  const b = parseHtml('<html><body><div class="post"><div class="head"><h2 class="title">Beta Story</h2></div><p>Text of the beta story, long enough.</p></div></body></html>');
  const body = induceFields([page('a', a, { name: ['Alpha Story'] }), page('b', b, { name: ['Beta Story'] })]);
  assert.equal(body.fields['name']!.union, undefined, body.fields['name']!.rules.map(formatFieldRule).join('\n'));
});

/**
 * A magazine's home page: a featured card in the top section, section lists of cards in a
 * collection (two levels deeper), and more sections further down outside the top one.
 */
function magazine(featured: string, top: readonly string[], more: readonly (readonly string[])[]): DomTree {
  const card = (n: string, size: string): string => `<div class="summary-item ${size}"><div class="summary-content"><a class="hed-link" href="/s/${n.length}"><h3 class="hed">${n}</h3></a>`
    + `<p class="dek">Why ${n} matters, in a line.</p></div></div>`;
  const section = (names: readonly string[]): string => `<div class="row"><div class="grid"><div class="grid-item"><div class="collection"><div class="collection-items">`
    + `${names.map((n) => card(n, 'small')).join('')}</div></div></div></div></div>`;
  return parseHtml(`<html><body><main><div class="top"><div class="row"><div class="grid"><div class="grid-item">${card(featured, 'big')}</div></div></div>`
    + `${section(top)}</div><div class="more">${more.map((s) => `<h2 class="section-title">Section</h2>${section(s)}`).join('')}</div></main>`
    + '<footer><ul><li><a href="/about">About</a></li></ul></footer></body></html>');
}

test('records: a featured card and a card of a section list, whose chains differ in length, give every card of every section', () => {
  const top = ['Sleep Apnea Goes Undetected', 'The CDC Has a Crisis', 'Digital Twins Help'];
  const more = [['Protein Website Disagrees', 'Workers Are Quitting'], ['War Could Screw Farmers', 'Rockets Reach Orbit', 'Bees Learn Maths']];
  const featured = 'Big Tech Signs a Pledge';
  const body = induceFields([page('w', magazine(featured, top, more), { name: [featured, 'The CDC Has a Crisis'] })]);
  assert.deepEqual(values(magazine(featured, top, more), body)['name'], [featured, ...top, ...more.flat()]);
  assert.deepEqual(values(magazine('Another Lead', ['One'], [['Two', 'Three']]), body)['name'], ['Another Lead', 'One', 'Two', 'Three']);
});

test('model file: rules read together (`union`) travel in the model file; files without it read as before; a bad union is refused by name', () => {
  const body = induceFields([page('t', listicle('Costumes to DIY', ['Witch', 'Ghost', 'Owl']), { name: ['Costumes to DIY', 'Witch'] })]);
  const m = new WrapperSiteModel('diy.example', { version: 3, rules: [], trainingPages: 1, notes: [], minBodyChars: 1, fields: body });
  const json = JSON.parse(JSON.stringify(m.toJSON()));
  assert.deepEqual(WrapperSiteModel.fromJSON('diy.example', json).body.fields, body);
  assert.match(m.describe(), /the first 2 rules are read together/);
  // A file written before rules were read together: the first rule that finds a value gives them, as before.
  const older = JSON.parse(JSON.stringify(json));
  delete older.fields.fields.name.union;
  const read = WrapperSiteModel.fromJSON('diy.example', older).body.fields!;
  assert.deepEqual(values(listicle('Pumpkins', ['Cat', 'Owl']), read)['name'], ['Cat', 'Owl'], 'the first rule alone: the slides, not the title');
  // A list number cut travels as its own key; another value than true is refused by name.
  assert.deepEqual(body.fields['name']!.rules[0]!.clean, { listNumber: true });
  const badCut = JSON.parse(JSON.stringify(json));
  badCut.fields.fields.name.rules[0].clean.listNumber = 'yes';
  assert.throws(() => WrapperSiteModel.fromJSON('diy.example', badCut), /site model diy.example: field name: clean.listNumber must be true \(got "yes"\)/);
  for (const bad of [1, 99, 1.5, 'all']) {
    json.fields.fields.name.union = bad;
    assert.throws(() => WrapperSiteModel.fromJSON('diy.example', json), /site model diy.example: field name: union must be a whole number of rules read together/);
  }
});

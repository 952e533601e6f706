/** The list finder: two-class RIPPER rules over node features, the main list, the model file, and the lists output. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHtml } from '../../../src/dom/parse.js';
import type { ElementNode } from '../../../src/dom/tree.js';
import { TREE_NODE_COLUMNS, TREE_NODE_SETS, treeNodeRows } from '../../../src/features/tree-nodes.js';
import { featuresOf, trainTwoClass } from '../../../src/models/ripper/two-class.js';
import { bestGroup, candidateGroups, detectLists, groupProbabilities, mainGroup, MIN_LIST_ITEMS, resolveHref, ruleMarks } from '../../../src/models/lists/find-lists.js';
import { createListModelFile, decodeListModel, encodeListModel, type ListModel } from '../../../src/models/lists/list-model.js';
import { extract } from '../../../src/index.js';
import type { ItemFeatures } from '../../../src/features/types.js';
import { repoRoot } from '../../helpers/paths.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

/** A shop-like page: a nav menu, a grid of product cards (h3 > a), a footer. */
function page(products: readonly string[], nav: readonly string[]): string {
  const cards = products.map((p, i) => `<div class="card"><img src="/i/${i}.jpg"><h3><a href="/p/${i}">${p}</a></h3><span>£${10 + i}.99</span></div>`).join('');
  const menu = nav.map((n) => `<li><a href="/${n.toLowerCase()}">${n}</a></li>`).join('');
  return `<html><body><header><ul>${menu}</ul></header><main><h1>Our range</h1><div class="grid">${cards}</div></main><footer><p>© Shop</p></footer></body></html>`;
}

const TRAIN = [
  page(['Steel kettle with filter', 'Glass teapot for loose tea', 'Cast iron casserole dish', 'Copper milk pan small', 'Oak chopping board large'], ['Home', 'Kitchen', 'Garden', 'Sale']),
  page(['Linen napkins set of four', 'Cotton apron with pocket', 'Wool throw in grey', 'Ceramic vase tall white'], ['Home', 'Living', 'Gifts']),
  page(['Walnut desk organiser', 'Brass table lamp', 'Leather notebook cover', 'Ink pen with gold nib', 'Paper tray in oak', 'Canvas storage box'], ['Office', 'Sale', 'Help', 'Contact', 'About']),
];

/** Trains on the product links of the training pages (positives: the card links). */
function trainModel(): ListModel {
  const items: ItemFeatures[] = [], pos: boolean[] = [];
  for (const html of TRAIN) {
    const tree = parseHtml(html);
    const rows = treeNodeRows(tree);
    rows.ids.forEach((id, k) => {
      const el = tree.nodes[id] as ElementNode;
      items.push(rows.items[k]!);
      pos.push(el.tag === 'a' && (el.attrs['href'] ?? '').startsWith('/p/'));
    });
  }
  const body = trainTwoClass(items, pos, featuresOf(TREE_NODE_COLUMNS, TREE_NODE_SETS), { minCoverage: 1 }, { positive: 'item', negative: 'other' });
  return decodeListModel(encodeListModel(createListModelFile([body], { trainingCorpora: [{ name: 'hand-made', pages: TRAIN.length }], params: { minCoverage: 1 } })));
}

test('rules learned from three pages find every product of an unseen page, in order, with links', () => {
  const model = trainModel();
  assert.ok(model.ruleSets[0]!.body.rules.length >= 1);
  const html = page(['Bamboo bath mat', 'Rain shower head', 'Towel rail in chrome', 'Soap dish of slate'], ['Home', 'Bath', 'Offers']);
  const tree = parseHtml(html, { url: 'https://shop.example/bath' });
  const { lists, nodes } = detectLists(tree, model);
  assert.equal(nodes.length, 4);
  assert.deepEqual(lists, [{ items: [
    { text: 'Bamboo bath mat', href: 'https://shop.example/p/0' },
    { text: 'Rain shower head', href: 'https://shop.example/p/1' },
    { text: 'Towel rail in chrome', href: 'https://shop.example/p/2' },
    { text: 'Soap dish of slate', href: 'https://shop.example/p/3' },
  ] }]);
});

test('a page whose rules mark too few elements has no list', () => {
  const model = trainModel();
  const tree = parseHtml('<html><body><p>Just one paragraph of text, no list here at all.</p></body></html>');
  assert.deepEqual(detectLists(tree, model), { nodes: [], lists: [] });
});

test('mainGroup keeps the path with the most marked elements and completes it', () => {
  const tree = parseHtml('<html><body><ul><li>a1</li><li>a2</li><li>a3</li><li>a4</li></ul><ol><li>b1</li><li>b2</li></ol></body></html>');
  const rows = treeNodeRows(tree);
  const lis = rows.ids.filter((id) => (tree.nodes[id] as ElementNode).tag === 'li');
  assert.deepEqual(mainGroup([lis[0]!, lis[1]!, lis[2]!, lis[4]!], rows), lis.slice(0, 4), 'the unmarked a4 joins its list; the ol\'s item does not');
  assert.deepEqual(mainGroup(lis.slice(0, MIN_LIST_ITEMS - 1), rows), []);
});

test('an element is marked when most rule sets mark it', () => {
  const features = featuresOf(TREE_NODE_COLUMNS, TREE_NODE_SETS);
  const tagName = features.findIndex((f) => f.name === 'tagName');
  const set = (tag: string) => ({ algorithm: 'ripper-two-class' as const, positive: 'item', negative: 'other', features, rules: [{ conds: [{ f: tagName, op: '=' as const, v: tag }], p: 1, n: 0 }], default: { p: 1, n: 0 }, examples: 2 });
  const model = decodeListModel(encodeListModel(createListModelFile([set('li'), set('p'), set('li')], { trainingCorpora: [], params: {} })));
  const tree = parseHtml('<html><body><ul><li>one</li><li>two</li></ul><p>para</p></body></html>');
  const rows = treeNodeRows(tree);
  assert.deepEqual(ruleMarks(rows, model).marked.map((id) => (tree.nodes[id] as ElementNode).tag), ['li', 'li']);
});

test('hrefs: resolved, scripts and mail links dropped', () => {
  assert.equal(resolveHref('/x?y=1', 'https://a.example/dir/'), 'https://a.example/x?y=1');
  assert.equal(resolveHref('javascript:go()', 'https://a.example/'), undefined);
  assert.equal(resolveHref('mailto:a@b.c', undefined), undefined);
  assert.equal(resolveHref('rel/path', undefined), 'rel/path');
});

test('a list model survives its file; a malformed one is refused', () => {
  const model = trainModel();
  const again = decodeListModel(encodeListModel(model.file));
  assert.deepEqual(again.file, model.file);
  assert.equal(again.ruleSets[0]!.describe(), model.ruleSets[0]!.describe());
  assert.match(model.ruleSets[0]!.describe(), /^ {2}1\. item :- .+\. \[\d+\/\d+\]/m);
  assert.throws(() => decodeListModel(Buffer.from('{"format":"pith-lists","version":1}')), /BAD_MODEL|malformed|other node features/);
  assert.throws(() => decodeListModel(Buffer.from(JSON.stringify({ ...model.file, ruleSets: [] }))), /ruleSets must hold/);
  assert.throws(() => decodeListModel(Buffer.from('not json')), (e: Error & { code?: string }) => e.code === 'BAD_MODEL');
  const renamed = JSON.parse(JSON.stringify(model.file)) as { ruleSets: { features: { name: string }[] }[] };
  renamed.ruleSets[0]!.features[0]!.name = 'noSuchFeature';
  assert.throws(() => decodeListModel(Buffer.from(JSON.stringify(renamed))), /feature the node rows do not have/);
  const body = JSON.parse(JSON.stringify(model.file)) as { ruleSets: { rules: { conds: { f: number }[] }[] }[] };
  body.ruleSets[0]!.rules[0]!.conds[0]!.f = 999;
  assert.throws(() => decodeListModel(Buffer.from(JSON.stringify(body))), (e: Error & { code?: string }) => e.code === 'BAD_MODEL');
});

test('the library gives lists only when asked, with a given list model', async () => {
  const model = trainModel();
  const html = page(['Red wool scarf long', 'Blue knitted hat', 'Green mittens pair'], ['Home', 'Winter']);
  const plain = await extract(html, { url: 'https://shop.example/winter' });
  assert.equal('lists' in plain, false);
  const withLists = await extract(html, { url: 'https://shop.example/winter', includeLists: true, listModel: model });
  assert.equal(withLists.lists?.[0]?.items.length, 3);
  assert.equal(withLists.lists?.[0]?.items[0]?.href, 'https://shop.example/p/0');
  assert.equal(withLists.title, plain.title);
  assert.equal(withLists.markdown, plain.markdown);
  const none = await extract('<html><body><p>Nothing repeated on this page at all, only prose.</p></body></html>', { includeLists: true, listModel: model });
  assert.deepEqual(none.lists, []);
});

test('pith extract --lists adds the lists key to the JSON and nothing else; model show prints the rules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-lists-'));
  try {
    const model = trainModel();
    const modelPath = join(dir, 'lists.model.json.gz');
    writeFileSync(modelPath, encodeListModel(model.file));
    const pagePath = join(dir, 'p.html');
    writeFileSync(pagePath, page(['Silver ring with stone', 'Gold chain necklace', 'Pearl earrings pair', 'Jade bracelet green'], ['Home', 'Jewels']));
    const plain = pith('extract', pagePath, '--format', 'json', '--url', 'https://shop.example/j');
    assert.equal(plain.status, 0, plain.stderr);
    const lists = pith('extract', pagePath, '--format', 'json', '--url', 'https://shop.example/j', '--lists', '--list-model', modelPath);
    assert.equal(lists.status, 0, lists.stderr);
    const a = JSON.parse(plain.stdout) as Record<string, unknown>, b = JSON.parse(lists.stdout) as Record<string, unknown>;
    assert.equal('lists' in a, false);
    const { lists: found, ...rest } = b;
    assert.deepEqual(rest, a, 'the rest of the JSON is unchanged');
    assert.deepEqual((found as { items: { text: string }[] }[])[0]!.items.map((i) => i.text), ['Silver ring with stone', 'Gold chain necklace', 'Pearl earrings pair', 'Jade bracelet green']);
    const bad = pith('extract', pagePath, '--lists');
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /--lists needs --format json/);
    const show = pith('model', 'show', modelPath);
    assert.equal(show.status, 0, show.stderr);
    assert.match(show.stdout, /format {5}pith-lists v1/);
    assert.match(show.stdout, /trained on hand-made \(3 pages\)/);
    assert.match(show.stdout, /^ {2}1\. item :- /m);
    assert.match(show.stdout, /^other :- true\. \[\d+\/\d+\]/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the bundled list model loads and pith model show --lists prints its rules', () => {
  const bytes = readFileSync(join(repoRoot, 'models', 'lists.model.json.gz'));
  const model = decodeListModel(bytes);
  assert.ok(model.ruleSets.length >= 1 && model.ruleSets.every((r) => r.body.rules.length > 0));
  assert.ok(model.file.trainingCorpora.every((c) => ['wcxb-dev', 'trafilatura-eval', 'readability-test-pages', 'postlight-titles'].includes(c.name)), 'trained on train-use corpora only');
  const show = pith('model', 'show', '--lists');
  assert.equal(show.status, 0, show.stderr);
  assert.match(show.stdout, /RIPPER: \d+ rules over \d+ features/);
  assert.match(show.stdout, /normalizedNodePrefixCount\(numeric\)/);
});

/** A version 2 model whose item rules mark nothing, and whose group rules were learned from the training pages' product groups. */
function groupOnlyModel(threshold: number): ListModel {
  const features = featuresOf(TREE_NODE_COLUMNS, TREE_NODE_SETS);
  const items: ItemFeatures[] = [], pos: boolean[] = [], groupItems: ItemFeatures[] = [], groupPos: boolean[] = [];
  for (const html of TRAIN) {
    const tree = parseHtml(html);
    const rows = treeNodeRows(tree);
    rows.items.forEach((it) => { items.push(it); pos.push(false); });
    for (const g of candidateGroups(rows)) {
      const el = tree.nodes[rows.ids[g.first]!] as ElementNode;
      groupItems.push(rows.items[g.first]!);
      groupPos.push(el.tag === 'a' && (el.attrs['href'] ?? '').startsWith('/p/'));
    }
  }
  const itemBody = trainTwoClass(items, pos, features, {}, { positive: 'item', negative: 'other' });
  const groupBody = trainTwoClass(groupItems, groupPos, features, { minCoverage: 1 }, { positive: 'list', negative: 'other' });
  const file = createListModelFile([itemBody], { trainingCorpora: [], params: {} }, undefined, { ruleSets: [groupBody], threshold });
  return decodeListModel(encodeListModel(file));
}

test('version 2: where the item rules mark no list, the group rules pick the candidate group', () => {
  const model = groupOnlyModel(0.5);
  assert.equal(model.file.version, 2);
  assert.equal(model.ruleSets[0]!.body.rules.length, 0, 'the item rules mark nothing');
  assert.ok(model.groupRuleSets[0]!.body.rules.length >= 1);
  const html = page(['Bamboo bath mat', 'Rain shower head', 'Towel rail in chrome'], ['Home', 'Bath', 'Offers', 'Help']);
  const tree = parseHtml(html, { url: 'https://shop.example/bath' });
  const rows = treeNodeRows(tree);
  const probs = groupProbabilities(rows, model.groupRuleSets);
  assert.ok(probs.size >= 2, 'the menu and the cards are candidates');
  assert.deepEqual(detectLists(tree, model).lists[0]!.items.map((i) => i.text), ['Bamboo bath mat', 'Rain shower head', 'Towel rail in chrome']);
  // The threshold says "none" when no group is probable enough.
  assert.deepEqual(bestGroup(probs, rows, 1.01), []);
  assert.deepEqual(detectLists(tree, groupOnlyModel(1)).lists, []);
  // A version 1 model has no group rules: the same page has no list.
  const v1 = decodeListModel(encodeListModel(createListModelFile(model.file.ruleSets, { trainingCorpora: [], params: {} })));
  assert.equal(v1.file.version, 1);
  assert.deepEqual(detectLists(tree, v1).lists, []);
});

test('version 2 files: group rule sets and threshold checked; pith model show prints the group rules', () => {
  const model = groupOnlyModel(0.05);
  const again = decodeListModel(encodeListModel(model.file));
  assert.deepEqual(again.file, model.file);
  assert.equal(again.groupThreshold, 0.05);
  assert.throws(() => decodeListModel(Buffer.from(JSON.stringify({ ...model.file, groupThreshold: 2 }))), /groupThreshold must be/);
  assert.throws(() => decodeListModel(Buffer.from(JSON.stringify({ ...model.file, groupRuleSets: [] }))), /groupRuleSets must hold/);
  assert.throws(() => decodeListModel(Buffer.from(JSON.stringify({ ...model.file, version: 4 }))), /unsupported list model version 4/);
  assert.throws(() => decodeListModel(Buffer.from(JSON.stringify({ ...model.file, version: 3 }))), /version 3 list model needs its ranker/);
  const dir = mkdtempSync(join(tmpdir(), 'pith-lists-v2-'));
  try {
    const path = join(dir, 'm.json.gz');
    writeFileSync(path, encodeListModel(model.file));
    const show = pith('model', 'show', path);
    assert.equal(show.status, 0, show.stderr);
    assert.match(show.stdout, /format {5}pith-lists v2/);
    assert.match(show.stdout, /^group rules: .* 0\.05 or more$/m);
    assert.match(show.stdout, /^ {2}1\. list :- /m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

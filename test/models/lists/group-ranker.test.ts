/** The group ranker (a conditional logit over a page's candidate groups), its candidate features, and the version 3 list model that carries it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHtml } from '../../../src/dom/parse.js';
import type { ElementNode } from '../../../src/dom/tree.js';
import { TREE_NODE_COLUMNS, TREE_NODE_SETS, treeNodeRows } from '../../../src/features/tree-nodes.js';
import { featuresOf, trainTwoClass } from '../../../src/models/ripper/two-class.js';
import { candidateFeatures, GROUP_FEATURE_NAMES, recordElements, type CandidateGroup } from '../../../src/models/lists/group-features.js';
import { GroupRanker, groupRankerFromJSON, trainGroupRanker, type RankerPage } from '../../../src/models/lists/group-ranker.js';
import { detectLists } from '../../../src/models/lists/find-lists.js';
import { createListModelFile, decodeListModel, encodeListModel } from '../../../src/models/lists/list-model.js';
import type { ItemFeatures } from '../../../src/features/types.js';
import { repoRoot } from '../../helpers/paths.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

/** A shop-like page: a nav menu, a grid of product cards (image, h3 > a, price), social links in the footer. */
function page(products: readonly string[], nav: readonly string[]): string {
  const cards = products.map((p, i) => `<div class="card"><img src="/i/${i}.jpg"><h3><a href="/p/${p.toLowerCase().replace(/ /g, '-')}">${p}</a></h3><span>£${10 + i}.99</span></div>`).join('');
  const menu = nav.map((n) => `<li><a href="/${n.toLowerCase()}">${n}</a></li>`).join('');
  const social = ['Facebook', 'Twitter', 'Instagram'].map((s) => `<a href="https://${s.toLowerCase()}.example/shop">${s}</a>`).join(' ');
  return `<html><body><nav><ul>${menu}</ul></nav><main><h1>Our range</h1><div class="grid">${cards}</div></main><footer><p>${social}</p></footer></body></html>`;
}

const TRAIN = [
  page(['Steel kettle with filter', 'Glass teapot for loose tea', 'Cast iron casserole dish', 'Copper milk pan small'], ['Home', 'Kitchen', 'Garden', 'Sale']),
  page(['Linen napkins set of four', 'Cotton apron with pocket', 'Wool throw in grey'], ['Home', 'Living', 'Gifts', 'Help', 'Blog']),
  page(['Walnut desk organiser', 'Brass table lamp', 'Leather notebook cover', 'Ink pen with gold nib', 'Paper tray in oak'], ['Office', 'Sale', 'Help']),
];
/** A page without a list: prose between a menu and the footer. */
const ARTICLE = `<html><body><nav><ul><li><a href="/a">About</a></li><li><a href="/b">Blog</a></li><li><a href="/c">Contact</a></li></ul></nav><main><h1>A day out</h1><p>We walked along the coast for hours and saw the seals on the rocks below the cliffs.</p><p>Then it rained.</p></main></body></html>`;

const isProductLink = (tree: ReturnType<typeof parseHtml>, rows: ReturnType<typeof treeNodeRows>, g: CandidateGroup): boolean => {
  const el = tree.nodes[rows.ids[g.rows[0]!]!] as ElementNode;
  return el.tag === 'a' && (el.attrs['href'] ?? '').startsWith('/p/');
};

/** Training pages: each product page's right candidate is its group of product links; the article's answer is "no list". */
function rankerPages(): RankerPage[] {
  const lists = TRAIN.map((html) => {
    const tree = parseHtml(html, { url: 'https://shop.example/' });
    const rows = treeNodeRows(tree);
    const cands = candidateFeatures(tree, rows);
    return { candidates: cands.map((c) => c.x), acceptable: cands.flatMap((c, k) => (isProductLink(tree, rows, c) ? [k] : [])) };
  });
  const tree = parseHtml(ARTICLE, { url: 'https://shop.example/' });
  return [...lists, { candidates: candidateFeatures(tree, treeNodeRows(tree)).map((c) => c.x), acceptable: [] }];
}

const feature = (g: CandidateGroup, name: string): number => g.x[GROUP_FEATURE_NAMES.indexOf(name)]!;

test('candidate features: the cards hold an image and a link, the menu sits in a landmark, the social links leave the site, prices are prices', () => {
  const tree = parseHtml(TRAIN[0]!, { url: 'https://shop.example/' });
  const rows = treeNodeRows(tree);
  const cands = candidateFeatures(tree, rows);
  assert.ok(cands.every((c) => c.x.length === GROUP_FEATURE_NAMES.length && c.rows.length >= 3));
  const tagOf = (c: CandidateGroup): string => (tree.nodes[rows.ids[c.rows[0]!]!] as ElementNode).tag;
  const products = cands.find((c) => isProductLink(tree, rows, c))!;
  assert.equal(feature(products, 'recordImageLinkShare'), 1);
  assert.equal(feature(products, 'landmarkShare'), 0);
  assert.equal(feature(products, 'tagA'), 1);
  assert.ok(feature(products, 'slugLength') > 4, 'long product slugs');
  const menu = cands.find((c) => tagOf(c) === 'li')!;
  assert.equal(feature(menu, 'landmarkShare'), 1);
  const social = cands.find((c) => tagOf(c) === 'a' && feature(c, 'externalShare') > 0)!;
  assert.equal(feature(social, 'externalShare'), 1);
  const prices = cands.find((c) => tagOf(c) === 'span')!;
  assert.equal(feature(prices, 'priceShare'), 1);
  // Each title link's record is its card.
  assert.deepEqual(recordElements(tree, products.rows.map((k) => rows.ids[k]!)).map((id) => (tree.nodes[id] as ElementNode).attrs['class']), ['card', 'card', 'card', 'card']);
});

test('a ranker learned from three hand-made pages picks the product links of an unseen page, and no list on an article', () => {
  for (const options of [{ l2: 0.01, iterations: 300 }, { trees: 30, depth: 2, l2: 1 }]) {
    const ranker = new GroupRanker(trainGroupRanker(rankerPages(), options));
    const tree = parseHtml(page(['Bamboo bath mat', 'Rain shower head', 'Towel rail in chrome'], ['Home', 'Bath', 'Offers', 'Help']), { url: 'https://shop.example/bath' });
    const rows = treeNodeRows(tree);
    const pick = ranker.pick(candidateFeatures(tree, rows));
    assert.ok(pick, JSON.stringify(options));
    assert.deepEqual(pick.rows.map((k) => rows.textOf(rows.ids[k]!)), ['Bamboo bath mat', 'Rain shower head', 'Towel rail in chrome']);
    const article = parseHtml(ARTICLE.replace('A day out', 'A night in'));
    assert.equal(ranker.pick(candidateFeatures(article, treeNodeRows(article))), undefined, 'the article page has no list');
    assert.ok(ranker.body.pages.lists === 3 && ranker.body.pages.none === 1);
  }
});

test('training is deterministic and reads only the features asked for', () => {
  const a = trainGroupRanker(rankerPages(), { iterations: 50 }), b = trainGroupRanker(rankerPages(), { iterations: 50 });
  assert.deepEqual(a, b);
  const some = trainGroupRanker(rankerPages(), { iterations: 50, features: ['size', 'landmarkShare'] });
  assert.deepEqual(some.features.map((f) => f.name), ['size', 'landmarkShare']);
  assert.throws(() => trainGroupRanker(rankerPages(), { features: ['noSuchFeature'] }), /unknown feature/);
});

/** A version 3 model: item rules that mark nothing, no group rules, and the ranker. */
function rankerModel(trees = 0) {
  const features = featuresOf(TREE_NODE_COLUMNS, TREE_NODE_SETS);
  const items: ItemFeatures[] = [], pos: boolean[] = [];
  for (const html of TRAIN) for (const it of treeNodeRows(parseHtml(html)).items) { items.push(it); pos.push(false); }
  const itemBody = trainTwoClass(items, pos, features, {}, { positive: 'item', negative: 'other' });
  const ranker = trainGroupRanker(rankerPages(), trees ? { trees, l2: 1 } : { l2: 0.01, iterations: 300 });
  return createListModelFile([itemBody], { trainingCorpora: [{ name: 'hand-made', pages: 4 }], params: {} }, undefined, undefined, ranker);
}

test('version 3: the ranker survives the model file and finds the list where the rules find none', () => {
  for (const trees of [0, 20]) {
    const file = rankerModel(trees);
    assert.equal(file.version, 3);
    const model = decodeListModel(encodeListModel(file));
    assert.deepEqual(model.file, JSON.parse(JSON.stringify(file)));
    assert.ok(model.ranker);
    assert.equal(model.ranker.describe(), new GroupRanker(file.ranker!).describe());
    const tree = parseHtml(page(['Rubber duck yellow', 'Soft sponge natural', 'Bath salts lavender'], ['Home', 'Bath']), { url: 'https://shop.example/b' });
    assert.deepEqual(detectLists(tree, model).lists[0]!.items, [
      { text: 'Rubber duck yellow', href: 'https://shop.example/p/rubber-duck-yellow' },
      { text: 'Soft sponge natural', href: 'https://shop.example/p/soft-sponge-natural' },
      { text: 'Bath salts lavender', href: 'https://shop.example/p/bath-salts-lavender' },
    ]);
  }
});

test('a corrupt ranker is refused at load', () => {
  const file = JSON.parse(JSON.stringify(rankerModel())) as Record<string, any>;
  const refused = (edit: (f: Record<string, any>) => void, message: RegExp): void => {
    const f = JSON.parse(JSON.stringify(file)) as Record<string, any>;
    edit(f);
    assert.throws(() => decodeListModel(Buffer.from(JSON.stringify(f))), (e: Error & { code?: string }) => e.code === 'BAD_MODEL' && message.test(e.message));
  };
  refused((f) => { delete f['ranker']; }, /needs its ranker/);
  refused((f) => { f['ranker'].features[0].name = 'noSuchFeature'; }, /does not compute: noSuchFeature/);
  refused((f) => { f['ranker'].features[1].name = f['ranker'].features[0].name; }, /given twice/);
  refused((f) => { f['ranker'].features[0].scale = 0; }, /positive scale/);
  refused((f) => { f['ranker'].features[0].weight = 'heavy'; }, /positive scale|weight/);
  refused((f) => { f['ranker'].bias = null; }, /finite/);
  refused((f) => { f['ranker'].algorithm = 'svm'; }, /unknown algorithm/);
  refused((f) => { f['ranker'].features = []; }, /features must hold/);
  refused((f) => { f['ranker'].trees = [{ feature: 'size', threshold: 1, left: { leaf: 1 }, right: { feature: 'nope', threshold: 0, left: { leaf: 0 }, right: { leaf: 0 } } }]; }, /does not compute: nope/);
  refused((f) => { f['ranker'].trees = [{ feature: 'size', threshold: 1, left: { leaf: 'x' }, right: { leaf: 0 } }]; }, /leaf/);
  refused((f) => { f['version'] = 4; }, /unsupported list model version 4/);
  refused((f) => { f['ranker'].pages.lists = -1; }, /page counts must be whole numbers/);
  refused((f) => { f['ranker'].pages.none = 0.5; }, /page counts must be whole numbers/);
  refused((f) => { f['version'] = 2; }, /group ranker needs a version 3 list model \(this one is version 2\)/);
  refused((f) => { f['version'] = 1; }, /group ranker needs a version 3 list model \(this one is version 1\)/);
  assert.throws(() => groupRankerFromJSON(null), /not an object/);
});

test('pith model show prints a version 3 model\'s ranker, its weights and its trees', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-ranker-'));
  try {
    for (const trees of [0, 5]) {
      const path = join(dir, `lists-${trees}.model.json.gz`);
      writeFileSync(path, encodeListModel(rankerModel(trees)));
      const show = pith('model', 'show', path);
      assert.equal(show.status, 0, show.stderr);
      assert.match(show.stdout, /format {5}pith-lists v3/);
      assert.match(show.stdout, /ranker: where neither the item rules nor the group rules find a list/);
      assert.match(show.stdout, /group ranker \(conditional-logit, trained on 3 pages with a list and 1 without\)/);
      if (trees) assert.match(show.stdout, /^ {2}tree 5$/m);
      else assert.match(show.stdout, /^ {2}landmarkShare +[+-]\d/m);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('candidate features stay cheap on deeply nested markup and empty on a page without a body', () => {
  const deep = '<div>'.repeat(3000) + '<ul>' + '<li><a href="/x">item text here</a></li>'.repeat(5) + '</ul>' + '</div>'.repeat(3000);
  const tree = parseHtml(`<html><body>${deep}</body></html>`);
  const before = process.cpuUsage();
  const cands = candidateFeatures(tree, treeNodeRows(tree));
  const used = process.cpuUsage(before);
  assert.ok(cands.length >= 1 && cands.every((c) => c.x.every(Number.isFinite)));
  assert.ok((used.user + used.system) / 1e6 < 20, 'CPU seconds, a generous margin');
  assert.deepEqual(candidateFeatures(parseHtml(''), treeNodeRows(parseHtml(''))), []);
});

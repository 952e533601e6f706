/** The per-element facts made in one pass equal what walking each element's ancestors finds. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage } from '../../src/page.js';
import { ARTICLE_ITEMTYPE_BIT, CONTAINERS, IN_LINK_BIT, MICRODATA, nodeFacts } from '../../src/features/node-facts.js';
import { treeFacts } from '../../src/dom/facts.js';
import type { DomTree, ElementNode } from '../../src/dom/tree.js';
import { fixture } from '../helpers/paths.js';

const ROLES: Readonly<Record<string, string>> = {
  main: 'main', navigation: 'nav', complementary: 'aside', contentinfo: 'footer', banner: 'header', article: 'article',
  figure: 'figure', listitem: 'li', table: 'table', form: 'form', search: 'form',
};

/** The element and its ancestors, nearest first (the document left out). */
function chain(tree: DomTree, id: number): ElementNode[] {
  const out: ElementNode[] = [];
  for (let p = id; p > 0; p = tree.nodes[p]!.parent) out.push(tree.nodes[p] as ElementNode);
  return out;
}

function slowFlags(tree: DomTree, id: number): number {
  let f = 0;
  for (const el of chain(tree, id)) {
    const k = CONTAINERS.indexOf(el.tag as (typeof CONTAINERS)[number]);
    if (k >= 0) f |= 1 << k;
    const role = ROLES[(el.attrs['role'] ?? '').trim().toLowerCase()];
    if (role) f |= 1 << CONTAINERS.indexOf(role as (typeof CONTAINERS)[number]);
    if (el.tag === 'a' && el.attrs['href'] !== undefined) f |= IN_LINK_BIT;
  }
  return f;
}

function slowHeading(tree: DomTree, id: number): number {
  for (const el of chain(tree, id)) {
    const m = /^h([1-6])$/.exec(el.tag);
    if (m) return Number(m[1]);
  }
  return 0;
}

function slowMicrodata(tree: DomTree, id: number): number {
  let m = 0;
  for (const el of chain(tree, id)) {
    for (const v of (el.attrs['itemprop'] ?? '').toLowerCase().split(/\s+/)) {
      const k = MICRODATA.indexOf(v as (typeof MICRODATA)[number]);
      if (k >= 0) m |= 1 << k;
    }
    if (/article|blogposting|newsarticle|report/i.test(el.attrs['itemtype'] ?? '')) m |= ARTICLE_ITEMTYPE_BIT;
  }
  return m;
}

const slowPath = (tree: DomTree, id: number): string => chain(tree, id).map((el) => el.tag).reverse().join('/');

const HTML = `<html><body><div role="navigation"><ul><li><a href="/a">A <b>bold</b></a></li><li><a name="x">anchor</a></li></ul></div>
<main><article itemscope itemtype="https://schema.org/BlogPosting"><h2>Head <span>inner</span></h2>
<div itemprop="articleBody Description"><p>Text <a href="/b"><i>link</i></a></p><table><tr><td role="search">cell</td></tr></table></div>
<h1><h3>nested</h3></h1></article></main><footer><address>addr</address></footer></body></html>`;

const trees: DomTree[] = [
  loadPage(new TextEncoder().encode(HTML), { id: 'inline' }).tree,
  ...['article.html', 'german.html', 'chinese.html', 'no-title.html'].map((name) => loadPage(new Uint8Array(readFileSync(fixture('features', name))), { id: name }).tree),
];

test('node facts equal the ancestor walks they replace', () => {
  let checked = 0;
  for (const tree of trees) {
    const facts = nodeFacts(tree);
    const idOfPath = new Map<string, number>();
    for (const node of tree.nodes) {
      if (node.kind !== 'element' || node.id === 0) continue;
      const id = node.id;
      assert.equal(facts.containerFlags[id], slowFlags(tree, id), `flags of ${slowPath(tree, id)}`);
      assert.equal(facts.headingLevel[id], slowHeading(tree, id), `heading of ${slowPath(tree, id)}`);
      assert.equal(facts.microdata[id], slowMicrodata(tree, id), `microdata of ${slowPath(tree, id)}`);
      // Same path id exactly when the same tags lead from the root; the path's parent is the parent's path.
      const path = slowPath(tree, id);
      const seen = idOfPath.get(path);
      if (seen === undefined) {
        assert.ok(![...idOfPath.values()].includes(facts.pathId[id]!), `path id of ${path} is not another path's`);
        idOfPath.set(path, facts.pathId[id]!);
      } else assert.equal(facts.pathId[id], seen, path);
      const parent = node.parent;
      assert.equal(facts.pathParent[facts.pathId[id]!], parent > 0 ? facts.pathId[parent] : -1, `parent path of ${path}`);
      checked++;
    }
  }
  assert.ok(checked > 60, `the pages have elements enough (${checked})`);
});

test('the inline page exercises every kind of fact', () => {
  const tree = trees[0]!;
  const facts = nodeFacts(tree);
  const byText = (tag: string, n = 0): number => tree.nodes.filter((x) => x.kind === 'element' && x.tag === tag)[n]!.id;
  assert.ok((facts.containerFlags[byText('b')]! & IN_LINK_BIT) !== 0, 'bold text inside a link');
  assert.ok((facts.containerFlags[byText('b')]! & (1 << CONTAINERS.indexOf('nav'))) !== 0, 'role=navigation counts as nav');
  assert.equal(facts.headingLevel[byText('span')], 2);
  assert.equal(facts.headingLevel[byText('h3')], 3);
  assert.ok((facts.microdata[byText('i')]! & ARTICLE_ITEMTYPE_BIT) !== 0);
  assert.ok((facts.microdata[byText('i')]! & (1 << MICRODATA.indexOf('articlebody'))) !== 0);
});

test('tag-path ids are the tree\'s own facts, not derived a second time', () => {
  for (const tree of trees) {
    const facts = nodeFacts(tree);
    assert.equal(facts.pathId, treeFacts(tree).pathOf);
    assert.equal(facts.pathParent, treeFacts(tree).paths.parent);
  }
});

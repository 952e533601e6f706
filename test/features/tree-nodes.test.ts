/** The list-extraction study's parse-tree node features: prefix and suffix counts, text lengths, link share, group measures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomTree, ElementNode } from '../../src/dom/tree.js';
import { TREE_NODE_COLUMNS, treeNodeRows } from '../../src/features/tree-nodes.js';
import { fixture } from '../helpers/paths.js';

const col = (name: string): number => TREE_NODE_COLUMNS.findIndex((c) => c.name === name);

function rowsOf(html: string) {
  const tree = parseHtml(html);
  const rows = treeNodeRows(tree);
  const byTag = (tag: string) => rows.ids.map((id, k) => ({ id, k })).filter(({ id }) => (tree.nodes[id] as ElementNode).tag === tag);
  const value = (k: number, name: string) => rows.items[k]!.columns[col(name)];
  return { tree, rows, byTag, value };
}

// Leaves: the five text nodes (p, three li>a, footer span). Paths: body>p>#text, body>ul>li>a>#text (x3), body>div>span>#text.
const LIST = '<html><body><p>Intro text</p><ul><li><a href="/1">One</a></li><li><a href="/2">Two</a></li><li><a href="/3">Three</a></li></ul><div><span>Foot</span></div></body></html>';

test('node prefix count: leaves whose tag path starts with the node\'s, over all leaves', () => {
  const { byTag, value } = rowsOf(LIST);
  const ul = byTag('ul')[0]!;
  assert.equal(value(ul.k, 'normalizedNodePrefixCount'), 0.6); // 3 of 5 leaves lie under body>ul
  assert.equal(value(ul.k, 'nodePrefixCount'), Math.round(Math.log2(1 + 3) * 10000) / 10000);
  const li = byTag('li')[0]!;
  // p(li) = html>body>ul>li is shared by the three li, so all three leaves count for each.
  assert.equal(value(li.k, 'normalizedNodePrefixCount'), 0.6);
  const p = byTag('p')[0]!;
  assert.equal(value(p.k, 'normalizedNodePrefixCount'), 0.2);
});

test('node suffix count counts only leaves whose path strictly extends the node\'s', () => {
  const { byTag, value } = rowsOf(LIST);
  const a = byTag('a')[0]!;
  // a's text leaves are at body>ul>li>a>#text: a proper extension of body>ul>li>a.
  assert.equal(value(a.k, 'normalizedNodeSuffixCount'), 0.6);
  // An element that is itself a leaf path-wise: <br> has no children and no row (no text);
  // a text-holding span's own path is a proper prefix of its text leaf.
  const span = byTag('span')[0]!;
  assert.equal(value(span.k, 'normalizedNodeSuffixCount'), 0.2);
  const leafy = rowsOf('<html><body><div><img src="x.png"><img src="y.png"></div><p>t</p></body></html>');
  const div = leafy.byTag('div');
  assert.equal(div.length, 0, 'a div with no text is no row');
  const p = leafy.byTag('p')[0]!;
  assert.equal(leafy.value(p.k, 'normalizedNodePrefixCount'), Math.round((1 / 3) * 10000) / 10000); // 2 img leaves + 1 text leaf
});

test('text lengths, siblings, link share and repetition of the same path', () => {
  const { byTag, value, rows } = rowsOf(LIST);
  const a = byTag('a')[2]!; // "Three"
  assert.equal(value(a.k, 'tagName'), 'a');
  assert.equal(value(a.k, 'parentTagName'), 'li');
  assert.equal(value(a.k, 'textLength'), Math.round(Math.log2(1 + 5) * 10000) / 10000);
  assert.equal(value(a.k, 'linkShare'), 1);
  assert.equal(value(a.k, 'samePathCount'), Math.round(Math.log2(3) * 10000) / 10000); // two others on body>ul>li>a
  const li = byTag('li')[1]!;
  assert.equal(value(li.k, 'numSiblings'), 1.585); // log2(1 + 2 other li)
  assert.equal(value(li.k, 'sameTagSiblings'), 1.585);
  assert.equal(value(li.k, 'textLength'), 0, 'an li holds no text of its own');
  assert.ok((value(li.k, 'recursiveTextLength') as number) > 0);
  assert.ok(rows.items[li.k]!.attrs.includes('anc:ul'));
  assert.ok(rows.items[li.k]!.attrs.includes('child:a'));
  assert.equal(rows.textOf(byTag('ul')[0]!.id), 'One Two Three');
  const p = byTag('p')[0]!;
  assert.equal(value(p.k, 'linkShare'), 0);
});

test('group measures rank a page\'s repeated groups by text', () => {
  const html = '<html><body><nav><a href="/a">A</a><a href="/b">B</a><a href="/c">C</a></nav>'
    + '<main><h3>A much longer item title one</h3><h3>A much longer item title two</h3><h3>A much longer item title three</h3></main></body></html>';
  const { byTag, value } = rowsOf(html);
  assert.equal(value(byTag('h3')[0]!.k, 'groupTextRank'), 0);
  assert.equal(value(byTag('a')[0]!.k, 'groupTextRank'), 1);
  assert.equal(value(byTag('a')[0]!.k, 'groupLinkShare'), 1);
  assert.equal(value(byTag('h3')[1]!.k, 'groupSize'), Math.round(Math.log2(3) * 10000) / 10000);
});

test('hidden elements, scripts and the head give no rows and no leaves', () => {
  const { rows, tree } = rowsOf('<html><head><title>T</title></head><body><div hidden><p>secret</p></div><script>var x = 1;</script><p>shown</p></body></html>');
  assert.deepEqual(rows.ids.map((id) => (tree.nodes[id] as ElementNode).tag), ['p']);
  assert.equal(rows.items[0]!.columns[col('normalizedNodePrefixCount')], 1);
});

test('deep nesting stays linear: ancestors are capped', () => {
  const depth = 5000;
  const html = '<html><body>' + '<div>'.repeat(depth) + 'x' + '</div>'.repeat(depth) + '</body></html>';
  const { rows } = rowsOf(html);
  assert.ok(rows.items.length > 0);
  assert.ok(rows.items.every((it) => it.attrs.length <= 65));
});

/** Tag path of a node as a string, from the document down (a text node: its parent's plus `#text`). */
function slowPathOf(tree: DomTree, id: number): string {
  const tags: string[] = [];
  for (let p = id; p >= 0; p = tree.nodes[p]!.parent) {
    const node = tree.nodes[p]!;
    tags.push(node.kind === 'element' ? node.tag : '#text');
  }
  return tags.reverse().join('/');
}

/** Whether the node and all its ancestors are shown (the rows' notion of visible). */
function slowVisible(tree: DomTree, id: number): boolean {
  const skipped = new Set(['script', 'style', 'template', 'svg', 'noscript', 'select', 'head']);
  for (let p = id; p >= 0; p = tree.nodes[p]!.parent) {
    const node = tree.nodes[p]!;
    if (node.kind === 'element' && (node.hidden || skipped.has(node.tag))) return false;
    if (node.kind === 'text' && node.text.trim() === '') return false;
  }
  return true;
}

test('prefix, suffix and same-path counts equal a walk over tag-path strings', () => {
  let checked = 0;
  for (const name of ['article.html', 'german.html', 'chinese.html', 'no-title.html']) {
    const tree = parseHtml(readFileSync(fixture('features', name), 'utf8'));
    const rows = treeNodeRows(tree);
    const leafPaths: string[] = [];
    const elementPaths = new Map<string, number>();
    for (const node of tree.nodes) {
      if (!slowVisible(tree, node.id)) continue;
      const path = slowPathOf(tree, node.id);
      if (node.kind === 'element') elementPaths.set(path, (elementPaths.get(path) ?? 0) + 1);
      if (node.kind === 'text' || node.children.length === 0) leafPaths.push(path);
    }
    assert.ok(rows.ids.length > 0, `${name} has rows`);
    checked += rows.ids.length;
    const groupOf = new Map<string, number>();
    rows.ids.forEach((id, k) => {
      const path = slowPathOf(tree, id);
      const prefix = leafPaths.filter((p) => p === path || p.startsWith(`${path}/`)).length;
      const exact = leafPaths.filter((p) => p === path).length;
      const round = (x: number): number => Math.round(x * 10000) / 10000;
      const columns = rows.items[k]!.columns;
      assert.equal(columns[col('nodePrefixCount')], round(Math.log2(1 + prefix)), `${name} ${path} prefix`);
      assert.equal(columns[col('normalizedNodeSuffixCount')], round((prefix - exact) / leafPaths.length), `${name} ${path} suffix`);
      assert.equal(columns[col('samePathCount')], round(Math.log2(elementPaths.get(path)!)), `${name} ${path} same path`);
      // One path id per distinct path string, and the other way round.
      const seen = groupOf.get(path);
      if (seen === undefined) {
        assert.ok(![...groupOf.values()].includes(rows.pathOf[id]!), `${name} ${path} has its own path id`);
        groupOf.set(path, rows.pathOf[id]!);
      } else assert.equal(rows.pathOf[id], seen, `${name} ${path} path id`);
    });
  }
  assert.ok(checked > 20, `the pages have rows enough (${checked})`);
});

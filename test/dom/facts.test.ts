/** Per-node facts (dom/facts.ts) against what a slow walk of the same tree computes, node by node. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHtml, parsePage } from '../../src/dom/parse.js';
import type { DomTree, ElementNode } from '../../src/dom/tree.js';
import { MAX_TAG_PATH_TAGS } from '../../src/dom/tag-path.js';
import { treeFacts } from '../../src/dom/facts.js';
import { haveSharedCorpora, sharedCorpora } from '../helpers/paths.js';

/** The reference: each fact recomputed from the node array by walking ancestors and subtrees. */
function ancestorsOf(tree: DomTree, id: number): ElementNode[] {
  const out: ElementNode[] = [];
  for (let p = tree.nodes[id]!.parent; p >= 0; p = tree.nodes[p]!.parent) out.push(tree.nodes[p] as ElementNode);
  return out;
}

function slowTagPath(tree: DomTree, id: number): string {
  const n = tree.nodes[id]!;
  const el = n.kind === 'element' ? n : (tree.nodes[n.parent] as ElementNode);
  const tags = [el, ...ancestorsOf(tree, el.id)].filter((e) => e.id !== 0).map((e) => e.tag);
  return tags.length > MAX_TAG_PATH_TAGS ? ['…', ...tags.slice(0, MAX_TAG_PATH_TAGS).reverse()].join('/') : tags.reverse().join('/');
}

/** The full path, never cut: what identifies a path in the facts' table. */
function fullPath(tree: DomTree, id: number): string {
  const n = tree.nodes[id]!;
  const el = n.kind === 'element' ? n : (tree.nodes[n.parent] as ElementNode);
  return [el, ...ancestorsOf(tree, el.id)].filter((e) => e.id !== 0).map((e) => e.tag).reverse().join('/');
}

function assertFactsMatch(tree: DomTree, label: string): void {
  const facts = treeFacts(tree);
  assert.equal(facts.size, tree.nodes.length);
  const pathIds = new Map<string, number>();
  for (const n of tree.nodes) {
    const at = `${label} node ${n.id}`;
    assert.equal(n.depth, ancestorsOf(tree, n.id).length, `${at} depth as stored`);
    const parent = tree.nodes[n.parent] as ElementNode | undefined;
    assert.equal(facts.childIndex[n.id], parent ? parent.children.indexOf(n.id) : -1, `${at} child index`);
    assert.equal(facts.tagPath(n.id), slowTagPath(tree, n.id), `${at} tag path`);
    if (n.id !== 0) {
      // Same path id exactly when the same full path.
      const full = fullPath(tree, n.id);
      const known = pathIds.get(full);
      if (known === undefined) pathIds.set(full, facts.pathOf[n.id]!);
      else assert.equal(facts.pathOf[n.id], known, `${at} path id`);
    } else assert.equal(facts.pathOf[0], -1);
  }
  assert.equal(pathIds.size, facts.paths.count, `${label}: one path id per distinct path`);
}

test('facts of a hand-made page: child positions and repeated paths', () => {
  const tree = parseHtml(`<html><head><title>T</title></head><body>
    <div class="  card  lead card " id="top"><p>Para\u00a0one <a href="/x">link <b>bold</b></a> <a>no href</a></p></div>
    <div hidden><p>hidden text <a href="/h">hidden link</a></p></div>
    <div style="display:none" class="x">gone</div>
    <ul class="list"><li>one</li><li>two <span>three</span></li><li class="list">four</li></ul>
    <svg><text>drawn</text><desc>not drawn</desc></svg><p id="">empty id</p></body></html>`);
  assertFactsMatch(tree, 'fixture');
  const facts = treeFacts(tree);
  assert.equal(facts, treeFacts(tree), 'memoised per tree');
  const items = tree.nodes.filter((n) => n.kind === 'element' && n.tag === 'li');
  assert.equal(new Set(items.map((n) => facts.pathOf[n.id])).size, 1, 'list items share a path');
  assert.equal(facts.tagPath(items[0]!.id), 'html/body/ul/li');
});

test('tag paths past MAX_TAG_PATH_TAGS keep the innermost tags; distinct deep paths stay distinct ids', () => {
  const depth = MAX_TAG_PATH_TAGS + 20;
  const tree = parseHtml(`<body>${'<div>'.repeat(depth)}<p>deep</p>${'</div>'.repeat(depth)}${'<section>'.repeat(30)}<div><p>x</p></div></body>`);
  assertFactsMatch(tree, 'deep');
  const p = tree.nodes.find((n) => n.kind === 'element' && n.tag === 'p')!;
  assert.match(treeFacts(tree).tagPath(p.id), /^…\/div\//);
});

test('facts of shared corpus pages equal the slow walk', { skip: !haveSharedCorpora && 'no ../shared/corpora' }, () => {
  const samples: [string, string[]][] = [
    ['trafilatura-eval/html', readdirSync(join(sharedCorpora, 'trafilatura-eval/html')).sort().filter((_, i) => i % 97 === 0)],
    ['wcxb-dev/html', readdirSync(join(sharedCorpora, 'wcxb-dev/html')).sort().filter((_, i) => i % 271 === 0)],
  ];
  let pages = 0;
  for (const [dir, files] of samples) {
    for (const file of files) {
      const { tree } = parsePage(readFileSync(join(sharedCorpora, dir, file)));
      assertFactsMatch(tree, `${dir}/${file}`);
      pages++;
    }
  }
  assert.ok(pages >= 10, `${pages} pages`);
});

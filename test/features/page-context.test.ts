/**
 * PageContext's per-page indexes against the slow paths they stand in for: class/id words as
 * word ids against the word lists, each family's attributes with columns dropped against them
 * kept, value refs read from the output's own table, the block tokens against tokenize, the
 * firstBlockFrom table against a search, and resolved options against a changed options object.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage, type Page } from '../../src/page.js';
import { MAX_INHERITED_TOKENS, PageContext, splitMarkupWords } from '../../src/features/page-context.js';
import { blockFamilies } from '../../src/features/registry.js';
import { FAMILY_NAMES, resolveFeatureOptions } from '../../src/features/config.js';
import { ValueRefs, namedOutput, prefixRefs, type FamilyOutput } from '../../src/features/family.js';
import { fixture } from '../helpers/paths.js';

/** Deep class chains (past the 48 inherited words), repeats, camelCase, ids, roles, inline elements with classes of their own. */
function nestedPage(): string {
  let open = '';
  let close = '';
  for (let d = 0; d < 14; d++) {
    const l = 'abcdefghijklmn'[d]!;
    open += `<div class="level${'x'.repeat(d % 5)} wrapWord${d} q${l}${l}q k${l}${l} m${l}${l} n${l}${l} sharedBox content" id="box-${d % 3}">`;
    close += '</div>';
  }
  return `<html><body class="page homePage"><header role="banner" class="siteHeader nav"><a class="logoLink" href="/">Home</a></header>
${open}<p class="articleBody lead">Words <span class="highlight note">in a span</span> and <a class="inlineLink related" href="/r">a link</a>.</p>
<p class="articleBody">Second paragraph, the same class as the first.</p><img class="heroImage" src="/a.jpg" alt="hero">${close}
<aside class="sidebar widget" itemprop="comment" role="complementary"><p class="x y">A</p><p class="Ünïcode Straße ΣΊΣΥΦΟΣ">B</p></aside>
<footer class="footer"><p class="copyright legal">© 2024</p></footer></body></html>`;
}

const pages: Page[] = [
  loadPage(new TextEncoder().encode(nestedPage()), { id: 'nested' }),
  ...['article.html', 'german.html', 'chinese.html', 'no-title.html'].map((name) =>
    loadPage(new Uint8Array(readFileSync(fixture('features', name))), { id: name })),
];

/** The ancestors' words the slow way: the parent's own words, then the parent's inherited ones not among them, bounded. */
function slowAncestorTokens(ctx: PageContext, id: number): string[] {
  const parent = ctx.tree.nodes[id]!.parent;
  if (parent <= 0) return [];
  const own = ctx.elementTokens(parent);
  const merged = [...own];
  for (const w of slowAncestorTokens(ctx, parent)) {
    if (merged.length >= MAX_INHERITED_TOKENS) break;
    if (!own.includes(w)) merged.push(w);
  }
  return merged;
}

test('word ids of every element and of its ancestors spell the word lists they stand for', () => {
  const config = resolveFeatureOptions({});
  let words = 0;
  for (const page of pages) {
    const ids = new PageContext(page, config);
    const slow = new PageContext(page, config);
    // Ancestors first for half the elements, leaves first for the rest: memos filled in either order agree.
    const order = page.tree.nodes.map((n) => n.id);
    const ordered = [...order.filter((id) => id % 2 === 0), ...order.filter((id) => id % 2 === 1).reverse()];
    for (const id of ordered) {
      const own = ids.elementWordIds(id).map((k) => ids.words[k]!);
      assert.deepEqual(own, [...slow.elementTokens(id)], `${page.id} element ${id}`);
      const above = ids.ancestorWordIds(id).map((k) => ids.words[k]!);
      assert.deepEqual(above, [...slowAncestorTokens(slow, id)], `${page.id} ancestors of ${id}`);
      words += above.length;
    }
    assert.equal(new Set(ids.words).size, ids.words.length, 'each word has one id');
  }
  assert.ok(words > 300, `the pages have many inherited words (${words})`);
  const deepest = Math.max(...pages[0]!.tree.nodes.map((n) => slowAncestorTokens(new PageContext(pages[0]!, config), n.id).length));
  assert.equal(deepest, 48, 'the nested page reaches the bound on inherited words');
});

test('each element\'s words, from its class split once a page, are those of all four attributes split together', () => {
  const config = resolveFeatureOptions({});
  // Class words past the bound, ids adding new and repeated words, role or itemprop without a class.
  const extra = loadPage(new TextEncoder().encode(`<html><body>
<div class="aa bb cc dd ee ff gg hh ii jj kk ll mm nn" id="oo-pp"><p class="aa bb" id="bbCc">x</p><p class="aa bb" id="dd">y</p></div>
<p class="aa bb">z</p><p role="note" itemprop="text">w</p><p id="a_b">v</p><p class="x" id="y">u</p><p class="aa bb" role="aa">t</p></body></html>`), { id: 'extra' });
  let withRest = 0;
  for (const page of [...pages, extra]) {
    const ctx = new PageContext(page, config);
    for (const node of page.tree.nodes) {
      if (node.kind !== 'element') continue;
      if (node.attrs['id'] || node.attrs['itemprop'] || node.attrs['role']) withRest++;
      assert.deepEqual([...ctx.elementTokens(node.id)], [...splitMarkupWords(node.attrs)], `${page.id} element ${node.id}`);
    }
  }
  assert.ok(withRest > 20, `elements with an id, itemprop or role (${withRest})`);
});

test('every family emits the same attributes whether or not its columns are kept', () => {
  const options = { families: FAMILY_NAMES };
  const config = resolveFeatureOptions(options);
  for (const page of pages) {
    for (const family of blockFamilies(options)) {
      const run = (keepsColumns: boolean): { attrs: string[]; cols: number } => {
        const attrs: string[] = [];
        let cols = 0;
        const named = namedOutput((i, name, value = 1) => { attrs.push(`${i} ${name} ${value}`); }, () => { cols++; });
        family.compute(new PageContext(page, config), { ...named, keepsColumns });
        return { attrs, cols };
      };
      const kept = run(true);
      const dropped = run(false);
      assert.deepEqual(dropped.attrs, kept.attrs, `${page.id} ${family.name}`);
      assert.ok(dropped.cols <= kept.cols, `${page.id} ${family.name}: columns are skipped, never added`);
    }
  }
});

test('value refs read the output\'s own table and leave filling it to refOf: a table kept across pages spares refOf', () => {
  const named = namedOutput(() => {}, () => {});
  // An output like the vocabulary's: one table per prefix kept across pages, filled by its refOf.
  const tables = new Map<string, Map<string, number>>();
  const tableOf = (prefix: string): Map<string, number> => { let m = tables.get(prefix); if (!m) tables.set(prefix, (m = new Map())); return m; };
  let asked = 0;
  const lasting: FamilyOutput = {
    ...named,
    refOf: (prefix, value) => {
      asked++;
      const r = named.refOf(prefix, value);
      tableOf(prefix).set(value, r);
      return r;
    },
    refsOf: tableOf,
  };
  const first = new ValueRefs(lasting, 'tag=');
  const p = first.get('p');
  assert.equal(first.get('p'), p);
  assert.equal(asked, 1);
  assert.equal(tables.get('tag=')!.get('p'), p, 'the table holds the ref');
  assert.equal(new ValueRefs(lasting, 'tag=').get('p'), p, 'the next page reads it');
  assert.equal(asked, 1);
  new ValueRefs(lasting, 'w-1:tag=').get('p');
  assert.equal(asked, 2, 'prefixes do not share');
  // A reader never writes the table itself: where refOf does not fill it, every get asks refOf.
  let unfilled = 0;
  const forgetful = new ValueRefs({ ...named, refOf: (prefix, value) => { unfilled++; return named.refOf(prefix, value); }, refsOf: () => new Map() }, 'tag=');
  forgetful.get('p');
  forgetful.get('p');
  assert.equal(unfilled, 2);
});

test('named output: refOf fills the table refsOf hands out, one per prefix and output', () => {
  const named = namedOutput(() => {}, () => {});
  const p = named.refOf('tag=', 'p');
  assert.equal(named.refsOf('tag=').get('p'), p, 'refOf filled the table');
  assert.equal(named.refOf('tag=', 'p'), p, 'one ref per value');
  assert.equal(new ValueRefs(named, 'tag=').get('p'), p, 'value refs read it');
  assert.equal(named.refsOf('w-1:tag=').size, 0, 'prefixes do not share');
  const other = namedOutput(() => {}, () => {});
  assert.equal(other.refsOf('tag=').size, 0, 'each output resolves afresh');
  const names: string[] = [];
  const emitting = namedOutput((_i, name) => { names.push(name); }, () => {});
  emitting.attrRef(0, emitting.refOf('tag=', 'p'));
  emitting.attrRef(0, new ValueRefs(emitting, 'tag=').get('p'));
  assert.deepEqual(names, ['tag=p', 'tag=p']);
});

test('prefix refs resolve each (prefix, value) once, by its joined name, into the table refsOf hands out', () => {
  const resolved: string[] = [];
  const refs = prefixRefs((name) => resolved.push(name) + 99);
  const p = refs.refOf('tag=', 'p');
  assert.equal(refs.refOf('tag=', 'p'), p);
  assert.equal(refs.refsOf('tag=').get('p'), p, 'refOf filled the table');
  refs.refOf('w-1:tag=', 'p');
  assert.deepEqual(resolved, ['tag=p', 'w-1:tag=p']);
  assert.equal(refs.refsOf('tag=').size, 1, 'prefixes do not share');
});

test('firstBlockFrom from its per-page table: the first block whose first node is at or after the id, as a search over the blocks finds it', () => {
  for (const page of pages) {
    const ctx = new PageContext(page, resolveFeatureOptions({}));
    const firsts = page.blocks.map((b) => b.nodeIds[0] ?? 0);
    const slow = (id: number): number => {
      let i = 0;
      while (i < firsts.length && firsts[i]! < id) i++;
      return i;
    };
    for (let id = -2; id <= page.tree.nodes.length + 3; id++) assert.equal(ctx.firstBlockFrom(id), slow(id), `${page.id} ${id}`);
  }
});

test('block tokens of a page: each block\'s tokenize, cut at maxTokensPerBlock (image blocks: of their alt text)', () => {
  for (const page of pages) {
    for (const cap of [400, 5]) {
      const ctx = new PageContext(page, resolveFeatureOptions({ maxTokensPerBlock: cap }));
      const store = ctx.blockTokens;
      ctx.tokens.forEach((toks, i) => {
        const got = [];
        for (let k = store.first(i); k < store.end(i); k++) got.push(store.token(i, k));
        assert.deepEqual(got, toks, `${page.id} block ${i} cap ${cap}`);
      });
    }
  }
});

test('resolved options are cached per options object, and resolved afresh once the object says something else', () => {
  const options: { families?: (typeof FAMILY_NAMES)[number][]; maxTokensPerBlock?: number } = { families: ['kind', 'entities'] };
  const a = resolveFeatureOptions(options);
  assert.equal(resolveFeatureOptions(options), a, 'the same object again: the cached config');
  options.families!.push('cues');
  const b = resolveFeatureOptions(options);
  assert.deepEqual(b.families, ['kind', 'entities', 'cues']);
  options.maxTokensPerBlock = 7;
  assert.equal(resolveFeatureOptions(options).maxTokensPerBlock, 7);
  assert.throws(() => resolveFeatureOptions({ families: ['nope' as 'kind'] }), /unknown feature family/);
});

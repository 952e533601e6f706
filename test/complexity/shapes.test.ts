/**
 * A smoke of `npm run bench:complexity` (the full sweep, bench/complexity-shapes.ts): each hostile
 * page shape at sizes N/4 and 2N (three doublings) through the whole pipeline (parse, segment,
 * features, model, decoder, article, the four writers). Growth is measured in CPU time of this
 * process, never wall time, as the least of three runs per size taken in turns, and the bound is
 * loose: at most 3x per doubling on average (27x over the three), where linear work gives 2x
 * (8x) and quadratic 4x (64x), so a loaded machine does not read as growth and a super-linear
 * walk still fails.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { extractPage, loadExtractionModel, formatResult } from '../../src/pipeline/extract.js';
import { MAX_TREE_NODES } from '../../src/dom/html-parser.js';
import { MAX_TAG_PATH_TAGS, tagPath } from '../../src/dom/tree.js';
import { parseHtml } from '../../src/dom/parse.js';
import { cpuMsBySize, extractionCpuMs, growthPerDoubling, HOSTILE_SHAPES } from '../../bench/complexity-shapes.js';

const MAX_GROWTH_PER_DOUBLING = 3;

test('every hostile shape grows at most ~3x per doubling of its size (CPU time, N/4 -> 2N)', async (t) => {
  const model = await loadExtractionModel();
  extractionCpuMs('<p>warm up the code paths</p>'.repeat(500), model);
  for (const shape of HOSTILE_SHAPES) {
    const sizes = [Math.round(shape.n / 4), 2 * shape.n];
    let ms = cpuMsBySize(shape, sizes, 3, model);
    // A collection or a cache-hungry neighbour can slow one size; a super-linear walk fails every try.
    for (let retry = 0; retry < 2 && growthPerDoubling(sizes, ms) > MAX_GROWTH_PER_DOUBLING; retry++) ms = cpuMsBySize(shape, sizes, 3, model);
    const growth = growthPerDoubling(sizes, ms);
    t.diagnostic(`${shape.name}: ${ms.map((x) => x.toFixed(1)).join(' -> ')} CPU ms, ${growth.toFixed(2)}x per doubling`);
    assert.ok(growth <= MAX_GROWTH_PER_DOUBLING, `${shape.name}: ${ms.map((x) => x.toFixed(1)).join(' / ')} CPU ms at N/4, 2N: ${growth.toFixed(2)}x per doubling`);
  }
});

test('a page past the node limit is read up to it and says so', async () => {
  const model = await loadExtractionModel();
  const html = '<p>x'.repeat(MAX_TREE_NODES) + '<p>beyond the limit';
  const result = extractPage(loadPage(Buffer.from(html)), model);
  assert.equal(result.page.tree.truncated, true);
  assert.ok(result.page.tree.nodes.length <= MAX_TREE_NODES + 16, `${result.page.tree.nodes.length} nodes`);
  assert.ok(!result.page.blocks.some((b) => b.text.includes('beyond')));
  assert.equal(result.article.metadata.truncated, true);
  assert.equal(JSON.parse(formatResult(result, 'json')).metadata.truncated, true);
  assert.equal(parseHtml('<p>small page</p>').truncated, undefined);
});

test('tag paths keep the innermost tags of a deep element', () => {
  const tree = parseHtml('<div>'.repeat(1000) + '<p>deep</p>');
  const p = tree.nodes.findIndex((n) => n.kind === 'element' && n.tag === 'p');
  const path = tagPath(tree, p);
  assert.equal(path.split('/').length, MAX_TAG_PATH_TAGS + 1);
  assert.ok(path.startsWith('…/div/') && path.endsWith('/div/p'), path.slice(0, 40));
  const small = parseHtml('<div><p>x</p></div>');
  assert.equal(tagPath(small, small.nodes.findIndex((n) => n.kind === 'element' && n.tag === 'p')), 'html/body/div/p');
});

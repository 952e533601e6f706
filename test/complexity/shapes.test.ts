/**
 * A smoke of `npm run bench:complexity` (the full sweep, bench/complexity-shapes.ts): each hostile
 * page shape at sizes N/4 and 2N (three doublings) through the whole pipeline (parse, segment,
 * features, model, decoder, article, the four writers). Growth is measured in CPU time of this
 * process, never wall time, as the least of the runs per size taken in turns, and the bound is
 * loose: at most 3x per doubling on average (27x over the three), where linear work gives 2x
 * (8x) and quadratic 4x (64x), so a loaded machine does not read as growth and a super-linear
 * walk still fails.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { extractPage, loadExtractionModel, formatResult, type LoadedModel } from '../../src/pipeline/extract.js';
import { MAX_TREE_NODES } from '../../src/dom/html-parser.js';
import { tagPath } from '../../src/dom/tree.js';
import { MAX_TAG_PATH_TAGS } from '../../src/dom/tag-path.js';
import { parseHtml } from '../../src/dom/parse.js';
import { extractionCpuMs, growthPerDoubling, HOSTILE_SHAPES, type Shape } from '../../bench/complexity-shapes.js';

const MAX_GROWTH_PER_DOUBLING = 3;
/** Runs per size at most: as many as the three tries of three runs each this smoke once took. */
const MAX_ROUNDS = 9;

/**
 * The least CPU ms at each size over rounds of one run per size in turns (the small page, an
 * eighth of the large one's cost, three times in the first: its first run warms the shape's code
 * paths, and a busy moment on it would hide growth), stopping at the first round
 * whose least times are within the bound: at a quiet moment one round (one run of 2N where three
 * were taken before), under load more. As lenient as the retries it replaces (three tries
 * of three runs each, passing on any), no more: a super-linear walk is over the bound in every
 * round, linear work (2x per doubling) only where a busy moment lands on every run of 2N.
 */
function leastCpuMsWithinBound(shape: Shape, sizes: readonly number[], model: LoadedModel): { ms: number[]; rounds: number } {
  const pages = sizes.map((n) => shape.page(n));
  const best = sizes.map(() => Infinity);
  const runAll = (): void => pages.forEach((html, k) => (best[k] = Math.min(best[k]!, extractionCpuMs(html, model))));
  for (let k = 0; k < 2; k++) best[0] = Math.min(best[0]!, extractionCpuMs(pages[0]!, model));
  let rounds = 0;
  do {
    runAll();
    rounds++;
  } while (rounds < MAX_ROUNDS && growthPerDoubling(sizes, best) > MAX_GROWTH_PER_DOUBLING);
  return { ms: best, rounds };
}

test('every hostile shape grows at most ~3x per doubling of its size (CPU time, N/4 -> 2N)', async (t) => {
  const model = await loadExtractionModel();
  extractionCpuMs('<p>warm up the code paths</p>'.repeat(500), model);
  for (const shape of HOSTILE_SHAPES) {
    const sizes = [Math.round(shape.n / 4), 2 * shape.n];
    const { ms, rounds } = leastCpuMsWithinBound(shape, sizes, model);
    const growth = growthPerDoubling(sizes, ms);
    t.diagnostic(`${shape.name}: ${ms.map((x) => x.toFixed(1)).join(' -> ')} CPU ms, ${growth.toFixed(2)}x per doubling (${rounds} round(s))`);
    assert.ok(growth <= MAX_GROWTH_PER_DOUBLING, `${shape.name}: ${ms.map((x) => x.toFixed(1)).join(' / ')} CPU ms at N/4, 2N (least of ${rounds} runs): ${growth.toFixed(2)}x per doubling`);
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

/**
 * Hostile page shapes at sizes N, 2N and 4N through the whole pipeline (parse, segment,
 * features, model, decoder, article, the four writers): the time may grow at most ~2.5x per
 * doubling. Measured as a ratio within one run, never as an absolute time; each size takes
 * the best of a few runs, and the growth checked is over the two doublings together
 * (sqrt(t4N / tN)), so one noisy measurement does not decide.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { extractPage, loadExtractionModel, renderResult, OUTPUT_FORMATS, type LoadedModel } from '../../src/pipeline/extract.js';
import { MAX_TREE_NODES } from '../../src/dom/html-parser.js';
import { MAX_TAG_PATH_TAGS, tagPath } from '../../src/dom/tree.js';
import { parseHtml } from '../../src/dom/parse.js';

const MAX_GROWTH_PER_DOUBLING = 2.5;

/** name -> (n -> page), with the n at which one run takes some tens of milliseconds. */
const SHAPES: Record<string, { page: (n: number) => string; n: number }> = {
  'nested lists': { page: (n) => '<ul><li>'.repeat(n), n: 12000 },
  'nested lists with text': { page: (n) => '<ul><li>item text here'.repeat(n), n: 1500 },
  'nested lists closed by a heading': { page: (n) => '<ul><li>words of an item'.repeat(n) + '<h2>end</h2>', n: 1500 },
  'divs after a table': { page: (n) => '<table>' + 'x<div>'.repeat(n), n: 2000 },
  'formatting elements across blocks': { page: (n) => ('<b>'.repeat(50) + '<div>x</b></div>').repeat(n), n: 150 },
  'unclosed paragraphs': { page: (n) => '<p>x'.repeat(n), n: 3000 },
  // From 20 000 levels the smallest size still fits the CPU caches and 4N does not, which reads as
  // ~2.5x per doubling from a linear walk; starting at 40 000 puts all three sizes past them.
  'deep divs': { page: (n) => '<div>'.repeat(n) + '<p>Deep text of an article with words.</p>', n: 40000 },
  'nested figures': { page: (n) => '<figure><img src=a.jpg><p>caption words here for a figure</p>'.repeat(n), n: 1000 },
  'nested quotes': { page: (n) => '<blockquote><p>Quoted words of a nested quote here.'.repeat(n), n: 1000 },
  'siblings hidden by a class': { page: (n) => '<div><p class="tab">shown tab text</p>' + '<p class="tab hidden">hidden tab text</p><p class="hide">x</p>'.repeat(n), n: 3000 },
  'nested panels hidden by a class': { page: (n) => '<button>open</button><div class="hidden">panel text'.repeat(n), n: 3000 },
  'nested tables': { page: (n) => '<table><tr><td>cell text words<td>more words'.repeat(n), n: 800 },
};

function runOnce(html: string, model: LoadedModel): number {
  const started = performance.now();
  const result = extractPage(loadPage(Buffer.from(html)), model);
  for (const format of OUTPUT_FORMATS) renderResult(result, format);
  return performance.now() - started;
}

const bestOf = (runs: number, f: () => number): number => Math.min(...Array.from({ length: runs }, f));

/** Growth per doubling from N to 4N. */
function growth(shape: { page: (n: number) => string; n: number }, model: LoadedModel): { times: number[]; perDoubling: number } {
  const times = [1, 2, 4].map((k) => {
    const html = shape.page(shape.n * k);
    return bestOf(3, () => runOnce(html, model));
  });
  return { times, perDoubling: Math.sqrt(times[2]! / times[0]!) };
}

test('every hostile shape grows at most ~2.5x per doubling of its size', async () => {
  const model = await loadExtractionModel();
  runOnce('<p>warm up the code paths</p>'.repeat(500), model);
  for (const [name, shape] of Object.entries(SHAPES)) {
    let g = growth(shape, model);
    // A loaded machine can slow one size; a super-linear walk fails every try.
    for (let retry = 0; retry < 2 && g.perDoubling > MAX_GROWTH_PER_DOUBLING; retry++) g = growth(shape, model);
    const shown = g.times.map((t) => t.toFixed(0)).join(' / ');
    assert.ok(g.perDoubling <= MAX_GROWTH_PER_DOUBLING, `${name}: ${shown} ms at N, 2N, 4N: ${g.perDoubling.toFixed(2)}x per doubling`);
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
  assert.equal(JSON.parse(renderResult(result, 'json')).metadata.truncated, true);
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

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { stageChain, profileTable, type StageProfile } from '../../bench/stage-profile.js';
import { bundledModelPath, extractBytes, loadExtractionModel, resultExtraction } from '../../src/pipeline/extract.js';
import { extractionJson } from '../../src/pipeline/extraction.js';
import { resolveFeatureOptions } from '../../src/features/index.js';

const paragraph = (n: number): string => `<p>Paragraph ${n} of the story tells what the council decided about the bridge, and why the vote took three evenings of debate in the town hall.</p>`;

const ARTICLE = `<!doctype html><html lang="en"><head><title>Bridge vote - Town News</title><meta property="og:title" content="Bridge vote"></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Bridge vote</h1><p class="byline">By A. Writer</p>${[1, 2, 3, 4, 5, 6].map(paragraph).join('')}</article>
<aside><h3>Related</h3><ul><li><a href="/a">Other story</a></li><li><a href="/b">Another story</a></li></ul></aside>
<footer>Copyright Town News</footer></body></html>`;

/** Almost all text hidden until a script shows it: loadPage's reveal rule makes blocks of the hidden text. */
const HIDDEN_UNTIL_SCRIPT = `<html><head><title>Revealed</title></head><body><div>Loading</div>
<div style="visibility:hidden"><h1>Revealed story</h1>${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(paragraph).join('')}</div></body></html>`;

/** windows-1252 bytes with a declared charset. */
const LATIN1 = Buffer.concat([
  Buffer.from('<html><head><meta charset="windows-1252"><title>Caf'),
  Buffer.from([0xe9]),
  Buffer.from(`</title></head><body><h1>Caf\xe9 news</h1>${[1, 2, 3].map(paragraph).join('')}</body></html>`, 'latin1'),
]);

const pages: Array<[string, Uint8Array]> = [
  ['article', new TextEncoder().encode(ARTICLE)],
  ['hidden until a script shows it', new TextEncoder().encode(HIDDEN_UNTIL_SCRIPT)],
  ['gzip bytes', gzipSync(ARTICLE)],
  ['windows-1252', new Uint8Array(LATIN1)],
  ['empty', new Uint8Array(0)],
];

for (const [name, bytes] of pages) {
  test(`stageChain builds what extractBytes builds, stage by stage: ${name}`, async () => {
    const model = await loadExtractionModel(bundledModelPath());
    const cpu = new Map<string, number>();
    const chain = stageChain(bytes, model, 'p', cpu);
    const whole = extractBytes(bytes, model, { id: 'p' }, {}, 'p');
    assert.deepEqual(chain.page.blocks, whole.page.blocks);
    assert.equal(chain.page.includesHidden, whole.page.includesHidden);
    assert.equal(chain.page.encoding, whole.page.encoding);
    assert.equal(chain.page.tree.nodes.length, whole.page.tree.nodes.length);
    assert.deepEqual(chain.result.labels, whole.labels);
    assert.deepEqual(chain.result.probs, whole.probs);
    assert.equal(chain.line, JSON.stringify(extractionJson(resultExtraction(whole))));
    for (const [stage, ms] of cpu) assert.ok(ms >= 0, `${stage}: ${ms} ms`);
  });
}

test('the reveal fixture does take loadPage\'s hidden-text path', async () => {
  const model = await loadExtractionModel(bundledModelPath());
  const chain = stageChain(pages[1]![1], model, 'p', new Map());
  assert.equal(chain.page.includesHidden, true);
});

test('stageChain times every stage and every feature family the model computes', async () => {
  const model = await loadExtractionModel(bundledModelPath());
  const cpu = new Map<string, number>();
  stageChain(pages[0]![1], model, 'p', cpu);
  for (const stage of ['decode bytes', 'parse5 (alone, its own tree)', 'parse5 + pith tree (parseHtml)', 'segmentation', 'features (computeEncodedFeatures)', 'model (predictEncoded)',
    'decoder: page evidence', 'decoder: rules', 'article', 'render: text', 'render: markdown', 'render: html']) {
    assert.ok(cpu.has(stage), `no ${stage}`);
  }
  for (const family of resolveFeatureOptions(model.featureOptions).families) assert.ok(cpu.has(`family ${family}`), `no family ${family}`);
});

test('profileTable: a row per stage and family, the tree by difference, start-up as the one-page process less its page', () => {
  const cpu = new Map<string, number>([
    ['decode bytes', 100], ['parse5 (alone, its own tree)', 300], ['parse5 + pith tree (parseHtml)', 400], ['segmentation', 50],
    ['features: page context (constructor)', 1], ['family words', 120], ['family anchor', 30], ['features (computeEncodedFeatures)', 160], ['model (predictEncoded)', 10],
    ['decoder: page evidence', 40], ['decoder: rules', 60], ['article', 30], ['render: text', 5], ['render: markdown', 4], ['render: html', 3],
    ['render: JSON line (text, markdown, html again inside)', 20],
  ]);
  const profile: StageProfile = { pages: 10, htmlMB: 1, cpu, wholeMs: 800, modelLoadMs: 30, startup: { onePageProcess: 0.6, bareNode: 0.05, pageWarm: 0.02, reps: 5 } };
  const table = profileTable(profile);
  // The whole: decode 100 + parseHtml 400 + segmentation 50 + features 160 + model 10 + decoder 100 + article 30 + JSON line 20 = 870.
  assert.match(table, /\| \*\*sum of the stages as the pipeline runs them\*\* \| 0\.87 \| 87\.00 \| 100\.0% \|/);
  assert.match(table, /\| pith's tree beyond parse5 \(parseHtml less parse5 alone\) \| 0\.10 \| 10\.00 \|/);
  assert.match(table, /family words \| 0\.12 \|/);
  assert.match(table, /family anchor \| 0\.03 \|/);
  assert.match(table, /render: markdown \| 0\.00 \| 0\.40 \|/);
  // After parsing: segmentation onwards (870 - 100 - 400 = 370) against parseHtml's 400.
  assert.match(table, /after parsing \/ parse: 0\.93x/);
  assert.match(table, /= \*\*0\.58 s\*\*/);
});

/** Training pages: benchmark golds read as served (panels closed), a person's node labels with panels open. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGoldPage } from '../../src/learn/dataset.js';
import { loadCorpusPage } from '../../src/corpus/index.js';
import type { Corpus, CorpusPage, Gold } from '../../src/corpus/index.js';

const html = '<html><body><h1>Delivery</h1><p>We deliver to every town on the island within two working days.</p>' +
  '<button aria-expanded="false" aria-controls="faq1">Do you deliver on Sundays?</button>' +
  '<div id="faq1" style="display:none"><p>Only in the summer months, from June to August.</p></div></body></html>';

function pageWith(dir: string, gold: Gold): { corpus: Corpus; entry: CorpusPage } {
  const htmlPath = join(dir, 'p.html');
  writeFileSync(htmlPath, html);
  const entry: CorpusPage = { id: 'p', site: 'shop.example', url: undefined, htmlPath, gold };
  const corpus = { name: 'c', format: 'pith', use: 'train', pages: [entry] } as unknown as Corpus;
  return { corpus, entry };
}

test('a benchmark gold trains on the page as served; extraction and node labels see its panels', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-dataset-'));
  try {
    const text = pageWith(dir, { mainText: 'We deliver to every town on the island within two working days.\nOnly in the summer months, from June to August.' });
    const trained = await loadGoldPage(text.corpus, text.entry);
    assert.ok(!trained.page.blocks.some((b) => b.text.startsWith('Only in the summer')), 'text gold: panel closed in training');
    const extracted = await loadCorpusPage(text.corpus, text.entry);
    assert.ok(extracted.blocks.some((b) => b.text.startsWith('Only in the summer')), 'evaluation reads it as extraction does');

    const labelled = pageWith(dir, { annotations: [{ label: 'body', text: 'Only in the summer months, from June to August.', path: 'html>body>div#faq1>p' }] });
    const fromPerson = await loadGoldPage(labelled.corpus, labelled.entry);
    const i = fromPerson.page.blocks.findIndex((b) => b.text.startsWith('Only in the summer'));
    assert.ok(i >= 0, 'node labels: panel open in training');
    assert.equal(fromPerson.labels[i], 'body');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

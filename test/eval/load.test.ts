import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadForEval } from '../../src/eval/load.js';
import type { Corpus, CorpusPage } from '../../src/corpus/types.js';

test('loadForEval: the share of the gold text the alignment found on the page comes with the gold', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-load-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const html = '<html><body><nav>Home News</nav><h1>Harbour plan agreed</h1><p>The council of the small harbour town met on Tuesday and agreed on a plan for the quay.</p></body></html>';
  writeFileSync(join(dir, 'a.html'), html);
  const page = (id: string, mainText: string): CorpusPage => ({ id, site: 'example.com', url: undefined, htmlPath: join(dir, 'a.html'), gold: { mainText } });
  const corpus: Corpus = { name: 'c', format: 'pith', root: dir, use: 'train', pages: [] };
  const whole = await loadForEval({ corpus, page: page('whole', 'The council of the small harbour town met on Tuesday and agreed on a plan for the quay.') });
  assert.equal(whole.gold.alignedShare, 1);
  const half = await loadForEval({ corpus, page: page('half', 'The council of the small harbour town met on Tuesday and agreed on a plan for the quay. Words that a drafter added and the page never had, about as many again as the page.') });
  assert.ok(half.gold.alignedShare! > 0.4 && half.gold.alignedShare! < 0.7, String(half.gold.alignedShare));
});

/** Learner site models with their training pages' templates (issue 58): picked by template for pages without a URL, drift by body length. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCorpus } from '../../src/corpus/open.js';
import { trainFromCorpora } from '../../src/learn/train.js';
import { DEFAULT_MODEL_RECIPE } from '../../src/learn/default-model.js';
import { trainingPagesTemplates, withTrainingTemplates } from '../../src/learn/site-templates.js';
import { saveModel, siteModelsOf, withSiteEntries, loadModel, type SiteModelEntry } from '../../src/models/model-file.js';
import { extractPage, loadExtractionModel, siteExplanation } from '../../src/pipeline/extract.js';
import { toText } from '../../src/article/index.js';
import { loadPage } from '../../src/page.js';
import { sentence, siteAHtml, siteBHtml, siteCHtml, STORIES } from '../helpers/site-template-pages.js';

/** A folder corpus of one hand-made site: html/ and gold/ (headline, then the body's paragraphs). */
function writeSite(dir: string, html: (topic: string) => string, title: (topic: string) => string, paragraphs: number, topics: readonly string[]): string {
  mkdirSync(join(dir, 'html'), { recursive: true });
  mkdirSync(join(dir, 'gold'), { recursive: true });
  for (const t of topics) {
    writeFileSync(join(dir, 'html', `${t}.html`), html(t));
    writeFileSync(join(dir, 'gold', `${t}.txt`), [title(t), ...Array.from({ length: paragraphs }, (_, k) => sentence(t, k + 1))].join('\n') + '\n');
  }
  return dir;
}

const page = (html: string, url?: string) => loadPage(Buffer.from(html), url ? { url } : {});

test('a learner site model stores its training pages\' templates and body lengths; a page without a URL picks it by template; a far shorter body drifts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-learner-templates-'));
  try {
    const train = STORIES.slice(0, 3);
    const a = await openCorpus(writeSite(join(dir, 'a'), siteAHtml, (t) => `Council debates the ${t} plan`, 4, train));
    const b = await openCorpus(writeSite(join(dir, 'b'), siteBHtml, (t) => `A report on the ${t}`, 3, train));
    const entryOf = async (host: string, algorithm: 'maxent' | 'ripper', corpus: typeof a): Promise<SiteModelEntry> => {
      const r = await trainFromCorpora([corpus], { algorithm, features: DEFAULT_MODEL_RECIPE.features });
      return withTrainingTemplates({ host, algorithm, pages: r.dataset.pages.length, createdAt: r.model.createdAt, body: r.model }, [corpus]);
    };
    const entries = [await entryOf('a.example', 'maxent', a), await entryOf('b.example', 'ripper', b)];
    for (const e of entries) {
      assert.equal(e.template?.templates.length, 1, e.host);
      assert.equal(e.template?.bodyLengths?.length, 3);
    }
    const templatesA = await trainingPagesTemplates([a], 2);
    assert.equal(templatesA.bodyLengths?.length, 2, 'as many pages as training takes');

    const general = await loadExtractionModel();
    const out = join(dir, 'm.model.json.gz');
    await saveModel(out, withSiteEntries(general.file, entries));
    assert.deepEqual(siteModelsOf(await loadModel(out)).map((s) => [s.host, s.template?.templates.length]), [['a.example', 1], ['b.example', 1]]);
    const model = await loadExtractionModel(out);

    // Pages without a URL, of topics no training page had: each site's learner, by template.
    const ra = extractPage(page(siteAHtml('market')), model);
    assert.deepEqual([ra.extractor, ra.site?.host, ra.site?.by], ['maxent', 'a.example', 'template']);
    assert.match(siteExplanation(ra) ?? '', /site model a\.example \(maxent\), picked by its template/);
    assert.ok(toText(ra.article).includes(sentence('market', 3)));
    const rb = extractPage(page(siteBHtml('market')), model);
    assert.deepEqual([rb.extractor, rb.site?.host, rb.site?.by], ['ripper', 'b.example', 'template']);
    // Another site's page: no site model.
    const rc = extractPage(page(siteCHtml('market')), model);
    assert.deepEqual([rc.extractor, rc.site, rc.siteDrift], ['general', undefined, undefined]);

    // A learner never finds "no article": a body far shorter than its pages' is its drift.
    const stub = siteAHtml('theatre').replace(/(<p class="para">[^<]*<\/p>\n?)+/, '<p class="para">Developing story: more soon.</p>\n');
    for (const url of [undefined, 'http://www.a.example/theatre']) {
      const r = extractPage(page(stub, url), model);
      assert.equal(r.extractor, 'general');
      assert.equal(r.siteDrift?.host, 'a.example');
      assert.equal(r.siteDrift?.reason, 'short');
      assert.equal(r.siteDrift?.usualChars, entries[0]!.template!.bodyLengths![0]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * `npm run model:build`: trains the bundled default model from DEFAULT_MODEL_RECIPE on the
 * shared train corpora (read in place) and writes models/default.model.json.gz atomically.
 *   node dist/scripts/build-model.js [corpora-root] [--out PATH]
 * `--rendered LAYOUTS`: the rendered model `--render` uses instead (models/rendered.model.json.gz):
 * the same recipe plus the `visual` family, pages carrying their layouts from a `pith render` folder.
 * `--leave-out HOST,...`: every page of those sites (the host or a subdomain of it) left out, for a
 * general model that never saw them (bench/sites-fair.ts; written only where --out says).
 */
import { dirname, join } from 'node:path';
import { LayoutCache } from '../src/render/cache.js';
import { DEFAULT_FAMILIES } from '../src/features/index.js';
import { parseArgs } from 'node:util';
import { openCorpora } from '../src/learn/dataset.js';
import { trainFromCorpora } from '../src/learn/train.js';
import { DEFAULT_MODEL_RECIPE as recipe } from '../src/learn/default-model.js';
import { saveModel } from '../src/models/model-file.js';
import { bundledModelPath } from '../src/pipeline/extract.js';

const { values, positionals } = parseArgs({ options: { out: { type: 'string' }, rendered: { type: 'string' }, 'leave-out': { type: 'string' } }, allowPositionals: true });
const root = positionals[0] ?? join(process.cwd(), '..', 'shared', 'corpora');
const layouts = values.rendered ? await LayoutCache.open(values.rendered) : undefined;
const leftOut = (values['leave-out'] ?? '').split(',').filter((h) => h !== '');
if (leftOut.length > 0 && values.out === undefined) throw new Error('--leave-out needs --out: a model that never saw some sites is not the bundled model');
const isLeftOut = (site: string | undefined): boolean => site !== undefined && leftOut.some((h) => site === h || site.endsWith(`.${h}`));
const out = values.out ?? (layouts ? join(dirname(bundledModelPath()), 'rendered.model.json.gz') : bundledModelPath());
const features = layouts ? { ...recipe.features, families: [...DEFAULT_FAMILIES, 'visual' as const] } : recipe.features;
const corpora = (await openCorpora(recipe.corpora.map((c) => join(root, c))))
  .map((c) => (leftOut.length > 0 ? { ...c, pages: c.pages.filter((p) => !isLeftOut(p.site)) } : c));
const bad = corpora.filter((c) => c.use !== 'train');
if (bad.length) throw new Error(`${bad.map((c) => c.name).join(', ')} may not train the bundled model (eval-only)`);
const total = corpora.reduce((a, c) => a + c.pages.length, 0);
let done = 0;
const t0 = Date.now();
const result = await trainFromCorpora(corpora, {
  algorithm: recipe.algorithm, params: recipe.params, features, ...(layouts ? { layouts } : {}),
  onDatasetProgress: () => { if (++done % 250 === 0 || done === total) process.stderr.write(`features ${done}/${total}\n`); },
  onTrainProgress: (e) => {
    if ((e.stage === 'lbfgs' && e.done % 20 === 0) || e.stage === 'sgd') process.stderr.write(`${recipe.algorithm} ${e.stage === 'sgd' ? 'epoch' : 'iteration'} ${e.done}/${e.total} ${e.message ?? ''}\n`);
  },
});
await saveModel(out, result.model);
const items = result.dataset.pages.reduce((a, p) => a + p.sequence.items.length, 0);
process.stderr.write(`model: ${result.dataset.pages.length} pages (${items} blocks), ${result.dataset.failures.length} skipped; features ${result.seconds.dataset.toFixed(0)} s, training ${result.seconds.training.toFixed(0)} s, total ${((Date.now() - t0) / 1000).toFixed(0)} s -> ${out}\n`);

/**
 * The general model that never saw the sites bench/sites-fair.ts scores: the bundled model's
 * recipe (DEFAULT_MODEL_RECIPE) trained on the train-use corpora with every page of those sites
 * left out, so that "general model alone" and the self-labeller it gives a site learned without
 * labels are read out of sample (docs/sites.md, "Session 49, beyond msv-big9").
 *   node dist/bench/sites-fair-model.js --sites HOST,... --out PATH
 */
import { join } from 'node:path';
import { openCorpora } from '../src/learn/dataset.js';
import { trainFromCorpora } from '../src/learn/train.js';
import { DEFAULT_MODEL_RECIPE as recipe } from '../src/learn/default-model.js';
import { saveModel } from '../src/models/model-file.js';
import { SHARED_CORPORA } from './folds.js';
import { argValue } from './args.js';

const leftOut = new Set(argValue('sites', '').split(',').filter((x) => x !== ''));
const out = argValue('out', '');
if (leftOut.size === 0 || out === '') throw new Error('usage: sites-fair-model.js --sites HOST,... --out PATH');
const corpora = (await openCorpora(recipe.corpora.map((c) => join(SHARED_CORPORA, c))))
  .map((c) => ({ ...c, pages: c.pages.filter((p) => !leftOut.has(p.site)) }));
const t0 = process.cpuUsage();
const result = await trainFromCorpora(corpora, { algorithm: recipe.algorithm, params: recipe.params, features: recipe.features });
await saveModel(out, result.model);
const cpu = process.cpuUsage(t0);
process.stderr.write(`trained on ${result.dataset.pages.length} pages (${leftOut.size} sites left out) in ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU -> ${out}\n`);

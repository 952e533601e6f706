/** `pith train <corpus...> --model crf -o model.json.gz`: learn a model from labelled corpora. */
import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { bundledModelPath, shippedModelsDir } from '../../pipeline/extract.js';
import { isInsideFolder } from '../../page.js';
import { EXIT, optBool, optInt, optString, optStrings, parseCommandArgs, parseSetPairs, type Command, type ParsedCommandArgs } from '../command.js';
import { Progress } from '../progress.js';
import { reportSkippedPages } from '../skipped-pages.js';
import { PithError } from '../../errors.js';
import { availableAlgorithms, getTrainer } from '../../models/registry.js';
import type { Trainer } from '../../models/labeler.js';
import type { FamilyName } from '../../features/index.js';

const listTrainers = (): Trainer[] => availableAlgorithms().map((a) => getTrainer(a));
import { saveModel } from '../../models/model-file.js';
import type { AlgorithmName } from '../../models/labeler.js';
import { openCorpora } from '../../learn/dataset.js';
import { trainFromCorpora } from '../../learn/train.js';
import { DEFAULT_MODEL_RECIPE } from '../../learn/default-model.js';
import { trainWrapperCommand } from '../../wrapper/cli-train.js';
import { trainUnlabelledCommand } from '../../wrapper/cli-unlabelled.js';
import { trainLearnerSite } from '../../learn/site-train.js';
import { trainSvmCommand } from '../../svm/cli-train.js';
import { LayoutCache } from '../../render/cache.js';

type TrainValues = ParsedCommandArgs['values'];

/** `--model`: a learner with a trainer (default the bundled recipe's). */
function learnerOption(values: TrainValues): AlgorithmName {
  const algorithm = (optString(values, 'model') ?? DEFAULT_MODEL_RECIPE.algorithm) as AlgorithmName;
  if (!listTrainers().some((t) => t.algorithm === algorithm)) {
    throw new PithError('BAD_OPTION', `--model must be one of ${listTrainers().map((t) => t.algorithm).join(', ')}, wrapper, got '${algorithm}'`);
  }
  return algorithm;
}

/** `--families` / `--exclude`: a comma-separated list of feature families. */
function familiesOption(values: TrainValues, name: string): FamilyName[] | undefined {
  return optString(values, name)?.split(',').map((s) => s.trim()).filter(Boolean) as FamilyName[] | undefined;
}

/** `--model LEARNER --site HOST`: the learner trained on the pages alone, stored as HOST's site model. */
/** Where a path leads: symbolic links resolved, for the file itself or (not there yet) its folder. */
async function realTarget(path: string): Promise<string> {
  const full = resolve(path);
  try {
    return await realpath(full);
  } catch {
    return join(await realpath(dirname(full)).catch(() => dirname(full)), basename(full));
  }
}

/** A model pith ships (the bundled model, anything in the package's models/) is not overwritten by mistake. */
async function refuseShippedModel(out: string): Promise<void> {
  const target = await realTarget(out);
  const shipped = await realTarget(shippedModelsDir());
  if (target === (await realTarget(bundledModelPath())) || isInsideFolder(target, shipped)) {
    throw new PithError('BAD_OPTION', `${out} is a model pith ships (in ${shipped}); write your model elsewhere, or pass --force to overwrite it`);
  }
}

function trainSiteLearner(values: TrainValues, corpora: readonly string[], out: string, site: string, log: NodeJS.WritableStream): Promise<number> {
  const algorithm = learnerOption(values);
  if (algorithm === 'svm') throw new PithError('BAD_OPTION', '--site takes wrapper or a block learner; svm site models are not supported');
  const families = familiesOption(values, 'families');
  const exclude = familiesOption(values, 'exclude');
  const general = optString(values, 'general');
  return trainLearnerSite({
    corpora, algorithm, site, out, params: parseSetPairs(optStrings(values, 'set')),
    ...(families || exclude ? { features: { ...(families ? { families } : {}), ...(exclude ? { exclude } : {}) } } : {}),
    ...(general !== undefined ? { general } : {}),
    ...(values['limit'] !== undefined ? { limit: optInt(values, 'limit', 0, 1) } : {}),
  }, log);
}

function paramHelp(): string {
  return listTrainers()
    .map((t) => `  ${t.algorithm}:\n` + t.params.map((p) => `    ${p.name.padEnd(14)} ${String(p.default).padEnd(8)} ${p.help}`).join('\n'))
    .join('\n');
}

export const command: Command = {
  name: 'train',
  // From the registry, so the list cannot fall behind the learners there are.
  summary: `train a model (${[...availableAlgorithms(), 'wrapper'].join(', ')}) on labelled corpora`,
  get help() {
    return `Usage: pith train <corpus...> --model ALGORITHM -o MODEL [options]

Trains a block labeller on corpora (pith's format or any shared corpus folder as it is)
and writes a versioned model file (.json or .json.gz), atomically.

Options:
  --model A           ${listTrainers().map((t) => t.algorithm).join(' | ')} | wrapper (default ${DEFAULT_MODEL_RECIPE.algorithm}, the bundled model's)
  -o, --out PATH      model file to write (required); a model pith ships (its models/ folder,
                      the bundled model) only with --force
  --force             overwrite a model pith ships
  --set name=value    a learner parameter (repeatable); parameters and defaults:
${paramHelp()}
  --families LIST     comma-separated feature families to use (default: all but the opt-in visual)
  --exclude LIST      comma-separated families to switch off (the bundled model: words,stop-words)
  --limit N           at most N pages per corpus
  --allow-eval-only   accept corpora marked eval-only (for experiments; never for a bundled model)

Site models (docs/sites.md): learned from a few labelled pages of one site and stored beside
a general model; \`pith extract\`/\`batch\` use them for pages of that host and the general
model elsewhere (metadata.extractor names which: wrapper, maxent, ..., or general).
  --model wrapper     seed 004's rules; where they do not recognise a page the general model
                      labels it. A folder of html/ + fields/<name>.json ({"field": ["value"]})
                      teaches named-field rules too (docs/fields.md): extract's json gives
                      fields, fieldConfidence and records
  --model A --site H  a block learner (maxent, crf, ripper, ...; not svm) trained on these pages alone
                      (the bundled model's features unless --families/--exclude; the learner's
                      default parameters unless --set), stored as host H's site model; it
                      labels every page of H. Without --site A trains a general model.
  --site HOST         the pages' host (wrapper default: each page's URL host, one site model
                      per host; pages with no URL are grouped by template and the site named
                      template:<hash>)
  --unlabelled        with --model wrapper: learn from pages without labels (files or folders of
                      HTML): the template's repeated blocks, the general model's reading voted
                      by path and container, self-training the rules (docs/sites.md)
  --general PATH      the general model to store them beside (default: the bundled model;
                      site models it already holds are kept, those of the same host replaced)

Subtree SVMs (--model svm, docs/svm.md): seed 002's body and title subtree models (RBF SVMs
with Platt probabilities) learned from whole pages; the --set parameters are listed above.
  --layouts DIR       cached layouts (\`pith render -o DIR\`): pages with one use its boxes (for
                      every learner: the visual family, e.g. --families with visual added, reads them)
`;
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      model: { type: 'string' }, out: { type: 'string', short: 'o' }, set: { type: 'string', multiple: true },
      families: { type: 'string' }, exclude: { type: 'string' }, limit: { type: 'string' }, 'allow-eval-only': { type: 'boolean' },
      site: { type: 'string' }, general: { type: 'string' }, layouts: { type: 'string' }, force: { type: 'boolean' }, unlabelled: { type: 'boolean' },
    });
    const out = optString(values, 'out');
    if (!out) throw new PithError('BAD_OPTION', '-o/--out is required');
    if (!optBool(values, 'force')) await refuseShippedModel(out);
    if (positionals.length === 0) throw new PithError('BAD_OPTION', 'expected at least one corpus folder');
    if (optBool(values, 'unlabelled') && optString(values, 'model') !== 'wrapper') throw new PithError('BAD_OPTION', '--unlabelled learns wrapper site models: add --model wrapper');
    if (optString(values, 'model') === 'wrapper') {
      const site = optString(values, 'site');
      const general = optString(values, 'general');
      if (optBool(values, 'unlabelled')) {
        return trainUnlabelledCommand({ inputs: positionals, out, ...(site !== undefined ? { site } : {}), ...(general !== undefined ? { general } : {}) }, io.stderr);
      }
      return trainWrapperCommand({
        corpora: positionals, out, ...(site !== undefined ? { site } : {}), ...(general !== undefined ? { general } : {}),
        ...(values['limit'] !== undefined ? { limit: optInt(values, 'limit', 0, 1) } : {}),
      }, io.stderr);
    }
    const site = optString(values, 'site');
    if (site !== undefined && optString(values, 'model') !== 'wrapper') return trainSiteLearner(values, positionals, out, site, io.stderr);
    if (optString(values, 'model') === 'svm') {
      const layouts = optString(values, 'layouts');
      return trainSvmCommand({
        corpora: positionals, out, params: parseSetPairs(optStrings(values, 'set')), allowEvalOnly: optBool(values, 'allow-eval-only'),
        ...(layouts !== undefined ? { layouts } : {}),
        ...(values['limit'] !== undefined ? { limit: optInt(values, 'limit', 0, 1) } : {}),
      }, io.stderr);
    }
    const algorithm = learnerOption(values);
    const corpora = await openCorpora(positionals);
    const evalOnly = corpora.filter((c) => c.use === 'eval-only');
    if (evalOnly.length && !optBool(values, 'allow-eval-only')) {
      throw new PithError('BAD_OPTION', `${evalOnly.map((c) => c.name).join(', ')} may be used for evaluation only (see ../shared/corpora/README.md); pass --allow-eval-only for experiments`);
    }
    reportSkippedPages('train', corpora, io.stderr);
    const families = familiesOption(values, 'families');
    const exclude = familiesOption(values, 'exclude');
    const limit = values['limit'] !== undefined ? optInt(values, 'limit', 0, 1) : undefined;
    const total = corpora.reduce((a, c) => a + (limit !== undefined ? Math.min(limit, c.pages.length) : c.pages.length), 0);
    const progress = new Progress('features', total, io.stderr);
    let trainBar: Progress | undefined;
    const layoutsDir = optString(values, 'layouts');
    if (families?.includes('visual') && layoutsDir === undefined) {
      io.stderr.write('train: the visual family reads layouts; without --layouts DIR every page is vis:unrendered\n');
    }
    const result = await trainFromCorpora(corpora, {
      algorithm, params: parseSetPairs(optStrings(values, 'set')),
      features: { families, exclude },
      ...(layoutsDir !== undefined ? { layouts: await LayoutCache.open(layoutsDir) } : {}),
      ...(limit !== undefined ? { limitPerCorpus: limit } : {}),
      onDatasetProgress: () => progress.tick(),
      onTrainProgress: (e) => {
        if (!trainBar) {
          progress.finish();
          trainBar = new Progress(`train ${algorithm}`, e.total, io.stderr);
        }
        trainBar.update(e.done);
      },
    });
    if (trainBar) trainBar.finish();
    else progress.finish();
    await saveModel(out, result.model);
    const items = result.dataset.pages.reduce((a, p) => a + p.sequence.items.length, 0);
    io.stderr.write(`train: ${result.dataset.pages.length} pages (${items} blocks), ${result.dataset.failures.length} skipped; features ${result.seconds.dataset.toFixed(1)}s, training ${result.seconds.training.toFixed(1)}s -> ${out}\n`);
    for (const f of result.dataset.failures.slice(0, 5)) io.stderr.write(`  skipped ${f.corpus}/${f.pageId}: ${f.error}\n`);
    return EXIT.ok;
  },
};

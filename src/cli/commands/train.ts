/**
 * `pith train <corpus...> --model crf -o model.json.gz`: learn a model from labelled corpora.
 * The trainer comes from the registry (trainers/registry.ts); this command turns the flags
 * into its options, writes the model it returns and prints its report.
 */
import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  PithError, TrainingPages, bundledModelPath, defaultTrainerName, findTrainer, isInsideFolder, pageTrainers, saveModel, shippedModelsDir, trainerNames,
  type FamilyName, type PageTrainer, type TrainOptions, type TrainStageProgress,
} from '../../index.js';
import { EXIT, optBool, optInt, optString, optStrings, parseCommandArgs, parseSetPairs, type Command, type ParsedCommandArgs } from '../command.js';
import { Progress } from '../progress.js';
import { trainingReportText } from '../train-report.js';
import { examplesFolder, parseExamples } from '../train-examples.js';

type TrainValues = ParsedCommandArgs['values'];

/** `--model` (default the bundled recipe's learner); `--unlabelled` only with a trainer that learns without labels. */
function trainerOption(values: TrainValues): PageTrainer {
  const name = optString(values, 'model') ?? defaultTrainerName();
  const trainer = findTrainer(name);
  if (optBool(values, 'unlabelled') && !trainer?.learnsUnlabelled) {
    const able = pageTrainers().filter((t) => t.learnsUnlabelled).map((t) => t.name);
    throw new PithError('BAD_OPTION', `--unlabelled learns ${able.join(' or ')} site models: add --model ${able.join(' or ')}`);
  }
  if (!trainer) throw new PithError('BAD_OPTION', `--model must be one of ${trainerNames().join(', ')}, got '${name}'`);
  return trainer;
}

/** `--families` / `--exclude`: a comma-separated list of feature families. */
function familiesOption(values: TrainValues, name: string): FamilyName[] | undefined {
  return optString(values, name)?.split(',').map((s) => s.trim()).filter(Boolean) as FamilyName[] | undefined;
}

/** The flags as a trainer's options; each trainer reads those that apply to it. */
function trainOptions(values: TrainValues): TrainOptions {
  const families = familiesOption(values, 'families');
  const exclude = familiesOption(values, 'exclude');
  const layouts = optString(values, 'layouts');
  const site = optString(values, 'site');
  const general = optString(values, 'general');
  return {
    params: parseSetPairs(optStrings(values, 'set')),
    ...(families || exclude ? { features: { ...(families ? { families } : {}), ...(exclude ? { exclude } : {}) } } : {}),
    ...(values['limit'] !== undefined ? { limit: optInt(values, 'limit', 0, 1) } : {}),
    ...(layouts !== undefined ? { layouts } : {}),
    ...(site !== undefined ? { site } : {}),
    ...(general !== undefined ? { general } : {}),
    allowEvalOnly: optBool(values, 'allow-eval-only'),
    unlabelled: optBool(values, 'unlabelled'),
  };
}

/** One progress bar per stage of the trainer's work. */
class StageBars {
  private bar: Progress | undefined;
  private stage: string | undefined;

  constructor(private readonly stream: NodeJS.WritableStream) {}

  show(e: TrainStageProgress): void {
    if (e.stage !== this.stage) {
      this.bar?.finish();
      this.stage = e.stage;
      this.bar = new Progress(e.stage, e.total, this.stream);
    }
    this.bar!.update(e.done);
  }

  finish(): void {
    this.bar?.finish();
    this.bar = undefined;
  }
}

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

function paramHelp(): string {
  return pageTrainers()
    .filter((t) => t.params.length > 0)
    .map((t) => `  ${t.name}:\n` + t.params.map((p) => `    ${p.name.padEnd(14)} ${String(p.default).padEnd(8)} ${p.help}`).join('\n'))
    .join('\n');
}

export const command: Command = {
  name: 'train',
  // From the registry, so the list cannot fall behind the trainers there are.
  summary: `train a model (${trainerNames().join(', ')}) on labelled corpora`,
  get help() {
    return `Usage: pith train <corpus...> --model ALGORITHM -o MODEL [options]
       pith train PAGE --model wrapper --example FIELD=VALUE [--example ...] -o MODEL

Trains a block labeller on corpora (pith's format or any shared corpus folder as it is)
and writes a versioned model file (.json or .json.gz), atomically.

Options:
  --model A           ${trainerNames().join(' | ')} (default ${defaultTrainerName()}, the bundled model's)
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
  --model wrapper     wrapper induction's tag-path rules; where they do not recognise a page
                      the general model labels it. A folder of html/ + fields/<name>.json
                      ({"field": ["value"]}) teaches named-field rules too (docs/fields.md):
                      extract's json gives fields, fieldConfidence and records
  --model A --site H  a block learner (maxent, crf, ripper, ...; not svm) trained on these pages alone
                      (the bundled model's features unless --families/--exclude; the learner's
                      default parameters unless --set), stored as host H's site model; it
                      labels every page of H. Without --site A trains a general model.
  --site HOST         the pages' host (wrapper default: each page's URL host, one site model
                      per host; pages with no URL are grouped by template and the site named
                      template:<hash>)
  --example F=VALUE   with --model wrapper and one page file: a value of field F on that page
                      (repeatable; a field given twice has two values, e.g. two records of a
                      list): the rules are learned as from a folder of html/ + fields/
                      (docs/fields.md) holding that page, without writing one
  --unlabelled        with --model wrapper: learn from pages without labels (files or folders of
                      HTML): the template's repeated blocks, the general model's reading voted
                      by path and container, self-training the rules (docs/sites.md)
  --general PATH      the general model to store them beside (default: the bundled model;
                      site models it already holds are kept, those of the same host replaced)

Subtree SVMs (--model svm, docs/svm.md): the rendered-view study's body and title subtree models (RBF SVMs
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
      example: { type: 'string', multiple: true },
    });
    const out = optString(values, 'out');
    if (!out) throw new PithError('BAD_OPTION', '-o/--out is required');
    if (!optBool(values, 'force')) await refuseShippedModel(out);
    if (positionals.length === 0) throw new PithError('BAD_OPTION', 'expected at least one corpus folder');
    const trainer = trainerOption(values);
    const examples = optStrings(values, 'example');
    if (examples.length > 0 && (trainer.name !== 'wrapper' || optBool(values, 'unlabelled'))) throw new PithError('BAD_OPTION', '--example teaches named fields from labelled values: use it with --model wrapper (and without --unlabelled)');
    const folder = examples.length > 0 ? await examplesFolder(positionals, parseExamples(examples)) : undefined;
    try {
      const bars = new StageBars(io.stderr);
      const trained = await trainer.train(TrainingPages.at(folder ? [folder.dir] : positionals), { ...trainOptions(values), onProgress: (e) => bars.show(e) });
      bars.finish();
      const text = trainingReportText(trained.report, out);
      for (const line of text.before) io.stderr.write(line + '\n');
      // The examples' folder is this run's own: a failure names the page it was made of.
      if (trained.failure) throw new PithError(trained.failure.code, trained.failure.message, folder && trained.failure.subject === folder.dir ? positionals[0] : trained.failure.subject);
      await saveModel(out, trained.model);
      for (const line of text.after) io.stderr.write(line + '\n');
      return EXIT.ok;
    } finally {
      await folder?.remove();
    }
  },
};

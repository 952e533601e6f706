/** `pith label <corpus-dir>`: the annotation tool (a loopback web app over a pith corpus). */
import { basename, resolve } from 'node:path';
import { readdir, stat } from 'node:fs/promises';
import { PithError } from '../../errors.js';
import { EXIT, optBool, optInt, optString, optStrings, parseCommandArgs, type Command } from '../command.js';
import { createPithCorpus, PITH_CORPUS_FILE } from '../../corpus/pith-format.js';
import { addToCorpus, checkAddSpecs } from '../../annotate/add-pages.js';
import { Workspace } from '../../annotate/workspace.js';
import { startLabelServer } from '../../annotate/server.js';
import { loadModelPredictor } from '../../annotate/model-predictor.js';
import { createRetrainer } from '../../annotate/retrain.js';
import { bundledModelPath } from '../../pipeline/extract.js';
import { isFieldsFolder } from '../../corpus/readers/fields.js';

const HELP = `Usage: pith label <corpus-dir> [options]

Opens the labelling app for a pith corpus (created when missing) on 127.0.0.1 and prints
its URL, which carries a per-session token. Open it in a browser; stop with Ctrl+C.

Options:
  --add SPEC        add pages first (repeatable): an .html/.htm/.html.gz file, a folder of
                    them, an http(s) URL, another pith corpus folder, a folder of field
                    examples (html/ + fields/, docs/fields.md: each page with its fields,
                    for the field mode) or an exported .pith-bundle.json (pages with their
                    labels; at most 64 MiB, a larger one is refused with exit code 3).
                    Symbolic links inside a folder or corpus that lead out of it are
                    skipped, never read
  --port N          port on 127.0.0.1 (default: a free one)
  --model PATH      model file whose predictions pre-label unsaved pages (default: the
                    bundled model); the queue puts uncertain pages first. 'retrain' trains
                    the same algorithm (without --model, the bundled model's) on the saved
                    labels, in the background, into <corpus>/retrained.model.json.gz
                    (retrained-2.model.json.gz when that is the --model file): the --model
                    file is never written
  --no-model        no pre-labels: every unsaved page starts as 'other'
  --name NAME       corpus name when creating it (default: the folder name)
  --use USE         train | eval-only, when creating the corpus (default train)

In the app: t/h/b/o label, j/k move, e subtree, u undo, ctrl+y redo, s save, n/p next/previous
page, ? all shortcuts. Saves are atomic and revision-checked: a conflict is shown, never
overwritten.
`;

async function ensureCorpus(dir: string, name: string | undefined, use: string | undefined): Promise<boolean> {
  const st = await stat(dir).catch(() => undefined);
  if (st && !st.isDirectory()) throw new PithError('BAD_OPTION', 'is a file, expected a corpus folder', dir);
  if (st && (await stat(resolve(dir, PITH_CORPUS_FILE)).catch(() => undefined))) return false;
  if (st && (await readdir(dir)).some((f) => !f.startsWith('.'))) {
    throw new PithError('BAD_CORPUS', `not a pith corpus (no ${PITH_CORPUS_FILE}) and not empty: refusing to create one here; label in a new folder and add these pages to it: pith label NEW-FOLDER --add ${dir}${(await isFieldsFolder(dir)) ? ' (a folder of html/ + fields/ brings its field examples)' : ''}`, dir);
  }
  if (use !== undefined && use !== 'train' && use !== 'eval-only') throw new PithError('BAD_OPTION', `--use must be train or eval-only, got '${use}'`);
  await createPithCorpus(dir, { name: name ?? basename(resolve(dir)), use: (use ?? 'train') as 'train' | 'eval-only' });
  return true;
}

export const command: Command = {
  name: 'label',
  summary: 'label pages in the browser (title/heading/body/other), with a model and a queue',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      add: { type: 'string', multiple: true },
      port: { type: 'string' },
      model: { type: 'string' },
      'no-model': { type: 'boolean' },
      name: { type: 'string' },
      use: { type: 'string' },
    });
    if (positionals.length !== 1) throw new PithError('BAD_OPTION', 'expected exactly one corpus folder');
    const dir = positionals[0]!;
    const modelPath = optString(values, 'model');
    if (modelPath !== undefined && optBool(values, 'no-model')) throw new PithError('BAD_OPTION', '--model and --no-model contradict each other');
    const port = optInt(values, 'port', 0);
    if (port > 65535) throw new PithError('BAD_OPTION', '--port must be at most 65535');
    const adds = optStrings(values, 'add');
    await checkAddSpecs(adds); // an oversize bundle is refused before anything is created or added
    if (await ensureCorpus(dir, optString(values, 'name'), optString(values, 'use'))) io.stderr.write(`created pith corpus ${dir}\n`);

    if (adds.length > 0) {
      const r = await addToCorpus(dir, adds);
      io.stderr.write(`added ${r.added.length} page(s)${r.labelled ? `, ${r.labelled} labelled` : ''}${r.withFields ? `, ${r.withFields} with field examples (fields/)` : ''}\n`);
      for (const s of r.skipped) io.stderr.write(`  skipped ${s.source}: ${s.reason}\n`);
    }

    // Pages start from the bundled model's predictions unless told otherwise (README: "starts from the model's predictions").
    const predictor = optBool(values, 'no-model') ? undefined : await loadModelPredictor(modelPath ?? bundledModelPath());
    const ws = await Workspace.open(dir, predictor ? { predictor } : {});
    // Retrain: in a worker thread, into the corpus folder (never over --model), then reloaded.
    const retrain = createRetrainer({ corpusDir: dir, ...(modelPath ? { modelPath } : {}) });
    const server = await startLabelServer(ws, { port, retrain });
    io.stdout.write(`pith label: ${ws.header.name} (${dir})${predictor ? ` with model ${predictor.name}` : ''}\nopen ${server.url}\n`);

    await new Promise<void>((done) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void server.close().then(done);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    io.stderr.write('pith label: stopped\n');
    return EXIT.ok;
  },
};

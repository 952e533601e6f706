/** `pith batch <dir|files...> --out results.jsonl`: many pages, one JSON line each, resumable. */
import { availableParallelism } from 'node:os';
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command } from '../command.js';
import { Progress } from '../progress.js';
import { PithError } from '../../errors.js';
import { bundledModelPath, loadExtractionModel } from '../../pipeline/extract.js';
import { collectPageFiles, runBatch } from '../../pipeline/batch.js';

const HELP = `Usage: pith batch <dir|files...> --out results.jsonl [options]

Extracts every page (*.html, *.htm, *.xhtml, also .gz; directories are searched
recursively) into one JSON line per page: {"id": <file name without .html/.gz>, ...the
fields of 'pith extract --format json'}, or {"id", "error": {code, message}} for a page
that cannot be read. Rerunning with the same --out skips pages already there.

Options:
  --out PATH       output JSONL file (required; appended to)
  --workers N      worker threads (default: all cores, here ${availableParallelism()})
  --model PATH     model file (default: the bundled model)
  --blocks         include per-block labels and probabilities
  --keep-comments  leave readers' comment sections to the model (see pith extract --help)
  --heap-mb N      heap limit of each worker in MB (default 1024); a page that needs more
                   is recorded as an OUT_OF_MEMORY error and the batch goes on
`;

export const command: Command = {
  name: 'batch',
  summary: 'extract many pages into a JSONL file on all cores (resumable)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      out: { type: 'string' }, workers: { type: 'string' }, model: { type: 'string' }, blocks: { type: 'boolean' }, 'heap-mb': { type: 'string' },
      'keep-comments': { type: 'boolean' },
    });
    const out = optString(values, 'out');
    if (!out) throw new PithError('BAD_OPTION', '--out is required');
    if (positionals.length === 0) throw new PithError('BAD_OPTION', 'expected at least one directory or page file');
    const modelPath = optString(values, 'model') ?? bundledModelPath();
    await loadExtractionModel(modelPath); // fail fast, in this thread, on a bad model
    const files = await collectPageFiles(positionals);
    const progress = new Progress('batch', files.length, io.stderr);
    const summary = await runBatch(files, {
      out, modelPath, workers: optInt(values, 'workers', availableParallelism(), 1), withBlocks: optBool(values, 'blocks'),
      keepComments: optBool(values, 'keep-comments'),
      workerHeapMb: optInt(values, 'heap-mb', 1024, 32),
      onProgress: () => progress.tick(),
    });
    progress.finish();
    io.stderr.write(`batch: ${summary.extracted} extracted, ${summary.failed} failed, ${summary.skipped} already done -> ${out}\n`);
    return EXIT.ok;
  },
};

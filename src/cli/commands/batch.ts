/** `pith batch <dir|files...> --out results.jsonl`: many pages, one JSON line each, resumable. */
import { availableParallelism } from 'node:os';
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command, type ParsedCommandArgs } from '../command.js';
import { Progress } from '../progress.js';
import { PithError } from '../../errors.js';
import { bundledModelPath, loadExtractionModel } from '../../pipeline/extract.js';
import { collectPages, DEFAULT_PAGE_TIMEOUT_MS, outputLockPath, releaseOutputLockSync, runBatch } from '../../pipeline/batch.js';

/** Exit code of a batch that ran to the end but where at least one page failed (its line has an error). */
export const EXIT_PAGES_FAILED = 4;

const HELP = `Usage: pith batch <dir|files...> --out results.jsonl [options]

Extracts every page (*.html, *.htm, *.xhtml, also .gz; directories are searched
recursively) into one JSON line per page: {"id": <file name without .html/.gz>, ...the
fields of 'pith extract --format json'}, or {"id", "error": {code, message}} for a page
that cannot be read. Rerunning with the same --out skips pages already there.

Options:
  --out PATH            output JSONL file (required; appended to; locked while the batch
                        runs: a second batch on the same file is refused)
  --workers N           worker threads (default: all cores, here ${availableParallelism()})
  --model PATH          model file (default: the bundled model)
  --blocks              include per-block labels and probabilities
  --keep-comments       leave readers' comment sections to the model (see pith extract --help)
  --heap-mb N           heap limit of each worker in MB (default 1024); a page that needs more
                        is recorded as an OUT_OF_MEMORY error and the batch goes on
  --page-timeout SECS   time limit of one page (default ${DEFAULT_PAGE_TIMEOUT_MS / 1000}; 0 = none); a page over it
                        is recorded as a TIMEOUT error, its worker replaced, and the batch goes on

Only regular files up to 16 MiB are read (devices, FIFOs and sockets are errors, bigger
files TOO_LARGE). In a folder, a symbolic link is followed only to a file inside that
folder; links to folders are not followed; links leading outside are skipped and listed.

Exit codes: 0 every page extracted (or already done), ${EXIT_PAGES_FAILED} the batch ran to the end but some
pages failed (their lines hold the errors), 2 bad usage, 3 the inputs or the output cannot
be used (missing, unwritable, a directory, disk full, locked by another batch).
`;

/** `--page-timeout` in seconds (fractions allowed) to ms; 0 = no limit. */
function pageTimeoutMs(values: ParsedCommandArgs['values']): number {
  const v = optString(values, 'page-timeout');
  if (v === undefined) return DEFAULT_PAGE_TIMEOUT_MS;
  const s = Number(v);
  if (v.trim() === '' || !Number.isFinite(s) || s < 0) throw new PithError('BAD_OPTION', `--page-timeout must be a number of seconds >= 0, got '${v}'`);
  return Math.round(s * 1000);
}

function listSome(paths: readonly string[], n = 5): string {
  return paths.slice(0, n).join(', ') + (paths.length > n ? ` and ${paths.length - n} more` : '');
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export const command: Command = {
  name: 'batch',
  summary: 'extract many pages into a JSONL file on all cores (resumable)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      out: { type: 'string' }, workers: { type: 'string' }, model: { type: 'string' }, blocks: { type: 'boolean' }, 'heap-mb': { type: 'string' },
      'keep-comments': { type: 'boolean' }, 'page-timeout': { type: 'string' },
    });
    const out = optString(values, 'out');
    if (!out) throw new PithError('BAD_OPTION', '--out is required');
    if (positionals.length === 0) throw new PithError('BAD_OPTION', 'expected at least one directory or page file');
    const workers = optInt(values, 'workers', availableParallelism(), 1);
    const workerHeapMb = optInt(values, 'heap-mb', 1024, 32);
    const timeoutMs = pageTimeoutMs(values);
    const modelPath = optString(values, 'model') ?? bundledModelPath();
    await loadExtractionModel(modelPath); // fail fast, in this thread, on a bad model
    const pages = await collectPages(positionals, { exclude: [out, outputLockPath(out)] });
    if (pages.skippedLinks.length > 0) {
      io.stderr.write(`batch: skipped ${pages.skippedLinks.length} symbolic link(s) leading outside the input folder (or nowhere, or to a folder): ${listSome(pages.skippedLinks)}\n`);
    }
    if (pages.excluded.length > 0) io.stderr.write(`batch: ${listSome(pages.excluded)} is the output (or its lock), inside an input folder: not read as a page\n`);
    // Stopped by a signal: leave no lock behind (the default action, death, follows at once).
    const onSignal = (signal: NodeJS.Signals): void => {
      releaseOutputLockSync(out);
      for (const s of SIGNALS) process.removeListener(s, onSignal);
      process.kill(process.pid, signal);
    };
    for (const s of SIGNALS) process.on(s, onSignal);
    try {
      const progress = new Progress('batch', pages.files.length, io.stderr);
      const summary = await runBatch(pages.files, {
        out, modelPath, workers, withBlocks: optBool(values, 'blocks'), keepComments: optBool(values, 'keep-comments'),
        workerHeapMb, pageTimeoutMs: timeoutMs, roots: pages.roots,
        onProgress: () => progress.tick(),
      });
      progress.finish();
      io.stderr.write(`batch: ${summary.extracted} extracted, ${summary.failed} failed, ${summary.skipped} already done -> ${out}\n`);
      return summary.failed > 0 ? EXIT_PAGES_FAILED : EXIT.ok;
    } finally {
      for (const s of SIGNALS) process.removeListener(s, onSignal);
    }
  },
};

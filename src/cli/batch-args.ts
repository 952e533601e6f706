/**
 * `pith batch`'s options, and what bin/pith.js reads of them before anything else is loaded:
 * whether the batch is small enough to be extracted in the main thread (src/batch/small-batch.ts),
 * in which case Node is not re-run with `--single-threaded-gc` for it, and how many worker
 * threads it starts (src/batch/batch-env.ts). Imports nothing heavy.
 */
import { availableParallelism } from 'node:os';
import { optInt, parseCommandArgs, type OptionsSpec, type ParsedCommandArgs } from './command.js';
import { fewPageFiles, SMALL_BATCH_PAGES } from '../batch/small-batch.js';
import { ARTICLE_CHOICE_OPTIONS } from './article-choices.js';

/** The options `pith batch` takes (parsed by node:util's parseArgs). */
export const BATCH_OPTIONS: OptionsSpec = {
  out: { type: 'string' }, workers: { type: 'string' }, model: { type: 'string' }, blocks: { type: 'boolean' }, 'heap-mb': { type: 'string' },
  'keep-comments': { type: 'boolean' }, 'include-comments': { type: 'boolean' }, 'page-timeout': { type: 'string' }, fields: { type: 'string' }, 'out-dir': { type: 'string' },
  format: { type: 'string' }, urls: { type: 'string' }, concurrency: { type: 'string' }, 'per-host': { type: 'string' },
  'host-delay-ms': { type: 'string' }, 'user-agent': { type: 'string' }, 'fetch-timeout': { type: 'string' }, 'allow-private-urls': { type: 'boolean' }, 'ignore-robots': { type: 'boolean' }, 'target-lang': { type: 'string' }, dedup: { type: 'boolean' },
  sitemap: { type: 'string', multiple: true }, feed: { type: 'string', multiple: true },
  render: { type: 'boolean' }, layouts: { type: 'string' }, scripts: { type: 'boolean' }, csv: { type: 'string' },
  site: { type: 'string' }, 'learn-sites': { type: 'boolean' }, 'learn-min': { type: 'string' },
  lists: { type: 'boolean' }, 'list-model': { type: 'string' },
  ...ARTICLE_CHOICE_OPTIONS,
};

/**
 * Pages a batch may extract in its main thread (0: none): a few page files, when nothing is
 * fetched or drawn in a browser, and the user did not ask for a time or heap limit (only a
 * worker thread can stop a page half way or bound its heap).
 */
export function inThreadPageLimit(values: ParsedCommandArgs['values']): number {
  const streamed = values['urls'] !== undefined || values['sitemap'] !== undefined || values['feed'] !== undefined;
  const drawn = values['render'] === true || values['layouts'] !== undefined;
  const guarded = values['page-timeout'] !== undefined || values['heap-mb'] !== undefined;
  return streamed || drawn || guarded ? 0 : SMALL_BATCH_PAGES;
}

/**
 * Whether `pith batch ARGS` will be a small batch, judged before the command is loaded: its
 * options allow the main thread and its inputs hold few page files. Bad arguments say no (the
 * command reports them).
 */
export async function isSmallBatch(args: readonly string[]): Promise<boolean> {
  let parsed: ParsedCommandArgs;
  try {
    parsed = parseCommandArgs(args, BATCH_OPTIONS);
  } catch {
    return false;
  }
  const limit = inThreadPageLimit(parsed.values);
  return limit > 0 && parsed.positionals.length > 0 && (await fewPageFiles(parsed.positionals, limit));
}

/** The worker threads a batch's parsed options ask for (`--workers`; default one a core); a bad count is a BAD_OPTION. */
export function workerThreadsOf(values: ParsedCommandArgs['values'], cores = availableParallelism()): number {
  return optInt(values, 'workers', cores, 1);
}

/** The worker threads `pith batch ARGS` asks for, parsed as the command parses them; the default (one a core) when none is given or the arguments are bad (the command reports them). */
export function batchWorkerThreads(args: readonly string[], cores = availableParallelism()): number {
  try {
    return workerThreadsOf(parseCommandArgs(args, BATCH_OPTIONS).values, cores);
  } catch {
    return cores;
  }
}

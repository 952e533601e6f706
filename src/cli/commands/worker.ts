/** `pith worker --redis URL`: extracts pages from a queue filled by `pith queue add` (docs/queue.md). */
import { availableParallelism } from 'node:os';
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command } from '../command.js';
import { PithError } from '../../errors.js';
import { bundledModelPath, loadExtractionModel } from '../../pipeline/extract.js';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../../batch/batch.js';
import { BATCH_FIELDS, parseBatchFields } from '../../batch/batch-fields.js';
import { DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_USER_AGENT } from '../../batch/url-list.js';
import { DEFAULT_QUEUE } from '../../queue/queue.js';
import { DEFAULT_LOCK_MS, DEFAULT_MAX_STALLED, startQueueWorker } from '../../queue/worker.js';
import { HOST_LEASE_GRACE_MS } from '../../queue/host-gate.js';
import { ARTICLE_CHOICE_OPTIONS, readArticleChoices } from '../article-choices.js';
import { readListChoice } from '../list-options.js';

const HELP = `Usage: pith worker --redis URL [--queue NAME] [options]

Takes pages from the queue (filled by 'pith queue add'), extracts them on threads and writes
each page's JSON line into Redis, once however often the page is done ('pith queue export'
writes them out). Run as many as you like, on as many machines. A page that cannot be
reached (file missing, fetch failing, a thread crashing or over the time limit) is retried
with backoff and dead-lettered after its last try; a page's own error (NOT_HTML, TOO_LARGE,
...) is its result. URL pages are fetched in their host's turn: the queue's per-host limits
('pith queue add --per-host N --host-delay-ms MS') hold across all workers together, and a
page whose host is busy waits in the queue (not a try). Redis down: the worker waits for it
and goes on. SIGTERM/SIGINT: the pages in hand are finished, then it stops (a second signal
stops it at once; its pages go back to the queue when their locks expire). See docs/queue.md.

Options:
  --redis URL           redis://host:port[/db] (required)
  --queue NAME          queue name (default '${DEFAULT_QUEUE}')
  --concurrency N       pages at once, one thread each (default: all cores, here ${availableParallelism()})
  --until-empty         stop once nothing is waiting, active or delayed in the queue
  --page-timeout SECS   one page's time limit (default ${DEFAULT_PAGE_TIMEOUT_MS / 1000}; 0 = none): over it, a failed try
  --lock-secs SECS      a job's lock (default ${DEFAULT_LOCK_MS / 1000}); a dead worker's pages go back to the
                        queue after about this long
  --max-stalled N       times a page may go back that way before it is dead-lettered (default ${DEFAULT_MAX_STALLED})
  --model PATH          model file (default: the bundled model)
  --fields LIST         what each line carries (as pith batch): ${BATCH_FIELDS.join(',')}
  --blocks              include per-block labels
  --keep-comments       leave comment sections to the model
  --include-comments    also give each page's readers' comments, with author and date
                        (\`comments\` in each line, as pith batch --include-comments)
  --favor F             precision | balanced | recall (default balanced), as pith extract --favor
  --no-images           leave out images, figures and embeds (as pith extract)
  --no-tables           leave out tables
  --no-links            keep links' text, not the links
  --lists               also each page's main repeated list (\`lists\` in each line, as pith batch --lists)
  --list-model PATH     the list model for --lists (default: the bundled one)
  --heap-mb N           heap limit of each thread in MB (default 1024)
  --user-agent S        for URL pages (default '${DEFAULT_USER_AGENT}')
  --fetch-timeout SECS  for URL pages (default ${DEFAULT_FETCH_TIMEOUT_MS / 1000}); a fetch's hold on its host
                        lasts this plus ${HOST_LEASE_GRACE_MS / 1000} s at most, so a killed worker blocks a host no longer
  --ignore-robots       fetch URL pages whatever their sites' robots.txt say (by default each
                        site's is read once per worker and obeyed: ROBOTS_DISALLOWED lines)
  --allow-private-urls  let URL pages and their redirects reach loopback, private, link-local and
                        reserved addresses (refused by default: the page's line is URL_NOT_ALLOWED)
`;

function seconds(values: Record<string, unknown>, name: string, fallbackMs: number, min: number): number {
  const v = values[name];
  if (typeof v !== 'string') return fallbackMs;
  const s = Number(v);
  if (v.trim() === '' || !Number.isFinite(s) || s < min) throw new PithError('BAD_OPTION', `--${name} must be a number of seconds >= ${min}, got '${v}'`);
  return Math.round(s * 1000);
}

export const command: Command = {
  name: 'worker',
  summary: 'extract pages from a Redis queue (many workers, many machines; retries, dead letters)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      redis: { type: 'string' }, queue: { type: 'string' }, concurrency: { type: 'string' }, 'until-empty': { type: 'boolean' }, 'page-timeout': { type: 'string' },
      'lock-secs': { type: 'string' }, 'max-stalled': { type: 'string' }, model: { type: 'string' }, fields: { type: 'string' }, blocks: { type: 'boolean' },
      'keep-comments': { type: 'boolean' }, 'include-comments': { type: 'boolean' }, 'heap-mb': { type: 'string' }, 'user-agent': { type: 'string' }, 'fetch-timeout': { type: 'string' },
      'allow-private-urls': { type: 'boolean' }, 'ignore-robots': { type: 'boolean' }, ...ARTICLE_CHOICE_OPTIONS,
      lists: { type: 'boolean' }, 'list-model': { type: 'string' },
    });
    if (positionals.length > 0) throw new PithError('BAD_OPTION', `pith worker takes no arguments, got '${positionals[0]}'`);
    const redisUrl = optString(values, 'redis');
    if (!redisUrl) throw new PithError('BAD_OPTION', '--redis URL is required');
    const fieldsArg = optString(values, 'fields');
    const fields = fieldsArg !== undefined ? parseBatchFields(fieldsArg) : undefined;
    const modelPath = optString(values, 'model') ?? bundledModelPath();
    const settings = {
      redisUrl, queue: optString(values, 'queue') ?? DEFAULT_QUEUE, modelPath,
      concurrency: optInt(values, 'concurrency', availableParallelism(), 1),
      untilEmpty: optBool(values, 'until-empty'),
      pageTimeoutMs: seconds(values, 'page-timeout', DEFAULT_PAGE_TIMEOUT_MS, 0),
      lockMs: seconds(values, 'lock-secs', DEFAULT_LOCK_MS, 0.1),
      maxStalled: optInt(values, 'max-stalled', DEFAULT_MAX_STALLED, 0),
      ...(fields !== undefined ? { fields } : {}),
      withBlocks: optBool(values, 'blocks'), keepComments: optBool(values, 'keep-comments'), includeComments: optBool(values, 'include-comments'),
      choices: readArticleChoices(values),
      workerHeapMb: optInt(values, 'heap-mb', 1024, 32),
      userAgent: optString(values, 'user-agent') ?? DEFAULT_USER_AGENT,
      fetchTimeoutMs: seconds(values, 'fetch-timeout', DEFAULT_FETCH_TIMEOUT_MS, 0.1),
      allowPrivateUrls: optBool(values, 'allow-private-urls'), ignoreRobots: optBool(values, 'ignore-robots'),
      log: (line: string) => void io.stderr.write(line + '\n'),
    };
    // Both models are read here first, so a bad one stops the worker before it takes a page; the threads take these copies.
    const lists = await readListChoice(values, fields);
    const loadedModel = await loadExtractionModel(modelPath);
    const opts = { ...settings, ...lists.options, loadedModel, ...(lists.model ? { loadedListModel: lists.model } : {}) };
    const started = Date.now();
    const w = startQueueWorker(opts);
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals): void => {
      signals++;
      if (signals === 1) {
        io.stderr.write(`worker: ${signal}: finishing the pages in hand, then stopping\n`);
        void w.stop();
      } else {
        io.stderr.write(`worker: ${signal} again: stopping now (the pages in hand go back to the queue)\n`);
        process.exit(130);
      }
    };
    for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, onSignal);
    io.stderr.write(`worker: pid ${process.pid}, queue '${opts.queue}', ${opts.concurrency} thread(s)\n`);
    try {
      const s = await w.done;
      const secs = (Date.now() - started) / 1000;
      io.stderr.write(`worker: ${s.written} written, ${s.again} done again (already written), ${s.failedTries} failed tries, ${s.hostWaits} waits for a busy host (${secs.toFixed(1)} s)\n`);
      return EXIT.ok;
    } finally {
      for (const s of ['SIGINT', 'SIGTERM'] as const) process.removeListener(s, onSignal);
    }
  },
};

/** `pith queue add|status|export|dead|retry|clear`: the producer and admin side of a worker cluster (docs/queue.md). */
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command, type CommandIO, type OptionsSpec, type ParsedCommandArgs } from '../command.js';
import { PithError } from '../../errors.js';
import {
  clearQueue, connectOnce, deadPages, DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, DEFAULT_EMBED_MAX, DEFAULT_QUEUE, enqueuePages, exportResults, queueStatus, retryDead,
} from '../../queue/queue.js';
import { DAMAGE_REASONS } from '../../batch/warc.js';
import { DEFAULT_HOST_DELAY_MS, DEFAULT_PER_HOST, DEFAULT_USER_AGENT } from '../../batch/url-list.js';
import { listedUrls, reportListed } from '../../batch/link-sources.js';
import { STDOUT_OUTPUT } from '../../batch/output-file.js';

const HELP = `Usage: pith queue <add|status|export|dead|retry|clear> --redis URL [--queue NAME] [options]

A queue of pages in Redis (BullMQ) for 'pith worker' processes on any number of machines.
See docs/queue.md.

  pith queue add <dirs|files|warcs...> [--urls FILE]   enqueue pages; ids enqueued before are
                                                        skipped, so adding twice adds once
      --attempts N      tries of a page before it is dead-lettered (default ${DEFAULT_ATTEMPTS})
      --backoff-ms N    first retry's delay, doubled each try (default ${DEFAULT_BACKOFF_MS})
      --embed-max N     carry pages up to N bytes (gzip) in the job itself (default ${DEFAULT_EMBED_MAX});
                        bigger ones go by path, which every worker must see (a shared
                        folder); 0 = every file by path. WARC pages are always carried.
                        URLs are fetched by the workers.
      --sitemap URL     also the pages a sitemap (or sitemap index) lists; repeatable
      --feed URL        also the pages an RSS or Atom feed links to; repeatable (both read
                        here, under the fetch policy; docs/batch.md)
      --allow-private-urls  let --sitemap/--feed documents be read from loopback or private
                        addresses (the workers have their own --allow-private-urls)
      --per-host N      URL pages: fetches in flight to one host, all workers together
                        (default ${DEFAULT_PER_HOST}); stored with the queue, the last given wins
      --host-delay-ms N URL pages: pause between two requests to one host, all workers
                        together (default ${DEFAULT_HOST_DELAY_MS}); stored likewise
  pith queue status [--json]       total, waiting, active, delayed (retry backoff or a host's
                                   turn), done, dead, again (done twice, written once),
                                   progress, the per-host limits
  pith queue export --out FILE     every page's line (JSONL), dead-lettered pages as error
                                   lines with "dead": true (--no-dead: leave them out);
                                   --out - writes them to standard output
  pith queue dead [--json]         the dead-letter list: id, last error, tries
  pith queue retry                 put every dead-lettered page back in the queue
  pith queue clear                 delete the queue, its results and counts

Common options:
  --redis URL       redis://host:port[/db] (required)
  --queue NAME      queue name (default '${DEFAULT_QUEUE}')

Exit codes: 0 ok, 2 bad usage, 3 Redis unreachable or an input/output unusable.
`;

/** A connected Redis client, as `connectOnce` gives it. */
type QueueClient = Awaited<ReturnType<typeof connectOnce>>;

const SUBCOMMANDS = ['add', 'status', 'export', 'dead', 'retry', 'clear'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

/** The options `pith queue` takes (parsed by node:util's parseArgs). */
const QUEUE_OPTIONS: OptionsSpec = {
  redis: { type: 'string' }, queue: { type: 'string' }, urls: { type: 'string' }, attempts: { type: 'string' }, 'backoff-ms': { type: 'string' },
  'embed-max': { type: 'string' }, json: { type: 'boolean' }, out: { type: 'string' }, 'no-dead': { type: 'boolean' },
  'per-host': { type: 'string' }, 'host-delay-ms': { type: 'string' },
  sitemap: { type: 'string', multiple: true }, feed: { type: 'string', multiple: true }, 'allow-private-urls': { type: 'boolean' },
};

/** A `pith queue` call, checked. */
interface QueueCall {
  readonly sub: Subcommand;
  readonly values: ParsedCommandArgs['values'];
  readonly positionals: readonly string[];
  readonly url: string;
  readonly queue: string;
  readonly out: string | undefined;
  readonly sitemaps: string[];
  readonly feeds: string[];
  readonly attempts: number;
  readonly backoffMs: number;
  readonly embedMax: number;
  readonly politeness: { perHost?: number; hostDelayMs?: number };
}

/** Every option checked, in the order the messages have always come in. */
function readQueueCall(sub: string | undefined, rest: readonly string[]): QueueCall {
  const { values, positionals } = parseCommandArgs(rest, QUEUE_OPTIONS);
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const sitemaps = strings(values['sitemap']);
  const feeds = strings(values['feed']);
  if (sub !== 'add' && (sitemaps.length > 0 || feeds.length > 0 || optBool(values, 'allow-private-urls'))) throw new PithError('BAD_OPTION', '--sitemap, --feed and --allow-private-urls go with queue add');
  if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) throw new PithError('BAD_OPTION', `expected a subcommand: add, status, export, dead, retry or clear${sub ? `, got '${sub}'` : ''}`);
  const url = optString(values, 'redis');
  if (!url) throw new PithError('BAD_OPTION', '--redis URL is required');
  const queue = optString(values, 'queue') ?? DEFAULT_QUEUE;
  if (sub === 'add' && positionals.length === 0 && optString(values, 'urls') === undefined && sitemaps.length === 0 && feeds.length === 0) {
    throw new PithError('BAD_OPTION', 'queue add: expected folders, page files, WARC files, --urls FILE, --sitemap URL or --feed URL');
  }
  if (sub !== 'add' && positionals.length > 0) throw new PithError('BAD_OPTION', `queue ${sub} takes no arguments, got '${positionals[0]}'`);
  const out = optString(values, 'out');
  if (sub === 'export' && !out) throw new PithError('BAD_OPTION', 'queue export: --out FILE is required');
  const attempts = optInt(values, 'attempts', DEFAULT_ATTEMPTS, 1);
  const backoffMs = optInt(values, 'backoff-ms', DEFAULT_BACKOFF_MS, 0);
  const embedMax = optInt(values, 'embed-max', DEFAULT_EMBED_MAX, 0);
  const politeness = {
    ...(optString(values, 'per-host') !== undefined ? { perHost: optInt(values, 'per-host', DEFAULT_PER_HOST, 1) } : {}),
    ...(optString(values, 'host-delay-ms') !== undefined ? { hostDelayMs: optInt(values, 'host-delay-ms', DEFAULT_HOST_DELAY_MS, 0) } : {}),
  };
  if (sub !== 'add' && Object.keys(politeness).length > 0) throw new PithError('BAD_OPTION', '--per-host and --host-delay-ms go with queue add');
  return { sub: sub as Subcommand, values, positionals, url, queue, out, sitemaps, feeds, attempts, backoffMs, embedMax, politeness };
}

/** The URLs `--sitemap` and `--feed` list, read here, once; the pages they list are fetched by the workers, robots.txt obeyed. */
async function listedPageUrls(call: QueueCall, stderr: NodeJS.WritableStream): Promise<string[]> {
  if (call.sitemaps.length === 0 && call.feeds.length === 0) return [];
  const got = await listedUrls(call.sitemaps, call.feeds, { userAgent: DEFAULT_USER_AGENT, allowPrivateUrls: optBool(call.values, 'allow-private-urls') });
  reportListed(got, { sitemaps: call.sitemaps.length, feeds: call.feeds.length }, 'queue', stderr);
  return got.urls;
}

/** `queue add`. */
async function addPages(client: QueueClient, call: QueueCall, io: CommandIO): Promise<number> {
  const { queue, politeness } = call;
  const damage: string[] = [];
  const urlsFile = optString(call.values, 'urls');
  const listed = await listedPageUrls(call, io.stderr);
  const s = await enqueuePages(client, call.positionals, {
    queue, attempts: call.attempts, backoffMs: call.backoffMs, embedMax: call.embedMax, ...(urlsFile !== undefined ? { urlsFile } : {}), ...(listed.length > 0 ? { urls: listed } : {}),
    ...(Object.keys(politeness).length > 0 ? { politeness } : {}),
    onSkip: (why, detail) => {
      if (DAMAGE_REASONS.has(why)) damage.push(`${why}: ${detail}`);
    },
  });
  for (const d of damage.slice(0, 20)) io.stderr.write(`queue: skipped ${d}\n`);
  io.stderr.write(`queue: ${s.added} added to '${queue}' (${s.embedded} carried, ${s.byPath} by path, the rest URLs), ${s.already} enqueued before\n`);
  if (s.politeness) io.stderr.write(`queue: URL pages: at most ${s.politeness.perHost} fetch(es) in flight per host, ${s.politeness.hostDelayMs} ms between requests to one host\n`);
  return EXIT.ok;
}

/** `queue status`. */
async function printStatus(client: QueueClient, call: QueueCall, io: CommandIO): Promise<number> {
  const s = await queueStatus(client, call.queue);
  if (optBool(call.values, 'json')) io.stdout.write(JSON.stringify(s) + '\n');
  else {
    io.stdout.write(`queue '${s.queue}': ${s.done + s.dead} of ${s.total} pages finished (${(100 * s.progress).toFixed(1)}%)\n`);
    io.stdout.write(`  waiting ${s.waiting}, active ${s.active}, delayed (retry or host's turn) ${s.delayed}, done ${s.done}, dead ${s.dead}, again ${s.again}\n`);
    io.stdout.write(`  per host: ${s.politeness.perHost} fetch(es) in flight, ${s.politeness.hostDelayMs} ms between requests\n`);
  }
  return EXIT.ok;
}

/** `queue export`. */
async function exportQueue(client: QueueClient, call: QueueCall, io: CommandIO): Promise<number> {
  const toStdout = call.out === STDOUT_OUTPUT;
  const r = await exportResults(client, toStdout ? io.stdout : call.out!, call.queue, { dead: !optBool(call.values, 'no-dead') });
  io.stderr.write(`queue: ${r.lines} lines (${r.dead} dead-lettered) -> ${toStdout ? 'standard output' : call.out}\n`);
  return EXIT.ok;
}

/** `queue retry`. */
async function retryQueue(client: QueueClient, call: QueueCall, io: CommandIO): Promise<number> {
  io.stderr.write(`queue: ${await retryDead(client, call.queue)} dead-lettered pages back in '${call.queue}'\n`);
  return EXIT.ok;
}

/** `queue clear`. */
async function clearWholeQueue(client: QueueClient, call: QueueCall, io: CommandIO): Promise<number> {
  await clearQueue(client, call.queue);
  io.stderr.write(`queue: '${call.queue}' cleared\n`);
  return EXIT.ok;
}

/** What each subcommand does once Redis is reached. */
const SUBCOMMAND_RUNS: Record<Subcommand, (client: QueueClient, call: QueueCall, io: CommandIO) => Promise<number>> = {
  add: addPages,
  status: printStatus,
  export: exportQueue,
  dead: async (client, call, io) => printDead(io, await deadPages(client, call.queue), optBool(call.values, 'json')),
  retry: retryQueue,
  clear: clearWholeQueue,
};

export const command: Command = {
  name: 'queue',
  summary: 'enqueue pages in Redis for pith worker processes; status, export, dead letters',
  help: HELP,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    const call = readQueueCall(sub, rest);
    const client = await connectOnce(call.url);
    try {
      return await SUBCOMMAND_RUNS[call.sub](client, call, io);
    } finally {
      client.disconnect();
    }
  },
};

function printDead(io: CommandIO, pages: Awaited<ReturnType<typeof deadPages>>, json: boolean): number {
  for (const p of pages) io.stdout.write(json ? JSON.stringify(p) + '\n' : `${p.id}\t${p.code}\t${p.attempts} tries\t${p.message}\n`);
  return EXIT.ok;
}

/**
 * Distributed extraction on BullMQ (Redis): the producer side (enqueue pages), the shared
 * names, status and export. The worker side is worker.ts. See docs/queue.md.
 *
 * Redis keys of a queue NAME: BullMQ's own under `bull:NAME:*` (jobs: waiting, active, delayed
 * for a retry's backoff, failed = the dead-letter list), and pith's under `pith:NAME:*`:
 * `results` (hash: page id -> its JSON line, written with HSETNX, so a page done twice is
 * written once), `ids` (set: every id ever enqueued, the total), `stats` (hash: `again`, pages
 * done once more after their line was written: the at-least-once side of the guarantee),
 * `politeness` and `host:*` (per-host limits for URL pages: host-gate.ts).
 */
import { gzipSync } from 'node:zlib';
import { open, rename, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { PithError } from '../errors.js';
import { readPageBytes } from '../page.js';
import { assignPageIds, collectPages } from '../batch/batch.js';
import { readWarcPages, type WarcSkipReason } from '../batch/warc.js';
import { readUrlList } from '../batch/url-list.js';
import { streamSink } from '../batch/line-writer.js';
import { clearHostState, readPoliteness, storePoliteness, type Politeness } from './host-gate.js';

export const DEFAULT_QUEUE = 'pith';
export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
/** Pages whose gzip is at most this are carried in the job; bigger ones by path. */
export const DEFAULT_EMBED_MAX = 1 << 20;
export const JOB_NAME = 'page';

/** What a job carries: a reference or the page's bytes, never more than one page. */
export interface PageJobData {
  readonly id: string;
  /** A page file, absolute: every worker must see it at this path (a shared folder). */
  readonly path?: string;
  /** The input folder the file was found in (a worker refuses a file whose real path left it). */
  readonly root?: string;
  /** The page's bytes, gzip-compressed, base64. */
  readonly gz?: string;
  /** A URL for the worker to fetch. */
  readonly fetch?: string;
  /**
   * Where `fetch` redirected to another host, and the redirects left: set by a worker that
   * found that host busy, so the job resumes there in the host's turn.
   */
  readonly redirectedTo?: string;
  readonly redirectsLeft?: number;
  readonly url?: string;
  readonly date?: string;
  readonly charset?: string;
}

/**
 * The BullMQ job id of a page id. BullMQ refuses job ids that hold a colon (one or two: `:`
 * joins its Redis keys) or read as an integer, and a page id is often such a string: a URL
 * (`http://host/x`), a file `a:b.html`, a file `7.html`. A safe id (no `:` or `%`, not an
 * integer) is its own job id, as before; any other is escaped, reversibly: `%` then the id with
 * `%` written `%25` and `:` written `%3A`. Safe ids hold no `%`, so the two kinds never meet:
 * one page id, one job id, and BullMQ's "a job id it holds is not added again" still keeps a
 * page to one job.
 */
export function jobIdOf(pageId: string): string {
  const safe = !pageId.includes(':') && !pageId.includes('%') && `${parseInt(pageId, 10)}` !== pageId;
  return safe ? pageId : `%${pageId.replaceAll('%', '%25').replaceAll(':', '%3A')}`;
}

/** The page id a job id was made from (the inverse of `jobIdOf`). */
export function pageIdOfJob(jobId: string): string {
  return jobId.startsWith('%') ? jobId.slice(1).replace(/%(25|3A)/g, (_, c: string) => (c === '25' ? '%' : ':')) : jobId;
}

export interface QueueKeys {
  readonly results: string;
  readonly ids: string;
  readonly stats: string;
}

export function queueKeys(queue: string): QueueKeys {
  return { results: `pith:${queue}:results`, ids: `pith:${queue}:ids`, stats: `pith:${queue}:stats` };
}

/**
 * Error codes a worker retries (with backoff) and, when they keep coming, dead-letters: the
 * page could not be reached or the worker could not finish it. Every other error (NOT_HTML,
 * TOO_LARGE, BAD_GZIP, NOT_A_FILE, OUTSIDE_ROOT, ...) is about the page itself: its error line is
 * the page's result.
 */
export const RETRIED_CODES: ReadonlySet<string> = new Set(['NOT_FOUND', 'IO', 'FETCH_FAILED', 'INTERNAL', 'TIMEOUT', 'OUT_OF_MEMORY']);

function checkQueueName(name: string): string {
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(name)) throw new PithError('BAD_OPTION', `--queue must be letters, digits, '_', '.' or '-', got '${name}'`);
  return name;
}

/**
 * A Redis client for a short command (add, status, export): it fails, naming the URL, when
 * Redis cannot be reached within `timeoutMs`, instead of waiting for it like a worker does.
 */
export async function connectOnce(url: string, timeoutMs = 5000): Promise<Redis> {
  let client: Redis;
  try {
    client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: timeoutMs, retryStrategy: (n) => (n > 3 ? null : 200 * n) });
  } catch (e) {
    throw new PithError('BAD_OPTION', `--redis is not a Redis URL: ${(e as Error).message}`, url);
  }
  client.on('error', () => undefined); // reported by connect() below
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    client.disconnect();
    throw new PithError('IO', `cannot reach Redis (${(e as Error).message})`, url, { cause: e });
  }
  return client;
}

/** A BullMQ queue on an open client (the client is shared, not closed with it). */
export function openQueue(client: Redis, name: string): Queue {
  return new Queue(checkQueueName(name), { connection: client as never });
}

export interface EnqueueOptions {
  readonly queue?: string;
  readonly attempts?: number;
  readonly backoffMs?: number;
  /** Carry pages up to this gzip size in the job (0: every file by path). */
  readonly embedMax?: number;
  readonly urlsFile?: string;
  /** More URL pages (e.g. from sitemaps and feeds: `queue add --sitemap/--feed`), after the file's. */
  readonly urls?: readonly string[];
  /**
   * The queue's per-host limits for URL pages, for every worker: the fields given replace the
   * stored ones; the others keep theirs (defaults when none). Stored when given or when URLs are added.
   */
  readonly politeness?: Partial<Politeness>;
  readonly onSkip?: (reason: WarcSkipReason, detail: string) => void;
}

export interface EnqueueSummary {
  readonly added: number;
  /** Already enqueued once (by any earlier `queue add`): not added again. */
  readonly already: number;
  readonly byPath: number;
  readonly embedded: number;
  /** The queue's per-host limits, when URLs were added or limits given. */
  readonly politeness?: Politeness;
}

const gzipped = (b: Uint8Array): boolean => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;
const packBytes = (b: Uint8Array): Buffer => (gzipped(b) ? Buffer.from(b) : gzipSync(b));

/** Enqueues every page of the inputs (files, folders, WARCs) and a URL list; ids seen before are skipped. */
export async function enqueuePages(client: Redis, inputs: readonly string[], options: EnqueueOptions = {}): Promise<EnqueueSummary> {
  const name = checkQueueName(options.queue ?? DEFAULT_QUEUE);
  const keys = queueKeys(name);
  const queue = openQueue(client, name);
  const embedMax = options.embedMax ?? DEFAULT_EMBED_MAX;
  const jobOptions = {
    attempts: options.attempts ?? DEFAULT_ATTEMPTS,
    backoff: { type: 'exponential' as const, delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
    removeOnComplete: true, // the result lives in pith:NAME:results
    removeOnFail: false, // the failed set is the dead-letter list
  };
  let added = 0, already = 0, byPath = 0, embedded = 0;
  let batch: PageJobData[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const jobs = batch;
    batch = [];
    const known = await client.smismember(keys.ids, ...jobs.map((j) => j.id));
    const fresh = jobs.filter((_, k) => known[k] !== 1);
    already += jobs.length - fresh.length;
    if (fresh.length === 0) return;
    // The job first (BullMQ ignores a jobId it already holds), then the id: a crash between
    // the two leaves a job that a rerun adds again at most, never an id without its job.
    await queue.addBulk(fresh.map((data) => ({ name: JOB_NAME, data, opts: { ...jobOptions, jobId: jobIdOf(data.id) } })));
    await client.sadd(keys.ids, ...fresh.map((j) => j.id));
    added += fresh.length;
    for (const j of fresh) {
      if (j.gz !== undefined) embedded++;
      else if (j.path !== undefined) byPath++;
    }
  };
  const push = async (job: PageJobData): Promise<void> => {
    batch.push(job);
    if (batch.length >= 100) await flush();
  };
  let politeness: Politeness | undefined;
  try {
    // The limits before the first URL job, so no worker fetches under older ones.
    if (options.politeness !== undefined || options.urlsFile !== undefined || (options.urls?.length ?? 0) > 0) politeness = await storePoliteness(client, name, options.politeness ?? {});
    const pages = await collectPages(inputs);
    for (const [id, path] of assignPageIds(pages.files)) {
      const root = pages.roots.get(path);
      const ref: PageJobData = { id, path: resolve(path), ...(root !== undefined ? { root: resolve(root) } : {}) };
      if (embedMax > 0) {
        let packed: Buffer | undefined;
        try {
          packed = packBytes(await readPageBytes(path, undefined, root !== undefined ? { root } : {}));
        } catch {
          packed = undefined; // unreadable now: by path, the worker gives the page its error line
        }
        if (packed !== undefined && packed.length <= embedMax) {
          await push({ id, gz: packed.toString('base64') });
          continue;
        }
      }
      await push(ref);
    }
    for (const warc of pages.warcs) {
      const seen = new Set<string>();
      for await (const page of readWarcPages(warc, { ...(options.onSkip ? { onSkip: options.onSkip } : {}) })) {
        if (seen.has(page.id)) continue;
        seen.add(page.id);
        await push({
          id: page.id, gz: packBytes(page.bytes).toString('base64'),
          ...(page.url !== undefined ? { url: page.url } : {}), ...(page.date !== undefined ? { date: page.date } : {}), ...(page.charset !== undefined ? { charset: page.charset } : {}),
        });
      }
    }
    if (options.urlsFile !== undefined) {
      for (const u of await readUrlList(options.urlsFile)) await push({ id: u, fetch: u });
    }
    for (const u of options.urls ?? []) await push({ id: u, fetch: u });
    await flush();
  } finally {
    await queue.close();
  }
  return { added, already, byPath, embedded, ...(politeness ? { politeness } : {}) };
}

export interface QueueStatus {
  readonly queue: string;
  /** Ids ever enqueued. */
  readonly total: number;
  readonly waiting: number;
  readonly active: number;
  /** Waiting out a retry's backoff, or for their host's turn (URL pages). */
  readonly delayed: number;
  /** Pages with their line written (a result or a page's own error). */
  readonly done: number;
  /** Dead-lettered: failed every attempt. */
  readonly dead: number;
  /** Pages done again after their line was written (not written twice). */
  readonly again: number;
  /** (done + dead) / total. */
  readonly progress: number;
  /** Per-host limits for URL pages. */
  readonly politeness: Politeness;
}

export async function queueStatus(client: Redis, name = DEFAULT_QUEUE): Promise<QueueStatus> {
  const keys = queueKeys(checkQueueName(name));
  const queue = openQueue(client, name);
  try {
    const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized', 'waiting-children');
    const [total, done, again, politeness] = await Promise.all([client.scard(keys.ids), client.hlen(keys.results), client.hget(keys.stats, 'again'), readPoliteness(client, name)]);
    const dead = c['failed'] ?? 0;
    return {
      queue: name, total, waiting: (c['waiting'] ?? 0) + (c['prioritized'] ?? 0) + (c['waiting-children'] ?? 0),
      active: c['active'] ?? 0, delayed: c['delayed'] ?? 0, done, dead, again: Number(again ?? 0),
      progress: total === 0 ? 1 : Math.min(1, (done + dead) / total), politeness,
    };
  } finally {
    await queue.close();
  }
}

export interface DeadPage {
  readonly id: string;
  readonly url: string | null;
  readonly code: string;
  readonly message: string;
  readonly attempts: number;
}

/** The dead-letter list: pages that failed every attempt, with their last error. */
export async function deadPages(client: Redis, name = DEFAULT_QUEUE): Promise<DeadPage[]> {
  const queue = openQueue(client, name);
  try {
    const out: DeadPage[] = [];
    for (let start = 0; ; start += 500) {
      const jobs = (await queue.getFailed(start, start + 499)) as Job<PageJobData>[];
      for (const j of jobs) {
        if (!j) continue;
        const reason = j.failedReason ?? '';
        const m = /^([A-Z_]+): ([\s\S]*)$/.exec(reason);
        out.push({ id: j.data.id, url: j.data.url ?? j.data.fetch ?? null, code: m ? m[1]! : 'INTERNAL', message: m ? m[2]! : reason, attempts: j.attemptsMade });
      }
      if (jobs.length < 500) break;
    }
    return out;
  } finally {
    await queue.close();
  }
}

/** Puts every dead-lettered page back in the queue, its attempts counted afresh. */
export async function retryDead(client: Redis, name = DEFAULT_QUEUE): Promise<number> {
  const queue = openQueue(client, name);
  try {
    let n = 0;
    for (;;) {
      const jobs = await queue.getFailed(0, 499);
      if (jobs.length === 0) break;
      for (const j of jobs) if (j) {
        await j.retry('failed', { resetAttemptsMade: true });
        n++;
      }
    }
    return n;
  } finally {
    await queue.close();
  }
}

/**
 * Writes every page's line (results, then dead-lettered pages as error lines with
 * `"dead": true`) to `out`, one JSON line each: a file path is written through a temp file
 * renamed over (the file is complete or absent); a stream (standard output) is written as the
 * lines come. Returns the counts.
 */
export async function exportResults(client: Redis, out: string | NodeJS.WritableStream, name = DEFAULT_QUEUE, options: { dead?: boolean } = {}): Promise<{ lines: number; dead: number }> {
  const keys = queueKeys(checkQueueName(name));
  if (typeof out !== 'string') {
    const sink = streamSink(out);
    try {
      return await exportLines(client, keys, name, options, (text) => sink.appendFile(text));
    } catch (e) {
      throw isPith(e) ? e : new PithError('IO', `cannot write the export: ${(e as Error).message}`, 'standard output', { cause: e });
    } finally {
      await sink.close();
    }
  }
  const tmp = `${out}.${process.pid}.tmp`;
  let fh;
  try {
    fh = await open(tmp, 'wx');
  } catch (e) {
    throw new PithError('IO', `cannot write the export: ${(e as Error).message}`, out, { cause: e });
  }
  try {
    const file = fh;
    const counts = await exportLines(client, keys, name, options, (text) => file.appendFile(text));
    await fh.close();
    fh = undefined;
    await rename(tmp, out);
    return counts;
  } catch (e) {
    await fh?.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    throw isPith(e) ? e : new PithError('IO', `cannot write the export: ${(e as Error).message}`, out, { cause: e });
  }
}

/** The export's lines, a chunk at a time (results by HSCAN, then the dead-lettered pages), handed to `append`. */
async function exportLines(client: Redis, keys: QueueKeys, name: string, options: { dead?: boolean }, append: (text: string) => Promise<unknown>): Promise<{ lines: number; dead: number }> {
  let lines = 0, dead = 0;
  let cursor = '0';
  do {
    const [next, flat] = await client.hscan(keys.results, cursor, 'COUNT', 500);
    cursor = next;
    const chunk: string[] = [];
    for (let k = 1; k < flat.length; k += 2) chunk.push(flat[k]!);
    if (chunk.length > 0) await append(chunk.join('\n') + '\n');
    lines += chunk.length;
  } while (cursor !== '0');
  if (options.dead !== false) {
    const pages = await deadPages(client, name);
    const chunk = pages.map((p) => JSON.stringify({ id: p.id, url: p.url, error: { code: p.code, message: p.message, attempts: p.attempts, dead: true } }));
    if (chunk.length > 0) await append(chunk.join('\n') + '\n');
    dead = chunk.length;
  }
  return { lines: lines + dead, dead };
}

const isPith = (e: unknown): e is PithError => e instanceof PithError;

/** Removes the queue: its jobs (BullMQ obliterate) and pith's keys (results, ids, stats, per-host limits and state). */
export async function clearQueue(client: Redis, name = DEFAULT_QUEUE): Promise<void> {
  const keys = queueKeys(checkQueueName(name));
  const queue = openQueue(client, name);
  try {
    await queue.obliterate({ force: true });
    await client.del(keys.results, keys.ids, keys.stats);
    await clearHostState(client, name);
  } finally {
    await queue.close();
  }
}

/**
 * A queue worker's fetches of URL pages, each in its host's turn (host-gate.ts): a busy host
 * puts the job back until its turn (no try spent). A redirect to another host is asked in
 * that host's turn too: where that host is busy, the job records how far it got
 * (`redirectedTo`) and waits for it. Each site's robots.txt is read once (in a turn of its
 * own) and obeyed unless `ignoreRobots`.
 */
import { DelayedError, type Job } from 'bullmq';
import { PithError } from '../errors.js';
import { DEFAULT_USER_AGENT, fetchWithAgent, robotsCacheFor, type FetchedWithAgent } from '../batch/url-list.js';
import { DEFAULT_MAX_REDIRECTS } from '../dom/fetch.js';
import type { AddressPolicy } from '../util/fetch-policy.js';
import { RETRIED_CODES, type PageJobData } from './queue.js';
import type { HostGate, HostTurn } from './host-gate.js';
import { PageFetchError, RetryableError } from './job-errors.js';

export interface TurnFetchOptions {
  readonly userAgent?: string;
  readonly fetchTimeoutMs: number;
  readonly allowPrivateUrls?: boolean;
  readonly addressPolicy?: AddressPolicy;
  readonly ignoreRobots?: boolean;
}

type Robots = ReturnType<typeof robotsCacheFor>;
type GrantedTurn = Extract<HostTurn, { granted: true }>;

export class TurnFetcher {
  /** URL pages put back to wait for their host's turn. */
  hostWaits = 0;
  private readonly robots: Robots | undefined;
  private readonly userAgent: string;

  constructor(private readonly hosts: HostGate, private readonly options: TurnFetchOptions) {
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.robots = options.ignoreRobots ? undefined : robotsCacheFor({ userAgent: this.userAgent, timeoutMs: options.fetchTimeoutMs, ...this.addressOptions() });
  }

  /** The page at `url` (the job's `fetch`), fetched in turn; throws DelayedError once the job waits for a turn. */
  async fetch(job: Job<PageJobData>, token: string | undefined, url: string): Promise<FetchedWithAgent> {
    let target = job.data.redirectedTo ?? url;
    let redirectsLeft = job.data.redirectsLeft ?? DEFAULT_MAX_REDIRECTS;
    for (;;) {
      const turn = await this.hosts.acquire(target);
      if (!turn.granted) {
        this.hostWaits++;
        if (target !== (job.data.redirectedTo ?? url)) await job.updateData({ ...job.data, redirectedTo: target, redirectsLeft });
        await job.moveToDelayed(Date.now() + turn.waitMs, token);
        throw new DelayedError();
      }
      if (this.robots && !this.robots.known(target)) {
        // The site's robots.txt takes this turn; the page waits for the host's next one.
        await this.readRobots(target, turn);
        continue;
      }
      const got = await this.fetchOnce(job, url, target, redirectsLeft, turn);
      if (got.redirectTo === undefined) return got;
      target = got.redirectTo;
      redirectsLeft -= got.redirects ?? 1;
    }
  }

  private addressOptions(): { allowPrivateUrls?: boolean; addressPolicy?: AddressPolicy } {
    return {
      ...(this.options.allowPrivateUrls !== undefined ? { allowPrivateUrls: this.options.allowPrivateUrls } : {}),
      ...(this.options.addressPolicy !== undefined ? { addressPolicy: this.options.addressPolicy } : {}),
    };
  }

  private async readRobots(target: string, turn: GrantedTurn): Promise<void> {
    try {
      await this.robots!.prepare(target);
    } finally {
      await turn.release();
    }
  }

  /** One request (no redirect to another host followed), in the turn held; its errors as the job's. */
  private async fetchOnce(job: Job<PageJobData>, url: string, target: string, redirectsLeft: number, turn: GrantedTurn): Promise<FetchedWithAgent> {
    try {
      await this.robots?.check(target);
      return await fetchWithAgent(target, this.userAgent, {
        timeoutMs: this.options.fetchTimeoutMs, maxRedirects: redirectsLeft, crossHostRedirects: 'return', ...this.addressOptions(),
      });
    } catch (e) {
      const code = e instanceof PithError ? e.code : 'FETCH_FAILED';
      if (e instanceof PithError && !RETRIED_CODES.has(code)) {
        // As `pith batch --urls` writes it: the listed URL, the error.
        throw new PageFetchError(JSON.stringify({ id: job.data.id, url, error: { code, message: e.message } }));
      }
      throw new RetryableError(RETRIED_CODES.has(code) ? code : 'FETCH_FAILED', (e as Error).message);
    } finally {
      await turn.release();
    }
  }
}

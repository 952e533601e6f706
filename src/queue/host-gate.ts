/**
 * Per-host politeness across every worker of a queue, on every machine: at most `perHost`
 * fetches in flight to one host (host:port) and a pause of `hostDelayMs` between two requests
 * to it (after the previous one started and after it ended), the rules of `pith batch --urls`
 * kept in Redis so that all workers obey them together.
 *
 * Redis keys of host H in queue NAME:
 * - `pith:NAME:host:H:leases`: sorted set, one member per fetch in flight, scored by the time
 *   its lease expires. A lease lasts the fetch's whole time limit plus a second, so it never
 *   runs out under a live fetch, and a worker killed with SIGKILL holds the host at most that
 *   long: expired leases are dropped by the next look.
 * - `pith:NAME:host:H`: hash, `next` (no request may start before this time) and `booked`
 *   (the last start time handed to a waiting job; see `acquire`).
 * Both expire on their own once the host is idle. Times are Redis' clock (TIME inside the
 * scripts), so machines whose clocks differ still agree. The limits themselves are the queue's
 * (`pith:NAME:politeness`, set by `pith queue add`), read by the scripts on every look, so
 * every worker uses the same ones and a change takes effect at once.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { PithError } from '../errors.js';
import { DEFAULT_HOST_DELAY_MS, DEFAULT_PER_HOST, hostOf } from '../batch/url-list.js';
import type { Clock } from '../util/clock.js';

export interface Politeness {
  /** Fetches in flight to one host, across all workers. */
  readonly perHost: number;
  /** Pause between two requests to one host, ms. */
  readonly hostDelayMs: number;
}

export const DEFAULT_POLITENESS: Politeness = Object.freeze({ perHost: DEFAULT_PER_HOST, hostDelayMs: DEFAULT_HOST_DELAY_MS });
/** A lease outlives its fetch's time limit by this much (Redis round trips, timer slack). */
export const HOST_LEASE_GRACE_MS = 1000;
/** Waiting jobs look at a busy host at most this often (divided by perHost) when there is no delay to wait out. */
const MIN_HOST_SPACING_MS = 100;

export const politenessKey = (queue: string): string => `pith:${queue}:politeness`;
const hostPrefix = (queue: string): string => `pith:${queue}:host:`;

/** Redis' clock in ms, or the caller's time when one is given (an injected clock: tests). */
const NOW_LUA = `
local function redisNow(given)
  if given ~= nil and given ~= '' then return tonumber(given) end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;

/**
 * Grants a lease or books a later look. KEYS: leases, host state, politeness.
 * ARGV: token, lease ms, default perHost, default delay ms, minimum spacing ms, now ('' for Redis' clock).
 * Returns {1, 0} (granted) or {0, wait ms}.
 *
 * A job that finds the host busy is given a start time after every time given before
 * (`booked`), spaced by the delay (or MIN_HOST_SPACING_MS / perHost when there is none): a host
 * with thousands of waiting jobs is looked at about once per spacing, not by all of them at
 * once, and in turn. A job that comes back to a host still busy books again at the end.
 */
const ACQUIRE_LUA = NOW_LUA + `
local now = redisNow(ARGV[6])
local perHost = tonumber(redis.call('HGET', KEYS[3], 'perHost') or ARGV[3])
local delay = tonumber(redis.call('HGET', KEYS[3], 'hostDelayMs') or ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local inflight = redis.call('ZCARD', KEYS[1])
local nextAt = tonumber(redis.call('HGET', KEYS[2], 'next') or '0')
local booked = tonumber(redis.call('HGET', KEYS[2], 'booked') or '0')
local keep
if inflight < perHost and now >= nextAt then
  local expires = now + tonumber(ARGV[2])
  redis.call('ZADD', KEYS[1], expires, ARGV[1])
  local last = tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])
  redis.call('PEXPIRE', KEYS[1], last - now + 1000)
  nextAt = now + delay
  redis.call('HSET', KEYS[2], 'next', nextAt)
  keep = math.max(nextAt, booked, expires) - now + 60000
  redis.call('PEXPIRE', KEYS[2], keep)
  return {1, 0}
end
local spacing = math.max(delay, math.floor(tonumber(ARGV[5]) / perHost), 1)
local earliest = now + spacing
if nextAt > now then earliest = nextAt end
local slot = math.max(booked, earliest)
redis.call('HSET', KEYS[2], 'booked', slot + spacing)
keep = math.max(nextAt, slot + spacing) - now + 60000
redis.call('PEXPIRE', KEYS[2], keep)
return {0, slot - now}
`;

/** Ends a lease; the next request waits the delay from now. KEYS: leases, host state, politeness. ARGV: token, default delay ms, now ('' for Redis' clock). */
const RELEASE_LUA = NOW_LUA + `
local now = redisNow(ARGV[3])
local delay = tonumber(redis.call('HGET', KEYS[3], 'hostDelayMs') or ARGV[2])
redis.call('ZREM', KEYS[1], ARGV[1])
local nextAt = math.max(tonumber(redis.call('HGET', KEYS[2], 'next') or '0'), now + delay)
redis.call('HSET', KEYS[2], 'next', nextAt)
local booked = tonumber(redis.call('HGET', KEYS[2], 'booked') or '0')
redis.call('PEXPIRE', KEYS[2], math.max(nextAt, booked) - now + 60000)
return 1
`;

interface GateCommands {
  pithHostAcquire(leases: string, state: string, politeness: string, token: string, leaseMs: number, perHost: number, delayMs: number, spacingMs: number, now: string): Promise<[number, number]>;
  pithHostRelease(leases: string, state: string, politeness: string, token: string, delayMs: number, now: string): Promise<number>;
}

export type HostTurn =
  | { readonly granted: true; readonly release: () => Promise<void> }
  | { readonly granted: false; readonly waitMs: number };

/** One worker's side of the per-host limits of queue `queue`. */
export class HostGate {
  private readonly commands: GateCommands;

  /**
   * `leaseMs`: how long a lease lasts; at least the fetch's time limit (`leaseForFetch`).
   * `clock`: whose time leases and delays are counted in; by default Redis' own, which every
   * worker shares. All gates of one queue must use the same clock.
   */
  constructor(client: Redis, private readonly queue: string, private readonly leaseMs: number, private readonly clock?: Pick<Clock, 'now'>) {
    client.defineCommand('pithHostAcquire', { numberOfKeys: 3, lua: ACQUIRE_LUA });
    client.defineCommand('pithHostRelease', { numberOfKeys: 3, lua: RELEASE_LUA });
    this.commands = client as unknown as GateCommands;
  }

  /**
   * A turn to fetch `url` now (call `release` when the fetch has ended, however it ended), or
   * how long to wait before asking again. A URL without a host (not a URL) needs no turn.
   */
  async acquire(url: string): Promise<HostTurn> {
    const host = hostOf(url);
    if (host === '') return { granted: true, release: async () => undefined };
    const keys = [hostPrefix(this.queue) + host + ':leases', hostPrefix(this.queue) + host, politenessKey(this.queue)] as const;
    const token = randomUUID();
    const [granted, waitMs] = await this.commands.pithHostAcquire(...keys, token, this.leaseMs, DEFAULT_POLITENESS.perHost, DEFAULT_POLITENESS.hostDelayMs, MIN_HOST_SPACING_MS, this.now());
    if (granted !== 1) return { granted: false, waitMs: Number(waitMs) };
    return { granted: true, release: async () => void (await this.commands.pithHostRelease(...keys, token, DEFAULT_POLITENESS.hostDelayMs, this.now())) };
  }

  /** The injected clock's time for the scripts, or '' for Redis' clock. */
  private now(): string {
    return this.clock ? String(Math.floor(this.clock.now())) : '';
  }
}

/** The lease for a fetch with this time limit. */
export const leaseForFetch = (fetchTimeoutMs: number): number => fetchTimeoutMs + HOST_LEASE_GRACE_MS;

function checkPoliteness(p: Partial<Politeness>): void {
  if (p.perHost !== undefined && (!Number.isInteger(p.perHost) || p.perHost < 1)) throw new PithError('BAD_OPTION', `--per-host must be a whole number >= 1, got ${p.perHost}`);
  if (p.hostDelayMs !== undefined && (!Number.isInteger(p.hostDelayMs) || p.hostDelayMs < 0)) throw new PithError('BAD_OPTION', `--host-delay-ms must be a whole number >= 0, got ${p.hostDelayMs}`);
}

/** Sets the queue's limits: the fields given replace the stored ones; the others keep theirs, or take the defaults. */
export async function storePoliteness(client: Redis, queue: string, p: Partial<Politeness>): Promise<Politeness> {
  checkPoliteness(p);
  const key = politenessKey(queue);
  const multi = client.multi();
  for (const field of ['perHost', 'hostDelayMs'] as const) {
    const v = p[field];
    if (v !== undefined) multi.hset(key, field, String(v));
    else multi.hsetnx(key, field, String(DEFAULT_POLITENESS[field]));
  }
  await multi.exec();
  return readPoliteness(client, queue);
}

/** The queue's limits (the defaults where none are stored). */
export async function readPoliteness(client: Redis, queue: string): Promise<Politeness> {
  const [perHost, hostDelayMs] = await client.hmget(politenessKey(queue), 'perHost', 'hostDelayMs');
  return {
    perHost: perHost !== null ? Number(perHost) : DEFAULT_POLITENESS.perHost,
    hostDelayMs: hostDelayMs !== null ? Number(hostDelayMs) : DEFAULT_POLITENESS.hostDelayMs,
  };
}

/** Deletes the queue's limits and every host's leases and times. */
export async function clearHostState(client: Redis, queue: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${hostPrefix(queue)}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await client.del(...keys);
  } while (cursor !== '0');
  await client.del(politenessKey(queue));
}

/**
 * Slow and greedy clients: what a client may hold of the server while it sends a request.
 *
 * - A request body is read whole before the request takes an extraction slot, and it must
 *   keep up a minimum rate: past a grace period, each byte received buys 1/rate seconds, and a
 *   body that falls behind is cut off (408). A client that trickles a body holds a socket for
 *   the grace period plus what it sent, never a slot.
 * - The bodies being received hold at most a budget of bytes between them, counted as they
 *   arrive (not as declared, so a slow client declaring a large body holds nothing it has not
 *   sent); the body that would pass it is refused (503) and reading it stops.
 * - Each client (its IPv4 address, or its IPv6 /64) may hold a bounded number of open
 *   connections; one more is answered 429 and closed before anything of it is read.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { BodyError, readBodyLimited } from '../util/http-body.js';
import { ServiceError } from './errors.js';

export interface UploadRate {
  /** Least bytes per second a body must average once the grace period is over; 0 = no minimum. */
  readonly minBytesPerSecond: number;
  /** Time a body may take before the rate counts, ms. */
  readonly graceMs: number;
}

/** True when a body has fallen behind: more time gone than the grace period plus what its bytes bought. */
export function uploadTooSlow(received: number, elapsedMs: number, rate: UploadRate): boolean {
  if (rate.minBytesPerSecond <= 0) return false;
  return elapsedMs > rate.graceMs + (received / rate.minBytesPerSecond) * 1000;
}

/** Bytes held by the bodies being received, under a limit. */
export class BodyBudget {
  held = 0;

  constructor(readonly limit: number) {}

  /** Takes `n` bytes; false (nothing taken) when that would pass the limit. */
  take(n: number): boolean {
    if (this.held + n > this.limit) return false;
    this.held += n;
    return true;
  }

  give(n: number): void {
    this.held -= n;
  }
}

export interface BodyReadOptions {
  readonly limit: number;
  readonly rate: UploadRate;
  /** How often a body's progress is checked, ms. */
  readonly checkEveryMs: number;
  /** Clock, ms (tests may drive it). */
  readonly now: () => number;
  /** The server's budget for bodies being received. */
  readonly budget: BodyBudget;
}

/**
 * The whole body under a size limit (413), the minimum upload rate (408) and the server's body
 * budget (503); 400 when the client goes away.
 */
export function readBodyAtRate(req: IncomingMessage, options: BodyReadOptions): Promise<Buffer> {
  const started = options.now();
  let received = 0;
  let held = 0;
  let timer: NodeJS.Timeout | undefined;
  let refuse: (e: ServiceError) => void = () => undefined;
  const count = (c: Buffer): void => {
    received += c.length;
    if (options.budget.take(c.length)) held += c.length;
    else refuse(new ServiceError(503, 'OVERLOADED', `the request bodies being received fill the server's buffer of ${options.budget.limit} bytes; retry shortly`, { 'retry-after': '1' }));
  };
  req.on('data', count);
  const slow = new Promise<never>((_, reject) => {
    refuse = reject;
    timer = setInterval(() => {
      const elapsed = options.now() - started;
      if (!uploadTooSlow(received, elapsed, options.rate)) return;
      reject(new ServiceError(408, 'REQUEST_TIMEOUT', `the request body arrived slower than ${options.rate.minBytesPerSecond} bytes/s (${received} bytes in ${Math.round(elapsed)} ms); the connection was closed`));
    }, options.checkEveryMs);
  });
  const body = readBodyLimited(req, options.limit).catch((e: unknown) => {
    if (!(e instanceof BodyError)) throw e;
    throw e.reason === 'too-large' ? new ServiceError(413, 'TOO_LARGE', e.message) : new ServiceError(400, 'BAD_REQUEST', e.message);
  });
  // Whichever loses is settled later, or never: it must not surface as an unhandled rejection.
  body.catch(() => undefined);
  slow.catch(() => undefined);
  return Promise.race([body, slow]).finally(() => {
    clearInterval(timer);
    req.off('data', count);
    options.budget.give(held);
  });
}

/** Eight 16-bit groups of an IPv6 address, for its /64; undefined when it is not one. */
function ipv6Groups(address: string): string[] | undefined {
  const s = address.split('%')[0]!;
  if (!s.includes(':')) return undefined;
  const [head, tail] = s.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...fill, ...right];
}

/** Whose connection this is: the IPv4 address (also when IPv4-mapped), or the IPv6 /64. */
export function clientKey(address: string | undefined): string {
  if (!address) return '(unknown)';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}

/** Open connections per client, with a cap; `admit` answers whether a new socket may stay. */
export class ConnectionCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly maxPerClient: number) {}

  get total(): number {
    let n = 0;
    for (const v of this.open.values()) n += v;
    return n;
  }

  /** Counts the socket until it closes; false (and nothing counted) when its client is at the cap. */
  admit(socket: Socket): boolean {
    const key = clientKey(socket.remoteAddress);
    const held = this.open.get(key) ?? 0;
    if (this.maxPerClient > 0 && held >= this.maxPerClient) return false;
    this.open.set(key, held + 1);
    socket.once('close', () => {
      const n = (this.open.get(key) ?? 1) - 1;
      if (n <= 0) this.open.delete(key);
      else this.open.set(key, n);
    });
    return true;
  }
}

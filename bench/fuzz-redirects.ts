/**
 * Redirect chains for `npm run fuzz` (`--redirect-cases N`): seeded chains of redirects, on
 * loopback only, through pith's one HTTP client (`fetchPage`, and `fetchUrls`, which hands
 * cross-host redirects back and asks them in their host's turn), under the fetch policy with
 * 127.0.0.2 playing a public host. Each chain takes same-host hops (relative, absolute,
 * scheme-relative; 301/302/303/307/308) and ends on a page, or on a redirect into the private
 * network in one of its many spellings (127.0.0.1, localhost, 127.1, 2130706433, 0x7f.0.0.1,
 * ::ffff:127.0.0.1, 0.0.0.0, 169.254.169.254, 10/8, fd00::/8), an unsupported scheme, a
 * malformed Location, a 3xx without one, or a loop.
 *
 * A case is a finding when the private server receives a request (the policy bypassed), a
 * fetch throws anything but a PithError, a refused chain comes back as a page or a page-ending
 * chain as URL_NOT_ALLOWED, or a fetch runs into its time limit (the servers answer at once).
 * No host name but `localhost` is ever used and every literal address is loopback or refused
 * before connecting, so no traffic leaves the machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPage } from '../src/dom/fetch.js';
import { isPithError } from '../src/errors.js';
import { fetchUrls } from '../src/batch/url-list.js';
import { isPrivateAddress, type AddressPolicy } from '../src/util/fetch-policy.js';
import { seededRandom } from '../src/util/random.js';

/** 127.0.0.2 plays a public host; everything else is judged as usual. */
const frontIsPublic: AddressPolicy = (a) => a === '127.0.0.2' || !isPrivateAddress(a);

type Terminal = 'page' | 'private' | 'bad-scheme' | 'malformed' | 'no-location' | 'loop';

interface Hop {
  readonly status: number;
  /** The Location header; for the last hop of a 'page' chain, undefined (the page itself). */
  readonly location: string | undefined;
}

export interface RedirectCase {
  readonly index: number;
  readonly hops: readonly Hop[];
  readonly terminal: Terminal;
  readonly maxRedirects: number;
  readonly via: 'fetchPage' | 'fetchUrls';
}

export interface RedirectCampaignSummary {
  readonly cases: number;
  readonly outcomes: Readonly<Record<string, number>>;
  readonly findings: readonly string[];
  readonly secretHits: number;
  readonly ms: number;
}

const STATUSES = [301, 302, 303, 307, 308];

/** Ways to write the private server's address (port `sp`) or other private places; none leaves loopback. */
function privateTargets(sp: number): string[] {
  return [
    `http://127.0.0.1:${sp}/secret`, `http://localhost:${sp}/secret`, `http://127.1:${sp}/secret`, `http://2130706433:${sp}/secret`,
    `http://0x7f.0.0.1:${sp}/secret`, `http://[::ffff:127.0.0.1]:${sp}/secret`, `http://[::ffff:7f00:1]:${sp}/secret`, `http://0.0.0.0:${sp}/secret`,
    `http://LOCALHOST:${sp}/secret`, `https://127.0.0.1:${sp}/secret`, `http://127.0.0.1:${sp}@127.0.0.1:${sp}/secret`,
    'http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/latest/meta-data/', 'http://10.0.0.1/admin', 'http://192.168.0.1/',
    'http://[::1]/', `http://[::]:${sp}/secret`, 'http://100.64.0.1/', 'http://[fe80::1]/',
  ];
}

const BAD_SCHEMES = ['file:///etc/passwd', 'ftp://127.0.0.2/x', 'javascript:alert(1)', 'data:text/html,<p>x</p>', 'gopher://127.0.0.1:70/', 'ws://127.0.0.2/'];
const MALFORMED = ['http://[::1', 'http://a b/', 'http://:80/', 'http://[zz::1]/', 'http://%zz/'];

/** Throws unless `location` (against `base`) stays on loopback or is refused before any connection. */
function assertStaysLocal(location: string, base: string): void {
  let u: URL;
  try {
    u = new URL(location, base);
  } catch {
    return;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return;
  if (/^[\d.]+$|:/.test(host) && (host === '127.0.0.2' || frontIsPublic(host) === false)) return;
  throw new Error(`fuzz-redirects: ${location} could leave the machine`);
}

export function redirectCase(seed: number, index: number, front: string, secretPort: number): RedirectCase {
  const rng = seededRandom((seed * 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const terminal = pick<Terminal>(['page', 'page', 'private', 'private', 'private', 'bad-scheme', 'malformed', 'no-location', 'loop']);
  const sameHost = Math.floor(rng() * 5);
  const maxRedirects = 2 + Math.floor(rng() * 5);
  const hops: Hop[] = [];
  const path = (k: number): string => `/c/${index}/${k}`;
  for (let k = 0; k < sameHost; k++) {
    const next = path(k + 1);
    hops.push({ status: pick(STATUSES), location: pick([next, `${front}${next}`, `//${new URL(front).host}${next}`, `.${next.slice(next.lastIndexOf('/'))}`]) });
  }
  const last: Hop = terminal === 'page' ? { status: 200, location: undefined }
    : terminal === 'private' ? { status: pick(STATUSES), location: pick(privateTargets(secretPort)) }
    : terminal === 'bad-scheme' ? { status: pick(STATUSES), location: pick(BAD_SCHEMES) }
    : terminal === 'malformed' ? { status: pick(STATUSES), location: pick(MALFORMED) }
    : terminal === 'no-location' ? { status: pick(STATUSES), location: undefined }
    : { status: pick(STATUSES), location: path(0) };
  hops.push(last);
  for (const h of hops) if (h.location !== undefined) assertStaysLocal(h.location, front);
  return { index, hops, terminal, maxRedirects, via: rng() < 0.5 ? 'fetchPage' : 'fetchUrls' };
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

/** The outcome of one case: 'ok', a PithError code, or 'throw: ...' for anything else. */
async function runCase(c: RedirectCase, front: string, timeoutMs: number): Promise<{ outcome: string; message: string }> {
  const url = `${front}/c/${c.index}/0`;
  const options = { allowed: frontIsPublic, maxRedirects: c.maxRedirects, timeoutMs };
  try {
    if (c.via === 'fetchPage') {
      await fetchPage(url, options);
      return { outcome: 'ok', message: '' };
    }
    let result: { outcome: string; message: string } = { outcome: 'none', message: 'fetchUrls gave no result' };
    await fetchUrls([url], { userAgent: 'pith-fuzz', hostDelayMs: 0, addressPolicy: frontIsPublic, maxRedirects: c.maxRedirects, timeoutMs }, async (r) => {
      result = r.ok ? { outcome: 'ok', message: '' } : { outcome: r.error.code, message: r.error.message };
    });
    return result;
  } catch (e) {
    return isPithError(e) ? { outcome: e.code, message: e.message } : { outcome: `throw: ${(e as Error).name}`, message: (e as Error).message };
  }
}

export async function runRedirectCampaign(options: { seed: number; cases: number; timeoutMs?: number; log?: (line: string) => void }): Promise<RedirectCampaignSummary> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const t0 = performance.now();
  let secretHits = 0;
  const secret = createServer((_req, res) => {
    secretHits++;
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>secret</p>');
  });
  const secretPort = await listen(secret, '127.0.0.1');
  const chains = new Map<number, RedirectCase>();
  const frontServer = createServer((req, res) => {
    const m = /^\/c\/(\d+)\/(\d+)$/.exec(req.url ?? '');
    const c = m ? chains.get(Number(m[1])) : undefined;
    const hop = c?.hops[Number(m![2])];
    if (!hop) return void res.writeHead(404).end();
    if (hop.status === 200) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>a page</p>');
    res.writeHead(hop.status, hop.location !== undefined ? { location: hop.location } : {}).end();
  });
  const front = `http://127.0.0.2:${await listen(frontServer, '127.0.0.2')}`;
  const outcomes: Record<string, number> = {};
  const findings: string[] = [];
  try {
    for (let i = 0; i < options.cases; i++) {
      const c = redirectCase(options.seed, i, front, secretPort);
      chains.set(i, c);
      const before = secretHits;
      const { outcome, message } = await runCase(c, front, timeoutMs);
      chains.delete(i);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      const describe = `#${i} ${c.via} ${c.terminal} after ${c.hops.length - 1} hop(s), max ${c.maxRedirects}: ${outcome} ${message}`.slice(0, 300);
      const why = secretHits !== before ? 'the private server was reached'
        : outcome.startsWith('throw') || outcome === 'none' ? 'not a PithError'
        : /timed out/.test(message) ? 'ran into the time limit'
        : outcome === 'ok' && c.terminal !== 'page' ? 'a chain that cannot end on a page gave one'
        : outcome === 'URL_NOT_ALLOWED' && c.terminal !== 'private' ? 'refused with no private hop'
        : undefined;
      if (why) {
        findings.push(`${describe} (${why})`);
        options.log?.(`  redirect finding ${describe} (${why})`);
      }
    }
  } finally {
    for (const s of [secret, frontServer]) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  }
  return { cases: options.cases, outcomes, findings, secretHits, ms: performance.now() - t0 };
}

export function formatRedirectSummary(s: RedirectCampaignSummary): string {
  const outcomes = Object.entries(s.outcomes).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
  return [
    `fuzz redirects: ${s.cases} chains in ${(s.ms / 1000).toFixed(1)} s (${outcomes}); private server reached ${s.secretHits} time(s)`,
    s.findings.length ? `  findings (${s.findings.length}):\n${s.findings.map((f) => `    ${f}`).join('\n')}` : '  findings: none',
  ].join('\n');
}

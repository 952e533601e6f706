/**
 * pith's one outbound-fetch policy (docs/service.md, "Fetch policy"): which addresses a fetch
 * may connect to. Every fetcher (`pith serve`'s `{url}`, `pith batch --urls`, `pith worker`)
 * goes through `fetchPage` (src/dom/fetch.ts), which applies it to every connection, the first
 * and each redirect's. A fetch on someone else's behalf must not become their way into the
 * network it runs in: loopback, the private ranges, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast and the reserved ranges are refused unless the
 * operator allows them (`--allow-private-urls`). IPv6 forms that carry an IPv4 address (mapped
 * `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that address;
 * otherwise only global unicast (`2000::/3`) less its special blocks is public.
 *
 * The check runs on the addresses a connection is about to use (see `guardedLookup`), not on
 * an earlier resolution, so DNS rebinding between a check and the connect cannot slip past; a
 * literal IP in a URL (which never reaches a lookup) is checked by `checkUrlHost`.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { isIP, isIPv4 } from 'node:net';

type V4Range = readonly [base: number, bits: number];

const ip4 = (s: string): number => s.split('.').reduce((n, p) => n * 256 + Number(p), 0);

const PRIVATE_V4: readonly V4Range[] = ([
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const).map(([a, bits]) => [ip4(a), bits] as const);

function inV4(n: number, [base, bits]: V4Range): boolean {
  const size = 2 ** (32 - bits);
  return n >= base && n < base + size;
}

function v4IsPrivate(n: number): boolean {
  return PRIVATE_V4.some((r) => inV4(n, r));
}

/** An IPv6 address as eight 16-bit groups (zone id removed); undefined when malformed. */
export function parseIPv6(text: string): number[] | undefined {
  let s = text.replace(/^\[|\]$/g, '');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (isIP(s) !== 6) return undefined;
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (isIPv4(last)) {
    // A trailing dotted quad is the last two groups.
    const n = ip4(last);
    s = `${s.slice(0, lastColon + 1)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const double = s.indexOf('::');
  const part = (x: string): number[] => (x === '' ? [] : x.split(':').map((h) => (/^[0-9a-f]{1,4}$/i.test(h) ? parseInt(h, 16) : NaN)));
  const head = part(double >= 0 ? s.slice(0, double) : s);
  const rest = double >= 0 ? part(s.slice(double + 2)) : [];
  const fill = double >= 0 ? 8 - head.length - rest.length : 0;
  if (fill < 0) return undefined;
  const groups = [...head, ...new Array<number>(fill).fill(0), ...rest];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

function v6IsPrivate(g: readonly number[]): boolean {
  const embedded = (hi: number, lo: number): boolean => v4IsPrivate(hi * 65536 + lo);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): the IPv4 address decides,
  // and :: and ::1 fall in 0.0.0.0/8 that way.
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && (g[5] === 0xffff || g[5] === 0)) return embedded(g[6]!, g[7]!);
  // NAT64 well-known prefix 64:ff9b::/96.
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0) return embedded(g[6]!, g[7]!);
  if ((g[0]! & 0xe000) !== 0x2000) return true; // outside global unicast 2000::/3 (fc00::/7, fe80::/10, ff00::/8, ...)
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!); // 6to4
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (g[0] === 0x2001 && g[1]! < 0x0200) return true; // IETF protocol assignments: Teredo, ORCHID, benchmarking
  if (g[0] === 0x3fff && g[1]! < 0x1000) return true; // documentation (3fff::/20)
  return false;
}

/** True for an address a fetch on a client's behalf must not reach (see the file comment); malformed counts as private. */
export function isPrivateAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '');
  if (isIPv4(a)) return v4IsPrivate(ip4(a));
  const g = parseIPv6(a);
  return g === undefined || a.includes('%') || v6IsPrivate(g);
}

/** Thrown (through the connection) when a host resolves to an address the policy refuses. */
export class AddressRefused extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(host.replace(/^\[|\]$/g, '') === address ? `${address} is a loopback, private, link-local or reserved address` : `${host} resolves to ${address}, a loopback, private, link-local or reserved address`);
    this.name = 'AddressRefused';
  }
}

export type AddressPolicy = (address: string) => boolean;

/** Allows public addresses only (`isPrivateAddress` false): the default of every fetcher. */
export const publicOnly: AddressPolicy = (a) => !isPrivateAddress(a);

/** Allows every address (`--allow-private-urls`, or a URL the user typed on their own command line). */
export const allowAll: AddressPolicy = () => true;

/** The policy of a command: public only unless private URLs are allowed; `custom` (tests) wins. */
export function addressPolicyOf(options: { readonly allowPrivateUrls?: boolean | undefined; readonly addressPolicy?: AddressPolicy | undefined }): AddressPolicy {
  return options.addressPolicy ?? (options.allowPrivateUrls ? allowAll : publicOnly);
}

/**
 * The address a URL names literally (an IP host), or undefined for a name. Such a URL connects
 * without a lookup, so `guardedLookup` never sees it: check it with `allowed` before connecting.
 */
export function literalAddressOf(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : undefined;
}

/** Throws AddressRefused when `url` names a refused address literally. */
export function checkUrlHost(url: URL, allowed: AddressPolicy): void {
  const literal = literalAddressOf(url);
  if (literal !== undefined && !allowed(literal)) throw new AddressRefused(url.hostname, literal);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request` / `net.connect` that resolves as `dns.lookup` does, then
 * refuses the connection if any of the addresses is refused by `allowed` (a host that
 * resolves to both a public and a private address is refused as a whole).
 */
export function guardedLookup(allowed: AddressPolicy) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions | number, callback: LookupCallback): void => {
    const opts = typeof options === 'number' ? { family: options } : options;
    dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => !allowed(a.address));
      if (bad) return callback(Object.assign(new AddressRefused(hostname, bad.address), { code: 'EADDRREFUSED' }), '', 0);
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      if ((opts as LookupAllOptions).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

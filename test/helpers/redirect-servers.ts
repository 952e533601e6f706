/**
 * Two loopback servers for the fetch-policy tests of every fetcher: a "public" front on
 * 127.0.0.2 whose pages redirect into a "private" one on 127.0.0.1, and the policy that calls
 * 127.0.0.2 public and judges every other address as usual (so 127.0.0.1 and localhost are
 * refused). No traffic leaves loopback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPrivateAddress, type AddressPolicy } from '../../src/util/fetch-policy.js';

export const frontIsPublic: AddressPolicy = (a) => a === '127.0.0.2' || !isPrivateAddress(a);

export const SECRET_TITLE = 'Internal quarterly figures';

export const secretPage = `<html><head><title>${SECRET_TITLE}</title></head><body><article><h1>${SECRET_TITLE}</h1><p>The figures for the quarter were discussed at length by the board, which agreed that nobody outside the building should ever read them.</p></article></body></html>`;

export interface RedirectServers {
  /** The front's base URL (http://127.0.0.2:PORT): /by-ip, /by-name and /chain redirect to the secret; /public is a page. */
  readonly front: string;
  /** Requests the private server answered. */
  readonly secretHits: string[];
  close(): Promise<void>;
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

export async function startRedirectServers(): Promise<RedirectServers> {
  const secretHits: string[] = [];
  const secret = createServer((req, res) => {
    secretHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(secretPage);
  });
  const secretPort = await listen(secret, '127.0.0.1');
  const front = createServer((req, res) => {
    const path = req.url ?? '/';
    const to = path === '/by-ip' ? `http://127.0.0.1:${secretPort}/secret`
      : path === '/by-name' ? `http://localhost:${secretPort}/secret`
      : path === '/chain' ? '/by-ip' // a same-host hop first, then into the private network
      : undefined;
    if (to) return void res.writeHead(302, { location: to }).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(secretPage.replaceAll(SECRET_TITLE, 'Public notice'));
  });
  const frontPort = await listen(front, '127.0.0.2');
  return {
    front: `http://127.0.0.2:${frontPort}`,
    secretHits,
    async close() {
      for (const s of [secret, front]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

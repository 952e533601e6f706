/** Helpers for the service tests: plain HTTP requests and raw sockets against a real server. */
import { createServer, request } from 'node:http';
import { connect } from 'node:net';

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function http(port: number, method: string, path: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent: false, headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

export const postJson = (port: number, body: unknown, path = '/extract'): Promise<Reply> =>
  http(port, 'POST', path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Opens a raw connection, writes `head`, and resolves with everything the server sends until
 * it closes the connection (the client never sends more unless `more` says so).
 */
export function rawExchange(port: number, head: string | Buffer, more?: (send: (b: string | Buffer) => void) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? undefined : reject(e)));
    socket.write(head);
    more?.((b) => socket.write(b));
  });
}

export { streamUntilAnswered } from '../helpers/stream-body.js';

/** Polls until `check` is true (the server's own state, not a clock, decides). */
export async function until(check: () => Promise<boolean>, what: string, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** A page big enough that extracting it takes far longer than a few milliseconds. */
export function bigPage(paragraphs = 12_000): string {
  const p = `<div class="c"><p>${'The quick brown fox jumps over the lazy dog near the river bank. '.repeat(4)}</p></div>\n`;
  return `<html><head><title>Big</title></head><body><article><h1>Big</h1>${p.repeat(paragraphs)}</article></body></html>`;
}

export const STORY = `<html lang="en"><head><title>Rain returns to the valley | Valley News</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<article><h1>Rain returns to the valley</h1>
<p>After months of drought the first heavy rain of the season fell on the valley on Tuesday, filling the reservoirs that farmers had watched shrink all summer long.</p>
<h2>What the farmers say</h2>
<p>"We had almost given up on this year's harvest," said one grower, who has worked the same land for thirty years and has <a href="/archive/drought">seen dry spells before</a>.</p>
<p>Forecasters expect more showers through the weekend, though they warn that a single wet week will not end a drought that has lasted since the spring.</p>
</article>
<footer>© 2026 Valley News. All rights reserved.</footer></body></html>`;

/**
 * A local page server whose answers wait until `release()`: a `{url}` request to it holds its
 * extraction slot (fetching) for as long as the test wants, whatever the machine's speed.
 */
export async function heldPageServer(page = STORY): Promise<{ port: number; requests: () => number; release: () => void; close: () => void }> {
  const waiting: Array<() => void> = [];
  let released = false;
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    const answer = (): void => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    };
    if (released) answer();
    else waiting.push(answer);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    requests: () => requests,
    release: () => {
      released = true;
      for (const w of waiting.splice(0)) w();
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

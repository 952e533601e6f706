/**
 * `pith serve` against slow and small attacks, on loopback with real sockets: slow uploads
 * cost a socket and never a slot; one client's connections are capped; more than 100 header
 * lines are refused; gzip bombs are refused while inflating; heavy pages cannot take every
 * worker. Thresholds are configured small; assertions are on statuses, counters and the
 * order of answers, never on elapsed time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { startService } from '../../src/service/server.js';
import { bigPage, http, postJson, rawExchange, STORY, until } from './helpers.js';

/** A client that declares `declared` body bytes and sends 8 of them every `everyMs` until the server closes; resolves with what it got. */
function slowUploader(port: number, declared: number, everyMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.write(`POST /extract HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: ${declared}\r\n\r\n`);
    timer = setInterval(() => {
      if (socket.writable) socket.write('<p>xxxx');
    }, everyMs);
  });
}

const metric = async (port: number, line: RegExp): Promise<number> => {
  const m = line.exec((await http(port, 'GET', '/metrics')).text);
  return m ? Number(m[1]) : 0;
};

test('ten slow uploaders hold no slot: a normal /extract beside them is answered 200, and each of them gets 408', { timeout: 60_000 }, async () => {
  // Two slots: on a server that admits before reading, two slow bodies would already shut /extract down.
  const svc = await startService({
    port: 0, workers: 1, maxInflight: 2, minUploadBytesPerSecond: 200, uploadGraceMs: 2000, maxConnectionsPerClient: 16,
    requestTimeoutMs: 120_000, headersTimeoutMs: 60_000,
  });
  try {
    const slow = Array.from({ length: 10 }, () => slowUploader(svc.port, 100_000, 250));
    await until(async () => (await http(svc.port, 'GET', '/healthz')).json().reading === 10, 'the ten slow bodies to be reading');
    const h = (await http(svc.port, 'GET', '/healthz')).json();
    assert.equal(h.inFlight, 0, 'a body being received holds no slot');
    const normal = await http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'text/html' }, body: STORY });
    assert.equal(normal.status, 200, normal.text);
    assert.equal(normal.json().title, 'Rain returns to the valley');
    for (const answer of await Promise.all(slow)) {
      assert.match(answer, /^HTTP\/1\.1 408 /);
      assert.match(answer, /"code":"REQUEST_TIMEOUT"/);
      assert.match(answer, /slower than 200 bytes\/s/);
    }
    assert.equal(await metric(svc.port, /^pith_errors_total\{code="REQUEST_TIMEOUT"\} (\d+)$/m), 10);
    assert.equal(await metric(svc.port, /^pith_errors_total\{code="OVERLOADED"\} (\d+)$/m), 0);
    assert.equal(await metric(svc.port, /^pith_request_bodies_reading (\d+)$/m), 0);
  } finally {
    await svc.close(0);
  }
});

test('the bodies being received share --max-body-buffer: the one that would pass it is 503 and read no further; smaller ones still pass', { timeout: 30_000 }, async () => {
  const svc = await startService({ port: 0, workers: 1, maxBodyBufferBytes: 64 * 1024, uploadGraceMs: 60_000, requestTimeoutMs: 120_000, headersTimeoutMs: 60_000 });
  const held = connect(svc.port, '127.0.0.1');
  held.on('error', () => undefined);
  try {
    // 40 000 of a declared 100 000 bytes, then nothing: held, counted as sent, not as declared.
    held.write(`POST /extract HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n${'x'.repeat(40_000)}`);
    await until(async () => await metric(svc.port, /^pith_request_body_bytes_held (\d+)$/m) === 40_000, 'the held body\'s bytes to be counted');
    const big = await http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'text/html' }, body: `<p>${'y'.repeat(50_000)}</p>` });
    assert.equal(big.status, 503, big.text);
    assert.equal(big.json().error.code, 'OVERLOADED');
    assert.match(big.json().error.message, /fill the server's buffer of 65536 bytes/);
    const small = await http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'text/html' }, body: STORY });
    assert.equal(small.status, 200, small.text);
    held.destroy();
    await until(async () => await metric(svc.port, /^pith_request_body_bytes_held (\d+)$/m) === 0, 'the held body\'s bytes to be given back');
  } finally {
    held.destroy();
    await svc.close(0);
  }
});

test('a client over --max-connections-per-client is answered 429 and closed; its share comes back when one closes', { timeout: 30_000 }, async () => {
  const svc = await startService({ port: 0, workers: 1, maxConnectionsPerClient: 3, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 });
  const idle: Socket[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const s = connect(svc.port, '127.0.0.1');
      s.on('error', () => undefined);
      await new Promise<void>((r) => s.once('connect', () => r()));
      idle.push(s);
    }
    const refused = await rawExchange(svc.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.match(refused, /^HTTP\/1\.1 429 /);
    assert.match(refused, /"code":"TOO_MANY_CONNECTIONS"/);
    assert.ok(!refused.includes('"status":"ready"'), 'the refused connection\'s request was never served');
    for (const s of idle) s.destroy();
    await until(async () => (await http(svc.port, 'GET', '/healthz').catch(() => ({ status: 0 }))).status === 200, 'a connection to be let in again');
    const refusals = await (async () => {
      for (;;) {
        const r = await http(svc.port, 'GET', '/metrics').catch(() => undefined);
        if (r?.status === 200) return /^pith_connections_refused_total\{reason="per_client"\} (\d+)$/m.exec(r.text)?.[1];
      }
    })();
    assert.ok(Number(refusals) >= 1, `refusals: ${refusals}`);
  } finally {
    for (const s of idle) s.destroy();
    await svc.close(0);
  }
});

test('more than 100 header lines: 431, and a JSON body behind them is never read as HTML', { timeout: 30_000 }, async () => {
  const svc = await startService({ port: 0, workers: 1 });
  try {
    const body = JSON.stringify({ html: STORY, format: 'text' });
    // Host, Content-Length, Connection and `filler` X- lines, then Content-Type last.
    const request = (filler: number): string => `POST /extract HTTP/1.1\r\nHost: x\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n`
      + Array.from({ length: filler }, (_, i) => `X-Filler-${i}: ${i}\r\n`).join('') + `Content-Type: application/json\r\n\r\n${body}`;
    const over = await rawExchange(svc.port, request(97)); // 101 lines
    assert.match(over, /^HTTP\/1\.1 431 /);
    assert.match(over, /"code":"HEADERS_TOO_LARGE"/);
    assert.match(over, /more than 100 header lines/);
    const at = await rawExchange(svc.port, request(96)); // 100 lines: served, the body read as JSON
    assert.match(at, /^HTTP\/1\.1 200 /);
    assert.match(at, /content-type: text\/plain/i, 'format=text from the JSON body was honoured');
    assert.match(at, /\r\n\r\nRain returns to the valley\n\n/);
    const many = await rawExchange(svc.port, `GET /healthz HTTP/1.1\r\nHost: x\r\n${'X-A: b\r\n'.repeat(500)}\r\n`);
    assert.match(many, /^HTTP\/1\.1 431 /);
  } finally {
    await svc.close(0);
  }
});

/** The 923-byte body: `gzip -9` of '<table>' + 'x<div>' x 100 000. */
const BOMB = gzipSync(Buffer.from('<table>' + 'x<div>'.repeat(100_000)), { level: 9 });

test('six gzip-small bombs are refused while inflating (413 TOO_COMPRESSED); a normal request beside them is served; no worker sees a bomb', { timeout: 60_000 }, async () => {
  assert.ok(BOMB.length < 1000, `${BOMB.length} bytes`);
  const svc = await startService({ port: 0, workers: 1, timeoutMs: 10_000 });
  try {
    const sendBomb = () => http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'text/html' }, body: BOMB });
    const [normal, ...bombs] = await Promise.all([postJson(svc.port, { html: STORY }), ...Array.from({ length: 6 }, sendBomb)]);
    assert.equal(normal!.status, 200, normal!.text);
    assert.equal(normal!.json().title, 'Rain returns to the valley');
    for (const b of bombs) {
      assert.equal(b.status, 413, b.text);
      assert.equal(b.json().error.code, 'TOO_COMPRESSED');
      assert.match(b.json().error.message, /inflates to more than 100 times its size/);
    }
    // A page gzipped as real pages are (about 6x here) is inflated and extracted as before.
    const gz = await http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'text/html' }, body: gzipSync(STORY) });
    assert.equal(gz.status, 200, gz.text);
    assert.equal(gz.json().title, 'Rain returns to the valley');
    assert.equal(await metric(svc.port, /^pith_pages_extracted_total\{found="true"\} (\d+)$/m), 2, 'only the two real pages reached a worker');
    assert.equal(await metric(svc.port, /^pith_errors_total\{code="TOO_COMPRESSED"\} (\d+)$/m), 6);
    assert.equal((await http(svc.port, 'GET', '/healthz')).json().workers.restarts, 0);
  } finally {
    await svc.close(0);
  }
});

test('heavy pages run on all workers but one: a normal request is answered before them; past --max-heavy-inflight, 503', { timeout: 120_000 }, async () => {
  // bigPage(5 000) has 10 006 start tags: heavy at an 8 000 mark; it takes a worker most of a second.
  const svc = await startService({ port: 0, workers: 2, heavyPageTags: 8_000, maxHeavyInflight: 2, timeoutMs: 100_000, requestTimeoutMs: 60_000 });
  try {
    const heavy = bigPage(5_000);
    const order: string[] = [];
    const send = (name: string, html: string) => postJson(svc.port, { html, format: 'text' }).then((r) => {
      order.push(name);
      return r;
    });
    const first = send('heavy-1', heavy);
    const second = send('heavy-2', heavy);
    await until(async () => (await http(svc.port, 'GET', '/healthz')).json().heavyInFlight === 2, 'two heavy pages in flight');
    const h = (await http(svc.port, 'GET', '/healthz')).json();
    assert.ok(h.workers.heavy <= 1, `one worker at most on heavy pages, saw ${h.workers.heavy}`);
    const [third, normal] = await Promise.all([postJson(svc.port, { html: heavy }), send('normal', STORY)]);
    assert.equal(third.status, 503, third.text.slice(0, 300));
    assert.equal(third.json().error.code, 'OVERLOADED');
    assert.match(third.json().error.message, /2 heavy pages are in flight already/);
    assert.equal(normal.status, 200);
    assert.match(normal.text, /^Rain returns to the valley/);
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.equal(order[0], 'normal', `answer order: ${order.join(', ')}`);
    assert.equal(await metric(svc.port, /^pith_heavy_pages_total (\d+)$/m), 3);
  } finally {
    await svc.close(0);
  }
});

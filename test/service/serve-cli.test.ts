/** `pith serve` as a process: it prints its URL, and on SIGTERM finishes the request in flight, then exits 0. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';
import { heldPageServer, http, rawExchange, until } from './helpers.js';

test('pith serve: SIGTERM lets an in-flight request finish, refuses new work, then exits 0', { timeout: 60_000 }, async () => {
  const page = await heldPageServer();
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'serve', '--port', '0', '--workers', '1', '--allow-private-urls'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    await until(async () => /listening on http:\/\/127\.0\.0\.1:\d+/.test(stdout), 'the server to print its URL');
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(stdout)![1]);
    assert.equal((await http(port, 'GET', '/healthz')).status, 200);
    // A request in flight: a {url} request whose page has not come yet.
    const body = JSON.stringify({ url: `http://127.0.0.1:${page.port}/story` });
    const held = rawExchange(port, `POST /extract HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    await until(async () => (await http(port, 'GET', '/healthz')).json().inFlight === 1, 'the request to be admitted');
    child.kill('SIGTERM');
    await until(async () => /SIGTERM: finishing the requests in flight/.test(stderr), 'the drain to start');
    // No new connections once draining.
    await assert.rejects(http(port, 'GET', '/healthz'), /ECONNREFUSED/);
    page.release();
    const answer = await held;
    assert.match(answer, /^HTTP\/1\.1 200 /);
    assert.match(answer, /"title":"Rain returns to the valley"/);
    assert.equal(await exited, 0, stderr);
    assert.match(stderr, /pith serve: stopped/);
  } finally {
    child.kill('SIGKILL');
    page.close();
  }
});

test('pith serve: bad options are usage errors (exit 2); a missing model is exit 3', { timeout: 30_000 }, async () => {
  const run = (args: string[]): Promise<{ code: number | null; stderr: string }> => new Promise((resolve) => {
    const c = spawn(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'serve', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    c.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    c.once('exit', (code) => resolve({ code, stderr }));
  });
  const bad = await run(['--workers', '0']);
  assert.equal(bad.code, 2, bad.stderr);
  assert.match(bad.stderr, /--workers must be a whole number >= 1/);
  const unknown = await run(['--bogus']);
  assert.equal(unknown.code, 2);
  const model = await run(['--port', '0', '--model', '/nonexistent/model.json.gz']);
  assert.equal(model.code, 3, model.stderr);
  assert.match(model.stderr, /no such model file/);
});

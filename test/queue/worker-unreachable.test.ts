/** `pith worker` while Redis is down: it waits, saying so once per connection, without printing stack traces; SIGTERM stops it (no page in hand). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

/** A loopback port nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

test('pith worker with Redis unreachable: one line per connection, no BullMQ stack traces; SIGTERM stops it', { timeout: 60_000 }, async () => {
  const port = await closedPort();
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'worker', '--redis', `redis://127.0.0.1:${port}`, '--concurrency', '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  // All of stderr, up to the exit: closed once the child is gone.
  const closed = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  await new Promise<void>((done) => {
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      // Both connections have failed: each failure reached every listener (BullMQ's stack
      // trace, when it printed one, came with its connection's line, in the same turn).
      if ((stderr.match(/Redis unreachable/g) ?? []).length >= 2) done();
    });
  });
  // With no page in hand the stop does not wait for Redis (src/queue/worker.ts): SIGTERM ends it.
  child.kill('SIGTERM');
  const hangGuard = setTimeout(() => child.kill('SIGKILL'), 45_000);
  const code = await closed;
  clearTimeout(hangGuard);
  assert.equal(code, 0, stderr);
  assert.match(stderr, /stopping without waiting for it/);
  assert.match(stderr, /worker: Redis unreachable \(results: connect ECONNREFUSED/);
  assert.doesNotMatch(stderr, /^Error: connect ECONNREFUSED/m, stderr);
  assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
});

/**
 * `pith worker` under the fetch policy (src/util/fetch-policy.ts), on a real Redis: a "public"
 * URL page that redirects into loopback (to another host: the worker asks it in that host's
 * turn, and the policy judges it then) is written once as a URL_NOT_ALLOWED line, not retried,
 * and the private server sees no request; with private URLs allowed it is extracted. Loopback only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startQueueWorker } from '../../src/queue/worker.js';
import { bundledModelPath } from '../../src/pipeline/extract.js';
import { assertOnce, exported, haveRedis, NO_REDIS, requeueUrls, status, withRedis } from './redis.js';
import { frontIsPublic, SECRET_TITLE, startRedirectServers } from '../helpers/redirect-servers.js';
import type { AddressPolicy } from '../../src/util/fetch-policy.js';

const skip = haveRedis ? false : NO_REDIS;

test('worker: a public URL page redirecting into loopback is one URL_NOT_ALLOWED line, no retry, nothing reached; allowed, it is extracted', { skip, timeout: 120_000 }, async (t) => {
  const servers = await startRedirectServers();
  t.after(() => servers.close());
  await withRedis('policy', async (redis, dir) => {
    const urls = ['/public', '/by-ip', '/by-name', '/chain'].map((p) => `${servers.front}${p}`);
    writeFileSync(join(dir, 'urls.txt'), urls.join('\n') + '\n');
    const run = async (policy: { addressPolicy?: AddressPolicy; allowPrivateUrls?: boolean }): Promise<void> => {
      await requeueUrls(redis.url, join(dir, 'urls.txt'));
      const w = startQueueWorker({ redisUrl: redis.url, modelPath: bundledModelPath(), concurrency: 1, untilEmpty: true, lockMs: 5000, ...policy });
      const summary = await w.done;
      assert.equal(summary.failedTries, 0, 'a refused page is its result, not a failed try');
    };
    await run({ addressPolicy: frontIsPublic });
    let lines = await exported(redis.url, dir);
    assertOnce(lines, urls);
    for (const l of lines) {
      if (l.id === urls[0]) assert.equal(l.title, 'Public notice');
      else assert.equal(l.error?.code, 'URL_NOT_ALLOWED', l.id);
    }
    assert.equal((await status(redis.url)).dead, 0);
    assert.deepEqual(servers.secretHits, [], 'the private server saw no request');
    await run({ allowPrivateUrls: true });
    lines = await exported(redis.url, dir);
    assertOnce(lines, urls);
    for (const l of lines.filter((x) => x.id !== urls[0])) assert.equal(l.title, SECRET_TITLE, l.id);
    assert.equal(servers.secretHits.filter((path) => path !== '/robots.txt').length, 3, 'three pages (robots.txt asked besides)');
  });
});

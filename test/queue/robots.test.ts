/**
 * `pith worker` and robots.txt, on a real Redis: a URL page the site's robots.txt disallows is
 * one ROBOTS_DISALLOWED line, not retried, never requested; robots.txt is asked once by the
 * worker; with `ignoreRobots` every page is fetched. Loopback only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startQueueWorker } from '../../src/queue/worker.js';
import { bundledModelPath } from '../../src/pipeline/extract.js';
import { loopbackServer } from '../helpers/loopback-server.js';
import { assertOnce, exported, haveRedis, NO_REDIS, requeueUrls, withRedis } from './redis.js';

const skip = haveRedis ? false : NO_REDIS;
const page = (title: string): string => `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${'Words of the story about the harbour and its mill. '.repeat(8)}</p></article></body></html>`;

test('worker: robots.txt is read once and obeyed (ROBOTS_DISALLOWED lines, no retry); ignoreRobots fetches all', { skip, timeout: 120_000 }, async (t) => {
  const hits: string[] = [];
  const base = await loopbackServer(t, (req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/robots.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: pith\nDisallow: /members/\n');
    else res.writeHead(200, { 'content-type': 'text/html' }).end(page(`Page ${req.url}`));
  });
  await withRedis('robots', async (redis, dir) => {
    const urls = ['/news/1', '/members/2', '/news/3', '/members/4'].map((p) => `${base}${p}`);
    writeFileSync(join(dir, 'urls.txt'), urls.join('\n') + '\n');
    const run = async (ignoreRobots: boolean): Promise<void> => {
      await requeueUrls(redis.url, join(dir, 'urls.txt'));
      const w = startQueueWorker({ redisUrl: redis.url, modelPath: bundledModelPath(), concurrency: 1, untilEmpty: true, lockMs: 5000, allowPrivateUrls: true, ignoreRobots });
      assert.equal((await w.done).failedTries, 0, 'a disallowed page is its result, not a failed try');
    };
    await run(false);
    let lines = await exported(redis.url, dir);
    assertOnce(lines, urls);
    for (const l of lines) {
      if (l.id.includes('/members/')) assert.equal(l.error?.code, 'ROBOTS_DISALLOWED', l.id);
      else assert.ok(l.title?.startsWith('Page /news/'), l.id);
    }
    assert.deepEqual(hits.filter((h) => h === '/robots.txt').length, 1, 'robots.txt asked once');
    assert.ok(!hits.some((h) => h.startsWith('/members/')), 'disallowed pages never requested');
    hits.length = 0;
    await run(true);
    lines = await exported(redis.url, dir);
    assertOnce(lines, urls);
    for (const l of lines) assert.ok(l.title?.startsWith('Page /'), l.id);
    assert.ok(!hits.includes('/robots.txt'));
  });
});

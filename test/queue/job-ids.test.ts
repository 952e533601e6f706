/**
 * Page ids BullMQ would refuse as job ids (a colon: every URL without a port, a file `a:b.html`;
 * an integer: a file `7.html`) are enqueued and done once, on a real Redis with real processes;
 * `jobIdOf` is one-to-one and reversible. The URL pages' hosts are loopback, which the worker's
 * fetch policy refuses without connecting: no traffic leaves the machine.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from '../helpers/paths.js';
import { jobIdOf, pageIdOfJob } from '../../src/queue/queue.js';
import { assertOnce, enqueue, exported, haveRedis, NO_REDIS, pith, status, TITLE, withRedis } from './redis.js';

const skip = haveRedis ? false : NO_REDIS;

test('jobIdOf: safe ids unchanged; ids with colons, percent signs or integer form escaped, one-to-one and reversible', () => {
  assert.equal(jobIdOf('story-1'), 'story-1');
  assert.equal(jobIdOf('dir/a.b c'), 'dir/a.b c');
  const tricky = ['http://192.0.3.7/x', 'a:b', 'a::b', 'a:b:c', '7', '-3', '0', '%', '%3A', ':', '%25', '%:', 'a%b', '1.5', '07', '', 'https://[::1]:8080/p?q=%3A'];
  const jobIds = tricky.map(jobIdOf);
  assert.equal(new Set(jobIds).size, tricky.length, 'one page id, one job id');
  for (const [k, id] of jobIds.entries()) {
    // BullMQ's own rules: no colon unless exactly two (its old repeat ids), not an integer.
    assert.ok(!id.includes(':'), id);
    assert.notEqual(`${parseInt(id, 10)}`, id, id);
    assert.equal(pageIdOfJob(id), tricky[k], 'reversible');
    assert.notEqual(id, jobIdOf('story-1'));
  }
  assert.equal(jobIdOf('1.5'), '1.5', 'not an integer: safe');
});

test('queue add + worker: URLs without a port, a file a:b.html and a file 7.html are enqueued and written once; a second add adds nothing', { skip, timeout: 120_000 }, async () => {
  await withRedis('job-ids', async (redis, dir) => {
    const pages = join(dir, 'pages');
    mkdirSync(pages);
    for (const name of ['a:b.html', '7.html', '50%.html', 'plain.html']) copyFileSync(fixture('pages', 'news-article.html'), join(pages, name));
    const urls = ['http://127.0.0.1/x', 'http://localhost/a:b?c=1:2'];
    writeFileSync(join(dir, 'urls.txt'), urls.join('\n') + '\n');
    const add = await pith('queue', 'add', pages, '--urls', join(dir, 'urls.txt'), '--redis', redis.url).exit;
    assert.equal(add.code, 0, add.stderr);
    assert.match(add.stderr, /6 added/);
    const again = await enqueue(redis.url, [pages], { urlsFile: join(dir, 'urls.txt') });
    assert.deepEqual([again.added, again.already], [0, 6]);
    // The issue's own case, in a queue no worker takes.
    writeFileSync(join(dir, 'public.txt'), 'http://192.0.3.7/x\n');
    const other = await pith('queue', 'add', '--urls', join(dir, 'public.txt'), '--queue', 'other', '--redis', redis.url).exit;
    assert.equal(other.code, 0, other.stderr);
    assert.match(other.stderr, /1 added/);
    // No --allow-private-urls: the loopback URLs are refused by the policy, each its own error line, no retry.
    const w = await pith('worker', '--redis', redis.url, '--until-empty', '--concurrency', '1', '--lock-secs', '1').exit;
    assert.equal(w.code, 0, w.stderr);
    const after = await status(redis.url);
    assert.deepEqual({ total: after.total, done: after.done, dead: after.dead }, { total: 6, done: 6, dead: 0 });
    const lines = await exported(redis.url, dir);
    assertOnce(lines, ['a:b', '7', '50%', 'plain', ...urls]);
    for (const l of lines) {
      if (urls.includes(l.id)) {
        assert.equal(l.error?.code, 'URL_NOT_ALLOWED', l.id);
        assert.equal(l.url, l.id);
      } else assert.equal(l.title, TITLE, l.id);
    }
  });
});

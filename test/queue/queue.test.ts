/**
 * `pith queue` + `pith worker` on a real Redis with real processes: every page written exactly
 * once with two workers, a worker SIGKILLed mid-page, Redis killed and restarted mid-run,
 * a page that keeps failing dead-lettered, enqueueing twice adding once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import { command as workerCommand } from '../../src/cli/commands/worker.js';
import { fixture } from '../helpers/paths.js';
import { assertOnce, cliExported, cliStatus, enqueue, exported, freePort, haveRedis, NO_REDIS, pith, pithOk, assertStillRunning, restartRedisUnder, sleep, status, storyPages, TITLE, withRedis, worker } from './redis.js';

const skip = haveRedis ? false : NO_REDIS;

test('two workers: every page written exactly once; enqueueing twice adds nothing', { skip, timeout: 120_000 }, async () => {
  await withRedis('two', async (redis, dir) => {
    const { pages, ids } = storyPages(dir, 24);
    writeFileSync(join(pages, 'binary.html'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]));
    ids.push('binary');
    const add1 = await pith('queue', 'add', pages, '--redis', redis.url).exit;
    assert.equal(add1.code, 0, add1.stderr);
    assert.match(add1.stderr, /25 added/);
    const add2 = await pith('queue', 'add', pages, '--redis', redis.url).exit;
    assert.match(add2.stderr, /0 added .* 25 enqueued before/);
    const before = await cliStatus(redis.url);
    assert.deepEqual(before, await status(redis.url), 'pith queue status --json prints the queue\'s status');
    assert.equal(before.total, 25);
    assert.equal(before.waiting, 25);
    const [a, b] = [worker(redis.url), worker(redis.url)];
    const [ra, rb] = await Promise.all([a.exit, b.exit]);
    assert.equal(ra.code, 0, ra.stderr);
    assert.equal(rb.code, 0, rb.stderr);
    const writtenBy = (s: string): number => Number(/(\d+) written/.exec(s)![1]);
    assert.equal(writtenBy(ra.stderr) + writtenBy(rb.stderr), 25, 'the two workers wrote 25 lines between them');
    const after = await status(redis.url);
    assert.deepEqual({ total: after.total, done: after.done, dead: after.dead, waiting: after.waiting, active: after.active, progress: after.progress }, { total: 25, done: 25, dead: 0, waiting: 0, active: 0, progress: 1 });
    const lines = await cliExported(redis.url, dir);
    assertOnce(lines, ids);
    const piped = await pith('queue', 'export', '--redis', redis.url, '--out', '-').exit;
    assert.equal(piped.code, 0, piped.stderr);
    assert.deepEqual(piped.stdout.split('\n').filter(Boolean).sort(), readFileSync(join(dir, 'results-cli.jsonl'), 'utf8').split('\n').filter(Boolean).sort(), '--out - writes the same lines to standard output');
    assert.match(piped.stderr, /queue: 25 lines \(0 dead-lettered\) -> standard output/);
    for (const l of lines) {
      if (l.id === 'binary') assert.equal(l.error?.code, 'NOT_HTML', 'a page\'s own error is its result, not a retry');
      else assert.equal(l.title, TITLE);
    }
    // Done pages are not enqueued again either.
    assert.equal((await enqueue(redis.url, [pages])).added, 0);
  });
});

test('a worker SIGKILLed in the middle of a page: another finishes it, none lost, none twice', { skip, timeout: 120_000 }, async () => {
  await withRedis('kill', async (redis, dir) => {
    const { pages, ids } = storyPages(dir, 20);
    // The first page is a URL whose server holds the first request (worker A's) until A is dead.
    const html = readFileSync(fixture('pages', 'news-article.html'));
    let requests = 0;
    let onFirst: () => void = () => undefined;
    const firstRequest = new Promise<void>((r) => (onFirst = r));
    const server: Server = createServer((req, res) => {
      requests++;
      if (requests === 1) {
        onFirst();
        return; // never answered: A is killed while it waits for this page
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const slowUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/slow.html`;
    try {
      const urls = join(dir, 'urls.txt');
      writeFileSync(urls, slowUrl + '\n');
      await enqueue(redis.url, [], { urlsFile: urls });
      await enqueue(redis.url, [pages]);
      ids.push(slowUrl);
      // A's hold on the URL's host lasts its fetch time limit + 1 s: B and C wait that out too.
      const a = worker(redis.url, '--concurrency', '2', '--fetch-timeout', '5');
      await firstRequest;
      const held = await status(redis.url);
      assert.ok(held.active >= 1, 'A holds the slow page');
      a.child.kill('SIGKILL');
      const ra = await a.exit;
      assert.equal(ra.signal, 'SIGKILL');
      const mid = await status(redis.url);
      assert.ok(mid.done < 21, 'the slow page was not written by A');
      // Two fresh workers: the slow page's lock expires, it goes back to the queue, one of them does it.
      const [b, c] = [worker(redis.url), worker(redis.url)];
      const [rb, rc] = await Promise.all([b.exit, c.exit]);
      assert.equal(rb.code, 0, rb.stderr);
      assert.equal(rc.code, 0, rc.stderr);
      assert.ok(requests >= 2, 'the slow page was fetched again after A died');
      const after = await status(redis.url);
      assert.equal(after.done, 21);
      assert.equal(after.dead, 0);
      const lines = await exported(redis.url, dir);
      assertOnce(lines, ids);
      assert.equal(lines.find((l) => l.id === slowUrl)?.title, TITLE);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

test('Redis killed and restarted mid-run: the workers wait, reconnect and finish; nothing lost or doubled', { skip, timeout: 180_000 }, async () => {
  await withRedis('restart', async (redis, dir) => {
    const { pages, ids } = storyPages(dir, 80);
    await enqueue(redis.url, [pages]);
    const workers = [worker(redis.url), worker(redis.url)];
    let s = await status(redis.url);
    while (s.done < 5) {
      await assertStillRunning(workers);
      await sleep(50);
      s = await status(redis.url);
    }
    assert.ok(s.done < 80, 'Redis goes while pages are left');
    await restartRedisUnder(redis, workers);
    const after = await status(redis.url);
    assert.equal(after.total, 80);
    assert.equal(after.done, 80);
    assert.equal(after.dead, 0);
    assertOnce(await exported(redis.url, dir), ids);
  });
});

test('a page that keeps failing ends in the dead-letter list with its error', { skip, timeout: 120_000 }, async () => {
  await withRedis('dead', async (redis, dir) => {
    const { pages, ids } = storyPages(dir, 4);
    // By path (--embed-max 0), and one file removed after it is enqueued.
    const add = await pith('queue', 'add', pages, '--redis', redis.url, '--embed-max', '0', '--attempts', '3', '--backoff-ms', '50').exit;
    assert.match(add.stderr, /4 added .*4 by path/);
    unlinkSync(join(pages, 'story-2.html'));
    const r = await worker(redis.url).exit;
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /story-2 dead-lettered after 3 tries/);
    const after = await status(redis.url);
    assert.deepEqual({ done: after.done, dead: after.dead, progress: after.progress }, { done: 3, dead: 1, progress: 1 });
    const dead = (await pithOk('queue', 'dead', '--redis', redis.url, '--json')).trim().split('\n').map((l) => JSON.parse(l) as { id: string; code: string; attempts: number });
    assert.deepEqual(dead.map((d) => [d.id, d.code, d.attempts]), [['story-2', 'NOT_FOUND', 3]]);
    const lines = await exported(redis.url, dir);
    assertOnce(lines, ids);
    const line = lines.find((l) => l.id === 'story-2')!;
    assert.equal(line.error?.code, 'NOT_FOUND');
    assert.equal(line.error?.dead, true);
    // Put back (the file restored), it is done.
    copyFileSync(fixture('pages', 'news-article.html'), join(pages, 'story-2.html'));
    await pithOk('queue', 'retry', '--redis', redis.url);
    assert.equal((await worker(redis.url).exit).code, 0);
    const final = await status(redis.url);
    assert.deepEqual({ done: final.done, dead: final.dead }, { done: 4, dead: 0 });
    assert.equal((await exported(redis.url, dir)).find((l) => l.id === 'story-2')?.title, TITLE);
  });
});

test('worker --include-comments: each line carries the page\'s comments with author and date, as batch\'s; without it, none', { skip, timeout: 120_000 }, async () => {
  await withRedis('comments', async (redis, dir) => {
    const pages = join(dir, 'pages');
    mkdirSync(pages);
    copyFileSync(fixture('pages', 'blog-with-comments.html'), join(pages, 'blog.html'));
    await enqueue(redis.url, [pages], { queue: 'with' });
    await enqueue(redis.url, [pages], { queue: 'plain' });
    const ends = await Promise.all([worker(redis.url, '--queue', 'with', '--include-comments').exit, worker(redis.url, '--queue', 'plain').exit]);
    for (const e of ends) assert.equal(e.code, 0, e.stderr);
    const [withComments] = await exported(redis.url, dir, 'with');
    assert.equal(withComments!.comments?.length, 12);
    assert.ok(withComments!.comments!.every((c) => c.author && c.date && c.text), 'every comment has its author, date and text');
    assert.ok(!withComments!.comments!.some((c) => withComments!.body!.includes(c.text)), 'no comment in the body');
    const [plain] = await exported(redis.url, dir, 'plain');
    assert.equal('comments' in plain!, false);
    assert.equal(plain!.body, withComments!.body, 'the article is the same either way');
  });
});

test('worker --favor, --no-images, --no-tables, --no-links, --lists: each line is pith extract\'s with the same switches', { skip, timeout: 120_000 }, async () => {
  await withRedis('choices', async (redis, dir) => {
    const { pages } = storyPages(dir, 1);
    await enqueue(redis.url, [pages]);
    const flags = ['--favor', 'precision', '--no-images', '--no-tables', '--no-links'];
    const end = await worker(redis.url, ...flags, '--lists').exit;
    assert.equal(end.code, 0, end.stderr);
    const [line] = await exported(redis.url, dir);
    const single = JSON.parse(await pithOk('extract', join(pages, 'story-0.html'), '--format', 'json', '--lists', ...flags)) as { body: string; markdown: string; lists: unknown[] };
    assert.equal(line!.body, single.body);
    assert.equal(line!.markdown, single.markdown);
    assert.deepEqual(line!.lists, single.lists, '--lists: the page\'s main list, as pith extract --lists');
    assert.ok(single.lists.length > 0, 'the page has a list (its related stories)');
    assert.doesNotMatch(line!.markdown!, /!\[/, 'no image');
    assert.match(JSON.parse(await pithOk('extract', join(pages, 'story-0.html'), '--format', 'json')).markdown, /!\[/, 'the page has an image to leave out');
  });
});

test('worker: a `lists` field wants lists as --lists does, as in pith batch: --list-model is taken and read (in-process, no Redis)', async () => {
  const missing = join(tmpdir(), `pith-no-such-list-model-${process.pid}.json.gz`);
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough() };
  const run = (...argv: string[]): Promise<number> => workerCommand.run(['--redis', 'redis://127.0.0.1:1', ...argv], io);
  // Read before any page is taken: a missing list model stops the worker, so it never reaches Redis.
  await assert.rejects(run('--fields', 'title,lists', '--list-model', missing), { code: 'NOT_FOUND', subject: missing });
  await assert.rejects(run('--lists', '--list-model', missing), { code: 'NOT_FOUND', subject: missing });
  await assert.rejects(run('--fields', 'title', '--list-model', missing), { code: 'BAD_OPTION', message: '--list-model needs --lists' });
});

test('queue commands: Redis unreachable is exit 3 naming the URL; bad usage exit 2', { skip, timeout: 60_000 }, async () => {
  const port = await freePort();
  const r = await pith('queue', 'status', '--redis', `redis://127.0.0.1:${port}`).exit;
  assert.equal(r.code, 3);
  assert.match(r.stderr, /cannot reach Redis/);
  assert.equal((await pith('queue', 'status').exit).code, 2);
  assert.equal((await pith('queue', 'frobnicate', '--redis', 'redis://127.0.0.1:1').exit).code, 2);
  assert.equal((await pith('worker').exit).code, 2);
  const listModelAlone = await pith('worker', '--redis', 'redis://127.0.0.1:1', '--list-model', 'lists.model.json.gz').exit;
  assert.equal(listModelAlone.code, 2);
  assert.match(listModelAlone.stderr, /--list-model needs --lists/);
});

/**
 * The label server against hostile or broken input (the "Hostile input" issue): request
 * bodies too large or JSON bombs, crash-left locks, a corrupt labels file, retraining that
 * must neither write over the `--model` input nor stall the event loop. Everything runs for
 * real: the server on loopback, the training in its worker thread, files on disk.
 */
import { streamUntilAnswered, type StreamAnswer } from '../helpers/stream-body.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Workspace } from '../../src/annotate/workspace.js';
import { startLabelServer, type LabelServer } from '../../src/annotate/server.js';
import { createRetrainer, retrainOutputPath } from '../../src/annotate/retrain.js';
import { lockOwnerPid, takeOverDeadLock } from '../../src/annotate/locks.js';
import { MAX_BUNDLE_BYTES } from '../../src/annotate/bundle.js';
import { addToCorpus } from '../../src/annotate/add-pages.js';
import { labelledCorpus } from '../../src/annotate/corpus-files.js';
import { addPithPage } from '../../src/corpus/pith-format.js';
import { loadModel } from '../../src/models/model-file.js';
import { repoRoot } from '../helpers/paths.js';
import { http, labelEveryPage, longArticle, tempCorpus } from './helpers.js';

const sha = async (p: string): Promise<string> => createHash('sha256').update(await readFile(p)).digest('hex');

function writeHeaders(s: LabelServer): Record<string, string> {
  return { ...s.authHeaders, origin: s.origin, 'content-type': 'application/json' };
}

async function withServer<T>(pages: string[], fn: (s: LabelServer, dir: string) => Promise<T>, options: Parameters<typeof startLabelServer>[1] = {}): Promise<T> {
  const c = await tempCorpus(pages);
  const s = await startLabelServer(await Workspace.open(c.dir), options);
  try {
    return await fn(s, c.dir);
  } finally {
    await s.close();
    await c.cleanup();
  }
}

/** Streams a body of `[` bytes (a JSON bomb's start) to the label server in 1 MiB chunks; see streamUntilAnswered. */
function streamToServer(s: LabelServer, path: string, total: number, declared?: number): Promise<StreamAnswer> {
  const headers: Record<string, string> = { host: `127.0.0.1:${s.port}`, ...writeHeaders(s) };
  if (declared !== undefined) headers['content-length'] = String(declared);
  return streamUntilAnswered(s.port, path, total, headers, 0x5b, 1024 * 1024);
}

test('import: a declared 200 MB body is refused with 413 before any of it is read', { timeout: 30_000 }, async () => {
  await withServer(['second.html'], async (s) => {
    // Only 1 MiB of the declared 200 MB is ever sent: the answer must not wait for the rest.
    const r = await streamToServer(s, '/api/import', 1024 * 1024, 200_000_000);
    assert.equal(r.status, 413);
    assert.match(JSON.parse(r.body).error, /above the limit of 67108864 bytes/);
    assert.equal((await http(s.port, 'GET', '/api/queue', s.authHeaders)).status, 200, 'the server lives on');
  });
});

test('import: a chunked body is refused once past the limit (413 while the client still sends), no 200 MB buffered', { timeout: 60_000 }, async () => {
  await withServer(['second.html'], async (s) => {
    const before = process.memoryUsage().arrayBuffers;
    const r = await streamToServer(s, '/api/import', 200 * 1024 * 1024);
    assert.equal(r.status, 413);
    assert.match(JSON.parse(r.body).error, /request body above the limit/);
    assert.ok(r.sentBeforeAnswer < 200 * 1024 * 1024, `answered after ${r.sentBeforeAnswer} bytes, before the body ended`);
    assert.ok(r.sentBeforeAnswer > MAX_BUNDLE_BYTES, 'the limit is 64 MiB');
    assert.ok(process.memoryUsage().arrayBuffers - before < 150 * 1024 * 1024, 'the refused body was not kept');
    assert.equal((await http(s.port, 'GET', '/api/queue', s.authHeaders)).status, 200, 'the server lives on');
  });
});

test('import: JSON bombs under the byte limit (deep nesting, millions of values) get a clear error, not a crash', { timeout: 60_000 }, async () => {
  await withServer(['second.html'], async (s) => {
    const w = writeHeaders(s);
    const deep = `{"format":"pith-corpus-bundle","version":1,"pages":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    const r1 = await http(s.port, 'POST', '/api/import', w, deep);
    assert.equal(r1.status, 400);
    assert.match(r1.json().error, /nested deeper than 64 levels/);
    const wide = `{"format":"pith-corpus-bundle","version":1,"pages":[${'[],'.repeat(3_000_000)}[]]}`;
    const r2 = await http(s.port, 'POST', '/api/import', w, wide);
    assert.equal(r2.status, 413);
    assert.match(r2.json().error, /more than 2000000 values/);
    const save = await http(s.port, 'PUT', '/api/pages/second/labels', w, `{"labels":${'['.repeat(100)}${']'.repeat(100)},"baseRevision":0}`);
    assert.equal(save.status, 400);
    assert.equal((await http(s.port, 'GET', '/api/queue', s.authHeaders)).json().pages.length, 1, 'the server lives on');
  });
});

test('pith label --add: a bundle above 64 MiB is refused with exit code 3 before anything is created; a JSON bomb is skipped', { timeout: 60_000 }, async () => {
  const c = await tempCorpus([]);
  try {
    const big = join(c.dir, 'big.pith-bundle.json');
    await writeFile(big, '');
    const { truncate } = await import('node:fs/promises');
    await truncate(big, MAX_BUNDLE_BYTES + 1); // sparse: no disk used
    const target = join(c.dir, 'new-corpus');
    const r = spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'label', target, '--add', big], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 3, `exit ${r.status} ${r.signal ?? ''}: ${r.stderr}`);
    assert.match(r.stderr, /above the limit of 67108864 \(64 MiB\)/);
    assert.equal(existsSync(target), false, 'no corpus was created');
    // A bundle file under the limit that is a JSON bomb is skipped with the reason, no crash.
    const bomb = join(c.dir, 'deep.pith-bundle.json');
    await writeFile(bomb, `{"format":"pith-corpus-bundle","version":1,"pages":${'['.repeat(500_000)}${']'.repeat(500_000)}}`);
    const added = await addToCorpus(c.dir, [bomb]);
    assert.equal(added.added.length, 0);
    assert.match(added.skipped[0]?.reason ?? '', /nested deeper than 64 levels/);
  } finally {
    await c.cleanup();
  }
});

test('a lock left by a crashed save (owner pid gone) is taken over at once; a live owner\'s lock is kept', { timeout: 30_000 }, async () => {
  await withServer(['second.html'], async (s, dir) => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const lock = join(dir, 'labels', 'second.json.lock');
    await writeFile(lock, `${dead} ${new Date().toISOString()}\n`); // fresh: the 30 s age rule would block
    const view = (await http(s.port, 'GET', '/api/pages/second', s.authHeaders)).json();
    const r = await http(s.port, 'PUT', '/api/pages/second/labels', writeHeaders(s), JSON.stringify({ labels: view.blocks.map(() => 'other'), baseRevision: 0 }));
    assert.equal(r.status, 200, r.body);
    assert.equal(r.json().revision, 1);
    assert.equal(existsSync(lock), false);

    // A lock whose owner is alive stays; once the owner is gone it is taken over.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(lock, `${child.pid} ${new Date().toISOString()}\n`);
      assert.equal(await takeOverDeadLock(join(dir, 'labels', 'second.json')), false);
      assert.equal(existsSync(lock), true);
    } finally {
      const exited = new Promise((res) => child.once('exit', res));
      child.kill();
      await exited;
    }
    assert.equal(await takeOverDeadLock(join(dir, 'labels', 'second.json')), true);
    assert.equal(existsSync(lock), false);
  });
  assert.equal(lockOwnerPid('1234 2026-01-01T00:00:00Z\n'), 1234);
  assert.equal(lockOwnerPid('{"pid": 77}'), 77);
  assert.equal(lockOwnerPid('0 x'), undefined);
  assert.equal(lockOwnerPid('garbage'), undefined);
});

test('one corrupt labels file: queue and export work for every other page and name the bad file', { timeout: 30_000 }, async () => {
  await withServer(['article.html', 'second.html'], async (s, dir) => {
    const w = writeHeaders(s);
    const view = (await http(s.port, 'GET', '/api/pages/article', s.authHeaders)).json();
    const saved = await http(s.port, 'PUT', '/api/pages/article/labels', w, JSON.stringify({ labels: view.blocks.map((_: unknown, i: number) => (i === 1 ? 'title' : 'other')), baseRevision: 0 }));
    assert.equal(saved.status, 200);
    const bad = join(dir, 'labels', 'second.json');
    await writeFile(bad, '{"format": "pith-labels", "version": 1, "pageId": "sec');

    const q = await http(s.port, 'GET', '/api/queue', s.authHeaders);
    assert.equal(q.status, 200, q.body);
    assert.deepEqual(q.json().pages.map((p: { id: string }) => p.id).sort(), ['article', 'second']);
    assert.deepEqual(q.json().unreadable.map((p: { file: string }) => p.file), ['labels/second.json']);
    assert.match(q.json().unreadable[0].reason, /malformed JSON/);

    const exp = await http(s.port, 'GET', '/api/export', s.authHeaders);
    assert.equal(exp.status, 200, exp.body);
    assert.equal(exp.headers['x-pith-warnings'], '1');
    const bundle = exp.json();
    assert.equal(bundle.pages.find((p: { id: string }) => p.id === 'article').labels.revision, 1);
    assert.equal(bundle.pages.find((p: { id: string }) => p.id === 'second').labels, undefined);
    assert.equal(bundle.warnings[0].file, 'labels/second.json');

    // The bad page says why it cannot be labelled, and a save never overwrites the file.
    const v = await http(s.port, 'GET', '/api/pages/second', s.authHeaders);
    assert.equal(v.status, 400);
    assert.match(v.json().error, /labels\/second.json is unreadable/);
    assert.equal((await http(s.port, 'GET', '/api/pages/article', s.authHeaders)).status, 200);
    assert.equal(await readFile(bad, 'utf8'), '{"format": "pith-labels", "version": 1, "pageId": "sec');
    // Retraining reads the same tolerant listing: the good page trains, the bad file is named.
    const { corpus, problems } = await labelledCorpus(dir);
    assert.deepEqual(corpus.pages.map((p) => p.id), ['article']);
    assert.deepEqual(problems.map((p) => p.file), ['labels/second.json']);
  });
});

test('retrain writes a new model into the corpus, atomically, never over the --model file (the bundled model in the README)', { timeout: 120_000 }, async () => {
  const c = await tempCorpus();
  const model = join(c.dir, '..', `${c.dir.split('/').pop()}-input.model.json.gz`);
  await copyFile(join(repoRoot, 'models', 'default.model.json.gz'), model);
  const before = { sha: await sha(model), mtime: (await stat(model)).mtimeMs };
  const s = await startLabelServer(await Workspace.open(c.dir), { retrain: createRetrainer({ corpusDir: c.dir, modelPath: model }) });
  try {
    const empty = await http(s.port, 'POST', '/api/retrain', writeHeaders(s), '{}');
    assert.equal(empty.status, 200, empty.body);
    assert.match(empty.json().message, /nothing to train on yet/);
    await labelEveryPage(c.dir);
    const r = await http(s.port, 'POST', '/api/retrain', writeHeaders(s), '{}');
    assert.equal(r.status, 200, r.body);
    const out = join(c.dir, 'retrained.model.json.gz');
    assert.equal(r.json().path, out);
    assert.match(r.json().message, new RegExp(`trained maxent on 2 labelled page\\(s\\) .* -> ${out}`));
    assert.equal(r.json().model, 'retrained.model.json.gz (maxent)');
    assert.equal(await sha(model), before.sha, 'the --model file is unchanged');
    assert.equal((await stat(model)).mtimeMs, before.mtime);
    assert.equal((await loadModel(out)).trainingCorpora[0]?.pages, 2);
    const { readdir } = await import('node:fs/promises');
    assert.deepEqual((await readdir(c.dir)).filter((f) => f.endsWith('.tmp')), [], 'no temp file left');
  } finally {
    await s.close();
    await c.cleanup();
    await import('node:fs/promises').then((f) => f.rm(model, { force: true }));
  }
});

test('a session started on its own retrained model writes the next one beside it, not over it', { timeout: 120_000 }, async () => {
  const c = await tempCorpus();
  try {
    await labelEveryPage(c.dir);
    const first = await createRetrainer({ corpusDir: c.dir })();
    assert.equal(first.path, join(c.dir, 'retrained.model.json.gz'));
    const input = first.path!;
    const before = await sha(input);
    assert.equal(await retrainOutputPath(c.dir, input), join(c.dir, 'retrained-2.model.json.gz'));
    const second = await createRetrainer({ corpusDir: c.dir, modelPath: input })();
    assert.equal(second.path, join(c.dir, 'retrained-2.model.json.gz'));
    assert.equal(await sha(input), before);
  } finally {
    await c.cleanup();
  }
});

test('retrain runs off the event loop: static files and the API answer while it trains', { timeout: 180_000 }, async () => {
  const c = await tempCorpus([]);
  for (let k = 0; k < 8; k++) await addPithPage(c.dir, `long-${k}`, new TextEncoder().encode(longArticle(k, 300)));
  await labelEveryPage(c.dir);
  const s = await startLabelServer(await Workspace.open(c.dir), { retrain: createRetrainer({ corpusDir: c.dir }) });
  try {
    let finished = false;
    const t0 = performance.now();
    let retrainMs = 0;
    const training = http(s.port, 'POST', '/api/retrain', writeHeaders(s), '{}').then((r) => {
      finished = true;
      retrainMs = performance.now() - t0;
      return r;
    });
    // Poll a static file until the retrain answers. Client and server share this process's
    // event loop, so a blocked loop shows as a long gap between two answers.
    const answeredAt: number[] = [t0];
    let answeredDuring = 0;
    while (!finished) {
      const r = await http(s.port, 'GET', '/app/main.js');
      assert.equal(r.status, 200);
      answeredAt.push(performance.now());
      if (!finished) answeredDuring++;
      await new Promise((res) => setTimeout(res, 5));
    }
    const r = await training;
    assert.equal(r.status, 200, r.body);
    assert.match(r.json().message, /on 8 labelled page/);
    assert.ok(answeredDuring >= 3, `only ${answeredDuring} static request(s) answered while retraining`);
    // Relative, not absolute: the longest stall is a small part of the retrain (training on
    // the event loop stalled it for 40-55 % of the retrain on this corpus).
    const gaps = answeredAt.slice(1).map((t, i) => t - answeredAt[i]!);
    const longest = Math.max(...gaps);
    assert.ok(longest < retrainMs / 5, `the event loop stalled ${longest.toFixed(0)} ms of a ${retrainMs.toFixed(0)} ms retrain`);
    assert.equal((await http(s.port, 'GET', '/api/queue', s.authHeaders)).json().model, 'retrained.model.json.gz (maxent)');
  } finally {
    await s.close();
    await c.cleanup();
  }
});

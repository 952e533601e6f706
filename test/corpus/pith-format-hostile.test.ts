/**
 * pith's corpus format against hostile or damaged folders: crash-left locks, corrupt labels
 * files, symbolic links leading out of the corpus. One bad file leaves its page out (listed in
 * `Corpus.skipped`), never the whole corpus; a link out of the corpus is never read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';
import { addPithPage, annotationsFromLabels, createPithCorpus, openCorpus } from '../../src/corpus/index.js';
import { readPageLabels, readPithPages, savePageLabels, withLock } from '../../src/corpus/pith-format.js';
import { isPithError } from '../../src/errors.js';
import { loadPage } from '../../src/page.js';

const HTML = new TextEncoder().encode('<html><head><title>T</title></head><body><nav><a href="/">Home</a></nav><h1>Headline here</h1><p>Body text <b>with bold</b> words.</p><p>Second paragraph.</p><footer>Legal</footer></body></html>');
const LABELS = ['other', 'title', 'body', 'body', 'other'] as const;
const SECRET = 'TOP-SECRET-OUTSIDE-THE-CORPUS';

async function withTemp(fn: (base: string) => Promise<void>): Promise<void> {
  const base = await mkdtemp(join(tmpdir(), 'pith-hostile-'));
  try {
    await fn(base);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

/** A corpus in `<base>/c` with pages p1..pN, all labelled. */
async function corpusWith(base: string, ids: readonly string[]): Promise<string> {
  const dir = join(base, 'c');
  await createPithCorpus(dir, { name: 'hostile', use: 'train' });
  const annotations = annotationsFromLabels(loadPage(HTML), LABELS, false);
  for (const id of ids) {
    await addPithPage(dir, id, HTML, { url: `https://example.org/${id}` });
    await savePageLabels(dir, id, { title: 'Headline here', annotations, gold: { mainText: 'Body text with bold words.\nSecond paragraph.' } }, { expectedRevision: 0 });
  }
  return dir;
}

/** The id of a process that has exited (checked: signalling it fails with ESRCH). */
function deadPid(): number {
  for (let i = 0; i < 5; i++) {
    const r = spawnSync(process.execPath, ['-e', '']);
    const pid = r.pid;
    try {
      process.kill(pid, 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
  throw new Error('could not find a dead pid');
}

const save = (dir: string, id: string, expectedRevision: number, lockTimeoutMs?: number) =>
  savePageLabels(dir, id, { annotations: [] }, { expectedRevision, ...(lockTimeoutMs !== undefined ? { lockTimeoutMs } : {}) });

test('a lock left by a crashed process (dead pid) is taken over at once', async () => {
  await withTemp(async (base) => {
    const dir = await corpusWith(base, ['p1']);
    const lock = join(dir, 'labels', 'p1.json.lock');
    // The older format (`<pid> <time>`) and the current one (`<pid> <time> <host> <nonce>`), both fresh.
    for (const [i, text] of [`${deadPid()} ${new Date().toISOString()}\n`, `${deadPid()} ${new Date().toISOString()} ${encodeURIComponent(hostname())} abc\n`].entries()) {
      await writeFile(lock, text);
      // No time to wait at all: a lock that had to be waited out would fail this save with CONFLICT.
      const saved = await save(dir, 'p1', 1 + i, 0);
      assert.equal(saved.revision, 2 + i);
      await assert.rejects(readFile(lock), { code: 'ENOENT' }, 'the lock is released after the save');
    }
    assert.deepEqual((await readdir(join(dir, 'labels'))).sort(), ['p1.json'], 'no temp or aside files left');
  });
});

test('a lock records its owner pid while it is held', async () => {
  await withTemp(async (base) => {
    const lockPath = join(base, 'x.json.lock');
    const seen = await withLock(join(base, 'x.json'), () => readFile(lockPath, 'utf8'));
    assert.match(seen, new RegExp(`^${process.pid} \\d{4}-\\d\\d-\\d\\dT\\S+ \\S+ [0-9a-f]+\\n$`));
    await assert.rejects(readFile(lockPath), { code: 'ENOENT' });
  });
});

test('a lock a live process holds is respected: the save waits, then fails clearly, the lock untouched', async () => {
  await withTemp(async (base) => {
    const dir = await corpusWith(base, ['p1']);
    const lock = join(dir, 'labels', 'p1.json.lock');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      for (const pid of [process.pid, child.pid!]) {
        const text = `${pid} ${new Date().toISOString()}\n`;
        await writeFile(lock, text);
        const t0 = Date.now();
        await assert.rejects(save(dir, 'p1', 1, 300), (e) =>
          isPithError(e) && e.code === 'CONFLICT' && e.subject === lock && new RegExp(`locked by another save \\(process ${pid}\\b`).test(e.message));
        assert.ok(Date.now() - t0 >= 250, 'waited for the timeout');
        assert.equal(await readFile(lock, 'utf8'), text, 'the live lock is left as it was');
      }
      // Released: the save goes through.
      await rm(lock);
      assert.equal((await save(dir, 'p1', 1, 300)).revision, 2);
    } finally {
      child.kill();
    }
  });
});

test('a lock naming no process is judged by its age', async () => {
  await withTemp(async (base) => {
    const dir = await corpusWith(base, ['p1']);
    const lock = join(dir, 'labels', 'p1.json.lock');
    await writeFile(lock, 'garbage\n');
    await assert.rejects(save(dir, 'p1', 1, 200), (e) => isPithError(e) && e.code === 'CONFLICT');
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    assert.equal((await save(dir, 'p1', 1, 200)).revision, 2);
  });
});

test('corrupt labels files (bad JSON, wrong shape, binary) leave only their page out, reported', async () => {
  await withTemp(async (base) => {
    const dir = await corpusWith(base, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    await addPithPage(dir, 'p7', HTML); // no labels: a page all the same
    await writeFile(join(dir, 'labels', 'p2.json'), '{"format": "pith-labels", "version": 1, ');
    await writeFile(join(dir, 'labels', 'p3.json'), '{"format": "pith-labels", "version": 1, "pageId": "p3", "revision": 1, "annotations": {"not": "a list"}}');
    await writeFile(join(dir, 'labels', 'p4.json'), Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x01, 0x80, 0x90]));
    await writeFile(join(dir, 'labels', 'p5.json'), '[1, 2, 3]');
    await writeFile(join(dir, 'pages', 'p6.json'), '"not an object"'); // the page's URL file, equally corrupt
    const direct = await readPithPages(dir);
    const corpus = await openCorpus(dir);
    for (const r of [direct, corpus]) {
      assert.deepEqual(r.pages.map((p) => p.id), ['p1', 'p7']);
      assert.deepEqual((r.skipped ?? []).map((s) => s.id), ['p2', 'p3', 'p4', 'p5', 'p6']);
    }
    const by = new Map((corpus.skipped ?? []).map((s) => [s.id, s]));
    assert.match(by.get('p2')!.reason, /malformed JSON/);
    assert.match(by.get('p3')!.reason, /annotations must be a list/);
    assert.match(by.get('p4')!.reason, /malformed JSON/);
    assert.match(by.get('p5')!.reason, /format must be "pith-labels"/);
    assert.match(by.get('p6')!.reason, /must be a JSON object/);
    for (const id of ['p2', 'p3', 'p4', 'p5']) assert.equal(by.get(id)!.path, join(dir, 'labels', `${id}.json`));
    assert.equal(by.get('p6')!.path, join(dir, 'pages', 'p6.json'));
    assert.equal(corpus.pages[0]!.gold.annotations?.length, LABELS.filter((l) => l !== 'other').length);
  });
});

test('symbolic links leading outside the corpus are not read; links inside it are followed', async () => {
  await withTemp(async (base) => {
    const dir = await corpusWith(base, ['p1', 'p2']);
    const outside = join(base, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'secret.html'), `<p>${SECRET}</p>`);
    await writeFile(join(outside, 'p2.json'), JSON.stringify({ format: 'pith-labels', version: 1, pageId: 'p2', revision: 1, title: SECRET, annotations: [] }));
    await writeFile(join(outside, 'meta.json'), JSON.stringify({ url: `https://${SECRET}.example/` }));
    // A page that is a link out; a labels file that is a link out; a URL file that is a link out.
    await symlink(join(outside, 'secret.html'), join(dir, 'pages', 'leak.html'));
    await rm(join(dir, 'labels', 'p2.json'));
    await symlink(join(outside, 'p2.json'), join(dir, 'labels', 'p2.json'));
    await addPithPage(dir, 'p3', HTML);
    await symlink(join(outside, 'meta.json'), join(dir, 'pages', 'p3.json'));
    // A dangling link, and a link that stays inside the corpus (followed).
    await symlink(join(base, 'nowhere.html'), join(dir, 'pages', 'dangling.html'));
    await mkdir(join(dir, 'store'));
    await writeFile(join(dir, 'store', 'kept.html'), HTML);
    await symlink(join('..', 'store', 'kept.html'), join(dir, 'pages', 'inside.html'));

    const corpus = await openCorpus(dir);
    assert.deepEqual(corpus.pages.map((p) => p.id), ['inside', 'p1']);
    const inside = corpus.pages.find((p) => p.id === 'inside')!;
    assert.equal(await readFile(inside.htmlPath, 'utf8'), new TextDecoder().decode(HTML));
    assert.deepEqual((corpus.skipped ?? []).map((s) => [s.id, s.path.slice(dir.length + 1)]), [
      ['dangling', join('pages', 'dangling.html')],
      ['leak', join('pages', 'leak.html')],
      ['p2', join('labels', 'p2.json')],
      ['p3', join('pages', 'p3.json')],
    ]);
    for (const s of corpus.skipped ?? []) {
      assert.match(s.reason, s.id === 'dangling' ? /leads nowhere/ : /symbolic link that leads outside the corpus folder; not read/);
      assert.ok(!s.reason.includes(SECRET));
    }
    assert.ok(!JSON.stringify(corpus).includes(SECRET));
    await assert.rejects(readPageLabels(dir, 'p2'), (e) => isPithError(e) && e.code === 'BAD_CORPUS' && !e.message.includes(SECRET));
    // A save never writes through the link, and never reads what it points to.
    await assert.rejects(save(dir, 'p2', 1), (e) => isPithError(e) && e.code === 'BAD_CORPUS');
    assert.match(await readFile(join(outside, 'p2.json'), 'utf8'), new RegExp(SECRET));
  });
});

test('a labels folder that is a link out of the corpus: nothing is read or written there', async () => {
  await withTemp(async (base) => {
    const dir = await corpusWith(base, ['p1']);
    const elsewhere = join(base, 'elsewhere');
    await mkdir(elsewhere);
    await rm(join(dir, 'labels'), { recursive: true });
    await symlink(elsewhere, join(dir, 'labels'));
    await assert.rejects(save(dir, 'p1', 0), (e) => isPithError(e) && e.code === 'BAD_CORPUS' && /outside the corpus/.test(e.message));
    assert.deepEqual(await readdir(elsewhere), []);
    await writeFile(join(elsewhere, 'p1.json'), JSON.stringify({ format: 'pith-labels', version: 1, pageId: 'p1', revision: 1, title: SECRET, annotations: [] }));
    const corpus = await openCorpus(dir);
    assert.deepEqual(corpus.pages, []);
    assert.deepEqual((corpus.skipped ?? []).map((s) => s.id), ['p1']);
  });
});

test('pith eval on a corpus with a corrupt labels file and a link out of it exits 0', async () => {
  await withTemp(async (base) => {
    const dir = await corpusWith(base, ['p1', 'p2', 'p3']);
    await writeFile(join(dir, 'labels', 'p2.json'), '\u0000\u0001 not json');
    await writeFile(join(base, 'secret.html'), `<p>${SECRET}</p>`);
    await symlink(join(base, 'secret.html'), join(dir, 'pages', 'leak.html'));
    const r = spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'eval', dir, '--extractor', 'all-text'], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, `stdout: ${r.stdout}\nstderr: ${r.stderr}`);
    assert.ok(!(r.stdout + r.stderr).includes(SECRET));
  });
});

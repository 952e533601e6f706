/**
 * Symbolic links never lead the annotation tool out of the folder it reads: adding a folder
 * of pages or another corpus, listing the queue, showing a frame and exporting a bundle all
 * refuse a link to a file outside, with a message, and never copy its bytes.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workspace } from '../../src/annotate/workspace.js';
import { startLabelServer } from '../../src/annotate/server.js';
import { addToCorpus } from '../../src/annotate/add-pages.js';
import { exportBundle } from '../../src/annotate/bundle.js';
import { createPithCorpus } from '../../src/corpus/pith-format.js';
import { fixture } from '../helpers/paths.js';
import { http, tempCorpus } from './helpers.js';

const SECRET = 'SECRET-7f3a-do-not-copy';
let scratch: string;
let outside: string;

before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'pith-links-'));
  outside = join(scratch, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'secret.html'), `<!DOCTYPE html><html><body><h1>Private</h1><p>${SECRET}</p></body></html>`);
});
after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Every stored byte of a corpus, to look for the secret in. */
async function corpusText(dir: string): Promise<string> {
  let all = '';
  for (const sub of ['pages', 'labels']) {
    for (const f of await readdir(join(dir, sub)).catch(() => [] as string[])) all += await readFile(join(dir, sub, f), 'latin1').catch(() => '');
  }
  return all;
}

test('adding a folder: a link to a file outside it is skipped with a message; a link inside it is followed', async () => {
  const src = join(scratch, 'saved-pages');
  await mkdir(join(src, 'sub'), { recursive: true });
  await copyFile(fixture('annotate', 'article.html'), join(src, 'article.html'));
  await copyFile(fixture('annotate', 'second.html'), join(src, 'sub', 'second.html'));
  await symlink(join(src, 'sub', 'second.html'), join(src, 'again.html'));
  await symlink(join(outside, 'secret.html'), join(src, 'leak.html'));
  await symlink(outside, join(src, 'linked-folder'));
  const c = await tempCorpus([]);
  try {
    const r = await addToCorpus(c.dir, [src]);
    assert.deepEqual([...r.added].sort(), ['again', 'article', 'sub-second']);
    const leak = r.skipped.find((s) => s.source.endsWith('leak.html'));
    assert.ok(leak, JSON.stringify(r.skipped));
    assert.match(leak.reason, /symbolic link leads out of .*saved-pages: not followed/);
    const folder = r.skipped.find((s) => s.source.endsWith('linked-folder'));
    assert.match(folder?.reason ?? '', /symbolic link to a folder: not followed/);
    assert.doesNotMatch(await corpusText(c.dir), new RegExp(SECRET));
  } finally {
    await c.cleanup();
  }
});

test('a corpus whose page is a link out of it: --add, the queue, the frame and export never read the linked file', async () => {
  const other = join(scratch, 'other-corpus');
  await createPithCorpus(other, { name: 'other', use: 'train' });
  await copyFile(fixture('annotate', 'second.html'), join(other, 'pages', 'second.html'));
  await symlink(join(outside, 'secret.html'), join(other, 'pages', 'secret.html'));

  // --add <other corpus>: the real page comes, the linked one is skipped with a message.
  const c = await tempCorpus([]);
  try {
    const r = await addToCorpus(c.dir, [other]);
    assert.equal(r.added.length, 1);
    assert.ok(r.skipped.some((s) => /secret\.html/.test(s.source) && /symbolic link leads out of/.test(s.reason)), JSON.stringify(r.skipped));
    assert.doesNotMatch(await corpusText(c.dir), new RegExp(SECRET));
  } finally {
    await c.cleanup();
  }

  // Export (the bundle a corpus hands on) leaves it out and says so.
  const bundle = await exportBundle(other);
  assert.deepEqual(bundle.pages.map((p) => p.id), ['second']);
  assert.doesNotMatch(JSON.stringify(bundle), new RegExp(Buffer.from(SECRET).toString('base64').slice(0, 12)));
  assert.match(JSON.stringify(bundle.warnings), /pages\/secret.html.*symbolic link leads out of/);

  // Labelling the corpus in place: listed as unreadable, never shown.
  const s = await startLabelServer(await Workspace.open(other));
  try {
    const q = (await http(s.port, 'GET', '/api/queue', s.authHeaders)).json();
    assert.deepEqual(q.pages.map((p: { id: string }) => p.id), ['second']);
    assert.equal(q.unreadable[0].file, 'pages/secret.html');
    for (const path of ['/api/pages/secret', '/api/pages/secret/frame', '/api/export']) {
      const r = await http(s.port, 'GET', path, s.authHeaders);
      assert.doesNotMatch(r.body, new RegExp(SECRET), path);
    }
  } finally {
    await s.close();
  }
});

test('a labels file that links out of the corpus is reported, not read', async () => {
  const c = await tempCorpus(['second.html']);
  try {
    const foreign = join(outside, 'labels.json');
    await writeFile(foreign, JSON.stringify({ format: 'pith-labels', version: 1, pageId: 'second', revision: 3, annotations: [{ label: 'title', text: SECRET, path: '/html/body' }] }));
    await symlink(foreign, join(c.dir, 'labels', 'second.json'));
    const bundle = await exportBundle(c.dir);
    assert.equal(bundle.pages[0]?.labels, undefined);
    assert.doesNotMatch(JSON.stringify(bundle), new RegExp(SECRET));
    assert.match(JSON.stringify(bundle.warnings), /labels\/second.json/);
  } finally {
    await c.cleanup();
  }
});

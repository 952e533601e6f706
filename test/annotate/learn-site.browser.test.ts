/**
 * "Learn this site" in real headless Chromium (playwright-core): label two pages of a host
 * with the usual clicks and keys, learn the site, check the wrapper's extraction on a third
 * page, correct a wrongly kept ad paragraph with a click and a key, and check the view, the
 * stored labels and the stored rules. Skips when no Chromium is installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readPageLabels } from '../../src/corpus/pith-format.js';
import { AD, HOST, para, SITE_PAGES, siteCorpus } from './site-pages.js';
import { withLabelApp } from './browser-app.js';



interface Snap {
  id: string;
  labels: string[];
  revision: number;
  state: string;
  source: string | null;
  host: string | null;
  sitePages: { id: string; body: number; labelled: boolean }[];
}

test('the annotation tool learns a site from two labelled pages, shows its extraction and takes a correction', { timeout: 90_000 }, async (t) => {
  await withLabelApp(t, () => siteCorpus(), async ({ c, srv, browser }) => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const snap = () => page.evaluate(() => (window as any).pithApp.snapshot()) as Promise<Snap>;
    const frame = page.frameLocator('#frame');
    await page.goto(`${srv.url}#a-mill`);
    await page.waitForSelector('body[data-ready="a-mill"]');
    assert.equal((await snap()).host, HOST);
    assert.equal(await page.isVisible('#learn-site'), false, 'no offer before two labelled pages');

    // Label two pages with the existing interactions: click + key, shift+click range + key, save.
    for (const s of SITE_PAGES.slice(0, 2)) {
      if ((await snap()).id !== s.id) {
        await page.click(`#queue li[data-id="${s.id}"]`);
        await page.waitForSelector(`body[data-ready="${s.id}"]`);
      }
      await frame.locator('h1').click();
      await page.keyboard.press('t');
      await frame.locator('p', { hasText: s.paras[0]! }).click();
      await frame.locator('p', { hasText: s.paras[s.paras.length - 1]! }).click({ modifiers: ['Shift'] });
      await page.keyboard.press('b');
      await page.keyboard.press('s');
      await page.waitForFunction(() => (window as any).pithApp.snapshot().state === 'saved');
      const saved = await readPageLabels(c.dir, s.id);
      assert.equal(saved?.title, s.title);
    }
    await page.waitForSelector('#learn-site:not([hidden])');
    assert.match((await page.textContent('#learn-site')) ?? '', /learn this site \(courier\.example\)/);

    // Learn: the app opens the first page not labelled, as the wrapper labels it.
    await page.click('#learn-site');
    await page.waitForSelector('body[data-ready="c-wall"]');
    let s = await snap();
    assert.equal(s.source, 'wrapper');
    assert.equal(s.state, 'new');
    assert.equal(await page.textContent('#source'), "the wrapper's extraction");
    const texts = await page.$$eval('#blocks li .txt', (els) => els.map((e) => e.textContent ?? ''));
    const kept = (labels: string[], l: string) => texts.filter((_, i) => labels[i] === l);
    assert.deepEqual(kept(s.labels, 'title'), ['Harbour wall repaired']);
    assert.deepEqual(kept(s.labels, 'body'), [para(8), AD, para(9), para(10)], 'the ad paragraph is kept wrongly');
    assert.equal(await frame.locator('p.promo[data-pith-label="body"], p.promo [data-pith-label="body"]').count(), 1);
    // The site pane lists the host's pages with the blocks kept as body.
    await page.waitForSelector('#site-pane:not([hidden]) #site-pages li[data-id="d-lifeboat"]');
    assert.deepEqual(s.sitePages.map((p) => [p.id, p.body, p.labelled]), [['a-mill', 3, true], ['b-ferry', 4, true], ['c-wall', 4, false], ['d-lifeboat', 5, false]]);
    const rulesBefore = JSON.parse(await readFile(join(c.dir, 'sites', `${HOST}.wrapper.json`), 'utf8')).body.rules;
    assert.equal(await page.isChecked('#correct'), true, 'correct mode is on after learning');

    // Correct: click the wrongly kept ad, press o. The page is saved, the rules relearned.
    await frame.locator('p.promo').click();
    await page.keyboard.press('o');
    await page.waitForFunction(() => (window as any).pithApp.snapshot().revision === 1);
    s = await snap();
    assert.equal(s.state, 'saved');
    assert.deepEqual(kept(s.labels, 'body'), [para(8), para(9), para(10)]);
    assert.equal(await frame.locator('p.promo[data-pith-label="other"], p.promo [data-pith-label="other"]').count(), 1);
    assert.match((await page.textContent('#message')) ?? '', /specialised/);
    const saved = await readPageLabels(c.dir, 'c-wall');
    assert.equal(saved?.revision, 1);
    assert.ok(!saved!.annotations.some((a) => a.label === 'body' && a.text.includes('Advertisement')));
    const stored = JSON.parse(await readFile(join(c.dir, 'sites', `${HOST}.wrapper.json`), 'utf8'));
    assert.notDeepEqual(stored.body.rules, rulesBefore);
    assert.deepEqual(stored.pages, ['a-mill', 'b-ferry', 'c-wall']);
    assert.ok(stored.body.rules.some((r: { label: string; steps: { cls?: string }[] }) => r.label === 'body' && r.steps[r.steps.length - 1]!.cls === ''));
    // The fourth page, with the same ad elsewhere: fixed too, in the pane and when opened.
    await page.waitForSelector('#site-pages li[data-id="d-lifeboat"][data-body="4"]');
    await page.click('#site-pages li[data-id="d-lifeboat"]');
    await page.waitForSelector('body[data-ready="d-lifeboat"]');
    s = await snap();
    assert.equal(s.source, 'wrapper');
    const texts4 = await page.$$eval('#blocks li .txt', (els) => els.map((e) => e.textContent ?? ''));
    assert.deepEqual(texts4.filter((_, i) => s.labels[i] === 'body'), SITE_PAGES[3]!.paras);
    assert.deepEqual(errors, []);
  });
});

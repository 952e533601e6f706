/**
 * Field mode in real headless Chromium with a value read from an attribute: point at the cover
 * image on two pages (its alt is the title), and the third page's cover is highlighted.
 * Skips when no Chromium is installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withLabelApp } from './browser-app.js';
import { BOOKS, bookCorpus } from './field-pages.js';

test('field mode: an image pointed at gives its alt as the value; the rules read it on the third page, whose image is highlighted', { timeout: 90_000 }, async (t) => {
  await withLabelApp(t, bookCorpus, async ({ srv, browser }) => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const snap = () => page.evaluate(() => (window as any).pithApp.snapshot()) as Promise<{ id: string; fields: { extracted: Record<string, { value: string }[]>; examples: Record<string, string[]> } | null }>;
    const shown = () => page.evaluate(() => Number(document.body.dataset['fields'] ?? 0));
    const frame = page.frameLocator('#frame');

    await page.goto(`${srv.url}#b1`);
    await page.waitForSelector('body[data-ready="b1"]');
    await page.check('#field-mode');
    await page.waitForSelector('#field-pane:not([hidden])');
    await page.fill('#field-name', 'title');
    for (const [id, title] of BOOKS.slice(0, 2)) {
      if ((await snap()).id !== id) {
        await page.click(`#queue li[data-id="${id}"]`);
        await page.waitForSelector(`body[data-ready="${id}"]`);
      }
      const before = await shown();
      await frame.locator('img').click();
      await page.click('#field-add');
      await page.waitForFunction((n) => Number(document.body.dataset['fields'] ?? 0) > n, before);
      assert.deepEqual((await snap()).fields?.examples, { title: [title] });
    }
    const before = await shown();
    await page.click('#queue li[data-id="b3"]');
    await page.waitForSelector('body[data-ready="b3"]');
    await page.waitForFunction((n) => Number(document.body.dataset['fields'] ?? 0) > n, before);
    assert.deepEqual((await snap()).fields?.extracted['title']!.map((v) => v.value), ['Counting Seals']);
    assert.deepEqual(await frame.locator('[data-pith-field="title"]').evaluateAll((els) => els.map((e) => `${e.tagName.toLowerCase()} ${e.getAttribute('alt')}`)), ['img Counting Seals']);
    assert.deepEqual(errors, []);
  });
});

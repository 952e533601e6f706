/**
 * Field mode in real headless Chromium (playwright-core): point at the price on two pages,
 * see the rules' values highlighted on the third, mark the wrongly taken former price wrong,
 * save, and check the fields files. Skips when no Chromium is installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withLabelApp } from './browser-app.js';
import { PRODUCTS, shopCorpus } from './field-pages.js';

interface Snap {
  id: string;
  fields: { extracted: Record<string, { value: string; blocks: number[]; example: boolean }[]>; examples: Record<string, string[]> } | null;
}

test('field mode: two pointed values teach the field, the third page is highlighted, a wrong value is corrected, save writes fields/', { timeout: 90_000 }, async (t) => {
  await withLabelApp(t, () => shopCorpus(), async ({ c, srv, browser }) => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const snap = () => page.evaluate(() => (window as any).pithApp.snapshot()) as Promise<Snap>;
    const shown = () => page.evaluate(() => Number(document.body.dataset['fields'] ?? 0));
    const frame = page.frameLocator('#frame');
    const highlighted = () => frame.locator('[data-pith-field="price"]').allTextContents();
    // A page opened in field mode loads its preview on its own (and counts it in data-fields): a
    // count read before that load lands would be passed by the load, not by the change waited for.
    const previewLoaded = () => page.waitForFunction(() => (window as any).pithApp.snapshot().fields !== null);

    await page.goto(`${srv.url}#p1-tides`);
    await page.waitForSelector('body[data-ready="p1-tides"]');
    await page.check('#field-mode');
    await page.waitForSelector('#field-pane:not([hidden])');
    await page.fill('#field-name', 'price');
    await previewLoaded();

    // Point at the price on the first two pages.
    for (const s of PRODUCTS.slice(0, 2)) {
      if ((await snap()).id !== s.id) {
        await page.click(`#queue li[data-id="${s.id}"]`);
        await page.waitForSelector(`body[data-ready="${s.id}"]`);
        await previewLoaded();
      }
      const before = await shown();
      await frame.locator('span.price', { hasText: s.price }).click();
      await page.click('#field-add');
      await page.waitForFunction((n) => Number(document.body.dataset['fields'] ?? 0) > n, before);
      assert.deepEqual((await snap()).fields?.examples, { price: [s.price] });
      assert.deepEqual(await highlighted(), [s.price]);
    }

    // The third page: the learned rules' values are highlighted, the former price among them.
    let before = await shown();
    await page.click('#queue li[data-id="p3-seals"]');
    await page.waitForSelector('body[data-ready="p3-seals"]');
    await page.waitForFunction((n) => Number(document.body.dataset['fields'] ?? 0) > n, before);
    assert.deepEqual(await highlighted(), ['$20.00', '$15.00']);
    assert.deepEqual((await snap()).fields?.extracted['price']!.map((v) => v.value), ['$20.00', '$15.00']);
    assert.deepEqual(await page.$$eval('#field-values li', (els) => els.map((e) => e.textContent)), ['price: $20.00', 'price: $15.00']);

    // Correct: point at the wrong one, "wrong". The rules are induced again; only the price is left.
    before = await shown();
    await frame.locator('span.price', { hasText: '$20.00' }).click();
    await page.click('#field-wrong');
    await page.waitForFunction((n) => Number(document.body.dataset['fields'] ?? 0) > n, before);
    assert.deepEqual(await highlighted(), ['$15.00']);
    assert.match((await page.textContent('#message')) ?? '', /no longer taken/);
    assert.deepEqual((await snap()).fields?.examples, { price: ['$15.00'] });
    assert.equal(await frame.locator('[data-pith-field="price"][data-pith-example]').count(), 1);

    await page.click('#field-save');
    await page.waitForSelector('body[data-fields-saved="3"]');
    assert.deepEqual(JSON.parse(await readFile(join(c.dir, 'fields', 'p1-tides.json'), 'utf8')), { price: ['$12.50'] });
    assert.deepEqual(JSON.parse(await readFile(join(c.dir, 'fields', 'p2-gulls.json'), 'utf8')), { price: ['$8.99'] });
    assert.deepEqual(JSON.parse(await readFile(join(c.dir, 'fields', 'p3-seals.json'), 'utf8')), { price: ['$15.00'] });
    assert.equal(await page.isDisabled('#field-save'), true);
    assert.deepEqual(errors, []);
  });
});

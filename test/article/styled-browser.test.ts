/**
 * Styled output in a real browser: a hand-made page with distinctive styles is rendered with
 * computed styles, extracted with the bundled model and written with toStyledHtml; then the
 * original page and the styled article are opened in Chromium at the same viewport (scripts
 * off) and the screenshot of the original's article paragraph is compared pixel by pixel with
 * the styled output's. The plain `toHtml` fragment is the negative control: it must fail the
 * same comparison. With PITH_SCREENSHOTS=dir the compared screenshots, difference pictures and
 * numbers are written there. Skips when Chromium or playwright-core is missing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { findChromium, Renderer } from '../../src/render/renderer.js';
import { loadRenderedPage } from '../../src/batch/render-page.js';
import { extractPage, loadExtractionModel } from '../../src/pipeline/extract.js';
import { toHtml } from '../../src/article/to-html.js';
import { formatStyledResult, toStyledHtml } from '../../src/article/to-styled-html.js';
import { compareImages, decodePng, encodePng, type ImageDifference } from '../helpers/png.js';
import { playwright } from '../helpers/browser.js';

const VIEWPORT = { width: 1280, height: 900 };
const IMAGE_URL = 'https://lanterns.test/images/lantern.png';
/** Mean absolute difference (0-1) under which two screenshots are "the same paragraph". */
const SAME = 0.01;

const LEAD = 'Along the riverbank in the old quarter, a dozen family workshops still stretch dyed silk over bamboo frames by hand, as their grandparents did before them.';

const ORIGINAL = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lantern makers keep an old craft alive | The River Gazette</title>
<style>
  body { margin: 0; background: #d9d4c7; font-family: "DejaVu Sans", sans-serif; }
  nav { background: #22263a; padding: 10px 24px; }
  nav a { color: #fff; margin-right: 16px; font-size: 14px; }
  .column { width: 640px; margin: 32px auto; padding: 24px 32px; background: #f3e6c8; font-family: "DejaVu Serif", serif; }
  h1 { color: #1b4f8c; font-family: "DejaVu Sans", sans-serif; font-size: 34px; line-height: 40px; margin: 0 0 16px; }
  .column p { color: #8b1a1a; font-size: 20px; line-height: 30px; margin: 0 0 18px; letter-spacing: 0.3px; }
  .column a { color: #b5651d; text-decoration: none; font-weight: bold; }
  .column em { font-style: italic; color: #4a2b7a; }
  .column h2 { color: #2e6b3a; font-size: 24px; margin: 24px 0 8px; }
  .column img { display: block; margin: 8px 0 20px; }
  aside { width: 640px; margin: 0 auto; font-size: 13px; color: #555; }
  footer { background: #22263a; color: #ccc; padding: 16px; font-size: 12px; }
</style></head>
<body>
<nav><a href="/">Home</a><a href="/news">News</a><a href="/culture">Culture</a><a href="/about">About us</a></nav>
<div class="column"><article>
<h1>Lantern makers keep an old craft alive</h1>
<p id="lead">${LEAD} They sell them at the <a href="/festival">autumn <em>lantern</em> festival</a>.</p>
<img src="${IMAGE_URL}" alt="A red silk lantern" width="320" height="180">
<p>Each lantern takes a full day of work. The frames are split from fresh bamboo, soaked overnight so that they bend without cracking, and tied at every joint with thin cotton thread before the silk is glued on.</p>
<h2>A trade passed down</h2>
<p>Most of the makers learned the trade from their parents, and several workshops have been run by the same family for more than a century. Tourists now buy most of the lanterns, but the festival orders still matter most to the makers.</p>
<p>The town council plans to open a small museum of the craft next spring, with a workshop where visitors can make a lantern of their own under the guidance of the oldest makers.</p>
</article></div>
<aside><p>Share this story</p><ul><li><a href="/a">More culture stories</a></li><li><a href="/b">Subscribe to our newsletter</a></li></ul></aside>
<footer>Copyright 2026 The River Gazette. All rights reserved.</footer>
</body></html>`;


/** A 320x180 picture: a red disc on a dark ground, so a lost image shows. */
function lanternPng(): Buffer {
  const width = 320;
  const height = 180;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const inside = (x - 160) ** 2 + (y - 90) ** 2 < 70 ** 2;
      data[o] = inside ? 200 : 30;
      data[o + 1] = inside ? 30 : 30 + Math.round((y / height) * 40);
      data[o + 2] = inside ? 40 : 60;
      data[o + 3] = 255;
    }
  }
  return encodePng({ width, height, data });
}

interface Shot {
  /** The article's region: the original's column, the output's <article>. */
  readonly region: Buffer;
  readonly paragraph: Buffer;
  readonly headline: Buffer;
  readonly full: Buffer;
}

/** Opens `html` in a fresh context (scripts off, only the test image served) and takes the screenshots. */
async function shoot(browser: Browser, html: string, png: Buffer, region: string): Promise<Shot> {
  const context: BrowserContext = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, javaScriptEnabled: false });
  try {
    await context.route('**/*', (route) => (route.request().url() === IMAGE_URL
      ? route.fulfill({ status: 200, contentType: 'image/png', body: png })
      : route.abort('blockedbyclient')));
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    const paragraph = await page.locator('p', { hasText: 'Along the riverbank' }).first().screenshot({ type: 'png' });
    const headline = await page.locator('h1').first().screenshot({ type: 'png' });
    const full = await page.screenshot({ type: 'png', fullPage: true });
    return { region: await page.locator(region).first().screenshot({ type: 'png' }), paragraph, headline, full };
  } finally {
    await context.close();
  }
}

const round = (d: ImageDifference): Record<string, unknown> => ({ mean: +d.mean.toFixed(4), changed: +d.changed.toFixed(4), sizeOriginal: d.sizeA, sizeOutput: d.sizeB });

test('styled output looks like the original in Chromium; the plain fragment does not', { timeout: 120_000 }, async (t) => {
  const pw = await playwright();
  if (!pw || !findChromium()) {
    t.skip('no Chromium or playwright-core');
    return;
  }
  const bytes = new TextEncoder().encode(ORIGINAL);
  const renderer = await Renderer.launch({ styles: true, viewport: VIEWPORT });
  let browser: Browser | undefined;
  try {
    const page = await loadRenderedPage(bytes, { renderer }, { url: 'https://lanterns.test/news/lantern-makers' });
    assert.ok(page.layout?.styles && page.layout.styles.length > 0, 'the layout has computed styles');
    const result = extractPage(page, await loadExtractionModel(), { article: { sources: true, images: 'region' } });
    const article = result.article;
    assert.equal(article.title, 'Lantern makers keep an old craft alive');
    const styled = toStyledHtml(article, page.layout!, { tree: page.tree });
    // The CLI's entry gives the same page, building the sources itself when the article has none.
    const plainResult = extractPage(page, await loadExtractionModel(), { article: { images: 'region' } });
    assert.equal(formatStyledResult(plainResult, { article: { images: 'region' } }), styled);
    assert.ok(styled.includes(`src="${IMAGE_URL}"`) && styled.includes('width="320" height="180"'), 'the image, with its drawn size');
    const unstyled = `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>x</title></head>\n<body>\n${toHtml(article)}</body>\n</html>\n`;

    const png = lanternPng();
    const exe = findChromium()!;
    browser = await pw.chromium.launch({ executablePath: exe, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--font-render-hinting=none'] });
    const original = await shoot(browser, ORIGINAL, png, '.column');
    const ours = await shoot(browser, styled, png, 'article');
    const plain = await shoot(browser, unstyled, png, 'article');

    const decode = (b: Buffer) => decodePng(b);
    const styledDiff = compareImages(decode(original.paragraph), decode(ours.paragraph));
    const plainDiff = compareImages(decode(original.paragraph), decode(plain.paragraph));
    const styledTitle = compareImages(decode(original.headline), decode(ours.headline));
    const plainTitle = compareImages(decode(original.headline), decode(plain.headline));
    const styledRegion = compareImages(decode(original.region), decode(ours.region));
    const plainRegion = compareImages(decode(original.region), decode(plain.region));
    const numbers = {
      threshold: SAME,
      region: { styled: round(styledRegion), unstyled: round(plainRegion) },
      paragraph: { styled: round(styledDiff), unstyled: round(plainDiff) },
      headline: { styled: round(styledTitle), unstyled: round(plainTitle) },
    };
    t.diagnostic(JSON.stringify(numbers));

    const dir = process.env['PITH_SCREENSHOTS'];
    if (dir) {
      await mkdir(dir, { recursive: true });
      const files: [string, Buffer | string][] = [
        ['original-paragraph.png', original.paragraph], ['styled-paragraph.png', ours.paragraph], ['unstyled-paragraph.png', plain.paragraph],
        ['original-headline.png', original.headline], ['styled-headline.png', ours.headline], ['unstyled-headline.png', plain.headline],
        ['original-region.png', original.region], ['styled-region.png', ours.region], ['unstyled-region.png', plain.region],
        ['diff-region-styled.png', encodePng(styledRegion.picture)],
        ['original-page.png', original.full], ['styled-page.png', ours.full], ['unstyled-page.png', plain.full],
        ['diff-paragraph-styled.png', encodePng(styledDiff.picture)], ['diff-paragraph-unstyled.png', encodePng(plainDiff.picture)],
        ['styled.html', styled], ['original.html', ORIGINAL], ['numbers.json', JSON.stringify(numbers, null, 2) + '\n'],
      ];
      for (const [name, body] of files) await writeFile(join(dir, name), body);
    }

    assert.deepEqual(styledDiff.sizeA, styledDiff.sizeB, 'the styled paragraph has the original\'s size');
    assert.ok(styledDiff.mean < SAME, `styled paragraph differs by ${styledDiff.mean}`);
    assert.ok(styledTitle.mean < SAME, `styled headline differs by ${styledTitle.mean}`);
    // The negative control: without the styles the same comparison fails, by far.
    assert.ok(plainDiff.mean >= SAME * 5, `unstyled paragraph differs by only ${plainDiff.mean}`);
    assert.ok(plainTitle.mean >= SAME * 5, `unstyled headline differs by only ${plainTitle.mean}`);
    // The whole column (headline, paragraphs, image, subheading, padding, background) too.
    assert.deepEqual(styledRegion.sizeA, styledRegion.sizeB, 'the styled column has the original\'s size');
    assert.ok(styledRegion.mean < SAME, `styled column differs by ${styledRegion.mean}`);
    assert.ok(plainRegion.mean >= SAME * 5, `unstyled column differs by only ${plainRegion.mean}`);
  } finally {
    await browser?.close();
    await renderer.close();
  }
});

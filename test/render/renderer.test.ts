/**
 * The render stage in real headless Chromium: layouts map onto pith's tree element for
 * element, boxes and fonts are what a browser draws, nothing reaches the network or the
 * file system, and hostile pages (loops, dialogs, popups, crashes) fail alone while the
 * next page renders. Skips only when Chromium or playwright-core is missing.
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { findChromium, Renderer } from '../../src/render/renderer.js';
import { loadRenderedPage } from '../../src/batch/render-page.js';
import { boxOf, layoutValue } from '../../src/render/layout.js';
import { elementIds } from '../../src/render/map-elements.js';
import type { Page } from '../../src/page.js';
import { isPithError } from '../../src/errors.js';

async function canRender(t: TestContext): Promise<boolean> {
  if (!findChromium()) {
    t.skip('no Chromium');
    return false;
  }
  try {
    await import('playwright-core');
    return true;
  } catch {
    t.skip('no playwright-core');
    return false;
  }
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

function elementWith(page: Page, tag: string, cls?: string): number {
  const n = page.tree.nodes.find((x) => x.kind === 'element' && x.tag === tag && (cls === undefined || x.attrs['class'] === cls));
  assert.ok(n, `no <${tag}${cls ? `.${cls}` : ''}>`);
  return n.id;
}

/** A loopback server that counts every request it gets (none may arrive). */
async function countingServer(): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.end('ok');
  });
  server.on('upgrade', (req, socket) => {
    hits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

/** A valid 300x200 PNG (one colour): if the renderer loaded it, an <img> without size would take its size. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer): number => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const LAYOUT_PAGE = `<!doctype html><html><head><title>Layout</title>
<style>
  body { margin: 0; font-size: 16px; }
  .side { float: right; width: 240px; }
  .main { width: 700px; margin-left: 40px; }
  h1 { font-size: 40px; }
  .faint { color: #ddd; }
</style></head><body>
<div class="side"><a href="/a">Sidebar link one</a></div>
<div class="main">
  <h1>The headline</h1>
  <p class="lead">First paragraph of the article, long enough to be prose for everyone reading it.</p>
  <svg width="10" height="10"><g><circle r="4"></circle></g></svg>
  <select><option>One</option><option>Two</option></select>
  <template><p>template content is not drawn</p></template>
  <noscript><p class="ns">shown without scripts</p></noscript>
  <table><tr><td>cell</td></tr></table>
  <p class="faint">Faint small print.</p>
  <p hidden>Hidden text.</p>
</div></body></html>`;

test('render stage: layouts in real Chromium', { timeout: 120_000 }, async (t) => {
  if (!(await canRender(t))) return;
  const renderer = await Renderer.launch({ timeoutMs: 5_000 });
  try {
    await t.test('maps every element of the tree and reads boxes and fonts', async () => {
      const page = await loadRenderedPage(enc(LAYOUT_PAGE), { renderer });
      const layout = page.layout!;
      assert.equal(layout.mapped, 1, 'every element matched (svg insides, select, template, noscript, implied tbody)');
      assert.equal(layout.nodes, page.tree.nodes.length);
      for (const id of elementIds(page.tree)) assert.ok(!Number.isNaN(layoutValue(layout, 'x', id)), `element ${id} has a box`);
      const h1 = elementWith(page, 'h1');
      const lead = elementWith(page, 'p', 'lead');
      assert.equal(layoutValue(layout, 'fontSize', h1), 40);
      assert.equal(layoutValue(layout, 'fontSize', lead), 16);
      assert.ok(layoutValue(layout, 'fontWeight', h1) >= 700);
      const side = boxOf(layout, elementWith(page, 'div', 'side'))!;
      assert.ok(side.x >= 1280 - 240 - 1 && side.w === 240, `sidebar floats right: ${JSON.stringify(side)}`);
      assert.ok(boxOf(layout, lead)!.x === 40, 'the main column starts 40px in');
      assert.ok(layoutValue(layout, 'contrast', elementWith(page, 'p', 'faint')) < 2, 'faint text has low contrast');
      assert.ok(layoutValue(layout, 'contrast', lead) > 15, 'black on white');
      assert.equal(layoutValue(layout, 'visible', elementWith(page, 'p', 'ns')), 1, 'noscript content drawn with scripts off');
      const hidden = page.tree.nodes.find((n) => n.kind === 'element' && n.tag === 'p' && 'hidden' in n.attrs)!;
      assert.equal(layoutValue(layout, 'visible', hidden.id), 0);
      assert.equal(layout.viewport.width, 1280);
    });

    await t.test('same bytes, same layout; a page without <html> or with broken markup maps too', async () => {
      const a = await loadRenderedPage(enc(LAYOUT_PAGE), { renderer });
      const b = await loadRenderedPage(enc(LAYOUT_PAGE), { renderer });
      assert.deepEqual(Array.from(a.layout!.cols.y), Array.from(b.layout!.cols.y));
      const broken = await loadRenderedPage(enc('<p>one<div>two</p><b><i>three</b></i><table><p>foster</table>'), { renderer });
      assert.equal(broken.layout!.mapped, 1);
    });

    await t.test('nothing reaches the network or the file system', async () => {
      const { server, port, hits } = await countingServer();
      const dir = await mkdtemp(join(tmpdir(), 'pith-render-'));
      const image = join(dir, 'big.png');
      await writeFile(image, png(300, 200));
      const origin = `http://127.0.0.1:${port}`;
      const html = `<html><head><link rel=stylesheet href="${origin}/style.css"><link rel=prefetch href="${origin}/prefetch">
        <meta http-equiv="refresh" content="0;url=${origin}/refresh"></head><body style="background:url(${origin}/bg.png)">
        <img id=local src="file://${image}"><img src="${origin}/img.png"><img srcset="${origin}/x.png 2x">
        <iframe src="${origin}/frame"></iframe><iframe src="file:///etc/passwd"></iframe><video src="${origin}/v.mp4" poster="${origin}/p.png"></video>
        <object data="${origin}/obj"></object><embed src="${origin}/embed"><audio src="${origin}/a.mp3" autoplay></audio>
        <form action="${origin}/form" method=post><input name=a value=b></form>
        <script src="${origin}/script.js"></script>
        <script>
          fetch('${origin}/fetch').catch(() => {}); new Image().src = '${origin}/js-img';
          try { new WebSocket('ws://127.0.0.1:${port}/ws'); } catch (e) {}
          navigator.sendBeacon && navigator.sendBeacon('${origin}/beacon', 'x');
          const x = new XMLHttpRequest(); x.open('GET', '${origin}/xhr'); x.send();
          document.forms[0].submit();
        </script><p>Text</p></body></html>`;
      try {
        for (const scripts of [false, true]) {
          const r = scripts ? await Renderer.launch({ scripts: true, timeoutMs: 5_000 }) : renderer;
          try {
            const page = await loadRenderedPage(enc(html), { renderer: r });
            const img = page.tree.nodes.find((n) => n.kind === 'element' && n.attrs['id'] === 'local')!;
            const box = boxOf(page.layout!, img.id)!;
            assert.ok(!(box.w === 300 && box.h === 200), `the local file was not loaded (scripts ${scripts}): ${JSON.stringify(box)}`);
          } finally {
            if (scripts) await r.close();
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.deepEqual(hits, [], 'no request reached the loopback server');
      } finally {
        server.close();
      }
    });

    await t.test('hostile pages fail alone; the next page renders', async () => {
      const hostile = await Renderer.launch({ scripts: true, timeoutMs: 3_000 });
      try {
        // Cut off: without the limit the endless script would never let the page finish.
        await assert.rejects(loadRenderedPage(enc('<p>loop</p><script>for(;;){}</script>'), { renderer: hostile }), (e: unknown) => isPithError(e) && e.code === 'RENDER_FAILED');
        const dialogs = await loadRenderedPage(enc('<p>dialogs</p><script>alert(1); confirm("x"); prompt("y"); window.open("about:blank"); window.open("http://example.com/")</script>'), { renderer: hostile });
        assert.equal(dialogs.layout!.mapped, 1);
        const frames = await loadRenderedPage(enc('<iframe srcdoc="<p>inner</p><script>for(;;){}</script>"></iframe><p>outer</p>'), { renderer: hostile }).catch((e: unknown) => e);
        assert.ok(isPithError(frames) ? frames.code === 'RENDER_FAILED' : (frames as Page).layout !== undefined);
        // (Not LAYOUT_PAGE: with scripts on, a browser reads <noscript> as text, pith never does.)
        const after = await loadRenderedPage(enc('<h1>After</h1><p>The next page.</p>'), { renderer: hostile });
        assert.equal(after.layout!.mapped, 1, 'the renderer recovered');
        assert.ok(hostile.restarts >= 1);
      } finally {
        await hostile.close();
      }
      const many = `<p>many</p>${Array.from({ length: 2000 }, (_, i) => `<img src="http://example.com/${i}.png">`).join('')}`;
      const page = await loadRenderedPage(enc(many), { renderer });
      assert.equal(page.layout!.mapped, 1, 'two thousand refused images are no problem');
    });
  } finally {
    await renderer.close();
  }
});

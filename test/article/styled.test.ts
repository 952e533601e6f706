/**
 * Styled output (toStyledHtml) on hand-built articles and layouts: styles land on the elements
 * they were read from, unsafe values are dropped, text is escaped, the page is safe HTML; the
 * `source` links buildArticle records; the plain writers are unchanged by them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { loadPage, withLayout, type Page } from '../../src/page.js';
import type { Label } from '../../src/labels.js';
import { isPithError } from '../../src/errors.js';
import { LAYOUT_COLUMNS, type LayoutColumn, type PageLayout } from '../../src/render/layout.js';
import { STYLE_PROPERTIES } from '../../src/render/collect.js';
import { buildArticle } from '../../src/article/build-article.js';
import { toHtml, ALLOWED_ATTRIBUTES, ALLOWED_TAGS, DECORATION_ATTRIBUTES } from '../../src/article/to-html.js';
import { toText } from '../../src/article/to-text.js';
import { toMarkdown } from '../../src/article/to-markdown.js';
import { toJson } from '../../src/article/to-json.js';
import { withoutLinks } from '../../src/article/filters.js';
import { isSafeDeclaration, parseDeclarations, safeStyle, STYLE_OUTPUT_PROPERTIES } from '../../src/article/css.js';
import { articleSources, formatStyledResult, toStyledHtml } from '../../src/article/to-styled-html.js';
import type { Article } from '../../src/article/types.js';
import type { ElementNode } from '../../src/dom/tree.js';
import { withCpuMs } from '../helpers/cpu.js';

type Rect = readonly [number, number, number, number];

/** A layout of `n` nodes with the given boxes and style indices (everything else unknown). */
function handLayout(n: number, boxes: Readonly<Record<number, Rect>>, styles: string[], styleOf: Readonly<Record<number, number>>): PageLayout {
  const cols = {} as Record<LayoutColumn, Float32Array>;
  for (const c of LAYOUT_COLUMNS) cols[c] = new Float32Array(n).fill(Number.NaN);
  for (const [id, [x, y, w, h]] of Object.entries(boxes)) {
    const i = Number(id);
    cols.x[i] = x;
    cols.y[i] = y;
    cols.w[i] = w;
    cols.h[i] = h;
    cols.visible[i] = 1;
  }
  const of = new Int32Array(n).fill(-1);
  for (const [id, k] of Object.entries(styleOf)) of[Number(id)] = k;
  return { hash: 'x', viewport: { width: 1280, height: 800 }, page: { width: 1280, height: 2000 }, nodes: n, mapped: 1, scripts: false, cols, styles, styleOf: of };
}

// Node ids: 1 html, 2 body, 3 the column, 4 h1, 5 p, 6 a, 7 img, 8 ul, 9 li, 10 nav (outside the article).
const LAYOUT = handLayout(11, {
  1: [0, 0, 1280, 2000], 2: [0, 0, 1280, 2000], 3: [288, 40, 704, 900], 4: [320, 64, 640, 40], 5: [320, 120, 640, 90],
  6: [400, 120, 60, 30], 7: [320, 230, 320, 180], 8: [320, 430, 640, 60], 9: [360, 430, 600, 30], 10: [0, 0, 1280, 40],
}, [
  'background-color:rgb(232, 228, 220);color:rgb(0, 0, 0);',
  'background-color:rgba(0, 0, 0, 0);font-family:sans-serif;',
  'font-family:"DejaVu Serif", Georgia, serif;font-size:16px;color:rgb(0, 0, 0);background-color:rgb(245, 236, 215);padding-left:32px;padding-right:32px;margin-left:288px;margin-right:288px;',
  'font-size:34px;color:rgb(26, 77, 143);font-weight:700;margin-top:0px;',
  'font-family:"DejaVu Serif", Georgia, serif;font-size:20px;color:rgb(139, 26, 26);background-color:rgba(0, 0, 0, 0);background-image:url(https://evil.example/x.png);line-height:30px;',
  'color:expression(alert(1));text-decoration-line:underline;font-family:url(javascript:alert(1));',
  'margin-top:12px;margin-bottom:12px;',
  'list-style-type:square;padding-left:40px;',
  'color:rgb(0, 128, 0);letter-spacing:1px;white-space:normal;word-spacing:\\65 xpression(1);',
  'background-color:rgb(34, 34, 51);',
], { 1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 7, 9: 8, 10: 9 });

const ARTICLE: Article = {
  title: 'Lanterns <b>& "light"</b>',
  titleSource: 4,
  content: [
    { kind: 'paragraph', source: 5, content: [{ kind: 'text', text: '<script>alert(1)</script> and ' }, { kind: 'link', href: 'https://e.com/x', source: 6, children: [{ kind: 'text', text: 'more' }] }] },
    { kind: 'figure', images: [{ src: 'https://e.com/l.png', alt: 'a lantern', source: 7 }] },
    { kind: 'list', ordered: false, source: 8, items: [{ source: 9, children: [{ kind: 'paragraph', content: [{ kind: 'text', text: 'item one' }] }] }] },
  ],
  metadata: { lang: 'en', dir: 'ltr' },
};

type El = DefaultTreeAdapterMap['element'];
const DOCUMENT_TAGS = new Set(['html', 'head', 'body', 'meta', 'title']);
const DOCUMENT_ATTRIBUTES = new Set(['lang', 'dir', 'charset', 'http-equiv', 'content', 'name']);

/** Problems of a styled page read as a browser reads it; empty when safe. */
function styledProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: unknown[] = [parse(html)];
  while (stack.length > 0) {
    const n = stack.pop() as El;
    if (n.tagName !== undefined) {
      if (!ALLOWED_TAGS.has(n.tagName) && !DOCUMENT_TAGS.has(n.tagName)) problems.push(`tag <${n.tagName}>`);
      for (const a of n.attrs) {
        if (!ALLOWED_ATTRIBUTES.has(a.name) && !DECORATION_ATTRIBUTES.has(a.name) && !DOCUMENT_ATTRIBUTES.has(a.name)) problems.push(`attribute ${a.name}`);
        if (a.name === 'style') for (const d of parseDeclarations(a.value)) if (!isSafeDeclaration(d)) problems.push(`style ${d.property}:${d.value}`);
        if ((a.name === 'href' || a.name === 'src') && !/^(?:https?:|mailto:|[^:]*$)/i.test(a.value)) problems.push(`${a.name}=${a.value}`);
        if (a.name === 'http-equiv' && a.value.toLowerCase() !== 'content-security-policy') problems.push(`http-equiv ${a.value}`);
      }
    }
    for (const c of (n as { childNodes?: unknown[] }).childNodes ?? []) stack.push(c);
  }
  return problems;
}

test('styles land on the elements they were read from', () => {
  const html = toStyledHtml(ARTICLE, LAYOUT);
  assert.ok(html.startsWith('<!doctype html>\n<html lang="en" dir="ltr">\n<head>\n<meta charset="utf-8">\n'), html.slice(0, 120));
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;/);
  assert.ok(html.includes('<title>Lanterns &lt;b&gt;&amp; &quot;light&quot;&lt;/b&gt;</title>'));
  assert.ok(html.includes('<h1 style="font-size:34px;color:rgb(26, 77, 143);font-weight:700;margin-top:0px;">Lanterns &lt;b&gt;'));
  // The paragraph: its own computed values, less the transparent background and the url().
  assert.ok(html.includes('<p style="font-family:&quot;DejaVu Serif&quot;, Georgia, serif;font-size:20px;color:rgb(139, 26, 26);line-height:30px;">&lt;script&gt;alert(1)&lt;/script&gt; and '));
  assert.ok(html.includes('<a href="https://e.com/x" style="text-decoration-line:underline;">more</a>'));
  assert.ok(html.includes('<figure style="margin-top:0;margin-right:0;margin-bottom:0;margin-left:0;"><img src="https://e.com/l.png" alt="a lantern" width="320" height="180" style="margin-top:12px;margin-bottom:12px;display:block;max-width:100%;height:auto;"></figure>'));
  assert.ok(html.includes('<ul style="list-style-type:square;padding-left:40px;">\n<li style="color:rgb(0, 128, 0);letter-spacing:1px;white-space:normal;">item one</li>'));
  // The wrapper is the column: its font, padding and background, its drawn width, centred.
  assert.ok(html.includes('<article style="font-family:&quot;DejaVu Serif&quot;, Georgia, serif;font-size:16px;color:rgb(0, 0, 0);padding-left:32px;padding-right:32px;'
    + 'background-color:rgb(245, 236, 215);margin-left:auto;margin-right:auto;box-sizing:border-box;max-width:100%;width:704px;">'), html);
  // The page's background is the outermost one (html's), not the nav's.
  assert.ok(html.includes('<body style="margin-top:0;margin-right:0;margin-bottom:0;margin-left:0;background-color:rgb(232, 228, 220);">'));
  assert.ok(html.trimEnd().endsWith('</article>\n</body>\n</html>'));
});

test('the wrapper takes the card around the column when the card only adds padding', () => {
  // 1 html (grey), 2 card (beige, padding 32), 3 the column (transparent), 4 and 5 paragraphs.
  const styles = [
    'background-color:rgb(200, 200, 200);',
    'background-color:rgb(245, 236, 215);padding-left:32px;padding-right:32px;padding-top:24px;margin-top:32px;margin-left:288px;',
    'background-color:rgba(0, 0, 0, 0);font-size:16px;',
    'font-size:20px;',
  ];
  const article: Article = {
    title: '', metadata: {},
    content: [{ kind: 'paragraph', source: 4, content: [{ kind: 'text', text: 'x' }] }, { kind: 'paragraph', source: 5, content: [{ kind: 'text', text: 'y' }] }],
  };
  const card = handLayout(6, { 1: [0, 0, 1280, 2000], 2: [288, 32, 704, 500], 3: [320, 56, 640, 400], 4: [320, 56, 640, 30], 5: [320, 100, 640, 30] }, styles, { 1: 0, 2: 1, 3: 2, 4: 3, 5: 3 });
  assert.ok(toStyledHtml(article, card).includes('<article style="padding-left:32px;padding-right:32px;padding-top:24px;margin-top:32px;background-color:rgb(245, 236, 215);'
    + 'margin-left:auto;margin-right:auto;box-sizing:border-box;max-width:100%;width:704px;">'));
  // A background element much wider than the column (it also holds a sidebar) is not the wrapper.
  const wide = handLayout(6, { 1: [0, 0, 1280, 2000], 2: [40, 32, 1200, 500], 3: [320, 56, 640, 400], 4: [320, 56, 640, 30], 5: [320, 100, 640, 30] }, styles, { 1: 0, 2: 1, 3: 2, 4: 3, 5: 3 });
  assert.ok(toStyledHtml(article, wide).includes('<article style="font-size:16px;background-color:rgb(245, 236, 215);margin-left:auto;margin-right:auto;box-sizing:border-box;max-width:100%;width:640px;">'));
});

test('unsafe style values never reach the page, and the page is safe HTML', () => {
  const html = toStyledHtml(ARTICLE, LAYOUT);
  for (const bad of ['expression', 'url(', 'javascript', '\\65', 'evil.example', '<script']) assert.ok(!html.includes(bad), bad);
  assert.deepEqual(styledProblems(html), []);
});

test('the CSS filter', () => {
  for (const p of STYLE_PROPERTIES) assert.ok(STYLE_OUTPUT_PROPERTIES.has(p), `${p} is captured but could not be written`);
  const cases: [string, string][] = [
    ['color:rgb(1, 2, 3);font-size:12px', 'color:rgb(1, 2, 3);font-size:12px;'],
    // A quoted ';' does not split the declaration; the value is then refused whole, the next one kept.
    ['font-family:"a;b", serif;color:red', 'color:red;'],
    ['background-color:url(x)', ''],
    ['background-color:URL (x)', ''],
    ['color:expression(alert(1))', ''],
    ['color:ExPreSSion(alert(1))', ''],
    ['font-family:"javascript:alert(1)"', ''],
    ['color:var(--x)', ''],
    ['color:attr(data-x)', ''],
    ['color:image(x.png)', ''],
    ['color:red !important', ''],
    ['color:\\72 ed', ''],
    ['color:red/* x */', ''],
    ['color:red}body{color:blue', ''],
    ['color:"unbalanced', ''],
    ['behavior:url(x.htc);-moz-binding:url(x)', ''],
    ['position:fixed;top:0;background-image:linear-gradient(red, blue)', ''],
    ['width:100px;color:oklch(0.5 0.1 20)', 'width:100px;color:oklch(0.5 0.1 20);'],
    ['color:red;color:blue', 'color:blue;'],
    [`font-family:${'x'.repeat(500)}`, ''],
  ];
  for (const [css, want] of cases) assert.equal(safeStyle(css), want, css);
});

test('a decorator cannot add attributes or unsafe styles, and sizes are whole pixels', () => {
  const article: Article = { ...ARTICLE, content: [ARTICLE.content[1]!, { kind: 'paragraph', content: [{ kind: 'text', text: 'x' }] }] };
  const html = toHtml(article, {
    decorate: (t) => t.kind === 'image' ? { style: 'color:red" onerror="alert(1)', width: Number.NaN, height: 1e9 }
      : t.kind === 'node' ? { style: 'x" onclick="alert(1):red;color:blue' } : { style: 'color:red;" onload="alert(1)' },
  });
  assert.ok(!/\son\w+=/.test(html), html);
  assert.ok(!html.includes('width=') && !html.includes('height='), html);
  assert.ok(html.includes('<p style="color:blue;">x</p>'), html);
  const sized = toHtml(article, { decorate: (t) => (t.kind === 'image' ? { width: 319.6, height: 0.2 } : undefined) });
  assert.ok(sized.includes('width="320"') && !sized.includes('height='), sized);
});

/** The article without any `source` (what buildArticle makes by default). */
function withoutSources(a: Article): Article {
  return JSON.parse(JSON.stringify(a, (k, v: unknown) => (k === 'source' || k === 'titleSource' ? undefined : v))) as Article;
}

test('sources change no writer: toHtml, toText, toMarkdown, toJson are byte-identical', () => {
  const plain = withoutSources(ARTICLE);
  assert.equal(toHtml(ARTICLE), toHtml(plain));
  assert.equal(toHtml(ARTICLE, {}), toHtml(plain));
  assert.equal(toHtml(ARTICLE, { decorate: () => undefined }), toHtml(plain));
  assert.ok(!toHtml(ARTICLE).includes('style='));
  assert.equal(toText(ARTICLE), toText(plain));
  assert.equal(toMarkdown(ARTICLE), toMarkdown(plain));
  assert.equal(JSON.stringify(toJson(ARTICLE, { confidence: 1 })), JSON.stringify(toJson(plain, { confidence: 1 })));
});

const PAGE_HTML = `<!doctype html><html lang="en"><head><title>Lanterns | Site</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<div id="col"><article>
<h1><span>Lantern makers</span> keep the old craft alive</h1>
<p>The workshops along the river <a href="/more"><em>still</em> glue</a> silk to bamboo frames by hand.</p>
<figure><img src="/l.png" alt="a lantern" width="320" height="180"><figcaption>A finished lantern.</figcaption></figure>
<ul><li>Silk from the north</li><li>Bamboo from the hills</li></ul>
<blockquote><p>We have done this for six generations.</p></blockquote>
<pre>frame = bamboo + silk</pre>
<img src="/bare.png" alt="bare" width="100" height="50">
</article></div>
<footer>Copyright</footer></body></html>`;

function samplePage(): { page: Page; labels: Label[] } {
  const page = loadPage(new TextEncoder().encode(PAGE_HTML), { url: 'https://e.com/news/lanterns' });
  const labels = page.blocks.map((b): Label => (b.text.startsWith('Lantern makers') ? 'title' : /Home|News|Copyright/.test(b.text) ? 'other' : 'body'));
  return { page, labels };
}

const tagOf = (page: Page, id: number | undefined): string => (id === undefined ? '-' : (page.tree.nodes[id] as ElementNode).tag);

test('buildArticle records each node\'s element only when asked', () => {
  const { page, labels } = samplePage();
  const plain = buildArticle(page, labels);
  const sourced = buildArticle(page, labels, { sources: true });
  assert.ok(!JSON.stringify(plain).includes('ource'), 'no sources by default');
  assert.equal(toHtml(sourced), toHtml(plain));
  assert.equal(toMarkdown(sourced), toMarkdown(plain));
  assert.equal(toText(sourced), toText(plain));
  assert.deepEqual(withoutSources(sourced), JSON.parse(JSON.stringify(plain)));

  assert.equal(tagOf(page, sourced.titleSource), 'h1');
  const seen: string[] = [];
  for (const n of sourced.content) {
    seen.push(`${n.kind}:${tagOf(page, n.source)}`);
    if (n.kind === 'paragraph') {
      const link = n.content.find((c) => c.kind === 'link');
      assert.equal(link?.kind === 'link' ? tagOf(page, link.source) : '', 'a');
      const em = link?.kind === 'link' ? link.children.find((c) => c.kind === 'emphasis') : undefined;
      assert.equal(em?.kind === 'emphasis' ? tagOf(page, em.source) : '', 'em');
    }
    if (n.kind === 'list') for (const it of n.items) assert.equal(tagOf(page, it.source), 'li');
    if (n.kind === 'figure') for (const img of n.images) assert.equal(tagOf(page, img.source), 'img');
    if (n.kind === 'quote') assert.equal(tagOf(page, n.children[0]!.source), 'p');
  }
  assert.deepEqual(seen, ['paragraph:p', 'figure:figure', 'list:ul', 'quote:blockquote', 'code:pre', 'figure:-']);
  // Filters keep them.
  assert.equal(articleSources(withoutLinks(sourced)).length, articleSources(sourced).length);
});

test('formatStyledResult: the column is the common ancestor; an article without sources is rebuilt with them', () => {
  const { page, labels } = samplePage();
  const nodes = page.tree.nodes;
  const id = (pred: (e: ElementNode) => boolean): number => nodes.findIndex((n) => n.kind === 'element' && pred(n));
  const col = id((e) => e.attrs['id'] === 'col');
  const art = id((e) => e.tag === 'article');
  const p = id((e) => e.tag === 'p');
  const boxes: Record<number, Rect> = {};
  const styleOf: Record<number, number> = {};
  nodes.forEach((n, i) => {
    if (n.kind !== 'element') return;
    boxes[i] = i === col ? [300, 50, 700, 800] : i === art ? [320, 60, 660, 780] : [320, 60 + i, 600, 20];
    styleOf[i] = i === col ? 1 : i === art ? 2 : i === p ? 3 : 0;
  });
  const layout = handLayout(nodes.length, boxes, [
    'color:rgb(0, 0, 0);background-color:rgba(0, 0, 0, 0);',
    'background-color:rgb(250, 240, 220);padding-left:10px;',
    'font-size:18px;background-color:rgba(0, 0, 0, 0);padding-left:10px;',
    'font-size:20px;color:rgb(139, 26, 26);',
  ], styleOf);
  const plain = buildArticle(page, labels);
  assert.throws(() => formatStyledResult({ page, labels, article: plain }), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  const html = formatStyledResult({ page: withLayout(page, layout), labels, article: plain });
  // <article> is the column (the lowest common ancestor); its background comes from #col around it.
  assert.ok(html.includes('<article style="font-size:18px;padding-left:10px;background-color:rgb(250, 240, 220);margin-left:auto;margin-right:auto;box-sizing:border-box;max-width:100%;width:660px;">'), html);
  assert.ok(html.includes('<p style="font-size:20px;color:rgb(139, 26, 26);">The workshops'), html);
  assert.ok(html.includes('width="600" height="20"'), html);
  assert.deepEqual(styledProblems(html), []);
  // The same with an article that already has sources.
  assert.equal(formatStyledResult({ page: withLayout(page, layout), labels, article: buildArticle(page, labels, { sources: true }) }), html);
});

test('a layout without styles gives the plain article in a document', () => {
  const bare: PageLayout = { ...LAYOUT, styles: undefined, styleOf: undefined };
  const html = toStyledHtml(ARTICLE, bare);
  assert.ok(html.includes(`<p>&lt;script&gt;`), html);
  assert.deepEqual(styledProblems(html), []);
});

test('a page nested 20 000 deep is written in linear time', () => {
  const depth = 20_000;
  const html = `<html><body>${'<div>'.repeat(depth)}<h1>Deep title</h1><p>Deep text of the article, long enough.</p><p>More.</p>${'</div>'.repeat(depth)}</body></html>`;
  const page = loadPage(new TextEncoder().encode(html), { url: 'https://e.com/' });
  const labels = page.blocks.map((b): Label => (b.text === 'Deep title' ? 'title' : 'body'));
  const boxes: Record<number, Rect> = {};
  const styleOf: Record<number, number> = {};
  page.tree.nodes.forEach((n, i) => {
    if (n.kind === 'element') {
      boxes[i] = [0, 0, 800, 600];
      styleOf[i] = i % 2;
    }
  });
  const layout = handLayout(page.tree.nodes.length, boxes, ['color:rgb(1, 2, 3);', 'background-color:rgb(9, 9, 9);font-size:12px;'], styleOf);
  const { value: out, cpuMs } = withCpuMs(() => formatStyledResult({ page: withLayout(page, layout), labels, article: buildArticle(page, labels) }));
  assert.ok(out.includes('Deep text of the article'));
  assert.ok(cpuMs < 3000, `${cpuMs.toFixed(0)} ms of CPU`);
});

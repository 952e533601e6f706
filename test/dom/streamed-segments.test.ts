import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../src/dom/html-parser.js';
import { parseHtml } from '../../src/dom/parse.js';
import { resolveStreamedSegments } from '../../src/dom/streamed-segments.js';
import { segment } from '../../src/segment/segment.js';
import { extract } from '../../src/index.js';

const blocksOf = (html: string): string[] => segment(parseHtml(html)).blocks.filter((b) => b.kind === 'text').map((b) => b.text);

test('streamed segments: a Suspense boundary gets its segment in place of the loading fallback', () => {
  const html = `<body><header>Site</header><main><!--$?--><template id="B:0"></template><div>Loading paragraph...</div><!--/$--></main>
<footer>Footer</footer><div hidden id="S:0"><h1>The headline</h1><p>The story's first paragraph.</p></div>
<script>$RC("B:0","S:0")</script></body>`;
  assert.deepEqual(blocksOf(html), ['Site', 'The headline', "The story's first paragraph.", 'Footer']);
});

test('streamed segments: a placeholder inside a segment is filled by its own segment', () => {
  const html = `<body><main><!--$?--><template id="B:1"></template><p>Loading</p><!--/$--></main>
<div hidden id="S:1"><p>Opening.</p><template id="P:2"></template><p>Closing.</p></div>
<div hidden id="S:2"><p>The middle, streamed last.</p></div></body>`;
  assert.deepEqual(blocksOf(html), ['Opening.', 'The middle, streamed last.', 'Closing.']);
});

test('streamed segments: the fallback ends at its own end mark, past nested boundaries', () => {
  const html = `<body><div><!--$?--><template id="B:0"></template><p>Skeleton</p><!--$--><p>Nested fallback</p><!--/$--><p>More skeleton</p><!--/$--><p>After the boundary</p></div>
<div hidden id="S:0"><p>Real content</p></div></body>`;
  assert.deepEqual(blocksOf(html), ['Real content', 'After the boundary']);
});

test('streamed segments: without an end mark only the template is replaced', () => {
  const html = `<body><div><template id="B:3"></template><p>Kept sibling</p></div><div hidden id="S:3"><p>Moved</p></div></body>`;
  assert.deepEqual(blocksOf(html), ['Moved', 'Kept sibling']);
});

test('streamed segments: what is not a streamed pair stays as it was', () => {
  // No target, a target that is no template, a segment that is not hidden, and a segment holding its own target.
  const html = `<body><p>Visible</p><div id="B:5">Not a template</div>
<div hidden id="S:4"><p>No target: stays hidden</p></div>
<div hidden id="S:5"><p>Target is a div: stays hidden</p></div>
<div id="S:6"><p>Not hidden, left where it is</p></div><template id="B:6"></template>
<div hidden id="S:7"><p>Holds its own target</p><template id="B:7"></template></div></body>`;
  assert.deepEqual(blocksOf(html), ['Visible', 'Not a template', 'Not hidden, left where it is']);
});

test('streamed segments: the parser notes segment ids as it makes elements, and a hostile page gets a bounded number of moves', () => {
  assert.equal(parseDocument('<p>plain page</p><p id="s:0" data-id="S:1">S:2</p>').segmentIds, false);
  assert.equal(parseDocument('<div hidden id="S:0">').segmentIds, true);
  assert.equal(parseDocument("<div hidden ID='S:0'>").segmentIds, true);
  assert.equal(parseDocument('<p>a</p><svg><g id="S:x"></g></svg>').segmentIds, true);
  const n = 5000;
  const html = `<body>${Array.from({ length: n }, (_, i) => `<template id="P:${i}"></template>`).join('')}${Array.from({ length: n }, (_, i) => `<div hidden id="S:${i}"><p>s${i}</p></div>`).join('')}</body>`;
  const { document } = parseDocument(html);
  const moved = resolveStreamedSegments(document);
  assert.equal(moved, 1000);
  const texts = blocksOf(html);
  assert.equal(texts.length, 1000);
  assert.equal(texts[0], 's0');
});

test('streamed segments: a streamed article page extracts its article, not the skeleton', async () => {
  const story = Array.from({ length: 4 }, (_, i) => `<p>Paragraph ${i + 1} of the streamed story: the city council approved the new tram line after a long debate about its cost, its route through the old town and the years of building work ahead.</p>`).join('');
  const html = `<html><head><title>Tram line approved | City Paper</title></head><body>
<header><nav><a href="/">Home</a> <a href="/city">City</a> <a href="/sport">Sport</a></nav></header>
<!--$?--><template id="B:0"></template><main><div class="animate-pulse">Loading article...</div></main><!--/$-->
<footer><a href="/about">About us</a> <a href="/privacy">Privacy</a> © City Paper</footer>
<div hidden id="S:0"><main><article><h1>Tram line approved</h1>${story}</article></main></div>
<script>$RC("B:0","S:0")</script></body></html>`;
  const a = await extract(html);
  assert.equal(a.title, 'Tram line approved');
  assert.match(a.body, /Paragraph 1 of the streamed story/);
  assert.match(a.body, /Paragraph 4 of the streamed story/);
  assert.ok(!a.body.includes('Loading article'), a.body);
});

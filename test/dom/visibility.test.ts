/** Text a browser with scripting on shows is read; text it hides is not (issue 56, finding 8). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import { segment } from '../../src/segment/segment.js';

/** The blocks' texts of a small page. */
function blocksOf(body: string, openPanels = true): string[] {
  return segment(parseHtml(`<html><body>${body}</body></html>`, { openPanels })).blocks.filter((b) => b.kind === 'text').map((b) => b.text);
}

test('an inline <math> is read and stays inside its paragraph', () => {
  assert.deepEqual(blocksOf('<p>The area is <math><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></math> for a circle.</p>'), ['The area is πr2 for a circle.']);
  assert.deepEqual(blocksOf('<p>A<math><semantics><mi>x</mi><annotation encoding="TeX">x</annotation></semantics></math>B</p>'), ['AxB'], 'the TeX annotation is not drawn');
});

test('<xmp> shows its text literally', () => {
  assert.deepEqual(blocksOf('<xmp>a <b>tag</b> shown</xmp>'), ['a <b>tag</b> shown']);
});

test('in an svg only <text> and <foreignObject> are drawn', () => {
  assert.deepEqual(blocksOf('<svg><title>tooltip</title><desc>about</desc><text x="1">Label <tspan>two</tspan></text><foreignObject><p>Inside</p></foreignObject></svg>'), ['Label two', 'Inside']);
  assert.deepEqual(blocksOf('<svg><g><path d="M0"/>stray</g></svg><p>after</p>'), ['after']);
});

test("an <object>'s fallback content is read; its params are not", () => {
  assert.deepEqual(blocksOf('<object data="x.swf"><param name="movie" value="x.swf">Fallback text</object>'), ['Fallback text']);
  assert.deepEqual(segment(parseHtml('<object data="x.swf"><embed src="x.swf"></object>')).blocks.length, 0, 'an embed of the same plugin is no fallback');
});

test('<noscript> text is hidden (scripting is on for a reader); its images stay', () => {
  assert.deepEqual(blocksOf('<p>Shown</p><noscript><p>Please enable JavaScript</p></noscript>'), ['Shown']);
  assert.deepEqual(blocksOf('<p>Shown</p><noscript>Bare text</noscript>'), ['Shown']);
  const forum = `<noscript><div class="crawler-post">${'A post a reader sees once the script draws it. '.repeat(12)}</div></noscript>`;
  assert.equal(blocksOf(forum).length, 1, 'a noscript holding the page\'s content (a forum\'s crawler view) is what the script draws');
  const blocks = segment(parseHtml('<p>Shown</p><noscript><img src="https://a.example/lead.jpg" alt="Lead"></noscript>')).blocks;
  assert.deepEqual(blocks.map((b) => b.kind), ['text', 'image'], 'a lazy image\'s fallback stays: the script would show the image');
});

test('a closed <details> hides all but its summary: a panel a reader opens, read open by default and closed as served', () => {
  const details = '<details><summary>More</summary><p>Body</p>direct text</details>';
  assert.deepEqual(blocksOf(details, false), ['More']);
  assert.deepEqual(blocksOf(details), ['More', 'Body', 'direct text']);
  assert.deepEqual(blocksOf('<details open><summary>More</summary><p>Body</p></details>', false), ['More', 'Body']);
  assert.deepEqual(blocksOf('<details open><summary>A</summary><details><summary>B</summary><p>inner</p></details></details>', false), ['A', 'B']);
  const tree = parseHtml('<details><summary>S</summary><div><p>x</p></div></details>');
  assert.ok(tree.nodes.every((n) => n.kind !== 'element' || !n.hidden), 'opened as a panel, with everything in it');
});

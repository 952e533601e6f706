import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyScriptsAndStyles } from '../../src/dom/raw-text.js';
import { parseHtml } from '../../src/dom/parse.js';
import { segment } from '../../src/segment/segment.js';

const blocksOf = (html: string): string[] => segment(parseHtml(html)).blocks.map((b) => b.text);

test('script and style bodies are emptied, their tags and everything else kept', () => {
  const html = '<p>a</p><script src=x.js>var s = "<p>no</p>";</script><STYLE media="print">p { color: red }</STYLE ><p>b</p>';
  assert.equal(emptyScriptsAndStyles(html), '<p>a</p><script src=x.js></script><STYLE media="print"></STYLE ><p>b</p>');
  assert.deepEqual(blocksOf(html), ['a', 'b']);
});

test('JSON-LD stays, also when its type is written with a character reference', () => {
  for (const type of ['application/ld+json', 'application/ld&#x2B;json', "'application/LD+JSON'"]) {
    const html = `<script type=${type.startsWith("'") ? type : `"${type}"`}>{"headline":"H"}</script><p>x</p>`;
    assert.equal(emptyScriptsAndStyles(html), html, type);
  }
  assert.deepEqual(parseHtml('<script type="application/ld&#x2B;json">{"headline":"H"}</script>').jsonLd, ['{"headline":"H"}']);
});

test('a script holding <!-- is left to the parser (escaped states can hide its end tag)', () => {
  const html = '<script><!-- document.write("<script>x</script>"); --></script><p>after</p>';
  assert.equal(emptyScriptsAndStyles(html), html);
  assert.deepEqual(blocksOf(html), ['after']);
});

test('"<script>" inside attribute values, comments and text elements is not a script', () => {
  const cases = [
    '<img alt="<script>"><p>kept one</p><p>kept two</p>',
    "<a title='</script><script>'>link</a><p>kept</p>",
    '<!-- <script> --><p>visible</p><p>also visible</p>',
    '<!--><script>x</script>',
    '<textarea><script></textarea><p>after the textarea</p>',
    '<title><style></title><p>body text</p>',
  ];
  for (const html of cases) {
    const out = emptyScriptsAndStyles(html);
    assert.deepEqual(blocksOf(out), blocksOf(html), html);
  }
  assert.equal(emptyScriptsAndStyles(cases[0]!), cases[0]);
  assert.equal(emptyScriptsAndStyles(cases[2]!), cases[2]);
  assert.equal(emptyScriptsAndStyles(cases[3]!), '<!--><script></script>', 'an abrupt empty comment ends at once');
});

test('end tags: only </script followed by space, / or > closes; unclosed bodies stay', () => {
  assert.equal(emptyScriptsAndStyles('<script>a</scripty>b</script >c'), '<script></script >c');
  assert.equal(emptyScriptsAndStyles('<script>never closed <p>x</p>'), '<script>never closed <p>x</p>');
  assert.equal(emptyScriptsAndStyles('<p>x</p><script>a</script'), '<p>x</p><script>a</script');
  assert.equal(emptyScriptsAndStyles('<plaintext><script>x</script>'), '<plaintext><script>x</script>');
  assert.equal(emptyScriptsAndStyles('<div a=">"><script>x</script>'), '<div a=">"><script></script>');
  assert.equal(emptyScriptsAndStyles('<div a="unclosed><script>x</script>'), '<div a="unclosed><script>x</script>');
});

test('thousands of comments and scripts in a row, and stray < signs', () => {
  // Thousands of comments, none closed with --!>: each close is found from where it starts.
  const html = '<p>t</p>' + '<!-- c --><script>x</script>'.repeat(20_000);
  const out = emptyScriptsAndStyles(html);
  assert.equal(out, '<p>t</p>' + '<!-- c --><script></script>'.repeat(20_000));
  assert.equal(emptyScriptsAndStyles(''), '');
  assert.equal(emptyScriptsAndStyles('<'), '<');
  assert.equal(emptyScriptsAndStyles('a < b <3 </ >'), 'a < b <3 </ >');
});

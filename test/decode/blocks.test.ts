import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inTableCell, isPriceLine } from '../../src/decode/blocks.js';

const at = (tagPath: string) => inTableCell({ index: 0, kind: 'text', text: 'x', nodeIds: [], elementId: 0, tagPath, linkChars: 0 });

test('inTableCell: a data cell, its value wrapped in inline tags or one box, is a table cell', () => {
  for (const path of ['html/body/table/tbody/tr/td', 'html/body/table/tbody/tr/th/span', 'html/body/table/tbody/tr/td/div/a/b', 'html/body/div/table/tr/td/p'])
    assert.equal(at(path), true, path);
});

test("inTableCell: a layout table's cell nesting the page's boxes is not; the innermost cell decides", () => {
  for (const path of ['html/body/table/tbody/tr/td/div/div/p', 'html/body/table/tr/td/div/ul/li/a', 'html/body/div/div/p'])
    assert.equal(at(path), false, path);
  assert.equal(at('html/body/table/tr/td/div/div/table/tr/td/span'), true, 'a data table inside a layout cell');
  assert.equal(at('html/body/table/tr/td/div/div/table/tr/td/div/section/p'), false);
  assert.equal(at('html/body/table/thead/tr/th/span'), true, 'a header cell');
  assert.equal(at('html/body/table/tr/td/div/div/table/thead/tr/th'), true, 'the innermost cell, under a thead');
  const deep = `html/body/table/tr/td/${'span/'.repeat(100_000)}b`;
  assert.equal(at(deep), true, 'a hostile depth of inline tags');
});

test('isPriceLine: a short line with an amount and its currency; not a sentence that names one, nor an image', () => {
  const block = (text: string, kind: 'text' | 'image' = 'text') => ({ index: 0, kind, text, nodeIds: [], elementId: 0, tagPath: 'html/body/div/span', linkChars: 0 });
  for (const text of ['$158.73', 'Now £12.99', 'from $1,299.99 before trade-in']) assert.equal(isPriceLine(block(text)), true, text);
  assert.equal(isPriceLine(block('The council says the bridge will cost $40 million more than planned, and opens in 2027.')), false);
  assert.equal(isPriceLine(block('4.4 out of 5 stars')), false);
  assert.equal(isPriceLine(block('', 'image')), false);
});

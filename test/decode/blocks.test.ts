import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inTableCell } from '../../src/decode/blocks.js';

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

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLinkColumn, linkColumns } from '../../../src/decode/rules/link-columns.js';
import type { Block } from '../../../src/segment/segment.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

/** A block of `lines` set with `<br>`s, the whole of it link text. */
function column(lines: string[], tagPath = 'html/body/table/tr/td/div/span'): Block {
  const text = lines.join('\n');
  return { index: 0, kind: 'text', text, nodeIds: [], elementId: 0, tagPath, linkChars: text.length };
}

const blogroll = ['Adriana Lima', 'Adrianne Palicki', 'Alessandra Ambrosio', 'Ali Larter', 'Alison Brie', 'Alyssa Milano'];

test('link-columns: a blogroll or an archive by month set with line breaks is a column of links', () => {
  assert.ok(isLinkColumn(column(blogroll)));
  assert.ok(isLinkColumn(column(['August 2012', 'July 2012', 'June 2012', 'May 2012', 'April 2012'])));
});

test("link-columns: not a short list, prose, a list of sources or an article's own downloads", () => {
  assert.ok(!isLinkColumn(column(blogroll.slice(0, 4))), 'four lines');
  assert.ok(!isLinkColumn({ ...column(blogroll), linkChars: 10 }), 'not link text');
  assert.ok(!isLinkColumn(column([...blogroll, 'and a long line of many words that reads like a sentence of prose'])), 'a long line');
  assert.ok(!isLinkColumn(column(['[1] http://www.gnu.org/philosophy/free-sw.de.html', '[2] http://www.unesco.org/', '[3] http://fsfeurope.org', '[4] http://freie-software.bpb.de', '[5] http://mail.gnu.org'])), 'sources');
  assert.ok(!isLinkColumn(column(['Course Book (pdf)', 'Facilitators Notebook (pdf)', 'Handouts (pdf)', 'Presentation (pdf)', 'Presenter Notes (pdf)'], 'html/body/div/article/div/p')), 'in <article>');
});

test('link-columns: such a body block becomes other; the post stays', () => {
  const doc = new BlockBuilder().text('Jennifer Lawrence at the premiere', 'title').text(para(40), 'body').build();
  doc.blocks.push({ ...column(blogroll), index: 2 });
  doc.probs.push([0.0, 0.0, 0.6, 0.4]);
  const s = runRule(linkColumns, doc);
  assert.deepEqual(noteRows(s), [[2, 'body', 'other', 'link-columns', 'a column of links set with line breaks']]);
  assert.equal(s.labels[1], 'body');
});

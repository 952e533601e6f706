import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeInRegion } from '../../../src/decode/rules/code-in-region.js';
import { resolveDecodeSettings } from '../../../src/decode/settings.js';
import { BlockTag } from '../../../src/decode/rule.js';
import { isPithError } from '../../../src/errors.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const PRE = 'html/body/main/div/pre/code';

/** A docs page: prose, a code example the model doubts, prose, a footer snippet after the region. */
function docsPage(codeBody = 0.4) {
  const b = new BlockBuilder().link('Home', 'other').text(para(40), 'body'); // 0-1
  b.text('.box { display: flex; }', 'other').atPath(PRE).probsOfLast({ body: codeBody, other: 1 - codeBody }); // 2
  b.text(para(40), 'body'); // 3
  b.text('npm install thing', 'other').atPath('html/body/footer/pre').probsOfLast({ body: 0.4, other: 0.6 }); // 4
  return b.build();
}

test('code-in-region: a <pre> block inside the content region with some p(body) becomes body; outside it stays', () => {
  const s = runRule(codeInRegion, docsPage(), {}, (st) => { st.region = [1, 3]; });
  assert.deepEqual(s.labels, ['other', 'body', 'body', 'body', 'other']);
  assert.deepEqual(noteRows(s), [[2, 'other', 'body', 'code-in-region', 'code inside the content region']]);
});

test("code-in-region: a reference page's declaration between its title and a region just below counts; code above the title, or before a region far below it, does not", () => {
  const page = (filler: number) => {
    const b = new BlockBuilder().text('pub fn helper()', 'other').atPath(PRE).probsOfLast({ body: 0.3, other: 0.7 }); // 0, above the title
    b.text('Enum Result', 'title').text('1.0.0 · Source', 'other'); // 1-2
    b.text('pub enum Result<T, E> { Ok(T), Err(E) }', 'other').atPath('html/body/main/pre').probsOfLast({ body: 0.3, other: 0.7 }); // 3
    for (let k = 0; k < filler; k++) b.text(`Expand description ${k}`, 'other');
    b.text(para(40), 'body');
    return b.build();
  };
  const near = runRule(codeInRegion, page(1), {}, (st) => { st.region = [5, 5]; });
  assert.deepEqual(noteRows(near), [[3, 'other', 'body', 'code-in-region', 'code between the title and the content region']]);
  assert.deepEqual(runRule(codeInRegion, page(5), {}, (st) => { st.region = [9, 9]; }).notes, [], 'the region starts 8 blocks below the title');
});

test('code-in-region: a block-level <code> counts; inline code (in a paragraph, in <b>) and plain text do not', () => {
  const b = new BlockBuilder().text(para(40), 'body');
  b.text('let x = 1;', 'other').atPath('html/body/article/div/code').probsOfLast({ body: 0.3, other: 0.7 }); // 1
  b.text('Sidebar note', 'other').atPath('html/body/article/div').probsOfLast({ body: 0.3, other: 0.7 }); // 2
  b.text('Use x here', 'other').atPath('html/body/article/p').probsOfLast({ body: 0.3, other: 0.7 }); // 3
  b.text('<iframe src="embed">', 'other').atPath('html/body/article/div/b/code').probsOfLast({ body: 0.3, other: 0.7 }); // 4
  b.text(para(40), 'body');
  const s = runRule(codeInRegion, b.build(), {}, (st) => { st.region = [0, 5]; });
  assert.deepEqual(s.labels, ['body', 'body', 'other', 'other', 'other', 'body']);
});

test('code-in-region: codeMinBody is the bar (1 = off); no region, no change; comment sections stay out', () => {
  assert.deepEqual(runRule(codeInRegion, docsPage(0.05), {}, (st) => { st.region = [1, 3]; }).notes, []);
  assert.deepEqual(runRule(codeInRegion, docsPage(0.4), { codeMinBody: 0.5 }, (st) => { st.region = [1, 3]; }).notes, []);
  assert.deepEqual(runRule(codeInRegion, docsPage(0.99), { codeMinBody: 1 }, (st) => { st.region = [1, 3]; }).notes, []);
  assert.deepEqual(runRule(codeInRegion, docsPage()).notes, []);
  const inComments = runRule(codeInRegion, docsPage(), {}, (st) => { st.region = [1, 3]; st.tag(2, BlockTag.setAside); });
  assert.deepEqual(inComments.notes, []);
  assert.equal(resolveDecodeSettings().codeMinBody, 0.1);
  assert.throws(() => resolveDecodeSettings({ codeMinBody: 2 }), (e) => isPithError(e) && e.code === 'BAD_OPTION');
});

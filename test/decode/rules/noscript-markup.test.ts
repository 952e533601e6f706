import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isMarkupText, noscriptMarkup } from '../../../src/decode/rules/noscript-markup.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const PIXEL = '<div style="position:absolute;"><img width=1 height=1 alt="" src="http://b5.example/b?P=1&T=2"></div>';

test('noscript-markup: HTML written as text in <noscript> becomes other; the same in <pre><code> stays', () => {
  const doc = new BlockBuilder().text(para(40), 'body')
    .text(PIXEL, 'body').atPath('html/body/div/div/noscript')
    .text('<header> <h1>Sample flexbox example</h1> </header> <section> <p>Content</p> </section>', 'body').atPath('html/body/div/pre/code')
    .text('Please enable JavaScript to see the comments.', 'body').atPath('html/body/noscript/p').build();
  assert.deepEqual(noteRows(runRule(noscriptMarkup, doc)), [[1, 'body', 'other', 'noscript-markup', 'HTML written as text in <noscript>']]);
});

test('isMarkupText: mostly tags written out; prose naming a tag or two is not', () => {
  assert.ok(isMarkupText(PIXEL));
  assert.ok(isMarkupText('<div class="alertBox"> <div class="alert"> <i></i><p>JavaScript is off.</p></div></div>'));
  assert.equal(isMarkupText('Use the <pre> element for code; it keeps white space as written in the source of the page.'), false);
  assert.equal(isMarkupText('a < b and c > d'), false);
});

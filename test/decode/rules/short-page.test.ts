import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shortPage } from '../../../src/decode/rules/short-page.js';
import { headingsInRegion } from '../../../src/decode/rules/headings-in-region.js';
import { widgetLines } from '../../../src/decode/rules/widget-lines.js';
import { BlockBuilder } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('short-page: a page of three paragraphs that keeps one keeps all three', () => {
  const s = runRule(shortPage, new BlockBuilder().text('abc', 'other', 0.7).text('def', 'body').text('ghi', 'other', 0.8).build());
  assert.deepEqual(s.labels, ['body', 'body', 'body']);
  assert.deepEqual(noteRows(s), [
    [0, 'other', 'body', 'short-page', 'the page has 3 blocks of text and keeps some'],
    [2, 'other', 'body', 'short-page', 'the page has 3 blocks of text and keeps some'],
  ]);
});

test('short-page: a second heading a layout rule dropped comes back; a widget line does not', () => {
  const s = runRule(shortPage, new BlockBuilder().text('Test Case 1', 'title').image('other').text('Test Case 2', 'heading').text('Loading...', 'body').build(), {}, (state) => {
    state.begin(headingsInRegion);
    state.relabel(2, 'other', 'heading with no body text after it');
    state.begin(widgetLines);
    state.relabel(3, 'other', 'a widget line');
  });
  assert.deepEqual(s.labels, ['title', 'other', 'heading', 'other']);
});

test('short-page: not a link the model is all but sure is noise', () => {
  const s = runRule(shortPage, new BlockBuilder().text('A joke, told well.', 'body').text("Back to Lori's Humor Page", 'other', 0.92).build());
  assert.deepEqual(s.notes, []);
});

test('short-page: not a page that keeps nothing, one block, five blocks or a <noscript> notice', () => {
  assert.deepEqual(runRule(shortPage, new BlockBuilder().text('Menu', 'other').text('Login', 'other').build()).notes, []);
  assert.deepEqual(runRule(shortPage, new BlockBuilder().text('Note', 'body').image('other').build()).notes, []);
  const five = new BlockBuilder().text('Home', 'other').text('News', 'other').text('Story', 'body').text('About', 'other').text('Contact', 'other').build();
  assert.deepEqual(runRule(shortPage, five).notes, []);
  const withNotice = new BlockBuilder().text('Story', 'body').text('Second', 'body').text('Enable JavaScript.', 'other').atPath('html/body/noscript').build();
  assert.deepEqual(runRule(shortPage, withNotice).notes, []);
});

test("short-page: not the site's header line above a short story", () => {
  const doc = new BlockBuilder().text('Die besten Reisegeschichten', 'other').atPath('html/body/header/div/p')
    .text('Ski-Fahren auf den Spuren des Trolls', 'title').atPath('html/body/main/header/h1')
    .text('Island lockt auch im Winter.', 'body').atPath('html/body/main/div/p').build();
  assert.deepEqual(runRule(shortPage, doc).notes, []);
});

test('short-page: headings only a layout rule dropped come back as headings, on a page that keeps nothing else', () => {
  const s = runRule(shortPage, new BlockBuilder().text('Test Case 1', 'heading').image('other').text('Test Case 2', 'heading').build(), {}, (state) => {
    state.begin(headingsInRegion);
    state.relabel(0, 'other', 'heading with no body text after it');
    state.relabel(2, 'other', 'heading with no body text after it');
  });
  assert.deepEqual(s.labels, ['heading', 'other', 'heading']);
  // Dropped for what they say (not their place), they stay dropped.
  const widgets = runRule(shortPage, new BlockBuilder().text('Loading...', 'body').text('Please wait', 'body').build(), {}, (state) => {
    state.begin(widgetLines);
    state.relabel(0, 'other', 'a widget line');
    state.relabel(1, 'other', 'a widget line');
  });
  assert.deepEqual(widgets.labels, ['other', 'other']);
});

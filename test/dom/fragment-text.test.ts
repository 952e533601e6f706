import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fragmentParagraphs, MAX_FRAGMENT_CHARS } from '../../src/dom/fragment-text.js';

test('fragmentParagraphs: entities decoded, tags dropped, lines cut at block elements, <br> and line breaks', () => {
  assert.deepEqual(fragmentParagraphs('Model is 6&apos;0&quot; and wears size M &amp; L'), ['Model is 6\'0" and wears size M & L']);
  assert.deepEqual(fragmentParagraphs('<p>Soft <b>merino</b> wool.</p><ul><li>Slim fit</li><li>Crew neck</li></ul>Last<br>line'),
    ['Soft merino wool.', 'Slim fit', 'Crew neck', 'Last', 'line']);
  assert.deepEqual(fragmentParagraphs('DARKER ROAST.\nMeet the   yin\tto your yang.\n\n'), ['DARKER ROAST.', 'Meet the yin to your yang.']);
  assert.deepEqual(fragmentParagraphs('<script>track()</script><style>p{}</style>Shown'), ['Shown'], 'script and style are no text');
});

test('fragmentParagraphs: markup escaped twice is read as markup; a lone "<" stays text', () => {
  assert.deepEqual(fragmentParagraphs('&lt;p&gt;One&lt;/p&gt;&lt;p&gt;Two &amp;amp; three&lt;/p&gt;'), ['One', 'Two & three']);
  assert.deepEqual(fragmentParagraphs('Sizes < 5 fit children'), ['Sizes < 5 fit children']);
});

test('fragmentParagraphs: empty, deep and oversized input', () => {
  assert.deepEqual(fragmentParagraphs(''), []);
  assert.deepEqual(fragmentParagraphs('<div><p> </p></div>'), []);
  const deep = '<div>'.repeat(1500) + 'deep text' + '</div>'.repeat(1500);
  assert.deepEqual(fragmentParagraphs(deep), ['deep text'], 'walked without recursion');
  assert.deepEqual(fragmentParagraphs('x '.repeat(MAX_FRAGMENT_CHARS)), [], 'a catalogue in a field is not read');
});

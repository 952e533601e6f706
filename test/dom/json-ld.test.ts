import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonLd } from '../../src/dom/json-ld.js';

test('JSON-LD as pages write it: CDATA and comment wrappers, raw line breaks in strings, trailing commas', () => {
  assert.deepEqual(parseJsonLd('{"a":1}'), { a: 1 });
  assert.deepEqual(parseJsonLd('\n  <![CDATA[\n {"a":1}\n ]]>\n'), { a: 1 });
  assert.deepEqual(parseJsonLd('//<![CDATA[\n[{"a":1}]\n//]]>'), [{ a: 1 }]);
  assert.deepEqual(parseJsonLd('<!-- {"a":"x"} -->'), { a: 'x' });
  assert.deepEqual(parseJsonLd('{"a":"two\nlines\there"}'), { a: 'two lines here' });
  assert.deepEqual(parseJsonLd('{"a":[1,2,],}'), { a: [1, 2] });
});

test('text that is not JSON even leniently gives undefined, not an exception', () => {
  for (const bad of ['', '   ', 'Musik und Spiel', '{"a":', '{ & #34;a&#34;: 1 }', '<![CDATA[', '{"a":1} {"b":2}']) {
    assert.equal(parseJsonLd(bad), undefined, JSON.stringify(bad));
  }
});

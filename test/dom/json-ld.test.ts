import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonLdValues, MAX_JSON_LD_CHARS, MAX_JSON_LD_WALK, parseJsonLd, walkJsonLdObjects, walkPageJsonLdObjects } from '../../src/dom/json-ld.js';

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

test('the page view parses each script once and drops what is not JSON', () => {
  const tree = { jsonLd: ['{"@type":"NewsArticle","headline":"H"}', 'not json', '[{"a":1}]'] };
  const values = jsonLdValues(tree);
  assert.deepEqual(values, [{ '@type': 'NewsArticle', headline: 'H' }, [{ a: 1 }]]);
  assert.equal(jsonLdValues(tree), values, 'a second reader gets the same parsed values');
  assert.deepEqual(jsonLdValues({ jsonLd: [`{"a":"${'x'.repeat(MAX_JSON_LD_CHARS)}"}`] }), [], 'oversized scripts are skipped');
  assert.deepEqual(jsonLdValues({ jsonLd: [] }), []);
});

test('objects are walked in document order, bounded per script, and the walk can stop', () => {
  const tree = { jsonLd: ['{"n":1,"a":{"n":2,"b":[{"n":3},{"n":4}]},"c":{"n":5}}', '{"n":6}'] };
  const order: unknown[] = [];
  walkJsonLdObjects(tree, (o) => void order.push(o['n']));
  assert.deepEqual(order, [1, 2, 3, 4, 5, 6]);
  const first: unknown[] = [];
  walkJsonLdObjects(tree, (o) => (first.push(o['n']), o['n'] === 3));
  assert.deepEqual(first, [1, 2, 3]);
  const bounded: unknown[] = [];
  walkJsonLdObjects(tree, (o) => void bounded.push(o['n']), 3);
  assert.deepEqual(bounded, [1, 2, 6], 'three values per script: the object, "a", then the array under "b"');
});

test('hostile nesting costs a bounded walk, not a stack overflow', () => {
  const deep = '{"a":'.repeat(100_000) + '{"headline":"deep"}' + '}'.repeat(100_000);
  let visited = 0;
  walkJsonLdObjects({ jsonLd: [deep] }, () => void visited++);
  assert.ok(visited > 0 && visited <= MAX_JSON_LD_WALK);
});

test("the page's own objects: top level, @graph members and main entities, not what they mention", () => {
  const tree = { jsonLd: ['{"n":1,"publisher":{"n":2,"owns":[{"n":3}]},"mainEntity":{"n":4,"review":{"n":5}}}', '{"@graph":[{"n":6,"mainEntityOfPage":{"n":7}},{"n":8}]}'] };
  const seen: unknown[] = [];
  walkPageJsonLdObjects(tree, (o) => void seen.push(o['n']));
  assert.deepEqual(seen.filter((n) => n !== undefined), [1, 4, 6, 7, 8]);
  let visited = 0;
  const deep = '{"mainEntity":'.repeat(100_000) + '{"n":1}' + '}'.repeat(100_000);
  walkPageJsonLdObjects({ jsonLd: [deep] }, () => void visited++);
  assert.ok(visited <= MAX_JSON_LD_WALK, 'bounded');
});

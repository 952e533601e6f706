/** A wrapper site model's first line says what it learned: title/body rules and, with field rules, the fields. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WrapperSiteModel } from '../../../src/models/wrapper/site-model.js';
import type { FieldRule, FieldsBody } from '../../../src/models/wrapper/fields.js';

const profile = { minLength: 2, maxLength: 12, classes: ['a9'] };
const anchorRule = (cls: string): FieldRule => ({ kind: 'anchor', anchor: { tag: 'span', attr: 'class', value: cls }, steps: [], text: 0, clean: {}, examples: 3, wrong: 0, pages: 3 });

function fieldsOf(names: string[]): FieldsBody {
  return { records: false, fields: Object.fromEntries(names.map((n) => [n, { rules: [anchorRule(n)], profile, required: true }])) };
}

const firstLine = (body: unknown): string => WrapperSiteModel.fromJSON('books.example', body).describe().split('\n')[0]!;

test('a field-only wrapper model says it learned field rules for its fields, not just "0 rules"', () => {
  const body = { version: 3, rules: [], trainingPages: 3, notes: [], minBodyChars: 1, fields: fieldsOf(['title', 'author', 'isbn_13']) };
  assert.equal(firstLine(body), 'site books.example: wrapper, 0 title/body rules, field rules for 3 field(s) (title, author, isbn_13) from 3 page(s)');
});

test('many fields: the first line lists six and "...", the field lines below name every one', () => {
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const body = { version: 3, rules: [], trainingPages: 2, notes: [], minBodyChars: 1, fields: fieldsOf(names) };
  assert.equal(firstLine(body), 'site books.example: wrapper, 0 title/body rules, field rules for 8 field(s) (a, b, c, d, e, f, ...) from 2 page(s)');
  const text = WrapperSiteModel.fromJSON('books.example', body).describe();
  for (const n of names) assert.match(text, new RegExp(`^  field ${n}: 1 rule\\(s\\)$`, 'm'));
});

test('a wrapper model without fields keeps its line: N rules from P page(s)', () => {
  const body = { version: 2, rules: [{ label: 'body', steps: [{ tag: 'p' }], examples: 4, pages: 2 }], trainingPages: 2, notes: [], minBodyChars: 1 };
  assert.equal(firstLine(body), 'site books.example: wrapper, 1 rules from 2 page(s)');
});

test('a field kept with no rule (its value was not on the pages) is not counted as learned', () => {
  const fields = fieldsOf(['title', 'color']);
  const some = { ...fields, fields: { ...fields.fields, color: { ...fields.fields['color']!, rules: [] } } };
  const body = { version: 3, rules: [], trainingPages: 2, notes: [], minBodyChars: 1, fields: some };
  assert.equal(firstLine(body), 'site books.example: wrapper, 0 title/body rules, field rules for 1 of 2 field(s) (title) from 2 page(s)');
  const none = { ...fields, fields: { title: { ...fields.fields['title']!, rules: [] } } };
  assert.equal(firstLine({ ...body, fields: none }), 'site books.example: wrapper, 0 title/body rules from 2 page(s)');
  assert.equal(firstLine({ ...body, fields: { records: false, fields: {} } }), 'site books.example: wrapper, 0 title/body rules from 2 page(s)');
});

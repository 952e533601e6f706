/** Named fields as CSV (RFC 4180). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, csvRow, fieldsCsv } from '../../src/pipeline/fields-csv.js';

test('csv cells: quoted when they hold a comma, quote, CR or LF, or space at an end; quotes doubled', () => {
  assert.equal(csvCell('plain'), 'plain');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('two\nlines'), '"two\nlines"');
  assert.equal(csvCell('cr\r'), '"cr\r"');
  assert.equal(csvCell(' lead'), '" lead"');
  assert.equal(csvCell(''), '');
  assert.equal(csvRow(['a', 'b,c', '']), 'a,"b,c",\r\n');
});

test('fields csv: one row per record where pages have records, else one row per page; columns in first-seen order', () => {
  const csv = fieldsCsv([
    { id: 'p1', url: 'http://s.example/1', fields: { name: ['Kettle', 'Pot'], price: ['1', '2'] }, records: [{ name: 'Kettle', price: '1' }, { name: 'Pot', price: '2' }] },
    { id: 'p2', url: null, fields: { name: ['Jug'], note: ['a, "b"'] }, records: [] },
  ], { id: true, url: true });
  assert.equal(csv, 'id,url,name,price,note\r\np1,http://s.example/1,Kettle,1,\r\np1,http://s.example/1,Pot,2,\r\np2,,Jug,,"a, ""b"""\r\n');
  assert.equal(fieldsCsv([{ fields: { author: ['A', 'B'], title: ['T'] } }]), 'author,title\r\nA; B,T\r\n', 'several values share a cell');
});

/** Named fields as CSV (RFC 4180). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, csvRow, csvRowCount, fieldsCsv, type FieldsCsvPage } from '../../src/pipeline/fields-csv.js';

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

test('csv cells: a value a spreadsheet would run as a formula stays text; numbers and dashes inside stay as they are', () => {
  assert.equal(csvCell('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
  assert.equal(csvCell('+1 555'), "'+1 555");
  assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
  assert.equal(csvCell('-cmd|x'), "'-cmd|x");
  assert.equal(csvCell('\t=1'), "'\t=1");
  assert.equal(csvCell('-5'), '-5');
  assert.equal(csvCell('-1,000.50'), '"-1,000.50"');
  assert.equal(csvCell('a-b = c'), 'a-b = c');
  assert.equal(csvCell('9781439133736'), '9781439133736');
});

test('fields csv: one row per record where pages have records, else one row per page; columns in first-seen order', () => {
  const csv = fieldsCsv([
    { id: 'p1', url: 'http://s.example/1', fields: { name: ['Kettle', 'Pot'], price: ['1', '2'] }, records: [{ name: 'Kettle', price: '1' }, { name: 'Pot', price: '2' }] },
    { id: 'p2', url: null, fields: { name: ['Jug'], note: ['a, "b"'] }, records: [] },
  ], { id: true, url: true });
  assert.equal(csv, 'id,url,name,price,note\r\np1,http://s.example/1,Kettle,1,\r\np1,http://s.example/1,Pot,2,\r\np2,,Jug,,"a, ""b"""\r\n');
  assert.equal(fieldsCsv([{ fields: { author: ['A', 'B'], title: ['T'] } }]), 'author,title\r\nA; B,T\r\n', 'several values share a cell');
});

test('lists csv: one row per list item (list and item counted from 1) after the page\'s field rows; without lists as before', () => {
  const items = [{ text: 'Kettle, steel', href: 'https://s.example/k' }, { text: 'Pot' }];
  assert.equal(
    fieldsCsv([{ url: 'https://s.example/', lists: [{ items }] }], { url: true }),
    'url,list,item,text,href\r\nhttps://s.example/,1,1,"Kettle, steel",https://s.example/k\r\nhttps://s.example/,1,2,Pot,\r\n',
    'a page with lists only gives its list rows',
  );
  assert.equal(fieldsCsv([{ url: 'u', lists: [] }], { url: true }), 'url,list,item,text,href\r\n', 'lists asked, none found: the header only');
  const mixed = fieldsCsv([
    { id: 'p1', url: 'u1', fields: { name: ['A', 'B'] }, records: [{ name: 'A' }, { name: 'B' }], lists: [{ items: [{ text: 'x', href: 'h' }] }] },
    { id: 'p2', url: 'u2', lists: [{ items: [{ text: 'y' }] }, { items: [{ text: 'z' }] }] },
  ], { id: true, url: true });
  assert.equal(mixed, 'id,url,name,list,item,text,href\r\np1,u1,A,,,,\r\np1,u1,B,,,,\r\np1,u1,,1,1,x,h\r\np2,u2,,1,1,y,\r\np2,u2,,2,1,z,\r\n');
  assert.equal(csvRowCount([{ lists: [{ items }] }, { fields: { a: ['1'] } }, { records: [{ a: '1' }, { a: '2' }], lists: [] }]), 2 + 1 + 2);
  const before = [{ id: 'p', url: 'u', fields: { name: ['A'] } }];
  assert.equal(fieldsCsv(before, { id: true, url: true }), 'id,url,name\r\np,u,A\r\n', 'no lists key: no list columns');
});

test('fields csv: a record row also carries the page\'s fields that no record holds; columns keep the page\'s field order', () => {
  // A listing with a category given once: every record row carries it (else the CSV loses it).
  const page = {
    id: 'tents', url: 'u', fields: { category: ['Tents'], name: ['Alpine', 'Boreal'], price: ['$19', '$26'] },
    records: [{ name: 'Alpine', price: '$19' }, { name: 'Boreal', price: '$26' }],
  };
  assert.equal(fieldsCsv([page], { id: true, url: true }), 'id,url,category,name,price\r\ntents,u,Tents,Alpine,$19\r\ntents,u,Tents,Boreal,$26\r\n');
  // The first record lacks the price: the column stays where the page's fields put it.
  const gap: FieldsCsvPage = { fields: { name: ['A', 'B'], price: ['2'], rating: ['x', 'y'] }, records: [{ name: 'A', rating: 'x' }, { name: 'B', price: '2', rating: 'y' }] };
  assert.equal(fieldsCsv([gap]), 'name,price,rating\r\nA,,x\r\nB,2,y\r\n');
});

test('fields csv: a field named as an Object method (constructor, toString) that a record or page lacks gives an empty cell', () => {
  // Field names are the user's own: a missing one must not read Object.prototype's method.
  const records: FieldsCsvPage = { fields: { name: ['A', 'B'], constructor: ['Acme'] }, records: [{ name: 'A', constructor: 'Acme' }, { name: 'B' }] };
  assert.equal(fieldsCsv([records]), 'name,constructor\r\nA,Acme\r\nB,\r\n');
  const pages: FieldsCsvPage[] = [{ id: 'p1', fields: { toString: ['x'] } }, { id: 'p2', fields: { name: ['y'] } }];
  assert.equal(fieldsCsv(pages, { id: true }), 'id,toString,name\r\np1,x,\r\np2,,y\r\n');
});

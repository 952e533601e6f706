import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_GRID_SLOTS, tableGrid } from '../../src/article/table-grid.js';
import type { TableRow } from '../../src/article/types.js';

const cell = (text: string, colspan?: number, rowspan?: number) => ({
  header: false, content: [{ kind: 'text' as const, text }], ...(colspan ? { colspan } : {}), ...(rowspan ? { rowspan } : {}),
});
const row = (...cells: ReturnType<typeof cell>[]): TableRow => ({ header: false, cells });
const text = (g: ReturnType<typeof tableGrid<string>>) => g.rows.map((r) => r.cells.map((c) => c ?? '.').join(' '));

test('spans lay out as empty slots so columns stay aligned', () => {
  const g = tableGrid([row(cell('a', 2), cell('b')), row(cell('c', 1, 2), cell('d'), cell('e')), row(cell('f'), cell('g'))], (c) => (c.content[0] as { text: string }).text);
  assert.equal(g.columns, 3);
  assert.deepEqual(text(g), ['a . b', 'c d e', '. f g']);
});

test('wide spans repeated over many rows do not make a grid bigger than MAX_GRID_SLOTS', () => {
  const wide = row(...Array.from({ length: 400 }, () => cell('x', 1000)));
  const rows = Array.from({ length: 1000 }, () => wide);
  const g = tableGrid(rows, () => 'x');
  assert.ok(g.columns * g.rows.length <= MAX_GRID_SLOTS, `${g.columns} x ${g.rows.length}`);
  assert.equal(g.rows.length, 1000, 'every row kept');
  assert.equal(g.rows[0]!.cells.filter((c) => c === 'x').length, Math.min(400, g.columns), 'spans written as single cells');
  const long = Array.from({ length: 300_000 }, () => row(cell('y')));
  const tall = tableGrid(long, () => 'y');
  assert.equal(tall.columns, 1);
  assert.equal(tall.rows.length, 300_000);
});

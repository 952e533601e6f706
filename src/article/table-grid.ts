/**
 * Tables as a rectangular grid for writers without spans (GFM markdown, plain text):
 * a cell spanning n columns or rows is followed by / leaves below it empty cells, so the
 * other cells stay in their columns.
 */
import type { TableCell, TableRow } from './types.js';

/** Spans beyond this are treated as this (a colspan=1000 cell is layout, not data). */
const MAX_GRID_SPAN = 50;

export interface Grid<T> {
  readonly columns: number;
  /** Rows of exactly `columns` entries; `undefined` where a span covers the slot. */
  readonly rows: readonly { readonly header: boolean; readonly cells: readonly (T | undefined)[] }[];
}

export function tableGrid<T>(rows: readonly TableRow[], render: (cell: TableCell) => T): Grid<T> {
  const out: { header: boolean; cells: (T | undefined)[] }[] = [];
  // Per column: rows still covered by a rowspan from above.
  const carry: number[] = [];
  let columns = 0;
  for (const row of rows) {
    const cells: (T | undefined)[] = [];
    let col = 0;
    const skipCovered = (): void => {
      while ((carry[col] ?? 0) > 0) {
        carry[col]!--;
        cells.push(undefined);
        col++;
      }
    };
    for (const cell of row.cells) {
      skipCovered();
      const cs = Math.min(cell.colspan ?? 1, MAX_GRID_SPAN);
      const rs = Math.min(cell.rowspan ?? 1, MAX_GRID_SPAN);
      for (let k = 0; k < cs; k++) {
        cells.push(k === 0 ? render(cell) : undefined);
        if (rs > 1) carry[col] = rs - 1;
        col++;
      }
    }
    // Spans from above that reach past this row's last cell.
    for (let c = col; c < carry.length; c++) {
      if ((carry[c] ?? 0) > 0) {
        while (cells.length < c) cells.push(undefined);
        carry[c]!--;
        cells.push(undefined);
      }
    }
    columns = Math.max(columns, cells.length);
    out.push({ header: row.header, cells });
  }
  for (const r of out) while (r.cells.length < columns) r.cells.push(undefined);
  return { columns, rows: out };
}

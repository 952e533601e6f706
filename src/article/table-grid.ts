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

/**
 * Slots a grid may have. A row of wide spans repeated over many rows would otherwise make a
 * grid of rows x columns that a 16 KB page can fill with tens of millions of empty slots.
 * Past it, spans are written as single cells; past it even then, columns beyond what fits are
 * left out of the text and markdown writers' grids (the html writer keeps every cell).
 */
export const MAX_GRID_SLOTS = 250_000;

export function tableGrid<T>(rows: readonly TableRow[], render: (cell: TableCell) => T): Grid<T> {
  return layOut(rows, render, MAX_GRID_SPAN) ?? layOut(rows, render, 1) ?? cutColumns(rows, render);
}

/** The grid with spans up to `maxSpan`, or undefined when it would pass MAX_GRID_SLOTS. */
function layOut<T>(rows: readonly TableRow[], render: (cell: TableCell) => T, maxSpan: number): Grid<T> | undefined {
  const out: { header: boolean; cells: (T | undefined)[] }[] = [];
  // Per column: rows still covered by a rowspan from above.
  const carry: number[] = [];
  let columns = 0;
  let slots = 0;
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
      const cs = Math.min(cell.colspan ?? 1, maxSpan);
      const rs = Math.min(cell.rowspan ?? 1, maxSpan);
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
    slots += cells.length;
    columns = Math.max(columns, cells.length);
    if (slots > MAX_GRID_SLOTS || columns * (out.length + 1) > MAX_GRID_SLOTS) return undefined;
    out.push({ header: row.header, cells });
  }
  for (const r of out) while (r.cells.length < columns) r.cells.push(undefined);
  return { columns, rows: out };
}

/** One slot per cell and only as many columns as MAX_GRID_SLOTS allows over all rows. */
function cutColumns<T>(rows: readonly TableRow[], render: (cell: TableCell) => T): Grid<T> {
  const columns = Math.max(1, Math.floor(MAX_GRID_SLOTS / Math.max(1, rows.length)));
  const out = rows.map((row) => {
    const cells: (T | undefined)[] = row.cells.slice(0, columns).map(render);
    while (cells.length < columns) cells.push(undefined);
    return { header: row.header, cells };
  });
  return { columns, rows: out };
}

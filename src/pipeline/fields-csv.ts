/**
 * Named fields and found lists as CSV (RFC 4180: comma-separated, CRLF line ends, a cell with a
 * comma, quote, CR or LF, or space at either end, quoted, quotes doubled), for a spreadsheet;
 * a value that would start a formula there gets a leading `'` (see `csvCell`).
 * Pages with records give one row per record (each also carrying the page's fields that no record
 * holds); pages without, one row per page with its fields. Several values of a field in one cell
 * are joined with "; ". Columns: `id` and `url` (when given), then the fields in the order first
 * seen (a page's in its fields' order).
 *
 * Lists (docs/lists.md), where a page carries them (`--lists`): one row per list item after the
 * page's rows of fields, with four more columns after the fields': `list` and `item` (1-based, as
 * a spreadsheet counts), the item's `text` and `href`. One table holds both kinds of row: a list
 * item's row leaves the field columns empty, a record's the list columns. A page that carries
 * lists but no fields or records gives only its list rows. Without lists the CSV is as before.
 */
import type { FoundList } from '../models/lists/find-lists.js';

/** The values a CSV row is made of, per page: its id and URL, its fields, records and lists. */
export interface FieldsCsvPage {
  readonly id?: string;
  readonly url?: string | null;
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  readonly records?: readonly Readonly<Record<string, string>>[];
  /** The page's found lists, when they were asked for (absent: not asked; `[]`: none found). */
  readonly lists?: readonly FoundList[];
}

/** Joins several values of one field in one cell. */
export const CSV_VALUE_SEPARATOR = '; ';

/** The columns of a list item's row, after the fields'. */
export const CSV_LIST_COLUMNS: readonly string[] = Object.freeze(['list', 'item', 'text', 'href']);

/**
 * A value a spreadsheet would run as a formula: one that starts with `=`, `+`, `@`, a tab or CR,
 * or `-` not followed by a plain number (`-5`, `-1,000.50` stay numbers). Page text is anyone's,
 * so a link text such as `=HYPERLINK(...)` must stay text.
 */
const FORMULA_START = /^[=+@\t\r]|^-(?!\d[\d.,]*$)/;

/**
 * One cell, quoted when RFC 4180 requires (or white space at an end would be lost); a value a
 * spreadsheet would read as a formula is kept as text by a leading `'`.
 */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** A page's row of field values, one of its records or its fields (several values in one cell). */
type FieldRow = { readonly page: FieldsCsvPage; readonly values: Readonly<Record<string, string>> };
/** A page's row of one list item: the list cells in CSV_LIST_COLUMNS's order. */
type ListRow = { readonly page: FieldsCsvPage; readonly list: readonly string[] };

/** Whether a page gives rows of fields: it has fields or records, or (as before lists) it carries no lists. */
function givesFieldRows(page: FieldsCsvPage): boolean {
  return page.fields !== undefined || page.records !== undefined || page.lists === undefined;
}

/** A page's list items as rows, lists and items counted from 1. */
function listRows(page: FieldsCsvPage): ListRow[] {
  return (page.lists ?? []).flatMap((l, i) => l.items.map((item, k) => ({ page, list: [String(i + 1), String(k + 1), item.text, item.href ?? ''] })));
}

/**
 * The values of a page's fields that no record holds (a category or heading given once per
 * page), joined as one cell each: every record row carries them, so a spreadsheet row is whole.
 */
function pageLevelValues(page: FieldsCsvPage, records: readonly Readonly<Record<string, string>>[]): Record<string, string> {
  const inRecords = new Set(records.flatMap((r) => Object.keys(r)));
  const out: Record<string, string> = {};
  for (const [k, vs] of Object.entries(page.fields ?? {})) if (!inRecords.has(k)) out[k] = vs.join(CSV_VALUE_SEPARATOR);
  return out;
}

/** The table fieldsCsv writes: its field columns in the order first seen, and its rows. */
interface CsvTable {
  readonly columns: readonly string[];
  readonly rows: readonly (FieldRow | ListRow)[];
}

/**
 * The pages' rows: one per record when a page has records, else one of its fields (when it gives
 * field rows at all); then one per list item.
 */
function csvTable(pages: readonly FieldsCsvPage[]): CsvTable {
  const columns: string[] = [];
  const see = (k: string): void => {
    if (!columns.includes(k)) columns.push(k);
  };
  const rows: (FieldRow | ListRow)[] = [];
  for (const page of pages) {
    if (page.records && page.records.length > 0) {
      // The page's fields in their order first, so a record without some field leaves its column where it was.
      Object.keys(page.fields ?? {}).forEach(see);
      const shared = pageLevelValues(page, page.records);
      for (const r of page.records) {
        Object.keys(r).forEach(see);
        rows.push({ page, values: { ...shared, ...r } });
      }
    } else if (givesFieldRows(page)) {
      const values: Record<string, string> = {};
      for (const [k, vs] of Object.entries(page.fields ?? {})) {
        see(k);
        values[k] = vs.join(CSV_VALUE_SEPARATOR);
      }
      rows.push({ page, values });
    }
    rows.push(...listRows(page));
  }
  return { columns, rows };
}

/** How many rows (besides the header) fieldsCsv writes for the pages. */
export function csvRowCount(pages: readonly FieldsCsvPage[]): number {
  return csvTable(pages).rows.length;
}

/**
 * The CSV of some pages' fields and lists: one row per record when any page has records (pages
 * without records then give one row of their fields), else one row per page; then, per page,
 * one row per list item where pages carry lists.
 */
export function fieldsCsv(pages: readonly FieldsCsvPage[], options: { readonly id?: boolean; readonly url?: boolean } = {}): string {
  const { columns, rows } = csvTable(pages);
  const withLists = pages.some((p) => p.lists !== undefined);
  const listColumns = withLists ? CSV_LIST_COLUMNS : [];
  const head = [...(options.id ? ['id'] : []), ...(options.url ? ['url'] : []), ...columns, ...listColumns];
  const blankFields = columns.map(() => '');
  const blankList = listColumns.map(() => '');
  let out = csvRow(head);
  for (const row of rows) {
    const { page } = row;
    // Own keys only: a field named `constructor` that a row lacks must not read Object.prototype's.
    const fieldCells = 'values' in row ? columns.map((c) => (Object.hasOwn(row.values, c) ? row.values[c]! : '')) : blankFields;
    const listCells = 'list' in row ? row.list : blankList;
    out += csvRow([...(options.id ? [page.id ?? ''] : []), ...(options.url ? [page.url ?? ''] : []), ...fieldCells, ...listCells]);
  }
  return out;
}

/**
 * Named fields as CSV (RFC 4180: comma-separated, CRLF line ends, a cell with a comma, quote,
 * CR or LF, or space at either end, quoted, quotes doubled), for a spreadsheet. Pages with
 * records give one row per record; pages without, one row per page with its fields. Several
 * values of a field in one cell are joined with "; ". Columns: `id` and `url` (when given),
 * then the fields in the order first seen.
 */

/** The values a CSV row is made of, per page: its id and URL, its fields and records. */
export interface FieldsCsvPage {
  readonly id?: string;
  readonly url?: string | null;
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  readonly records?: readonly Readonly<Record<string, string>>[];
}

/** Joins several values of one field in one cell. */
export const CSV_VALUE_SEPARATOR = '; ';

/** One cell, quoted when RFC 4180 requires (or white space at an end would be lost). */
export function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvRow(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/**
 * The CSV of some pages' fields: one row per record when any page has records (pages without
 * records then give one row of their fields), else one row per page.
 */
export function fieldsCsv(pages: readonly FieldsCsvPage[], options: { readonly id?: boolean; readonly url?: boolean } = {}): string {
  const columns: string[] = [];
  const see = (k: string): void => {
    if (!columns.includes(k)) columns.push(k);
  };
  const rows: { page: FieldsCsvPage; values: Record<string, string> }[] = [];
  for (const page of pages) {
    if (page.records && page.records.length > 0) {
      for (const r of page.records) {
        Object.keys(r).forEach(see);
        rows.push({ page, values: { ...r } });
      }
    } else {
      const values: Record<string, string> = {};
      for (const [k, vs] of Object.entries(page.fields ?? {})) {
        see(k);
        values[k] = vs.join(CSV_VALUE_SEPARATOR);
      }
      rows.push({ page, values });
    }
  }
  const head = [...(options.id ? ['id'] : []), ...(options.url ? ['url'] : []), ...columns];
  let out = csvRow(head);
  for (const { page, values } of rows) {
    out += csvRow([...(options.id ? [page.id ?? ''] : []), ...(options.url ? [page.url ?? ''] : []), ...columns.map((c) => values[c] ?? '')]);
  }
  return out;
}

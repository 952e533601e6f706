/**
 * `pith extract --fields title,author,...` (Defuddle's `-p`): only the named values of the
 * result, as text (one value a line) or as a JSON object. A name is a key of the JSON result
 * (`title`, `body`, ...) or of its `metadata` (`author`, `date`, ...); the values are read from
 * `resultToJson`, so they are what `--format json` says.
 */
import { PithError } from '../errors.js';
import { isRecord } from '../util/is-record.js';

/** Keys of the JSON result `--fields` may name. */
export const RESULT_FIELDS = ['found', 'reason', 'title', 'headings', 'body', 'markdown', 'html', 'confidence', 'fields', 'fieldConfidence', 'records'] as const;
/** Keys of its `metadata` `--fields` may name. */
export const METADATA_FIELDS = ['pageTitle', 'author', 'date', 'siteName', 'url', 'lang', 'excerpt', 'image', 'dir'] as const;
export const EXTRACT_FIELDS: readonly string[] = [...RESULT_FIELDS, ...METADATA_FIELDS];

/** Said with an unknown `--fields` name: a field model's own fields (`price`) are not keys of the result but values of its `fields`. */
export const NAMED_FIELDS_HINT = 'a field model\'s named fields (a price, an author) come together under fields and records; CSV (extract --format csv, batch --csv) gives each a column';

/** `--fields` to the names, in the order given, each once; an unknown name is a BAD_OPTION. */
export function parseExtractFields(list: string): string[] {
  const out: string[] = [];
  for (const raw of list.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!EXTRACT_FIELDS.includes(name)) throw new PithError('BAD_OPTION', `--fields: unknown field '${name}'; choose from ${EXTRACT_FIELDS.join(', ')} (${NAMED_FIELDS_HINT})`);
    if (!out.includes(name)) out.push(name);
  }
  if (out.length === 0) throw new PithError('BAD_OPTION', '--fields needs at least one field name');
  return out;
}

/** The named values of a JSON result (`null` where the page has none). */
export function pickFields(json: Readonly<Record<string, unknown>>, names: readonly string[]): Record<string, unknown> {
  const metadata = isRecord(json['metadata']) ? json['metadata'] : {};
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = (RESULT_FIELDS as readonly string[]).includes(name) ? json[name] : metadata[name];
    out[name] = value === undefined ? null : value;
  }
  return out;
}

/** One value as text: a string as it is, a list one element a line, a number or boolean in JSON, nothing for null. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\n+$/, '');
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('\n');
  return JSON.stringify(value);
}

/** The picked values as text, each on its own line(s) in the order named (an absent one an empty line). */
export function fieldsText(picked: Readonly<Record<string, unknown>>): string {
  return Object.values(picked).map((v) => valueText(v) + '\n').join('');
}

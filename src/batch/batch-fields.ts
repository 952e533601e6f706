/** What a `pith batch` line carries (`--fields`) and how a page's own file is named (`--out-dir`). */
import { createHash } from 'node:crypto';
import { PithError } from '../errors.js';
import { outputFormatNamed, type OutputFormat } from '../pipeline/output-formats.js';
import { NAMED_FIELDS_HINT } from '../pipeline/extract-fields.js';

/** Fields a line may carry besides `id`, `url` (always there) and `date` (there when the input gives one). */
export const BATCH_FIELDS = ['found', 'title', 'headings', 'body', 'markdown', 'html', 'metadata', 'confidence', 'blocks', 'comments', 'fields', 'records', 'lists'] as const;
export type BatchField = (typeof BATCH_FIELDS)[number];

/**
 * A line's fields when none are asked for: those of `pith extract --format json` (`found` with
 * its `reason`; `comments` only with --include-comments; blocks only
 * with --blocks; `lists` only with --lists (docs/lists.md); `fields` (with `fieldConfidence`) and `records` only where the page's site
 * model has field rules, docs/fields.md).
 */
export const DEFAULT_BATCH_FIELDS: readonly BatchField[] = ['found', 'title', 'headings', 'body', 'markdown', 'html', 'metadata', 'confidence', 'comments', 'fields', 'records'];

/** `--fields id,url,title,body` to the fields (id, url and date are always written; named or not). */
export function parseBatchFields(list: string): BatchField[] {
  const out: BatchField[] = [];
  for (const raw of list.split(',')) {
    const f = raw.trim();
    if (f === '' || f === 'id' || f === 'url' || f === 'date') continue;
    if (!(BATCH_FIELDS as readonly string[]).includes(f)) {
      throw new PithError('BAD_OPTION', `--fields: unknown field '${f}'; choose from id, url, date, ${BATCH_FIELDS.join(', ')} (${NAMED_FIELDS_HINT})`);
    }
    if (!out.includes(f as BatchField)) out.push(f as BatchField);
  }
  return out;
}

/** A page file's format (`--out-dir`): every output format. */
export type BatchFileFormat = OutputFormat;
/** The formats as `pith batch --format`'s error names them: json, the default, first. */
export const BATCH_FILE_FORMATS: readonly BatchFileFormat[] = ['json', 'markdown', 'text', 'html', 'csv', 'xml', 'tei'];
const EXTENSION: Record<BatchFileFormat, string> = { json: '.json', markdown: '.md', text: '.txt', html: '.html', csv: '.csv', xml: '.xml', tei: '.tei.xml' };

/** A `--format` value of `pith batch` as a file format (named as `pith extract --format`: `txt` is `text`), else undefined. */
export const batchFileFormatNamed = outputFormatNamed;

/**
 * A page id as a file name: letters, digits, `-`, `_` and `.` kept, everything else `%XX`
 * (so `urn:uuid:1234` -> `urn%3Auuid%3A1234.json`, distinct ids never share a file); a
 * leading dot is escaped too, and a name too long for a file system is cut and given a hash.
 */
export function batchFileName(id: string, format: BatchFileFormat): string {
  let name = '';
  for (const byte of Buffer.from(id, 'utf8')) {
    const c = String.fromCharCode(byte);
    name += /[A-Za-z0-9_.-]/.test(c) && !(name === '' && c === '.') ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (name.length > 200) name = `${name.slice(0, 180)}~${createHash('sha256').update(id).digest('hex').slice(0, 16)}`;
  return name + EXTENSION[format];
}

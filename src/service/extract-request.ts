/**
 * `POST /extract`'s request: its fields (a JSON body, or query parameters with the page as
 * the raw body) checked and turned into an extraction job; bad ones are 400, an unknown
 * media type 415.
 */
import type { IncomingMessage } from 'node:http';
import { FAVORS, type ExtractionOptions, type Favor } from '../pipeline/library.js';
import { outputFormatNamed } from '../pipeline/output-formats.js';
import { ServiceError } from './errors.js';
import { parseClientUrl } from './fetch-url.js';
import { RESPONSE_FORMATS, type ResponseFormat } from './worker.js';

/** The request fields `POST /extract` takes (JSON body, or query parameters with a raw HTML body). */
export const EXTRACT_FIELDS = ['html', 'url', 'favor', 'includeComments', 'keepComments', 'includeImages', 'includeTables', 'includeLinks', 'includeLists', 'format', 'timeoutMs', 'site'] as const;
const BOOLEAN_FIELDS = ['includeComments', 'keepComments', 'includeImages', 'includeTables', 'includeLinks', 'includeLists'] as const;

/** Content types taken as the page itself (its charset parameter is honoured). */
const RAW_TYPES = new Set(['', 'text/html', 'application/xhtml+xml', 'text/plain', 'text/xml', 'application/xml', 'application/octet-stream', 'application/gzip']);

export interface ExtractRequest {
  readonly input?: string | Buffer;
  readonly fetchUrl?: URL;
  readonly options: Omit<ExtractionOptions, 'model'>;
  readonly format: ResponseFormat;
  readonly timeoutMs?: number;
}

const badOption = (message: string): ServiceError => new ServiceError(400, 'BAD_OPTION', message);

/** Checks and converts request fields (from JSON or the query string) to extraction options. */
function readFields(fields: Record<string, unknown>, fromQuery: boolean): { options: ExtractionOptions; format: ResponseFormat; timeoutMs?: number } {
  for (const k of Object.keys(fields)) {
    if (!(EXTRACT_FIELDS as readonly string[]).includes(k)) throw badOption(`unknown field '${k.slice(0, 100)}'; known: ${EXTRACT_FIELDS.join(', ')}`);
  }
  const options: Record<string, unknown> = {};
  const favor = fields['favor'];
  if (favor !== undefined) {
    if (typeof favor !== 'string' || !FAVORS.includes(favor as Favor)) throw badOption(`favor must be one of ${FAVORS.join(', ')}`);
    options['favor'] = favor;
  }
  for (const k of BOOLEAN_FIELDS) {
    let v = fields[k];
    if (v === undefined) continue;
    if (fromQuery && typeof v === 'string') v = v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v;
    if (typeof v !== 'boolean') throw badOption(`${k} must be true or false`);
    options[k] = v;
  }
  // Named as `pith extract --format` names them (`txt` is `text`); csv is no reply format.
  const named = fields['format'] ?? 'json';
  const format = typeof named === 'string' ? outputFormatNamed(named) : undefined;
  if (format === undefined || !RESPONSE_FORMATS.includes(format as ResponseFormat)) throw badOption(`format must be one of ${RESPONSE_FORMATS.join(', ')} (txt: text)`);
  // Only the JSON reply has a place for the lists.
  if (options['includeLists'] === true && format !== 'json') throw badOption('includeLists needs format json');
  let timeoutMs: number | undefined;
  const t = fields['timeoutMs'];
  if (t !== undefined) {
    const n = typeof t === 'string' && fromQuery ? Number(t) : t;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw badOption('timeoutMs must be a whole number of milliseconds >= 1');
    timeoutMs = n;
  }
  const url = fields['url'];
  if (url !== undefined && typeof url !== 'string') throw badOption('url must be a string');
  const site = fields['site'];
  if (site !== undefined) {
    if (typeof site !== 'string' || site.trim() === '') throw badOption('site must be a site model\'s name (a host or template:...)');
    options['site'] = site;
  }
  return { options: options as ExtractionOptions, format: format as ResponseFormat, ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
}

function mediaType(req: IncomingMessage): { type: string; charset: string | undefined } {
  const header = req.headers['content-type'] ?? '';
  const type = header.split(';')[0]!.trim().toLowerCase();
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(header)?.[1];
  return { type, charset };
}

/** Parses POST /extract's request into the job; throws 400 / 415 ServiceErrors. */
export function parseExtractRequest(req: IncomingMessage, body: Buffer, url: URL): ExtractRequest {
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    if (k in query) throw badOption(`query parameter '${k.slice(0, 100)}' given twice`);
    query[k] = v;
  }
  const { type, charset } = mediaType(req);
  if (type === 'application/json') {
    if ('html' in query) throw badOption('html goes in the body');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (e) {
      throw new ServiceError(400, 'BAD_REQUEST', `the body is not valid JSON (${(e as Error).message.slice(0, 200)})`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ServiceError(400, 'BAD_REQUEST', 'the JSON body must be an object: {"html": "..."} or {"url": "..."}');
    const fields = { ...query, ...(parsed as Record<string, unknown>) } as Record<string, unknown>;
    const { options, format, timeoutMs } = readFields(fields, false);
    const html = fields['html'];
    const pageUrl = fields['url'] as string | undefined;
    if (html !== undefined && typeof html !== 'string') throw badOption('html must be a string');
    if (html === undefined && pageUrl === undefined) throw badOption('give the page as "html", or its "url" to fetch');
    const u = pageUrl !== undefined ? parseClientUrl(pageUrl) : undefined;
    return {
      ...(html !== undefined ? { input: html } : { fetchUrl: u! }),
      options: { ...options, ...(u ? { url: u.href } : {}) }, format, ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    };
  }
  if (!RAW_TYPES.has(type)) {
    throw new ServiceError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type '${type.slice(0, 100)}' is not taken: send the page as text/html (any charset) or a JSON object as application/json`);
  }
  if ('html' in query) throw badOption('html goes in the body');
  const { options, format, timeoutMs } = readFields(query, true);
  const pageUrl = query['url'] !== undefined ? parseClientUrl(query['url']).href : undefined;
  return {
    input: body, options: { ...options, ...(pageUrl ? { url: pageUrl } : {}), ...(charset ? { charset } : {}) }, format,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
}


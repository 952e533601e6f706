/** Small WARC files written by hand for the tests: records, plain or one gzip member each. */
import { gzipSync } from 'node:zlib';

export interface RecordSpec {
  readonly type: string;
  readonly id?: string;
  readonly url?: string;
  readonly date?: string;
  /** The record block: for response records, HTTP status line, headers and body. */
  readonly block: Uint8Array | string;
  /** Overrides the Content-Length header (a lie: for truncated or broken records). */
  readonly contentLength?: string;
}

export function httpResponse(body: string | Uint8Array, headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' }, status = '200 OK'): Buffer {
  const b = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  const head = [`HTTP/1.1 ${status}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), `Content-Length: ${b.length}`].join('\r\n');
  return Buffer.concat([Buffer.from(head + '\r\n\r\n', 'latin1'), b]);
}

export function warcRecord(r: RecordSpec): Buffer {
  const block = typeof r.block === 'string' ? Buffer.from(r.block, 'utf8') : Buffer.from(r.block);
  const headers = [
    'WARC/1.0',
    `WARC-Type: ${r.type}`,
    ...(r.id ? [`WARC-Record-ID: <${r.id}>`] : []),
    ...(r.url ? [`WARC-Target-URI: ${r.url}`] : []),
    `WARC-Date: ${r.date ?? '2024-05-01T12:00:00Z'}`,
    ...(r.type === 'response' ? ['Content-Type: application/http; msgtype=response'] : r.type === 'request' ? ['Content-Type: application/http; msgtype=request'] : ['Content-Type: application/warc-fields']),
    `Content-Length: ${r.contentLength ?? block.length}`,
  ].join('\r\n');
  return Buffer.concat([Buffer.from(headers + '\r\n\r\n', 'latin1'), block, Buffer.from('\r\n\r\n', 'latin1')]);
}

/** Records as one file: plain, or each record its own gzip member (as .warc.gz files are). */
export function warcFile(records: readonly Buffer[], gzip: boolean): Buffer {
  return Buffer.concat(gzip ? records.map((r) => gzipSync(r)) : records);
}

/**
 * Pages out of WARC files (plain `.warc` or `.warc.gz`, one gzip member per record), streamed:
 * a record is never held beyond the page limit and a file is never loaded whole. Parsing is
 * warcio's (Webrecorder); around it this module bounds what a hostile file can make it buffer
 * (header blocks, record sizes, decompressed bodies) and names every record it leaves out.
 *
 * A page is a `response` record with an HTTP 2xx status whose Content-Type is HTML (or, with
 * no Content-Type, whose body starts like HTML). Its id is the record's WARC-Record-ID (without
 * `<>`), else `<file name>:<offset>`; its url the WARC-Target-URI, its date the WARC-Date, its
 * charset the HTTP Content-Type's. Everything else is skipped with a reason (`WarcSkipReason`).
 * A damaged record costs that record, never the ones after it: after a bad gzip member, a
 * header block that is unreadable or over 1 MiB, or a Content-Length that runs past the file's
 * end (or into the next record), the reader reports the bad record and goes on at the next gzip
 * member header (.warc.gz) or the next line starting `WARC/1.` (.warc). Only a record cut by
 * the end of the file, with nothing after it, is TRUNCATED.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import type * as Warcio from 'warcio';
import type { WARCRecord } from 'warcio';
import { DEFAULT_MAX_BYTES } from '../dom/bytes.js';
import { requireRegularFile } from './regular-file.js';
import { PithError } from '../errors.js';
import { explainImportError } from '../util/optional-package.js';

/** Why a record gave no page. */
export type WarcSkipReason =
  | 'NOT_RESPONSE' // request, metadata, warcinfo, revisit, resource ... records
  | 'NOT_HTTP' // a response record without an HTTP status line (dns:, ftp: ...)
  | 'HTTP_STATUS' // a response that is not 2xx (redirects, 404s ...)
  | 'NOT_HTML' // Content-Type not HTML, or none and the body does not look like HTML
  | 'TOO_LARGE' // payload (or its decoded body) over the page limit: not read past the limit
  | 'TRUNCATED' // the file ends before the record does
  | 'BAD_GZIP' // a gzip member that does not inflate: the reader resumes at the next member
  | 'BAD_RECORD' // unreadable WARC headers (no valid Content-Length, header block over 1 MiB)
  | 'BAD_ENCODING'; // an HTTP Content-Encoding that cannot be decoded

/** Reasons that mean the input is damaged or a page could not be taken: `pith batch` exits 4. */
export const DAMAGE_REASONS: ReadonlySet<WarcSkipReason> = new Set(['TOO_LARGE', 'TRUNCATED', 'BAD_GZIP', 'BAD_RECORD', 'BAD_ENCODING']);

export interface WarcPage {
  readonly id: string;
  readonly url: string | undefined;
  readonly date: string | undefined;
  readonly bytes: Uint8Array;
  /** The HTTP Content-Type's charset, when given. */
  readonly charset: string | undefined;
  /** Where the record starts in the file (for a .warc.gz, its gzip member's offset). */
  readonly offset: number;
}

export interface WarcReadOptions {
  /** Page limit in bytes (payload as stored, and after decoding). Default 16 MiB. */
  readonly maxBytes?: number;
  /** Ids to pass over without reading their payload (resume); reported through `onDone`. */
  readonly isDone?: (id: string) => boolean;
  readonly onDone?: (id: string) => void;
  readonly onSkip?: (reason: WarcSkipReason, detail: string) => void;
}

/** Most bytes the WARC + HTTP header blocks of one record may take. */
const HEADER_BUDGET = 1 << 20;
/** All the reading passes over one file (see readWarcPages) read at most this many times its size. */
const RESYNC_READ_FACTOR = 4;
const HTML_TYPE = /^\s*(text\/html|application\/xhtml\+xml)\b/i;

class HeaderBudgetExceeded extends Error {}

/** warcio, an optional package: loaded on the first WARC file (so reading HTML files needs no warcio). */
async function loadWarcio(): Promise<typeof Warcio> {
  try {
    return await import('warcio');
  } catch (e) {
    throw explainImportError(e, 'reading WARC files');
  }
}

/**
 * warcio's reader with a budget: while the parser reads a record's headers, the bytes it pulls
 * are counted and a header block that never ends (a hostile or garbled file) stops at the budget
 * instead of filling memory. Payloads are read with the budget off (they have their own limit).
 * Defined over the reader class of warcio once it is loaded.
 */
function budgetedReaderClass(AsyncIterReader: typeof Warcio.AsyncIterReader) {
  return class BudgetedReader extends AsyncIterReader {
    /** Read offset where the headers being parsed began; undefined while a payload is read. */
    private base: number | undefined;

    set budget(on: number) {
      this.base = on === Infinity ? undefined : this.getReadOffset();
    }

    override async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
      for await (const chunk of super[Symbol.asyncIterator]()) {
        // Bytes consumed before this chunk (chunks given back with unread are not counted twice).
        if (this.base !== undefined && this.getReadOffset() - chunk.length - this.base > HEADER_BUDGET) {
          throw new HeaderBudgetExceeded('record headers over 1 MiB');
        }
        yield chunk;
      }
    }
  };
}

type BudgetedReader = InstanceType<ReturnType<typeof budgetedReaderClass>>;

/** The limit reader warcio gives each record; `limit` is what is left of the payload. */
interface RecordLimitReader extends AsyncIterable<Uint8Array> {
  limit: number;
}

function isGzipStart(head: Uint8Array): boolean {
  return head.length >= 3 && head[0] === 0x1f && head[1] === 0x8b && head[2] === 0x08;
}

/** Offset of the next gzip member header (1f 8b 08) at or after `from`, or -1. */
async function nextGzipMember(path: string, from: number): Promise<number> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    let pos = from;
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      if (bytesRead < 3) return -1;
      const view = buf.subarray(0, bytesRead);
      for (let i = view.indexOf(0x1f); i !== -1 && i + 2 < bytesRead; i = view.indexOf(0x1f, i + 1)) {
        if (view[i + 1] === 0x8b && view[i + 2] === 0x08) return pos + i;
      }
      pos += bytesRead - 2; // a header split across two reads is found in the next
    }
  } finally {
    await fh.close();
  }
}

/** Offset of the next record start at or after `from` in a plain WARC (a line beginning `WARC/1.`), or -1. */
async function nextRecordStart(path: string, from: number): Promise<number> {
  const mark = Buffer.from('\nWARC/1.', 'latin1');
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    // Start one byte early so a record right at `from` is seen after its line break.
    let pos = Math.max(0, from - 1);
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      if (bytesRead < mark.length) return -1;
      const i = buf.subarray(0, bytesRead).indexOf(mark);
      if (i !== -1) return pos + i + 1;
      pos += bytesRead - (mark.length - 1); // a mark split across two reads is found in the next
    }
  } finally {
    await fh.close();
  }
}

/** Whether the bytes of `path` in [from, to) are all CR or LF (a gap of more than 64 KiB is not looked at: no). */
async function onlyLineBreaks(path: string, from: number, to: number): Promise<boolean> {
  if (to - from > 1 << 16) return false;
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(to - from);
    const { bytesRead } = await fh.read(buf, 0, buf.length, from);
    return buf.subarray(0, bytesRead).every((b) => b === 0x0d || b === 0x0a);
  } finally {
    await fh.close();
  }
}

/** Reads (or, with `keep` false, passes over) what is left of a record's payload, up to `cap` bytes kept. */
async function drain(limiter: RecordLimitReader, reader: BudgetedReader): Promise<{ truncated: boolean }> {
  reader.budget = Infinity;
  for await (const chunk of limiter) void chunk;
  return { truncated: limiter.limit > 0 };
}

async function readPayload(limiter: RecordLimitReader): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of limiter) {
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), truncated: limiter.limit > 0 };
}

/** The body as the server meant it: chunked transfer undone, Content-Encoding decoded (bounded). */
async function decodeBody(warcio: typeof Warcio, raw: Uint8Array, transferEncoding: string, contentEncoding: string, maxBytes: number): Promise<Uint8Array | WarcSkipReason> {
  const { AsyncIterReader } = warcio;
  let body = raw;
  if (/\bchunked\b/i.test(transferEncoding)) body = await new AsyncIterReader([raw], null, true).readFully();
  const enc = contentEncoding.trim().toLowerCase();
  if (enc === '' || enc === 'identity' || enc === 'none') return body;
  const opts = { maxOutputLength: maxBytes + 1 };
  try {
    let out: Buffer;
    if (enc === 'gzip' || enc === 'x-gzip') out = gunzipSync(body, opts);
    else if (enc === 'br') out = brotliDecompressSync(body, opts);
    else if (enc === 'deflate') {
      try {
        out = inflateSync(body, opts);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw e;
        out = inflateRawSync(body, opts);
      }
    } else return 'BAD_ENCODING';
    return out.length > maxBytes ? 'TOO_LARGE' : out;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError ? 'TOO_LARGE' : 'BAD_ENCODING';
  }
}

/** Whether a body with no Content-Type starts like an HTML document. */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1').replace(/^(\xef\xbb\xbf|\xfe\xff|\xff\xfe)/, '').trimStart().toLowerCase();
  return /^<(!doctype html|html|head|body|!--|meta|title)\b/.test(head) || /<html[\s>]/.test(head);
}

function headerValue(record: WARCRecord, name: string): string {
  return record.httpHeaders?.headers.get(name) ?? '';
}

/**
 * Streams the pages of one WARC file. Skipped records are reported through `onSkip`; records
 * whose id `isDone` are passed over unread. A file that cannot be opened is a PithError.
 */
export async function* readWarcPages(path: string, options: WarcReadOptions = {}): AsyncGenerator<WarcPage> {
  const st = await requireRegularFile(path, 'is not a regular file; only regular WARC files are read');
  const warcio = await loadWarcio();
  const fh = await open(path, 'r');
  const head = Buffer.alloc(3);
  await fh.read(head, 0, 3, 0).finally(() => fh.close());
  yield* new WarcFileReader(path, st.size, isGzipStart(head), warcio, options).pages();
}

/** One reading pass over a WARC file, from `start` to its end or to damage. */
interface Pass {
  readonly start: number;
  readonly reader: BudgetedReader;
  readonly parser: Warcio.WARCParser;
  /** Where to look for the next record (gzip member or `WARC/1.` line) after this pass; -1: none. */
  resyncFrom: number;
  /** A record the file ends inside: TRUNCATED if nothing follows it, else a bad Content-Length. */
  cut?: { readonly offset: number; readonly detail: string };
}

/** A record with a valid WARC header block. */
interface RecordAt {
  readonly record: WARCRecord;
  readonly offset: number;
  readonly limiter: RecordLimitReader;
  readonly lengthHeader: string;
  readonly id: string;
  readonly url: string | undefined;
}

/** What became of a record that gave no page: passed over (read on), or the pass ends here. */
const SKIPPED = Symbol('skipped');
const STOP = Symbol('stop');
type RecordResult = WarcPage | typeof SKIPPED | typeof STOP;

class WarcFileReader {
  private readonly name: string;
  private readonly maxBytes: number;
  private readonly BudgetedReader: ReturnType<typeof budgetedReaderClass>;
  /** In a run of damage: only its first record is reported. */
  private inDamage = false;

  constructor(private readonly path: string, private readonly size: number, private readonly gz: boolean, private readonly warcio: typeof Warcio, private readonly options: WarcReadOptions) {
    this.name = basename(path);
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.BudgetedReader = budgetedReaderClass(warcio.AsyncIterReader);
  }

  /** Passes over the file until one reaches its end; after damage the next pass starts at the next record. */
  async *pages(): AsyncGenerator<WarcPage> {
    // Going on after damage reads the bytes a bad record swallowed again; all passes together may
    // read the file this many times over (plus a little), so a file of bad lengths stays linear.
    const readBudget = RESYNC_READ_FACTOR * this.size + (1 << 20);
    let streamed = 0;
    let start = 0;
    while (start >= 0) {
      if (streamed > readBudget) {
        this.skip('BAD_RECORD', `${this.name}: too much damage: stopped at offset ${start} after reading ${streamed} bytes of a ${this.size}-byte file`);
        break;
      }
      const stream = createReadStream(this.path, { start, highWaterMark: 1 << 18 });
      const reader = new this.BudgetedReader(stream, this.gz ? 'gzip' : null);
      const pass: Pass = { start, reader, parser: new this.warcio.WARCParser(reader), resyncFrom: -1 };
      try {
        yield* this.records(pass);
      } catch (e) {
        this.readFailed(pass, e);
      } finally {
        streamed += stream.bytesRead;
        stream.destroy();
      }
      start = await this.nextStart(pass);
    }
  }

  private skip(reason: WarcSkipReason, detail: string): void {
    this.options.onSkip?.(reason, detail);
  }

  private damaged(reason: WarcSkipReason, detail: string): void {
    if (!this.inDamage) this.skip(reason, detail);
    this.inDamage = true;
  }

  /** A gzip member that did not inflate: reported, and the next pass looks after `offset`. */
  private badGzip(pass: Pass, offset: number): typeof STOP {
    this.damaged('BAD_GZIP', `${this.name}: a gzip member at offset ${offset} does not inflate`);
    pass.resyncFrom = offset + 1;
    return STOP;
  }

  private gzipBroken(pass: Pass): boolean {
    return this.gz && pass.reader.compressed === null;
  }

  /** A record the file ends inside (or whose length says so): reported once the next pass's start is known. */
  private cutAt(pass: Pass, offset: number, detail: string): typeof STOP {
    pass.cut = { offset, detail };
    pass.resyncFrom = offset + 1;
    return STOP;
  }

  /** An error while reading a pass: damage to go past, or a file that cannot be read (IO). */
  private readFailed(pass: Pass, e: unknown): void {
    const at = pass.start + pass.parser.offset;
    if (e instanceof HeaderBudgetExceeded) {
      this.damaged('BAD_RECORD', `${this.name}: a record's headers near offset ${at} run past 1 MiB`);
      pass.resyncFrom = at + 1;
    } else if (this.gzipBroken(pass)) {
      this.damaged('BAD_GZIP', `${this.name}: a gzip member near offset ${at} does not inflate`);
      pass.resyncFrom = at + 1;
    } else {
      throw new PithError('IO', `cannot read the WARC file (${(e as Error).message})`, this.path, { cause: e });
    }
  }

  /** Where the next pass starts (-1: none), reporting a cut record now that it is known whether anything follows it. */
  private async nextStart(pass: Pass): Promise<number> {
    const from = pass.resyncFrom;
    const start = from < 0 ? -1 : this.gz ? await nextGzipMember(this.path, from) : await nextRecordStart(this.path, from);
    if (pass.cut !== undefined) {
      if (start < 0) this.skip('TRUNCATED', pass.cut.detail);
      else this.damaged('BAD_RECORD', `${this.name}: the record at offset ${pass.cut.offset} does not end where its Content-Length says; going on at the next record (offset ${start})`);
    }
    return start;
  }

  private async *records(pass: Pass): AsyncGenerator<WarcPage> {
    /** A record of this pass was read whole (plain files): what lies between its end and the next record must be blank lines. */
    let afterRecord = false;
    for (;;) {
      const at = await this.nextRecord(pass, afterRecord);
      if (at === undefined) return;
      this.inDamage = false;
      afterRecord = !this.gz;
      const result = await this.pageOf(pass, at);
      if (result === STOP) return;
      if (result !== SKIPPED) yield result;
    }
  }

  /** The next record with a valid WARC header block, or undefined where the pass ends (the file's end, or damage). */
  private async nextRecord(pass: Pass, afterRecord: boolean): Promise<RecordAt | undefined> {
    const { reader, parser, start } = pass;
    const endOfPrevious = afterRecord ? start + reader.getReadOffset() : undefined;
    reader.budget = HEADER_BUDGET;
    let record: WARCRecord | null;
    try {
      record = await parser.parse();
    } catch (e) {
      if (this.gzipBroken(pass)) this.damaged('BAD_GZIP', `${this.name}: a gzip member at offset ${start + parser.offset} does not inflate`);
      else this.damaged('BAD_RECORD', `${this.name}: unreadable record at offset ${start + parser.offset} (${(e as Error).message})`);
      pass.resyncFrom = start + parser.offset + 1;
      return undefined;
    }
    const offset = start + parser.offset;
    if (record && endOfPrevious !== undefined && offset > endOfPrevious + 4 && !(await onlyLineBreaks(this.path, endOfPrevious, offset))) {
      this.damaged('BAD_RECORD', `${this.name}: the record before offset ${offset} is longer than its Content-Length: ${offset - endOfPrevious} bytes after it were passed over`);
    }
    if (this.gzipBroken(pass)) return void this.badGzip(pass, offset);
    if (!record) {
      // A .warc.gz that ends inside a gzip member: the last record was cut.
      if (this.gz && start + reader.getRawOffset() < this.size) this.skip('TRUNCATED', `${this.name}: the file ends inside the gzip member at offset ${offset}`);
      return undefined;
    }
    reader.budget = Infinity;
    const lengthHeader = record.warcHeaders.headers.get('Content-Length') ?? '';
    if (!/^\s*\d+\s*$/.test(lengthHeader) || !record.warcHeaders.statusline.startsWith('WARC/')) {
      this.damaged('BAD_RECORD', `${this.name}: record at offset ${offset} has no valid WARC header or Content-Length`);
      pass.resyncFrom = offset + 1;
      return undefined;
    }
    const recordId = (record.warcHeaders.headers.get('WARC-Record-ID') ?? '').trim().replace(/^<(.*)>$/, '$1');
    const url = record.warcTargetURI?.trim().replace(/^<(.*)>$/, '$1') || undefined;
    return { record, offset, limiter: record._reader as unknown as RecordLimitReader, lengthHeader, id: recordId || `${this.name}:${offset}`, url };
  }

  /** Passes over the rest of the record, reporting `reason`; STOP when the file ended inside it (counted TRUNCATED) or its gzip member broke. */
  private async passOver(pass: Pass, at: RecordAt, reason: WarcSkipReason | undefined, detail: string): Promise<typeof SKIPPED | typeof STOP> {
    const { truncated } = await drain(at.limiter, pass.reader);
    at.record.consumed = 'skipped';
    if (this.gzipBroken(pass)) return this.badGzip(pass, at.offset);
    if (truncated) return this.cutAt(pass, at.offset, `${this.name}: the file ends inside the record at offset ${at.offset}`);
    if (reason) this.skip(reason, detail);
    return SKIPPED;
  }

  /** The record's page, or why it gives none: not a 2xx HTML response, done already, too large, cut. */
  private async pageOf(pass: Pass, at: RecordAt): Promise<RecordResult> {
    const { record, offset, limiter, id, url } = at;
    const type = record.warcType ?? '';
    if (type !== 'response') return this.passOver(pass, at, 'NOT_RESPONSE', `${this.name}: ${type || 'untyped'} record at offset ${offset}`);
    if (this.options.isDone?.(id)) {
      const result = await this.passOver(pass, at, undefined, '');
      if (result === SKIPPED) this.options.onDone?.(id);
      return result;
    }
    const status = /^HTTP\/\S+\s+(\d{3})/i.exec(record.httpHeaders?.statusline ?? '');
    if (!status) return this.passOver(pass, at, 'NOT_HTTP', `${this.name}: response at offset ${offset} has no HTTP status line`);
    const code = Number(status[1]);
    if (code < 200 || code > 299) return this.passOver(pass, at, 'HTTP_STATUS', `${this.name}: ${url ?? id}: HTTP ${code}`);
    const contentType = headerValue(record, 'Content-Type');
    if (contentType && !HTML_TYPE.test(contentType)) return this.passOver(pass, at, 'NOT_HTML', `${this.name}: ${url ?? id}: ${contentType}`);
    if (!this.gz && offset + Number(at.lengthHeader) > this.size) {
      // A Content-Length past the end of the file: the record is cut or its length is wrong.
      record.consumed = 'skipped';
      return this.cutAt(pass, offset, `${this.name}: the file ends inside the record at offset ${offset} (Content-Length ${at.lengthHeader.trim()})`);
    }
    if (limiter.limit > this.maxBytes) {
      return this.passOver(pass, at, 'TOO_LARGE', `${this.name}: ${url ?? id}: payload of ${limiter.limit} bytes is above the limit of ${this.maxBytes}`);
    }
    if (limiter.limit < 0) {
      // The HTTP header block ran past the record's end: a cut record.
      record.consumed = 'skipped';
      return this.cutAt(pass, offset, `${this.name}: the record at offset ${offset} ends inside its HTTP headers`);
    }
    return this.readPage(pass, at, contentType);
  }

  /** Reads and decodes the payload of a record taken as a page. */
  private async readPage(pass: Pass, at: RecordAt, contentType: string): Promise<RecordResult> {
    const { record, offset, id, url } = at;
    const { bytes: raw, truncated } = await readPayload(at.limiter);
    record.consumed = 'skipped';
    if (this.gzipBroken(pass)) return this.badGzip(pass, offset);
    if (truncated) return this.cutAt(pass, offset, `${this.name}: the file ends inside the record at offset ${offset} (${url ?? id})`);
    const contentEncoding = headerValue(record, 'Content-Encoding');
    const body = await decodeBody(this.warcio, raw, headerValue(record, 'Transfer-Encoding'), contentEncoding, this.maxBytes);
    if (typeof body === 'string') {
      this.skip(body, `${this.name}: ${url ?? id}: ${body === 'TOO_LARGE' ? `decoded body above the limit of ${this.maxBytes} bytes` : `cannot decode Content-Encoding '${contentEncoding}'`}`);
      return SKIPPED;
    }
    if (!contentType && !looksLikeHtml(body)) {
      this.skip('NOT_HTML', `${this.name}: ${url ?? id}: no Content-Type and the body does not look like HTML`);
      return SKIPPED;
    }
    const charset = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
    return { id, url, date: record.warcDate?.trim() || undefined, bytes: body, charset, offset };
  }
}

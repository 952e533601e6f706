/** Where a page comes from on the command line: a file, a URL, or `-` for stdin. */
import { isDirectoryGivenAsFile, IS_A_DIRECTORY, readPageBytes, pageIdFromPath } from '../page.js';
import { DEFAULT_MAX_BYTES } from '../dom/bytes.js';
import { PithError } from '../errors.js';

export interface PageSource {
  readonly id: string;
  /** What errors should name: the path, URL or `<stdin>`. */
  readonly subject: string;
  readonly bytes: Uint8Array;
  readonly url: string | undefined;
  readonly transportCharset: string | undefined;
}

export function isUrl(spec: string): boolean {
  return /^https?:\/\//i.test(spec);
}

export async function readStdin(stdin: NodeJS.ReadableStream, maxBytes = DEFAULT_MAX_BYTES): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stdin) {
    const b = typeof c === 'string' ? Buffer.from(c) : (c as Buffer);
    size += b.length;
    if (size > maxBytes) throw new PithError('TOO_LARGE', `input is above the limit of ${maxBytes} bytes`, '<stdin>');
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

export async function readPageSource(spec: string, stdin: NodeJS.ReadableStream, options: { url?: string; timeoutMs?: number } = {}): Promise<PageSource> {
  if (spec === '-') {
    return { id: 'stdin', subject: '<stdin>', bytes: await readStdin(stdin), url: options.url, transportCharset: undefined };
  }
  if (isUrl(spec)) {
    // A URL the user typed for themselves: any address is theirs to reach, redirects included.
    // The network code is loaded only for a URL.
    const [{ fetchPage }, { allowAll }] = await Promise.all([import('../dom/fetch.js'), import('../util/fetch-policy.js')]);
    const got = await fetchPage(spec, { allowed: allowAll, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
    const id = new URL(got.url).pathname.split('/').filter(Boolean).pop() ?? new URL(got.url).hostname;
    return { id: pageIdFromPath(id), subject: spec, bytes: got.bytes, url: got.url, transportCharset: got.charset };
  }
  return { id: pageIdFromPath(spec), subject: spec, bytes: await readPageFile(spec), url: options.url, transportCharset: undefined };
}

/** A page file's bytes; a folder is a batch's input: the error says which command reads one. */
async function readPageFile(path: string): Promise<Uint8Array> {
  try {
    return await readPageBytes(path);
  } catch (e) {
    if (isDirectoryGivenAsFile(e)) throw new PithError('IO', `${IS_A_DIRECTORY} (for a folder of pages: pith batch DIR --out results.jsonl)`, path, { cause: e });
    throw e;
  }
}

/** Small file helpers every corpus reader shares: clear errors, gzip, gold-text encodings. */
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isPithError, PithError } from '../../errors.js';
import { DEFAULT_MAX_BYTES, decodeTextFile, isGzip } from '../../dom/bytes.js';
import { isDirectoryGivenAsFile, isInsideFolder, readFileBounded } from '../../page.js';
import type { PageScope } from '../types.js';

/** Whether a scope has all the pages it wants once `taken` pages are read. */
export function scopeFilled(scope: PageScope, taken: number): boolean {
  return scope.limit !== undefined && taken >= scope.limit;
}

/** Whether a scope wants the page `id` (read its files); one outside it is passed over unread. */
export function scopeWants(scope: PageScope, id: string): boolean {
  return scope.id === undefined || scope.id === id;
}

export async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Whether a symbolic link at `path` stays inside the folder that holds it. Corpus readers
 * follow a link only then: a corpus page or gold file that is a link to /etc/passwd (or to
 * anything outside its folder) is treated as missing, never read. A path that is not a link
 * is fine; so is the corpus folder itself being a link, which these helpers are never asked
 * about as an entry.
 */
async function linkStaysInFolder(path: string): Promise<boolean> {
  let st;
  try {
    st = await lstat(path);
  } catch {
    return false;
  }
  if (!st.isSymbolicLink()) return true;
  try {
    const [target, folder] = await Promise.all([realpath(path), realpath(dirname(path))]);
    return isInsideFolder(target, folder) && target !== folder;
  } catch {
    return false; // dangling link
  }
}

let linksSkipped = 0;
/** How many symbolic links the corpus readers refused to follow (they lead outside their folder) in this process. */
export function skippedLinkCount(): number {
  return linksSkipped;
}

/** A regular file (a symbolic link to one counts only when it stays in its folder). */
export async function isFile(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
  } catch {
    return false;
  }
  if (await linkStaysInFolder(path)) return true;
  linksSkipped++;
  return false;
}

/**
 * A folder's entries, sorted, without symbolic links that lead outside it (or nowhere); the
 * names of those links go to `linksLeftOut` when given (for a note that says why a file is missing).
 */
export async function listDir(path: string, linksLeftOut?: string[]): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (e) {
    throw new PithError('BAD_CORPUS', `cannot list folder (${(e as Error).message})`, path, { cause: e });
  }
  const names: string[] = [];
  for (const e of entries) {
    if (e.isSymbolicLink() && !(await linkStaysInFolder(join(path, e.name)))) {
      linksSkipped++;
      linksLeftOut?.push(e.name);
      continue;
    }
    names.push(e.name);
  }
  return names.sort();
}

/**
 * A corpus file's bytes, gunzipped when they are gzip. Bounded like page files (16 MiB, after
 * gunzip too), regular files only, and a link leading outside its folder is refused. `expected`
 * names the file for the message when a folder stands where it should be ("a ground-truth file").
 */
export async function readBytes(path: string, maxBytes = DEFAULT_MAX_BYTES, expected = 'a page file'): Promise<Uint8Array> {
  const exists = await lstat(path).then(() => true, () => false);
  if (exists && !(await linkStaysInFolder(path))) {
    linksSkipped++;
    throw new PithError('BAD_CORPUS', 'is a symbolic link that leads outside its folder; not read', path);
  }
  let b: Uint8Array;
  try {
    b = await readFileBounded(path, maxBytes);
  } catch (e) {
    if (isPithError(e) && e.code === 'TOO_LARGE') throw e;
    if (isDirectoryGivenAsFile(e)) throw new PithError('BAD_CORPUS', `cannot read file (is a directory, expected ${expected})`, path, { cause: e });
    throw new PithError('BAD_CORPUS', `cannot read file (${(e as Error).message.replace(`${path}: `, '')})`, path, { cause: e });
  }
  if (!isGzip(b)) return b;
  try {
    return gunzipSync(b, { maxOutputLength: maxBytes + 1 });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) {
      throw new PithError('TOO_LARGE', `file is larger than ${maxBytes} bytes after gunzip`, path, { cause: e });
    }
    throw new PithError('BAD_CORPUS', `corrupt gzip data (${(e as Error).message})`, path, { cause: e });
  }
}

/** A corpus text file (gold text, JSON), decoded as src/dom/bytes.ts decodes such files, line ends as `\n`; `expected` as readBytes's. */
export async function readText(path: string, expected = 'a text file'): Promise<string> {
  return decodeTextFile(await readBytes(path, DEFAULT_MAX_BYTES, expected)).replace(/\r\n?/g, '\n');
}

export async function readJson(path: string, expected = 'a JSON file'): Promise<unknown> {
  const text = await readText(path, expected);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new PithError('BAD_CORPUS', `malformed JSON (${(e as Error).message})`, path, { cause: e });
  }
}

/**
 * The page file a corpus index entry names (`file`): `html/<file>.gz`, else `html/<file>`;
 * BAD_CORPUS (subject: the index) when neither exists.
 */
export async function indexedPageFile(root: string, file: string, indexPath: string): Promise<string> {
  let htmlPath = join(root, 'html', `${file}.gz`);
  if (!(await isFile(htmlPath))) htmlPath = join(root, 'html', file);
  if (!(await isFile(htmlPath))) throw new PithError('BAD_CORPUS', `page file html/${file}.gz is missing`, indexPath);
  return htmlPath;
}

/** A page id from a file name (less `.htm[l]`), made unique among `seen` with `-2`, `-3`, ...; added to `seen`. */
export function uniquePageId(file: string, seen: Set<string>): string {
  const base = file.replace(/\.html?$/i, '');
  let id = base;
  for (let k = 2; seen.has(id); k++) id = `${base}-${k}`;
  seen.add(id);
  return id;
}

export function optionalString(x: unknown): string | undefined {
  return typeof x === 'string' && x.trim().length > 0 ? x : undefined;
}

export function stringList(x: unknown): string[] {
  return Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string' && s.trim().length > 0) : [];
}

const CANONICAL_RE = /<link\b[^>]*\brel\s*=\s*["']?canonical["']?[^>]*>/i;
const OG_URL_RE = /<meta\b[^>]*\bproperty\s*=\s*["']og:url["'][^>]*>/i;
const HREF_RE = /\bhref\s*=\s*["']([^"']+)["']/i;
const CONTENT_RE = /\bcontent\s*=\s*["']([^"']+)["']/i;

/** The URL a saved page declares for itself (`<link rel=canonical>`, `og:url`), for corpora that do not record one. */
export function sniffPageUrl(html: string): string | undefined {
  const head = html.slice(0, 200_000);
  for (const [re, attr] of [[CANONICAL_RE, HREF_RE], [OG_URL_RE, CONTENT_RE]] as const) {
    const tag = re.exec(head)?.[0];
    const value = tag ? attr.exec(tag)?.[1] : undefined;
    if (value && /^https?:\/\//i.test(value) && !/fakehost/i.test(value)) return value;
  }
  return undefined;
}

/** Latin-1 view of bytes: enough for sniffing ASCII markup, whatever the real encoding. */
export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** Main text lines without empty ones, trimmed, white space collapsed. */
export function cleanLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0);
}

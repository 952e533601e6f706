/**
 * pith's own corpus format (docs/corpus-format.md): raw pages kept byte for byte, labels
 * anchored to the DOM in `labels/<id>.json`, saved atomically (temp file + rename) under a
 * per-page lock, with a revision number so that two editors never overwrite each other
 * silently. Corpora are untrusted input: one unreadable page, labels or URL file leaves that
 * page out (listed in `skipped`) instead of failing the corpus, a file that is (or lies behind)
 * a symbolic link leading outside the corpus folder is never read, and reads are bounded.
 */
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, readdir, realpath, rename, stat, unlink } from 'node:fs/promises';
import { hostname, uptime } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isPithError, PithError } from '../errors.js';
import { isGzip } from '../dom/bytes.js';
import { isGoldLabel } from '../labels.js';
import type { Annotation, CorpusPage, CorpusUse, Gold, PageScope, SkippedPage } from './types.js';
import { optionalString, stringList } from './readers/files.js';
import { parseFieldValues } from './readers/fields.js';
import { isRecord } from '../util/is-record.js';
import { CORPUS_SITE, siteOfUrl } from '../util/site.js';
import { writeFileAtomic } from '../util/atomic-write.js';

export const PITH_CORPUS_FILE = 'pith-corpus.json';
const PAGE_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** True for ids that are safe to join to the corpus folder (no separators, no leading dot, no `..`). */
export function isValidPageId(id: string): boolean {
  return typeof id === 'string' && PAGE_ID_RE.test(id) && !id.includes('..');
}

function assertPageId(id: string): void {
  if (!isValidPageId(id)) throw new PithError('BAD_OPTION', `invalid page id '${id}': use letters, digits, '.', '_' and '-', starting with a letter or digit`);
}

export interface PithCorpusHeader {
  readonly format: 'pith-corpus';
  readonly version: 1;
  readonly name: string;
  readonly use: CorpusUse;
  readonly created: string;
  readonly source?: string;
}

export interface PageLabelsInput {
  readonly url?: string;
  readonly site?: string;
  readonly title?: string;
  /** Nodes no annotation covers are `unknown` instead of `other`. Default false. */
  readonly partial?: boolean;
  readonly annotations: readonly Annotation[];
  readonly gold?: { readonly mainText?: string; readonly headings?: readonly string[]; readonly snippets?: { readonly with: readonly string[]; readonly without: readonly string[] } };
}

export interface PageLabels extends PageLabelsInput {
  readonly format: 'pith-labels';
  readonly version: 1;
  readonly pageId: string;
  readonly revision: number;
  readonly updatedAt: string;
}

/** Largest labels file read (a 16 MiB page's text, paths and gold text fit with room to spare). */
const LABELS_MAX_BYTES = 64 * 1024 * 1024;
/** Largest pith-corpus.json or pages/<id>.json read. */
const SMALL_JSON_MAX_BYTES = 1024 * 1024;
const FIELDS_JSON_MAX_BYTES = 1024 * 1024;

/** True when `path` is `root` or lies inside it (both real paths). */
function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** An error's message without the `<subject>: ` prefix PithError adds (for `skipped` reasons). */
function reasonOf(e: unknown): string {
  if (isPithError(e) && e.subject && e.message.startsWith(`${e.subject}: `)) return e.message.slice(e.subject.length + 2);
  return e instanceof Error ? e.message : String(e);
}

async function realRootOf(dir: string): Promise<string> {
  try {
    return await realpath(dir);
  } catch (e) {
    throw new PithError('NOT_FOUND', `no such corpus folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, dir, { cause: e });
  }
}

/**
 * The real path of a corpus file, checked to lie inside the corpus folder once every symbolic
 * link (in its name or its folders) is resolved: undefined when there is no such file, a
 * BAD_CORPUS error for a link leading outside (or nowhere) and for anything but a regular file.
 */
async function locateInCorpus(realRoot: string, path: string): Promise<{ real: string; link: boolean } | undefined> {
  let link: boolean;
  try {
    link = (await lstat(path)).isSymbolicLink();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new PithError('BAD_CORPUS', `cannot read (${code ?? (e as Error).message})`, path, { cause: e });
  }
  let real: string;
  try {
    real = await realpath(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new PithError('BAD_CORPUS', link ? `is a symbolic link that leads nowhere (${code}); not read` : `cannot resolve (${code})`, path, { cause: e });
  }
  if (!isInside(real, realRoot)) {
    throw new PithError('BAD_CORPUS', `${link ? 'is a symbolic link that leads' : 'lies'} outside the corpus folder; not read`, path);
  }
  const st = await stat(real).catch((e: NodeJS.ErrnoException) => {
    throw new PithError('BAD_CORPUS', `cannot read (${e.code ?? e.message})`, path, { cause: e });
  });
  if (!st.isFile()) throw new PithError('BAD_CORPUS', st.isDirectory() ? 'is a folder, expected a file' : 'is not a regular file; not read', path);
  return { real, link };
}

/** Reads at most `maxBytes` of a regular file at a real path (no link at its last step, never waits on a FIFO). */
async function readBounded(real: string, maxBytes: number, subject: string): Promise<Uint8Array> {
  let fh;
  try {
    fh = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    throw new PithError('BAD_CORPUS', `cannot open (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, subject, { cause: e });
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new PithError('BAD_CORPUS', 'is not a regular file; not read', subject);
    if (st.size > maxBytes) throw new PithError('TOO_LARGE', `file is ${st.size} bytes, above the limit of ${maxBytes}`, subject);
    const buf = Buffer.alloc(st.size);
    let n = 0;
    while (n < st.size) {
      const { bytesRead } = await fh.read(buf, n, st.size - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, n);
  } catch (e) {
    if (isPithError(e)) throw e;
    throw new PithError('BAD_CORPUS', `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, subject, { cause: e });
  } finally {
    await fh.close().catch(() => undefined);
  }
}

/** A corpus file's parsed JSON, undefined when the file does not exist; BAD_CORPUS / TOO_LARGE when it cannot be used. */
async function readCorpusJson(realRoot: string, path: string, maxBytes: number): Promise<unknown> {
  const found = await locateInCorpus(realRoot, path);
  if (!found) return undefined;
  let text = Buffer.from(await readBounded(found.real, maxBytes, path)).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new PithError('BAD_CORPUS', `malformed JSON (${(e as Error).message.slice(0, 120)})`, path, { cause: e });
  }
}

/** Refuses to write into `<dir>/<sub>` when that folder is a link leading outside the corpus. */
async function assertFolderInside(dir: string, sub: string): Promise<void> {
  const realRoot = await realRootOf(dir);
  const folder = join(dir, sub);
  const real = await realpath(folder).catch(() => undefined);
  if (real !== undefined && !isInside(real, realRoot)) throw new PithError('BAD_CORPUS', 'leads outside the corpus folder; nothing is written there', folder);
}

/** Re-exported: the corpus API's atomic write is the one in src/util/atomic-write.ts. */
export { writeFileAtomic };

export async function createPithCorpus(dir: string, options: { name: string; use: CorpusUse; source?: string }): Promise<PithCorpusHeader> {
  if (options.use !== 'train' && options.use !== 'eval-only') throw new PithError('BAD_OPTION', `use must be 'train' or 'eval-only', got '${String(options.use)}'`);
  const headerPath = join(dir, PITH_CORPUS_FILE);
  if (await lstat(headerPath).then(() => true, () => false)) throw new PithError('CONFLICT', 'a pith corpus already exists here', dir);
  await mkdir(join(dir, 'pages'), { recursive: true });
  await mkdir(join(dir, 'labels'), { recursive: true });
  const header: PithCorpusHeader = {
    format: 'pith-corpus', version: 1, name: options.name, use: options.use, created: new Date().toISOString(),
    ...(options.source ? { source: options.source } : {}),
  };
  await writeFileAtomic(headerPath, JSON.stringify(header, null, 2) + '\n');
  return header;
}

export async function readPithHeader(dir: string): Promise<PithCorpusHeader> {
  const path = join(dir, PITH_CORPUS_FILE);
  let h: unknown;
  try {
    h = await readCorpusJson(await realRootOf(dir), path, SMALL_JSON_MAX_BYTES);
  } catch (e) {
    if (isPithError(e) && e.code === 'NOT_FOUND') throw new PithError('NOT_FOUND', 'not a pith corpus (no pith-corpus.json)', dir, { cause: e });
    throw e;
  }
  if (h === undefined) throw new PithError('NOT_FOUND', 'not a pith corpus (no pith-corpus.json)', dir);
  if (!isRecord(h) || h['format'] !== 'pith-corpus') throw new PithError('BAD_CORPUS', 'format must be "pith-corpus"', path);
  if (h['version'] !== 1) throw new PithError('BAD_CORPUS', `unsupported version ${String(h['version'])} (this pith reads version 1)`, path);
  if (h['use'] !== 'train' && h['use'] !== 'eval-only') throw new PithError('BAD_CORPUS', 'use must be "train" or "eval-only"', path);
  if (typeof h['name'] !== 'string') throw new PithError('BAD_CORPUS', 'name must be a string', path);
  return h as unknown as PithCorpusHeader;
}

/** Stores a page's bytes (plain or gzip, kept as given) and, optionally, its URL. Existing pages are never replaced. */
export async function addPithPage(dir: string, id: string, bytes: Uint8Array, options: { url?: string } = {}): Promise<string> {
  assertPageId(id);
  await readPithHeader(dir);
  await assertFolderInside(dir, 'pages');
  if (await pageEntryExists(dir, id)) throw new PithError('CONFLICT', `page '${id}' already exists`, dir);
  const path = join(dir, 'pages', `${id}.html${isGzip(bytes) ? '.gz' : ''}`);
  await writeFileAtomic(path, bytes);
  if (options.url) await writeFileAtomic(join(dir, 'pages', `${id}.json`), JSON.stringify({ url: options.url }) + '\n');
  return path;
}

/** True when `pages/<id>.html[.gz]` exists in any form (a file, a link, even one that leads nowhere). */
async function pageEntryExists(dir: string, id: string): Promise<boolean> {
  for (const ext of ['.html.gz', '.html']) {
    if (await lstat(join(dir, 'pages', id + ext)).then(() => true, () => false)) return true;
  }
  return false;
}

function parseLabels(d: unknown, path: string, id: string): PageLabels {
  if (!isRecord(d) || d['format'] !== 'pith-labels') throw new PithError('BAD_CORPUS', 'format must be "pith-labels"', path);
  if (d['version'] !== 1) throw new PithError('BAD_CORPUS', `unsupported version ${String(d['version'])}`, path);
  if (d['pageId'] !== id) throw new PithError('BAD_CORPUS', `pageId ${JSON.stringify(d['pageId'])} does not match the file name`, path);
  if (!Number.isInteger(d['revision']) || (d['revision'] as number) < 1) throw new PithError('BAD_CORPUS', 'revision must be a whole number >= 1', path);
  if (!Array.isArray(d['annotations'])) throw new PithError('BAD_CORPUS', 'annotations must be a list', path);
  const annotations: Annotation[] = d['annotations'].map((a, i) => {
    if (!isRecord(a) || !isGoldLabel(a['label']) || typeof a['path'] !== 'string' || typeof a['text'] !== 'string') {
      throw new PithError('BAD_CORPUS', `annotation ${i} needs label (title|heading|body|other|unknown), text and path`, path);
    }
    return { label: a['label'], text: a['text'], path: a['path'] };
  });
  const gold = isRecord(d['gold']) ? d['gold'] : undefined;
  const snippets = gold && isRecord(gold['snippets']) ? { with: stringList(gold['snippets']['with']), without: stringList(gold['snippets']['without']) } : undefined;
  const url = optionalString(d['url']);
  const site = optionalString(d['site']);
  const title = optionalString(d['title']);
  const mainText = gold ? optionalString(gold['mainText']) : undefined;
  return {
    format: 'pith-labels', version: 1, pageId: id, revision: d['revision'] as number,
    updatedAt: typeof d['updatedAt'] === 'string' ? d['updatedAt'] : '',
    ...(url ? { url } : {}), ...(site ? { site } : {}), ...(title ? { title } : {}),
    ...(d['partial'] === true ? { partial: true } : {}),
    annotations,
    ...(gold ? { gold: { ...(mainText !== undefined ? { mainText } : {}), ...(gold['headings'] ? { headings: stringList(gold['headings']) } : {}), ...(snippets ? { snippets } : {}) } } : {}),
  };
}

/**
 * The page's stored labels, or undefined when it has none yet. A labels file that is a link
 * leading outside the corpus, not a regular file, above 64 MiB, or not valid pith labels is
 * an error (BAD_CORPUS, TOO_LARGE) naming the file.
 */
export async function readPageLabels(dir: string, id: string): Promise<PageLabels | undefined> {
  assertPageId(id);
  return readLabelsIn(dir, await realRootOf(dir), id);
}

async function readLabelsIn(dir: string, realRoot: string, id: string): Promise<PageLabels | undefined> {
  const path = join(dir, 'labels', `${id}.json`);
  const d = await readCorpusJson(realRoot, path, LABELS_MAX_BYTES);
  return d === undefined ? undefined : parseLabels(d, path, id);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface LockOptions {
  /** How long to wait for a lock a live process holds before failing with CONFLICT. Default 10 s. */
  readonly timeoutMs?: number;
  /** Age after which a lock whose owner cannot be checked (no pid, another machine) is taken over. Default 30 s. */
  readonly staleMs?: number;
}

const HOST = encodeURIComponent(hostname() || 'unknown');
const LOCK_MAX_BYTES = 4096;

/** What a lock file says about its owner: `<pid> <ISO time> <host> <nonce>` (older pith wrote `<pid> <ISO time>`). */
export interface LockOwner {
  readonly pid?: number;
  readonly host?: string;
  readonly since?: string;
}

export function parseLockOwner(text: string): LockOwner {
  const m = /^\s*(\d{1,10})(?:[ \t]+(\S+))?(?:[ \t]+(\S+))?/.exec(text);
  if (!m) return {};
  const pid = Number(m[1]);
  return {
    ...(Number.isInteger(pid) && pid > 0 && pid < 2 ** 31 ? { pid } : {}),
    ...(m[2] ? { since: m[2] } : {}),
    ...(m[3] ? { host: m[3] } : {}),
  };
}

/** False only when the process is known to be gone (ESRCH); a process we may not signal (EPERM) is alive. */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The lock's text and age, undefined when it is gone; a lock that cannot be read (a folder, a link) has text ''. */
async function readLock(lock: string): Promise<{ text: string; mtimeMs: number } | undefined> {
  let mtimeMs: number;
  try {
    mtimeMs = (await lstat(lock)).mtimeMs;
  } catch {
    return undefined;
  }
  let text = '';
  try {
    text = Buffer.from(await readBounded(lock, LOCK_MAX_BYTES, lock)).toString('utf8');
  } catch {
    // judged by its age below
  }
  return { text, mtimeMs };
}

/**
 * True when a lock's owner is surely gone: its recorded process no longer exists on this
 * machine (or the lock predates the machine's last boot). A lock naming no process, or one on
 * another machine sharing the corpus, can only be judged by its age.
 */
function lockIsStale(held: { text: string; mtimeMs: number }, staleMs: number): boolean {
  const owner = parseLockOwner(held.text);
  if (owner.pid !== undefined && (owner.host === undefined || owner.host === HOST)) {
    if (owner.pid === process.pid) return false;
    const bootedAt = Date.now() - uptime() * 1000;
    if (held.mtimeMs < bootedAt - 60_000) return true; // written before this boot: the pid is someone else's now
    return !processAlive(owner.pid);
  }
  return Date.now() - held.mtimeMs > staleMs;
}

/** Creates `lock` holding `text`, complete from its first moment (a hard link to a written temp file); false when it exists. */
async function createLock(lock: string, text: string): Promise<boolean> {
  const tmp = join(dirname(lock), `.${basename(lock)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fh = await open(tmp, 'wx');
    try {
      await fh.writeFile(text);
    } finally {
      await fh.close();
    }
    try {
      await link(tmp, lock);
      return true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    }
    // A file system without hard links: exclusive create, then write (a reader may briefly see it empty).
    let fh2;
    try {
      fh2 = await open(lock, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
    try {
      await fh2.writeFile(text);
    } finally {
      await fh2.close();
    }
    return true;
  } catch (e) {
    throw new PithError('IO', `cannot create lock (${(e as Error).message})`, lock, { cause: e });
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

/**
 * Removes a lock judged stale, unless it changed meanwhile: it is renamed aside first (only
 * one taker wins the rename) and compared; a different lock (a new owner's) is put back.
 */
async function removeStaleLock(lock: string, judged: string): Promise<boolean> {
  const aside = join(dirname(lock), `.${basename(lock)}.stale-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await rename(lock, aside);
  } catch {
    return false; // someone else took it first
  }
  const moved = await readLock(aside);
  if (moved?.text !== judged) {
    await link(aside, lock).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') await rename(aside, lock).catch(() => undefined);
    });
    await unlink(aside).catch(() => undefined);
    return false;
  }
  await unlink(aside).catch(() => undefined);
  return true;
}

/**
 * Removes `<path>.lock` when it is stale as `withLock` judges it (its owner process is gone,
 * or it names no process on this machine and is older than `staleMs`); true when it did.
 * `withLock` does this itself; this is for tools that clear crash-left locks up front.
 */
export async function removeLockIfStale(path: string, staleMs = 30_000): Promise<boolean> {
  const lock = `${path}.lock`;
  const held = await readLock(lock);
  return held !== undefined && lockIsStale(held, staleMs) && (await removeStaleLock(lock, held.text));
}

/**
 * Runs `fn` holding `<path>.lock`, created exclusively and recording this process: `<pid>
 * <ISO time> <host> <nonce>`. A lock left by a crashed process (its pid no longer exists on
 * this machine) is taken over at once; a lock whose owner is alive is waited for, up to
 * `timeoutMs`, then CONFLICT (subject: the lock file). A lock naming no pid or another machine
 * is taken over once older than `staleMs`.
 */
export async function withLock<T>(path: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const lock = `${path}.lock`;
  const mine = `${process.pid} ${new Date().toISOString()} ${HOST} ${randomBytes(6).toString('hex')}\n`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await createLock(lock, mine)) break;
    const held = await readLock(lock);
    if (!held) continue; // released meanwhile
    if (lockIsStale(held, staleMs) && (await removeStaleLock(lock, held.text))) continue;
    if (Date.now() >= deadline) {
      const owner = parseLockOwner(held.text);
      const who = owner.pid !== undefined ? `process ${owner.pid}${owner.host && owner.host !== HOST ? ` on ${decodeURIComponent(owner.host)}` : ''}${owner.since ? ` since ${owner.since}` : ''}` : 'another process';
      throw new PithError('CONFLICT', `the page is locked by another save (${who}); if no pith process is saving it, delete the lock file`, lock);
    }
    await sleep(Math.min(5 + Math.random() * 20, Math.max(1, deadline - Date.now())));
  }
  try {
    return await fn();
  } finally {
    const now = await readLock(lock);
    if (now?.text === mine) await unlink(lock).catch(() => undefined);
  }
}

/**
 * Saves a page's labels as revision `expectedRevision + 1`. `expectedRevision` is the revision
 * the edit was based on (0 for a page without labels); anything else stored is a CONFLICT, and
 * so is a lock another live save holds for longer than `lockTimeoutMs` (default 10 s).
 */
export async function savePageLabels(dir: string, id: string, labels: PageLabelsInput, options: { expectedRevision: number; lockTimeoutMs?: number }): Promise<PageLabels> {
  assertPageId(id);
  if (!Number.isInteger(options.expectedRevision) || options.expectedRevision < 0) throw new PithError('BAD_OPTION', 'expectedRevision must be a whole number >= 0');
  for (const [i, a] of labels.annotations.entries()) {
    if (!isGoldLabel(a.label) || typeof a.path !== 'string' || typeof a.text !== 'string') throw new PithError('BAD_OPTION', `annotation ${i} needs label, text and path`);
  }
  await readPithHeader(dir);
  const realRoot = await realRootOf(dir);
  if (!(await findPageFile(dir, realRoot, id))) throw new PithError('NOT_FOUND', `no page '${id}' in this corpus`, dir);
  const path = join(dir, 'labels', `${id}.json`);
  await mkdir(join(dir, 'labels'), { recursive: true });
  await assertFolderInside(dir, 'labels');
  return withLock(path, async () => {
    const current = await readLabelsIn(dir, realRoot, id);
    const stored = current?.revision ?? 0;
    if (stored !== options.expectedRevision) {
      throw new PithError('CONFLICT', `labels were saved by someone else (stored revision ${stored}, this edit is based on ${options.expectedRevision})`, path);
    }
    const out: PageLabels = {
      format: 'pith-labels', version: 1, pageId: id,
      ...(labels.url ? { url: labels.url } : {}),
      ...(labels.site ? { site: labels.site } : {}),
      revision: stored + 1,
      updatedAt: new Date().toISOString(),
      ...(labels.title ? { title: labels.title } : {}),
      ...(labels.partial ? { partial: true } : {}),
      annotations: labels.annotations.map((a) => ({ label: a.label, text: a.text, path: a.path })),
      ...(labels.gold ? { gold: labels.gold } : {}),
    };
    await writeFileAtomic(path, JSON.stringify(out, null, 1) + '\n');
    return out;
  }, options.lockTimeoutMs !== undefined ? { timeoutMs: options.lockTimeoutMs } : {});
}

/** The page's file inside the corpus (`.html.gz` first), undefined when there is none; BAD_CORPUS for one that leads outside. */
async function findPageFile(dir: string, realRoot: string, id: string): Promise<string | undefined> {
  for (const ext of ['.html.gz', '.html']) {
    const found = await locateInCorpus(realRoot, join(dir, 'pages', id + ext));
    if (found) return found.real;
  }
  return undefined;
}

/** The gold a page's labels give (the corpus reader's, the annotation tool's training view). */
export function goldFromLabels(labels: PageLabels): Gold {
  return {
    ...(labels.title ? { title: labels.title } : {}),
    ...(labels.gold?.mainText !== undefined ? { mainText: labels.gold.mainText } : {}),
    ...(labels.gold?.headings ? { headings: labels.gold.headings } : {}),
    ...(labels.gold?.snippets ? { snippets: labels.gold.snippets } : {}),
    annotations: labels.annotations,
    ...(labels.partial ? { partial: true } : {}),
  };
}

export interface PithPages {
  readonly pages: CorpusPage[];
  /** Pages left out: a page, labels or URL file that is unreadable, malformed, or a link leading outside the corpus. */
  readonly skipped: SkippedPage[];
}

/**
 * Pages of a pith corpus with their stored labels as gold. One bad file never fails the corpus:
 * a page whose page file, `labels/<id>.json` or `pages/<id>.json` cannot be used (malformed or
 * binary JSON, wrong shape, above the size limits, not a regular file, a symbolic link leading
 * outside the corpus folder or nowhere) is left out and listed in `skipped` with the file and
 * the reason. Links that stay inside the corpus folder are followed; a page file reached
 * through one is given by its real path. `scope.id` reads that page only; `scope.limit` is not
 * applied here, since the pages left out are reported over the whole corpus.
 */
export async function readPithPages(dir: string, scope: Pick<PageScope, 'id'> = {}): Promise<PithPages> {
  const realRoot = await realRootOf(dir);
  const pagesDir = join(dir, 'pages');
  let names: string[];
  try {
    names = (await readdir(pagesDir)).sort();
  } catch (e) {
    throw new PithError('BAD_CORPUS', `cannot list folder (${(e as Error).message})`, pagesDir, { cause: e });
  }
  const pages: CorpusPage[] = [];
  const skipped: SkippedPage[] = [];
  const seen = new Map<string, string>();
  for (const f of names) {
    const m = /^(.+)\.html(\.gz)?$/.exec(f);
    if (!m || !isValidPageId(m[1]!)) continue;
    const id = m[1]!;
    const pagePath = join(pagesDir, f);
    const first = seen.get(id);
    if (first !== undefined) {
      skipped.push({ id, path: pagePath, reason: `a second file for page '${id}' (pages/${first} is the page); not read` });
      continue;
    }
    seen.set(id, f);
    if (scope.id !== undefined && scope.id !== id) continue;
    let current = pagePath;
    try {
      const found = await locateInCorpus(realRoot, pagePath);
      if (!found) continue; // removed while listing
      const htmlPath = found.link ? found.real : pagePath;
      current = join(dir, 'labels', `${id}.json`);
      const labels = await readLabelsIn(dir, realRoot, id);
      let url = labels?.url;
      current = join(pagesDir, `${id}.json`);
      if (!url) {
        const meta = await readCorpusJson(realRoot, current, SMALL_JSON_MAX_BYTES);
        if (meta !== undefined && !isRecord(meta)) throw new PithError('BAD_CORPUS', 'must be a JSON object like {"url": "https://..."}', current);
        if (meta !== undefined) url = optionalString(meta['url']);
      }
      const blocks = labels ? goldFromLabels(labels) : { partial: true };
      // Named field values given in the label app's field mode (docs/fields.md's fields/<id>.json).
      current = join(dir, 'fields', `${id}.json`);
      const fieldsJson = await readCorpusJson(realRoot, current, FIELDS_JSON_MAX_BYTES);
      const fields = fieldsJson === undefined ? undefined : parseFieldValues(fieldsJson, current);
      const gold = fields && Object.keys(fields).length > 0 ? { ...blocks, fields } : blocks;
      pages.push({ id, site: labels?.site ?? siteOfUrl(url, CORPUS_SITE) ?? id, url, htmlPath, gold });
    } catch (e) {
      skipped.push({ id, path: isPithError(e) && e.subject ? e.subject : current, reason: reasonOf(e) });
    }
  }
  return { pages, skipped };
}

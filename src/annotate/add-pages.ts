/**
 * `pith label --add ...`: puts pages into a pith corpus from files, folders, URLs, another
 * pith corpus or an exported bundle. Page bytes are stored as given (never modified);
 * ids come from file names, made safe, and never replace an existing page.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { PithError } from '../errors.js';
import { fetchPage } from '../dom/fetch.js';
import { readPageBytes } from '../page.js';
import { decodeHtml } from '../dom/decode.js';
import { addPithPage, isValidPageId, PITH_CORPUS_FILE } from '../corpus/pith-format.js';
import { exportBundle, importBundle, parseBundle, type ImportReport } from './bundle.js';

export interface AddReport {
  readonly added: readonly string[];
  readonly skipped: ReadonlyArray<{ readonly source: string; readonly reason: string }>;
  /** Pages whose labels came with them (from a corpus or bundle). */
  readonly labelled: number;
}

const PAGE_FILE_RE = /\.(x?html?)(\.gz)?$/i;
/** Folders deeper than this are not searched for pages. */
const MAX_DEPTH = 8;

/** A safe, readable page id from a path or URL piece: `news/a b.html` -> `news-a-b`. */
export function pageIdFrom(name: string): string {
  let id = name.replace(/\.gz$/i, '').replace(/\.x?html?$/i, '').replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.').replace(/^[^A-Za-z0-9]+/, '').replace(/-+$/, '').slice(0, 180);
  if (!id) id = 'page';
  return id;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

async function uniqueId(dir: string, base: string): Promise<string> {
  for (let k = 1; k < 10_000; k++) {
    const id = k === 1 ? base : `${base}-${k}`;
    if (!isValidPageId(id)) continue;
    if (!(await exists(join(dir, 'pages', `${id}.html`))) && !(await exists(join(dir, 'pages', `${id}.html.gz`)))) return id;
  }
  throw new PithError('IO', `no free page id for '${base}'`, dir);
}

/** Page files under a folder, in a stable order, iteratively (no recursion). */
async function pageFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const stack: Array<{ path: string; depth: number }> = [{ path: root, depth: 0 }];
  while (stack.length > 0) {
    const { path, depth } = stack.pop()!;
    const names = (await readdir(path, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? 1 : -1));
    for (const d of names) {
      if (d.name.startsWith('.')) continue;
      const p = join(path, d.name);
      if (d.isDirectory() && depth < MAX_DEPTH) stack.push({ path: p, depth: depth + 1 });
      else if (d.isFile() && PAGE_FILE_RE.test(d.name)) out.push(p);
    }
  }
  return out.sort();
}

function mergeImport(r: ImportReport, into: { added: string[]; skipped: { source: string; reason: string }[]; labelled: number }, source: string): void {
  for (let i = 0; i < r.added; i++) into.added.push(`${source}#${i + 1}`);
  into.labelled += r.labelled;
  for (const s of r.skipped) into.skipped.push({ source: `${source}:${s.id}`, reason: s.reason });
}

/**
 * Adds every spec to the corpus at `dir`. Bad specs (missing file, binary, fetch failure)
 * are reported as skipped, not thrown, so one bad file does not stop a batch.
 */
export async function addToCorpus(dir: string, specs: readonly string[], options: { timeoutMs?: number } = {}): Promise<AddReport> {
  const acc = { added: [] as string[], skipped: [] as { source: string; reason: string }[], labelled: 0 };
  const addBytes = async (source: string, name: string, bytes: Uint8Array, url?: string): Promise<void> => {
    decodeHtml(bytes, {}, source); // refuses binary, corrupt gzip and oversize input before anything is stored
    const id = await uniqueId(dir, pageIdFrom(name));
    await addPithPage(dir, id, bytes, url ? { url } : {});
    acc.added.push(id);
  };
  for (const spec of specs) {
    try {
      if (/^https?:\/\//i.test(spec)) {
        const got = await fetchPage(spec, options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {});
        const u = new URL(got.url);
        const name = `${u.hostname}${u.pathname}`.replace(/\/+$/, '');
        await addBytes(spec, name, got.bytes, got.url);
        continue;
      }
      const st = await stat(spec).catch(() => undefined);
      if (!st) throw new PithError('NOT_FOUND', 'no such file, folder or URL', spec);
      if (st.isDirectory()) {
        if (await exists(join(spec, PITH_CORPUS_FILE))) {
          mergeImport(await importBundle(dir, await exportBundle(spec)), acc, spec);
          continue;
        }
        const files = await pageFiles(spec);
        if (files.length === 0) acc.skipped.push({ source: spec, reason: 'no .html/.htm/.html.gz files in this folder' });
        for (const f of files) {
          try {
            await addBytes(f, relative(spec, f), await readPageBytes(f));
          } catch (e) {
            acc.skipped.push({ source: f, reason: (e as Error).message });
          }
        }
        continue;
      }
      if (/\.json$/i.test(spec)) {
        let data: unknown;
        try {
          data = JSON.parse(await readFile(spec, 'utf8'));
        } catch (e) {
          throw new PithError('BAD_CORPUS', `not a JSON bundle (${(e as Error).message})`, spec);
        }
        mergeImport(await importBundle(dir, parseBundle(data, spec)), acc, spec);
        continue;
      }
      await addBytes(spec, basename(spec), await readPageBytes(spec));
    } catch (e) {
      acc.skipped.push({ source: spec, reason: (e as Error).message });
    }
  }
  return acc;
}

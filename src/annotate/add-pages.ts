/**
 * `pith label --add ...`: puts pages into a pith corpus from files, folders, URLs, another
 * pith corpus, a folder of field examples (html/ + fields/) or an exported bundle. Page bytes are stored as given (never modified);
 * ids come from file names, made safe, and never replace an existing page.
 *
 * A path given by the person is read as given (a link on the command line is followed), but
 * inside a folder or another corpus a symbolic link is followed only when it stays inside
 * that folder: a link out of it is skipped with a message, never read.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { PithError } from '../errors.js';
import { fetchPage } from '../dom/fetch.js';
import { allowAll } from '../util/fetch-policy.js';
import { DEFAULT_MAX_BYTES, decodeHtml } from '../dom/bytes.js';
import { addPithPage, isValidPageId, PITH_CORPUS_FILE } from '../corpus/pith-format.js';
import { importBundle, importCorpusDir, MAX_BUNDLE_BYTES, readBundleFile, type ImportReport } from './bundle.js';
import { readBoundedFile, readFileInside, reasonOf, resolveInside } from './safe-files.js';
import { HTML_RE as FIELDS_PAGE_NAME_RE, isFieldsFolder } from '../corpus/readers/fields.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { corpusFieldsDir, fieldsFileText, MAX_FIELDS_FILE, readFieldsFile } from './field-mode.js';

export interface AddReport {
  readonly added: readonly string[];
  readonly skipped: ReadonlyArray<{ readonly source: string; readonly reason: string }>;
  /** Pages whose labels came with them (from a corpus or bundle). */
  readonly labelled: number;
  /** Pages whose field examples came with them (from a folder of html/ + fields/: docs/fields.md). */
  readonly withFields: number;
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

/**
 * Page files under a folder, in a stable order, iteratively (no recursion). A link to a file
 * is kept only when it resolves inside `root`; links to folders are not followed (no cycles).
 */
async function pageFiles(root: string): Promise<{ files: string[]; skipped: { source: string; reason: string }[] }> {
  const files: string[] = [];
  const skipped: { source: string; reason: string }[] = [];
  const stack: Array<{ path: string; depth: number }> = [{ path: root, depth: 0 }];
  while (stack.length > 0) {
    const { path, depth } = stack.pop()!;
    const names = (await readdir(path, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? 1 : -1));
    for (const d of names) {
      if (d.name.startsWith('.')) continue;
      const p = join(path, d.name);
      if (d.isDirectory() && depth < MAX_DEPTH) stack.push({ path: p, depth: depth + 1 });
      else if (d.isFile() && PAGE_FILE_RE.test(d.name)) files.push(p);
      else if (d.isSymbolicLink() && PAGE_FILE_RE.test(d.name)) {
        try {
          const real = await resolveInside(root, p);
          if (!(await stat(real)).isFile()) throw new PithError('IO', 'symbolic link to a folder: not followed', p);
          files.push(p);
        } catch (e) {
          skipped.push({ source: p, reason: reasonOf(e) });
        }
      } else if (d.isSymbolicLink()) {
        const target = await stat(p).catch(() => undefined);
        if (target?.isDirectory()) skipped.push({ source: p, reason: 'symbolic link to a folder: not followed' });
      }
    }
  }
  return { files: files.sort(), skipped };
}

type Skipped = { source: string; reason: string };

/**
 * The pages of a folder of examples as `pith train` pairs them with their fields files (the
 * fields reader's page names, html/'s own files only, the first of a name in sorted order); a
 * subfolder, a second page of one name and a link out of html/ are said, not added.
 */
async function examplePages(htmlDir: string): Promise<{ pages: Map<string, string>; skipped: Skipped[] }> {
  const pages = new Map<string, string>();
  const skipped: Skipped[] = [];
  const entries = (await readdir(htmlDir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const d of entries) {
    if (d.name.startsWith('.')) continue;
    const p = join(htmlDir, d.name);
    if (d.isDirectory()) {
      skipped.push({ source: p, reason: 'a folder inside html/: pith train reads only the pages directly in html/, so its pages are not added' });
      continue;
    }
    const name = FIELDS_PAGE_NAME_RE.exec(d.name)?.[1];
    if (name === undefined || !(d.isFile() || d.isSymbolicLink())) continue;
    if (pages.has(name)) {
      skipped.push({ source: p, reason: `another page named ${name} (${basename(pages.get(name)!)}) is the one paired with fields/${name}.json` });
      continue;
    }
    if (d.isSymbolicLink()) {
      try {
        if (!(await stat(await resolveInside(htmlDir, p))).isFile()) throw new PithError('IO', 'symbolic link to a folder: not followed', p);
      } catch (e) {
        skipped.push({ source: p, reason: reasonOf(e) });
        continue;
      }
    }
    pages.set(name, p);
  }
  return { pages, skipped };
}

/** A folder of examples' fields files by page name (`fields/<name>.json`, the first of a name in sorted order, as the fields reader takes them). */
async function exampleFieldsFiles(fieldsDir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of (await readdir(fieldsDir)).sort()) {
    const name = /^(.+)\.json$/i.exec(f)?.[1];
    if (name !== undefined && !out.has(name)) out.set(name, join(fieldsDir, f));
  }
  return out;
}

/** A page's fields as the corpus's `fields/<id>.json` text, refused when the label app could not read that file back. */
function corpusFieldsText(fields: Readonly<Record<string, readonly string[]>>, source: string): string {
  const text = fieldsFileText(fields);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_FIELDS_FILE) throw new PithError('TOO_LARGE', `its fields, written one value a line as the label app writes them, take ${bytes} bytes, above the label app's limit of ${MAX_FIELDS_FILE} (1 MiB) for a fields file`, source);
  return text;
}

/**
 * A folder of examples (docs/fields.md: `html/<name>.html` + `fields/<name>.json`): its pages,
 * each with its fields file as the page's field examples in the corpus (`fields/<id>.json`, which
 * the field mode starts from). A page whose fields file cannot be read (or is above the label
 * app's limit) is skipped whole; a fields file without its page and gold/ are said.
 */
async function addExamplesFolder(dir: string, spec: string, addBytes: (source: string, name: string, bytes: Uint8Array) => Promise<string>, acc: { skipped: Skipped[]; withFields: number }): Promise<void> {
  const htmlDir = join(spec, 'html');
  const { pages, skipped } = await examplePages(htmlDir);
  acc.skipped.push(...skipped);
  const fieldsFiles = await exampleFieldsFiles(join(spec, 'fields'));
  for (const [name, path] of fieldsFiles) {
    if (!pages.has(name)) acc.skipped.push({ source: path, reason: `fields without their page (no html/${name}.html[.gz])` });
  }
  if (await exists(join(spec, 'gold'))) acc.skipped.push({ source: join(spec, 'gold'), reason: 'not added: the label app labels title and body on the page itself (pith train of this folder reads gold/)' });
  // Checked once, before any page: a corpus whose fields/ cannot be written gets none of these pages.
  const corpusFields = fieldsFiles.size > 0 ? await corpusFieldsDir(dir) : undefined;
  for (const [name, f] of pages) {
    const fieldsPath = fieldsFiles.get(name);
    let id: string;
    let text: string | undefined;
    try {
      // The fields are read and checked before the page is stored.
      text = fieldsPath !== undefined ? corpusFieldsText(await readFieldsFile(spec, fieldsPath), fieldsPath) : undefined;
      id = await addBytes(f, basename(f), await readFileInside(htmlDir, f, DEFAULT_MAX_BYTES));
    } catch (e) {
      acc.skipped.push({ source: f, reason: reasonOf(e) });
      continue;
    }
    if (text === undefined || corpusFields === undefined) continue;
    try {
      await writeFileAtomic(join(corpusFields, `${id}.json`), text, 'fields file');
      acc.withFields++;
    } catch (e) {
      acc.skipped.push({ source: fieldsPath!, reason: `page added as ${id} without its field examples: ${reasonOf(e)}` });
    }
  }
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
  const acc = { added: [] as string[], skipped: [] as { source: string; reason: string }[], labelled: 0, withFields: 0 };
  const addBytes = async (source: string, name: string, bytes: Uint8Array, url?: string): Promise<string> => {
    decodeHtml(bytes, {}, source); // refuses binary, corrupt gzip and oversize input before anything is stored
    const id = await uniqueId(dir, pageIdFrom(name));
    await addPithPage(dir, id, bytes, url ? { url } : {});
    acc.added.push(id);
    return id;
  };
  for (const spec of specs) {
    try {
      if (/^https?:\/\//i.test(spec)) {
        // A URL the labeller typed for their own corpus: any address is theirs to reach.
        const got = await fetchPage(spec, { allowed: allowAll, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
        const u = new URL(got.url);
        const name = `${u.hostname}${u.pathname}`.replace(/\/+$/, '');
        await addBytes(spec, name, got.bytes, got.url);
        continue;
      }
      const st = await stat(spec).catch(() => undefined);
      if (!st) throw new PithError('NOT_FOUND', 'no such file, folder or URL', spec);
      if (st.isDirectory()) {
        if (await exists(join(spec, PITH_CORPUS_FILE))) {
          mergeImport(await importCorpusDir(dir, spec), acc, spec);
          continue;
        }
        if (await isFieldsFolder(spec)) {
          await addExamplesFolder(dir, spec, addBytes, acc);
          continue;
        }
        const { files, skipped } = await pageFiles(spec);
        acc.skipped.push(...skipped);
        if (files.length === 0 && skipped.length === 0) acc.skipped.push({ source: spec, reason: 'no .html/.htm/.html.gz files in this folder' });
        for (const f of files) {
          try {
            await addBytes(f, relative(spec, f), await readFileInside(spec, f, DEFAULT_MAX_BYTES));
          } catch (e) {
            acc.skipped.push({ source: f, reason: reasonOf(e) });
          }
        }
        continue;
      }
      if (/\.json$/i.test(spec)) {
        mergeImport(await importBundle(dir, await readBundleFile(spec)), acc, spec);
        continue;
      }
      await addBytes(spec, basename(spec), await readBoundedFile(spec, DEFAULT_MAX_BYTES, { followLink: true }));
    } catch (e) {
      acc.skipped.push({ source: spec, reason: (e as Error).message });
    }
  }
  return acc;
}

/**
 * Checks what can be checked before anything is added: a bundle file (`.json`) above
 * `MAX_BUNDLE_BYTES` is refused with PithError('TOO_LARGE') (the CLI exits with its input
 * error code), so an oversize bundle never half-fills a corpus.
 */
export async function checkAddSpecs(specs: readonly string[], maxBundleBytes = MAX_BUNDLE_BYTES): Promise<void> {
  for (const spec of specs) {
    if (/^https?:\/\//i.test(spec) || !/\.json$/i.test(spec)) continue;
    const st = await stat(spec).catch(() => undefined);
    if (st?.isFile() && st.size > maxBundleBytes) {
      throw new PithError('TOO_LARGE', `bundle is ${st.size} bytes, above the limit of ${maxBundleBytes} (${maxBundleBytes / 1024 / 1024} MiB): add the corpus folder instead`, spec);
    }
  }
}

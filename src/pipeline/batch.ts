/**
 * Batch extraction: many pages -> one JSON line each, on worker threads, resumable.
 * The output file is appended line by line; on a rerun, ids already present are skipped
 * and a torn last line (a crash mid-write) is cut off, never anything complete.
 */
import { Worker } from 'node:worker_threads';
import { open, readdir, stat, truncate, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { pageIdFromPath } from '../page.js';
import { PithError } from '../errors.js';

export interface BatchOptions {
  /** Output JSONL path. */
  readonly out: string;
  /** Worker threads. Default: all cores. */
  readonly workers?: number;
  /** Model file. */
  readonly modelPath: string;
  /** Include per-block labels in each line. Default false. */
  readonly withBlocks?: boolean;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface BatchSummary {
  readonly total: number;
  readonly skipped: number;
  readonly extracted: number;
  readonly failed: number;
}

const PAGE_FILE = /\.(x?html?)(\.gz)?$/i;

/** Files and directories (recursively: *.html, *.htm, *.xhtml, optionally .gz) to a sorted page list. */
export async function collectPageFiles(inputs: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const input of inputs) {
    let st;
    try {
      st = await stat(input);
    } catch {
      throw new PithError('NOT_FOUND', 'no such file or directory', input);
    }
    if (!st.isDirectory()) {
      out.push(input);
      continue;
    }
    const stack = [input];
    while (stack.length) {
      const dir = stack.pop()!;
      for (const e of await readdir(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) stack.push(p);
        else if (PAGE_FILE.test(e.name)) out.push(p);
      }
    }
  }
  return [...new Set(out)].sort();
}

/** Ids already in the output; cuts a torn last line so appends stay valid JSONL. */
export async function completedIds(out: string): Promise<Set<string>> {
  const done = new Set<string>();
  if (!existsSync(out)) return done;
  const text = await readFile(out, 'utf8');
  let end = text.length;
  if (text.length > 0 && !text.endsWith('\n')) {
    end = text.lastIndexOf('\n') + 1;
    await truncate(out, Buffer.byteLength(text.slice(0, end)));
  }
  for (const line of text.slice(0, end).split('\n')) {
    if (!line) continue;
    try {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id === 'string') done.add(id);
    } catch {
      throw new PithError('IO', 'the output exists but is not a pith JSONL file (a line is not JSON); refusing to append to it', out);
    }
  }
  return done;
}

/**
 * id = file name without .html/.gz; where two files share a name (pages/a/source.html,
 * pages/b/source.html) their path relative to the inputs' common folder is used instead.
 */
export function assignPageIds(files: readonly string[]): Map<string, string> {
  const byName = new Map<string, number>();
  for (const f of files) byName.set(pageIdFromPath(f), (byName.get(pageIdFromPath(f)) ?? 0) + 1);
  const parts = files.map((f) => resolve(f).split(sep));
  let common = 0;
  if (parts.length > 0) {
    const first = parts[0]!;
    while (common < first.length - 1 && parts.every((p) => p.length > common + 1 && p[common] === first[common])) common++;
  }
  const ids = new Map<string, string>();
  files.forEach((f, k) => {
    const name = pageIdFromPath(f);
    const id = byName.get(name)! > 1 ? parts[k]!.slice(common).join('/').replace(/\.gz$/i, '').replace(/\.x?html?$/i, '') : name;
    if (ids.has(id)) throw new PithError('BAD_OPTION', `two inputs have the id '${id}': ${ids.get(id)} and ${f}`);
    ids.set(id, f);
  });
  return ids;
}

export async function runBatch(files: readonly string[], options: BatchOptions): Promise<BatchSummary> {
  const done = await completedIds(options.out);
  const ids = assignPageIds(files);
  const todo = [...ids].filter(([id]) => !done.has(id));
  const total = todo.length;
  const workerCount = Math.max(1, Math.min(options.workers ?? availableParallelism(), total || 1));
  const handle = await open(options.out, 'a');
  let extracted = 0;
  let failed = 0;
  let next = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      if (total === 0) return resolve();
      let running = 0;
      let finished = 0;
      const workerUrl = new URL('./batch-worker.js', import.meta.url);
      for (let w = 0; w < workerCount; w++) {
        const worker = new Worker(workerUrl, { workerData: { modelPath: options.modelPath, withBlocks: options.withBlocks ?? false } });
        running++;
        const feed = (): void => {
          if (next >= todo.length) {
            void worker.terminate();
            return;
          }
          const [id, path] = todo[next++]!;
          worker.postMessage({ id, path });
        };
        worker.on('message', (msg: { ready?: boolean; id?: string; line?: string; ok?: boolean }) => {
          if (msg.ready) return feed();
          // Writes are serialised through the one handle; each line goes out whole.
          handle.appendFile(msg.line + '\n').then(() => {
            if (!msg.ok) failed++;
            else extracted++;
            finished++;
            options.onProgress?.(finished, total);
            feed();
          }, reject);
        });
        worker.on('error', reject);
        worker.on('exit', () => {
          running--;
          if (running === 0) finished >= total ? resolve() : reject(new Error(`workers stopped after ${finished} of ${total} pages`));
        });
      }
    });
  } finally {
    await handle.close();
  }
  return { total: files.length, skipped: files.length - total, extracted, failed };
}

/**
 * Export / import of a whole pith corpus as one JSON bundle, so a labelling session can be
 * handed to someone else or merged into another corpus. Page bytes travel base64-encoded
 * exactly as stored; labels travel as their `labels/<id>.json` content.
 *
 * Import never overwrites: a new page is added with its labels; a page already present
 * with the same bytes takes the incoming labels only if it has none; anything else is
 * skipped with a reason. Imported data is untrusted: ids, labels and sizes are validated.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PithError } from '../errors.js';
import { isGoldLabel } from '../labels.js';
import {
  addPithPage, isValidPageId, readPageLabels, readPithHeader, readPithPages, savePageLabels,
  type PageLabels, type PageLabelsInput, type PithCorpusHeader,
} from '../corpus/pith-format.js';
import type { Annotation } from '../corpus/types.js';

export interface BundlePage {
  readonly id: string;
  readonly url?: string;
  /** The stored bytes, base64. */
  readonly html: string;
  readonly labels?: PageLabels;
}

export interface CorpusBundle {
  readonly format: 'pith-corpus-bundle';
  readonly version: 1;
  readonly corpus: PithCorpusHeader;
  readonly exported: string;
  readonly pages: readonly BundlePage[];
}

export type ImportOutcome = 'added' | 'labelled' | 'unchanged' | 'skipped';

export interface ImportReport {
  readonly added: number;
  readonly labelled: number;
  readonly unchanged: number;
  readonly skipped: ReadonlyArray<{ readonly id: string; readonly reason: string }>;
}

/** Pages at most this large (decoded) are accepted from a bundle. */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;

export async function exportBundle(dir: string): Promise<CorpusBundle> {
  const corpus = await readPithHeader(dir);
  const pages: BundlePage[] = [];
  for (const p of await readPithPages(dir)) {
    const bytes = await readFile(p.htmlPath);
    const labels = await readPageLabels(dir, p.id);
    pages.push({ id: p.id, ...(p.url ? { url: p.url } : {}), html: bytes.toString('base64'), ...(labels ? { labels } : {}) });
  }
  return { format: 'pith-corpus-bundle', version: 1, corpus, exported: new Date().toISOString(), pages };
}

/** Checks the shape of untrusted bundle JSON; throws PithError('BAD_CORPUS') naming the problem. */
export function parseBundle(data: unknown, subject = 'bundle'): CorpusBundle {
  const rec = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (!rec(data) || data['format'] !== 'pith-corpus-bundle') throw new PithError('BAD_CORPUS', 'not a pith corpus bundle (format must be "pith-corpus-bundle")', subject);
  if (data['version'] !== 1) throw new PithError('BAD_CORPUS', `unsupported bundle version ${String(data['version'])}`, subject);
  if (!Array.isArray(data['pages'])) throw new PithError('BAD_CORPUS', 'pages must be a list', subject);
  const corpus = rec(data['corpus']) ? data['corpus'] : {};
  const pages = data['pages'].map((p, i): BundlePage => {
    if (!rec(p) || typeof p['id'] !== 'string' || typeof p['html'] !== 'string') throw new PithError('BAD_CORPUS', `page ${i} needs id and html`, subject);
    const labels = p['labels'];
    if (labels !== undefined) {
      if (!rec(labels) || !Array.isArray(labels['annotations'])) throw new PithError('BAD_CORPUS', `page ${i}: labels need annotations`, subject);
      for (const a of labels['annotations']) {
        if (!rec(a) || !isGoldLabel(a['label']) || typeof a['text'] !== 'string' || typeof a['path'] !== 'string') {
          throw new PithError('BAD_CORPUS', `page ${i}: an annotation needs label, text and path`, subject);
        }
      }
    }
    return {
      id: p['id'], html: p['html'], ...(typeof p['url'] === 'string' ? { url: p['url'] } : {}),
      ...(labels !== undefined ? { labels: labels as unknown as PageLabels } : {}),
    };
  });
  return {
    format: 'pith-corpus-bundle', version: 1, corpus: corpus as unknown as PithCorpusHeader,
    exported: typeof data['exported'] === 'string' ? data['exported'] : '', pages,
  };
}

/** Only the fields a save takes, from labels of unknown origin. */
function labelsInput(l: PageLabels): PageLabelsInput {
  const annotations: Annotation[] = l.annotations.map((a) => ({ label: a.label, text: a.text, path: a.path }));
  return {
    annotations,
    ...(typeof l.url === 'string' ? { url: l.url } : {}),
    ...(typeof l.site === 'string' ? { site: l.site } : {}),
    ...(typeof l.title === 'string' ? { title: l.title } : {}),
    ...(l.partial === true ? { partial: true } : {}),
    ...(l.gold && typeof l.gold === 'object' ? { gold: l.gold } : {}),
  };
}

function decodeBase64(s: string): Uint8Array | undefined {
  if (s.length > (MAX_PAGE_BYTES / 3) * 4 + 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return undefined;
  return new Uint8Array(Buffer.from(s, 'base64'));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

async function storedBytes(dir: string, id: string): Promise<Uint8Array | undefined> {
  for (const ext of ['.html.gz', '.html']) {
    try {
      return new Uint8Array(await readFile(join(dir, 'pages', id + ext)));
    } catch {
      /* try the next extension */
    }
  }
  return undefined;
}

/** Merges a bundle's pages into the pith corpus at `dir` (which must exist). */
export async function importBundle(dir: string, bundle: CorpusBundle): Promise<ImportReport> {
  await readPithHeader(dir);
  let added = 0;
  let labelled = 0;
  let unchanged = 0;
  const skipped: { id: string; reason: string }[] = [];
  for (const p of bundle.pages) {
    if (!isValidPageId(p.id)) {
      skipped.push({ id: p.id.slice(0, 80), reason: 'invalid page id' });
      continue;
    }
    const bytes = decodeBase64(p.html);
    if (!bytes || bytes.length === 0) {
      skipped.push({ id: p.id, reason: 'page bytes missing, not base64 or too large' });
      continue;
    }
    const local = await storedBytes(dir, p.id);
    if (!local) {
      await addPithPage(dir, p.id, bytes, p.url ? { url: p.url } : {});
      if (p.labels) await savePageLabels(dir, p.id, labelsInput(p.labels), { expectedRevision: 0 });
      added++;
      continue;
    }
    if (!sameBytes(local, bytes)) {
      skipped.push({ id: p.id, reason: 'a different page already has this id' });
      continue;
    }
    const mine = await readPageLabels(dir, p.id);
    if (p.labels && !mine) {
      await savePageLabels(dir, p.id, labelsInput(p.labels), { expectedRevision: 0 });
      labelled++;
    } else if (p.labels && mine && JSON.stringify(mine.annotations) !== JSON.stringify(p.labels.annotations)) {
      skipped.push({ id: p.id, reason: 'both have different labels: kept the local ones' });
    } else unchanged++;
  }
  return { added, labelled, unchanged, skipped };
}

/** A pith corpus folder as a bundle (for `pith label --add <other-corpus>`). */
export async function bundleFromCorpusDir(dir: string): Promise<CorpusBundle> {
  return exportBundle(dir);
}

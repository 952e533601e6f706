/**
 * The annotation tool's tolerant view of a pith corpus folder (docs/corpus-format.md). Each
 * unusable file (malformed JSON, wrong format, a symbolic link leading out of the corpus) is
 * reported as a `CorpusProblem` naming the file, and the rest of the corpus works as usual, so
 * one bad labels file never breaks the queue, the export or training. Page and labels files
 * are never read through a link that leaves the corpus folder.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isPithError, PithError } from '../errors.js';
import type { Corpus, CorpusPage } from '../corpus/types.js';
import { goldFromLabels, isValidPageId, readPageLabels, readPithHeader, type PageLabels } from '../corpus/pith-format.js';
import { CORPUS_SITE, siteOfUrl } from '../util/site.js';
import { parseJsonLimited, readBoundedFile, reasonOf, resolveInside } from './safe-files.js';

/** A file of the corpus that was left out, and why. `file` is relative to the corpus folder. */
export interface CorpusProblem {
  readonly file: string;
  readonly reason: string;
}

export interface ListedPage {
  readonly id: string;
  /** The page file as listed (inside `pages/`). */
  readonly htmlPath: string;
  /** The URL from `pages/<id>.json`, when there is one. */
  readonly metaUrl: string | undefined;
}

export interface CorpusListing {
  readonly pages: readonly ListedPage[];
  readonly problems: readonly CorpusProblem[];
}

const PAGE_RE = /^(.+)\.html(\.gz)?$/;
const META_LIMIT = 1024 * 1024;

/** The corpus's pages, in id order; page files that are links out of the corpus or not regular files are problems. */
export async function listCorpusPages(dir: string): Promise<CorpusListing> {
  const pagesDir = join(dir, 'pages');
  let entries;
  try {
    entries = await readdir(pagesDir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { pages: [], problems: [] };
    throw new PithError('BAD_CORPUS', `cannot list folder (${(e as Error).message})`, pagesDir, { cause: e });
  }
  const names = new Set(entries.map((d) => d.name));
  const pages: ListedPage[] = [];
  const problems: CorpusProblem[] = [];
  const seen = new Set<string>();
  for (const d of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const m = PAGE_RE.exec(d.name);
    if (!m || !isValidPageId(m[1]!)) continue;
    const id = m[1]!;
    if (seen.has(id)) continue; // both x.html and x.html.gz: the first listed is the page
    const file = `pages/${d.name}`;
    const htmlPath = join(pagesDir, d.name);
    if (d.isSymbolicLink() || !d.isFile()) {
      try {
        await resolveInside(dir, htmlPath);
        if (!d.isSymbolicLink()) throw new PithError('IO', 'not a regular file', htmlPath);
      } catch (e) {
        problems.push({ file, reason: reasonOf(e) });
        continue;
      }
    }
    seen.add(id);
    let metaUrl: string | undefined;
    if (names.has(`${id}.json`)) {
      try {
        const meta = parseJsonLimited(await readBoundedFile(await resolveInside(dir, join(pagesDir, `${id}.json`)), META_LIMIT), { maxBytes: META_LIMIT, maxDepth: 16, maxValues: 10_000 }, `pages/${id}.json`);
        const u = (meta as Record<string, unknown> | null)?.['url'];
        if (typeof u === 'string' && u) metaUrl = u;
      } catch (e) {
        problems.push({ file: `pages/${id}.json`, reason: reasonOf(e) });
      }
    }
    pages.push({ id, htmlPath, metaUrl });
  }
  return { pages, problems };
}

export interface LabelsRead {
  readonly labels?: PageLabels;
  readonly problem?: CorpusProblem;
}

/** A page's stored labels, `{}` when it has none, `{problem}` when the file cannot be used. Never throws for a bad file. */
export async function readLabelsTolerant(dir: string, id: string): Promise<LabelsRead> {
  const file = `labels/${id}.json`;
  try {
    const labels = await readPageLabels(dir, id); // undefined when missing; refuses links out of the corpus
    return labels ? { labels } : {};
  } catch (e) {
    return { problem: { file, reason: reasonOf(e) } };
  }
}


/**
 * The corpus's labelled pages as a `Corpus` for training, every unreadable file left out and
 * listed in `skipped`. Page paths are resolved, so training reads no link out of the corpus.
 */
export async function labelledCorpus(dir: string): Promise<{ corpus: Corpus; problems: CorpusProblem[] }> {
  const header = await readPithHeader(dir);
  const listing = await listCorpusPages(dir);
  const problems = [...listing.problems];
  const pages: CorpusPage[] = [];
  for (const p of listing.pages) {
    const r = await readLabelsTolerant(dir, p.id);
    if (r.problem) problems.push(r.problem);
    if (!r.labels) continue;
    let htmlPath: string;
    try {
      htmlPath = await resolveInside(dir, p.htmlPath);
    } catch (e) {
      problems.push({ file: `pages/${p.htmlPath.split('/').pop()}`, reason: reasonOf(e) });
      continue;
    }
    const url = r.labels.url ?? p.metaUrl;
    pages.push({ id: p.id, site: r.labels.site ?? siteOfUrl(url, CORPUS_SITE) ?? p.id, url, htmlPath, gold: goldFromLabels(r.labels) });
  }
  const corpus: Corpus = {
    name: header.name, format: 'pith', root: dir, use: header.use, pages,
    ...(problems.length > 0 ? { skipped: problems.map((q) => ({ id: q.file, path: join(dir, q.file), reason: q.reason })) } : {}),
  };
  return { corpus, problems };
}

/**
 * Opens any corpus pith recognises, from the layout of its folder: pith's own format or
 * one of the public benchmarks in ../shared/corpora, read in place.
 */
import { basename, join, resolve } from 'node:path';
import { PithError } from '../errors.js';
import { loadPage, readPageBytes, type LoadOptions, type Page } from '../page.js';
import type { Corpus, CorpusFormat, CorpusPage, CorpusUse, PageScope, SkippedPage } from './types.js';
import { isDir, isFile, listDir, readText } from './readers/files.js';
import { readReadability } from './readers/readability.js';
import { readWcxb } from './readers/wcxb.js';
import { readTrafilatura } from './readers/trafilatura.js';
import { readPostlight } from './readers/postlight.js';
import { readL3s } from './readers/l3s.js';
import { readCleaneval } from './readers/cleaneval.js';
import { readDragnet } from './readers/dragnet.js';
import { isMsvFolder, msvSubfolders, readMsv } from './readers/msv.js';
import { readSwde, swdeSiteFolders } from './readers/swde.js';
import { isFieldsFolder, readFieldsFolder } from './readers/fields.js';
import { PITH_CORPUS_FILE, readPithHeader, readPithPages } from './pith-format.js';

/** How each public corpus may be used (../shared/corpora/README.md). */
export const CORPUS_USE: Readonly<Record<Exclude<CorpusFormat, 'pith'>, CorpusUse>> = Object.freeze({
  readability: 'train', wcxb: 'train', trafilatura: 'train', postlight: 'train',
  'l3s-gn1': 'eval-only', cleaneval: 'eval-only', dragnet: 'eval-only',
  // "research use only ... per-site learning and template drift; never the bundled model"
  msv: 'eval-only',
  // "research use only ... named fields learned from a few pages of a site; never the bundled model"
  swde: 'eval-only',
  // A folder of pages with field values: examples for a site's field rules, not for the bundled model.
  fields: 'eval-only',
});

/** The layout of a corpus folder, or undefined when pith does not recognise it. */
export async function detectCorpusFormat(root: string): Promise<CorpusFormat | undefined> {
  if (await isFile(join(root, PITH_CORPUS_FILE))) return 'pith';
  if (await isFile(join(root, 'evaldata.json'))) return 'trafilatura';
  if (await isFile(join(root, 'titles.json'))) return 'postlight';
  if ((await isDir(join(root, 'ground-truth'))) && (await isDir(join(root, 'html')))) return 'wcxb';
  if ((await isDir(join(root, 'original'))) && (await isDir(join(root, 'annotated')))) return 'l3s-gn1';
  if ((await isDir(join(root, 'dev', 'GoldStandard'))) || (await isDir(join(root, 'final', 'GoldStandard')))) return 'cleaneval';
  if ((await isDir(join(root, 'input'))) && (await isDir(join(root, 'GoldStandard')))) {
    if (await isDir(join(root, 'split'))) return 'dragnet';
    // CleanEval gold starts with a `URL:` line or uses <p>/<h>/<l> marks; Dragnet's is plain text.
    const gold = (await listDir(join(root, 'GoldStandard'))).find((f) => f.endsWith('.txt'));
    if (gold) {
      const text = await readText(join(root, 'GoldStandard', gold), 'a gold file');
      if (/^\s*URL:/i.test(text) || /^\s*<[phl]>/im.test(text)) return 'cleaneval';
    }
    return 'dragnet';
  }
  if (await isFieldsFolder(root)) return 'fields';
  if (await isMsvFolder(root)) return 'msv';
  if ((await swdeSiteFolders(root)).length > 0) return 'swde';
  if (await isDir(join(root, 'pages'))) {
    for (const name of (await listDir(join(root, 'pages'))).slice(0, 5)) {
      if (await isFile(join(root, 'pages', name, 'source.html'))) return 'readability';
    }
  }
  // A folder of site-year folders (the msv-big9 root): tried last, as it lists every subfolder.
  if ((await msvSubfolders(root)).length > 0) return 'msv';
  return undefined;
}

/**
 * Opens a corpus folder; a missing folder is NOT_FOUND, an unrecognised or malformed one
 * BAD_CORPUS naming the file. With a scope, `pages` are only the scope's (the first `limit`
 * pages, or page `id`): the readers of folders with a file per page (pith by id, readability,
 * wcxb, l3s-gn1, cleaneval, dragnet) list every page but read only those; the others read
 * all and are cut after (their index is one file, or a site's pages are read together).
 */
export async function openCorpus(path: string, scope: PageScope = {}): Promise<Corpus> {
  const root = resolve(path);
  if (!(await isDir(root))) {
    if (await isFile(root)) throw new PithError('BAD_CORPUS', 'is a file; a corpus is a folder', path);
    throw new PithError('NOT_FOUND', 'no such corpus folder', path);
  }
  const format = await detectCorpusFormat(root);
  if (!format) {
    throw new PithError('BAD_CORPUS', 'unrecognised corpus layout (expected pith-corpus.json, evaldata.json, titles.json, ground-truth/ + html/, original/ + annotated/, input/ + GoldStandard/, html/ + gold/ (or subfolders with them), html/ + fields/, groundtruth/ + <vertical>-<site>(<n>)/ (SWDE), or pages/<name>/source.html)', path);
  }
  let pages: CorpusPage[];
  let skipped: SkippedPage[] = [];
  let use: CorpusUse;
  let name = basename(root);
  switch (format) {
    case 'pith': {
      const header = await readPithHeader(root);
      use = header.use;
      name = header.name;
      ({ pages, skipped } = await readPithPages(root, scope));
      break;
    }
    case 'readability': pages = await readReadability(root, scope); use = CORPUS_USE[format]; break;
    case 'wcxb': pages = await readWcxb(root, scope); use = CORPUS_USE[format]; break;
    case 'trafilatura': pages = await readTrafilatura(root); use = CORPUS_USE[format]; break;
    case 'postlight': pages = await readPostlight(root); use = CORPUS_USE[format]; break;
    case 'l3s-gn1': pages = await readL3s(root, scope); use = CORPUS_USE[format]; break;
    case 'cleaneval': pages = await readCleaneval(root, scope); use = CORPUS_USE[format]; break;
    case 'dragnet': pages = await readDragnet(root, scope); use = CORPUS_USE[format]; break;
    case 'msv': ({ pages, skipped } = await readMsv(root)); use = CORPUS_USE[format]; break;
    case 'swde': ({ pages, skipped } = await readSwde(root)); use = CORPUS_USE[format]; break;
    case 'fields': ({ pages, skipped } = await readFieldsFolder(root)); use = CORPUS_USE[format]; break;
  }
  return Object.freeze({
    name, format, root, use,
    pages: Object.freeze(inScope(pages, scope).map((p) => Object.freeze(p))),
    ...(skipped.length > 0 ? { skipped: Object.freeze(skipped.map((s) => Object.freeze(s))) } : {}),
  });
}

/** The pages a scope takes, in order (the readers that honour it return these already). */
function inScope(pages: CorpusPage[], scope: PageScope): CorpusPage[] {
  const wanted = scope.id === undefined ? pages : pages.filter((p) => p.id === scope.id);
  return scope.limit === undefined ? wanted : wanted.slice(0, scope.limit);
}

/** Finds a page by id, with a clear error naming the corpus. */
export function corpusPage(corpus: Corpus, id: string): CorpusPage {
  const page = corpus.pages.find((p) => p.id === id);
  if (!page) throw new PithError('NOT_FOUND', `no page '${id}' in corpus ${corpus.name}`, corpus.root);
  return page;
}

/** Reads and segments a corpus page, with the corpus' id and URL (`_corpus` keeps call sites uniform; unused today). */
export async function loadCorpusPage(_corpus: Corpus, page: CorpusPage, options: LoadOptions = {}): Promise<Page> {
  const bytes = await readPageBytes(page.htmlPath, options.maxBytes);
  return loadPage(bytes, { ...options, id: page.id, ...(page.url !== undefined ? { url: page.url } : {}) }, page.htmlPath);
}

export { readPageBytes };

/** `pith corpus import|stats|show`: corpora in any recognised layout, pith's own format, gold labels. */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command, type CommandIO } from '../command.js';
import { Progress } from '../progress.js';
import { PithError } from '../../errors.js';
import { GOLD_LABELS, type GoldLabel } from '../../labels.js';
import {
  addPithPage, alignGold, importFieldsFolder, annotationsFromLabels, corpusPage, createPithCorpus, goldText, isValidPageId, loadCorpusPage,
  openCorpus, savePageLabels, type Corpus,
} from '../../corpus/index.js';
import { writeBlocks } from './blocks.js';

const HELP = `Usage: pith corpus <import|import-fields|stats|show> ...

  pith corpus import <corpus-dir> -o <out-dir> [--limit N] [--name NAME]
      Converts any recognised corpus into pith's own format (docs/corpus-format.md):
      copies each page's bytes unchanged and stores its gold, aligned to the page's
      blocks, as DOM-anchored annotations. The new corpus keeps the source's use
      (train / eval-only). Pages that cannot be read are reported and skipped.

  pith corpus import-fields <corpus-dir> -o <out-dir> [--limit N]
      Writes a corpus with named fields (SWDE's layout) as a training folder for
      'pith train --model wrapper': html/<id>.<ext> (bytes unchanged) and
      fields/<id>.json ({"field": ["value", ...]}); docs/fields.md.

  pith corpus stats <corpus-dir>... [--limit N] [--quick] [--json]
      Per corpus: layout, use, pages, sites, blocks per gold label and alignment
      quality (share of gold words aligned, pages with a title block).
      --quick lists pages and sites only, without reading the pages.

  pith corpus show <corpus-dir> <page-id> [--width N] [--json]
      The page's blocks with their gold labels (as 'pith blocks' shows them).

Recognised layouts: pith, readability-test-pages, wcxb, trafilatura-eval,
postlight-titles, l3s-gn1, cleaneval (dev/ + final/), dragnet, msv-big9
(html/ + gold/), swde (groundtruth/ + <vertical>-<site>(<n>)/), fields (html/ + fields/).

Options:
  -o, --out DIR   where 'import' creates the pith corpus (must not exist yet)
  --limit N       only the first N pages of each corpus
  --name NAME     name of the imported corpus (default: the source's name)
  --quick         'stats' without reading pages
  --json          machine-readable output
  --width N       characters of text per block for 'show' (default 100; 0 = all)
`;

/** A page id safe for pith's format: invalid characters become '_', duplicates get a suffix. */
function safeId(id: string, used: Set<string>): string {
  let base = id.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[^A-Za-z0-9]+/, '').replace(/\.\.+/g, '.').slice(0, 180);
  if (!base) base = 'page';
  let out = base;
  for (let k = 2; used.has(out) || !isValidPageId(out); k++) out = `${base}-${k}`;
  used.add(out);
  return out;
}

async function runImport(args: readonly string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    out: { type: 'string', short: 'o' },
    limit: { type: 'string' },
    name: { type: 'string' },
  });
  if (positionals.length !== 1) throw new PithError('BAD_OPTION', 'import takes one corpus folder');
  const out = optString(values, 'out');
  if (!out) throw new PithError('BAD_OPTION', 'import needs -o <out-dir>');
  const limit = optInt(values, 'limit', Number.MAX_SAFE_INTEGER, 1);
  const corpus = await openCorpus(positionals[0]!, { limit });
  await createPithCorpus(out, {
    name: optString(values, 'name') ?? corpus.name,
    use: corpus.use,
    source: `imported from ${resolve(positionals[0]!)} (${corpus.format})`,
  });
  const pages = corpus.pages;
  const progress = new Progress('import', pages.length, io.stderr);
  const used = new Set<string>();
  let imported = 0;
  const failed: string[] = [];
  for (const cp of pages) {
    try {
      const bytes = new Uint8Array(await readFile(cp.htmlPath));
      const page = await loadCorpusPage(corpus, cp);
      const result = alignGold(page, cp.gold);
      const partial = cp.gold.partial === true;
      const id = safeId(cp.id, used);
      await addPithPage(out, id, bytes, cp.url ? { url: cp.url } : {});
      const text = goldText(cp.gold);
      await savePageLabels(out, id, {
        ...(cp.url ? { url: cp.url } : {}),
        site: cp.site,
        ...(cp.gold.title ? { title: cp.gold.title } : {}),
        partial,
        annotations: annotationsFromLabels(page, result.labels, partial),
        gold: {
          ...(text !== undefined ? { mainText: text } : {}),
          ...(cp.gold.headings ? { headings: cp.gold.headings } : {}),
          ...(cp.gold.snippets ? { snippets: cp.gold.snippets } : {}),
        },
      }, { expectedRevision: 0 });
      imported++;
    } catch (e) {
      if (!(e instanceof PithError)) throw e;
      failed.push(`${cp.id}: ${e.message}`);
    }
    progress.tick();
  }
  progress.finish();
  io.stdout.write(`imported ${imported} of ${pages.length} pages from ${corpus.name} (${corpus.format}, ${corpus.use}) into ${out}\n`);
  for (const f of failed) io.stdout.write(`  skipped ${f}\n`);
  return EXIT.ok;
}

async function runImportFields(args: readonly string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { out: { type: 'string', short: 'o' }, limit: { type: 'string' } });
  if (positionals.length !== 1) throw new PithError('BAD_OPTION', 'import-fields takes one corpus folder');
  const out = optString(values, 'out');
  if (!out) throw new PithError('BAD_OPTION', 'import-fields needs -o <out-dir>');
  const limit = optInt(values, 'limit', Number.MAX_SAFE_INTEGER, 1);
  const corpus = await openCorpus(positionals[0]!);
  const r = await importFieldsFolder(corpus, out, { limit });
  if (r.written === 0) throw new PithError('BAD_CORPUS', `no page of ${corpus.name} (${corpus.format}) has named fields`, positionals[0]);
  io.stdout.write(`wrote ${r.written} pages with fields from ${corpus.name} (${corpus.format}, ${corpus.use}) into ${out}\n`);
  if (r.withoutFields.length > 0) io.stdout.write(`  ${r.withoutFields.length} pages without fields left out\n`);
  return EXIT.ok;
}

interface CorpusStats {
  readonly name: string;
  readonly format: string;
  readonly use: string;
  readonly pages: number;
  readonly sites: number;
  readonly read?: number;
  readonly failed?: number;
  readonly blocks?: Readonly<Record<GoldLabel, number>>;
  /** Share of gold content words aligned to the page, over pages with gold text. */
  readonly goldAligned?: number;
  readonly titled?: number;
  readonly titleFound?: number;
}

async function corpusStats(corpus: Corpus, quick: boolean, io: CommandIO): Promise<CorpusStats> {
  const pages = corpus.pages;
  const base = { name: corpus.name, format: corpus.format, use: corpus.use, pages: pages.length, sites: new Set(pages.map((p) => p.site)).size };
  if (quick) return base;
  const blocks = Object.fromEntries(GOLD_LABELS.map((l) => [l, 0])) as Record<GoldLabel, number>;
  let goldTokens = 0, alignedTokens = 0, titled = 0, titleFound = 0, read = 0, failed = 0;
  const progress = new Progress(`stats ${corpus.name}`, pages.length, io.stderr);
  for (const cp of pages) {
    try {
      const page = await loadCorpusPage(corpus, cp);
      const r = alignGold(page, cp.gold);
      for (const l of r.labels) blocks[l]++;
      goldTokens += r.goldTokens;
      alignedTokens += r.alignedGoldTokens;
      if (cp.gold.title) {
        titled++;
        if (r.titleBlock !== undefined) titleFound++;
      }
      read++;
    } catch (e) {
      if (!(e instanceof PithError)) throw e;
      failed++;
    }
    progress.tick();
  }
  progress.finish();
  return { ...base, read, failed, blocks, ...(goldTokens > 0 ? { goldAligned: alignedTokens / goldTokens } : {}), titled, titleFound };
}

/**
 * The folders among the paths given: a file beside them (`corpora/*` matches a README.md too)
 * is passed over with a note. A path that does not exist is left to openCorpus to report, and
 * paths with no folder among them at all are an error.
 */
async function corpusFolders(paths: readonly string[], io: CommandIO): Promise<string[]> {
  const folders: string[] = [];
  for (const p of paths) {
    const st = await stat(p).catch(() => undefined);
    if (st && !st.isDirectory()) io.stderr.write(`corpus stats: skipping ${p}: a file, not a corpus folder\n`);
    else folders.push(p);
  }
  if (folders.length === 0) throw new PithError('BAD_OPTION', `stats takes corpus folders; ${paths.length === 1 ? `${paths[0]} is a file` : 'all the paths given are files'}`);
  return folders;
}

async function runStats(args: readonly string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { limit: { type: 'string' }, quick: { type: 'boolean' }, json: { type: 'boolean' } });
  if (positionals.length === 0) throw new PithError('BAD_OPTION', 'stats takes one or more corpus folders');
  const limit = optInt(values, 'limit', Number.MAX_SAFE_INTEGER, 1);
  const all: CorpusStats[] = [];
  for (const dir of await corpusFolders(positionals, io)) all.push(await corpusStats(await openCorpus(dir, { limit }), optBool(values, 'quick'), io));
  if (optBool(values, 'json')) {
    io.stdout.write(JSON.stringify(all, null, 2) + '\n');
    return EXIT.ok;
  }
  const pct = (a: number | undefined, b: number | undefined): string => (a === undefined || !b ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  const head = ['corpus', 'format', 'use', 'pages', 'sites', 'title', 'heading', 'body', 'other', 'unknown', 'gold aligned', 'title found'];
  const rows = all.map((s) => [
    s.name, s.format, s.use, String(s.pages), String(s.sites),
    ...GOLD_LABELS.map((l) => (s.blocks ? String(s.blocks[l]) : '-')),
    s.goldAligned === undefined ? '-' : `${(100 * s.goldAligned).toFixed(1)}%`,
    pct(s.titleFound, s.titled),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: readonly string[]): string => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  io.stdout.write(fmt(head) + '\n' + rows.map(fmt).join('\n') + '\n');
  for (const s of all) if (s.failed) io.stdout.write(`${s.name}: ${s.failed} pages could not be read\n`);
  return EXIT.ok;
}

async function runShow(args: readonly string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { width: { type: 'string' }, json: { type: 'boolean' } });
  if (positionals.length !== 2) throw new PithError('BAD_OPTION', 'show takes a corpus folder and a page id');
  const corpus = await openCorpus(positionals[0]!, { id: positionals[1]! });
  const cp = corpusPage(corpus, positionals[1]!);
  const page = await loadCorpusPage(corpus, cp);
  const r = alignGold(page, cp.gold);
  if (!optBool(values, 'json')) {
    io.stdout.write(`# ${corpus.name} / ${cp.id}  site ${cp.site}  url ${cp.url ?? '-'}\n# gold title: ${cp.gold.title ?? '-'}  (block ${r.titleBlock ?? '-'})\n`);
  }
  writeBlocks(io, page, { json: optBool(values, 'json'), width: optInt(values, 'width', 100), labels: r.labels });
  return EXIT.ok;
}

export const command: Command = {
  name: 'corpus',
  summary: 'import a corpus into pith format, corpus statistics, a page with its gold labels',
  help: HELP,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    switch (sub) {
      case 'import': return runImport(rest, io);
      case 'import-fields': return runImportFields(rest, io);
      case 'stats': return runStats(rest, io);
      case 'show': return runShow(rest, io);
      default: throw new PithError('BAD_OPTION', sub ? `unknown subcommand '${sub}' (import, stats, show)` : 'expected a subcommand: import, stats or show');
    }
  },
};

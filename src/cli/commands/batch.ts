/** `pith batch <dir|files...> --out results.jsonl`: many pages, one JSON line each, resumable. */
import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
import { csvRowCount, fieldsCsv, type FieldsCsvPage } from '../../pipeline/fields-csv.js';
import type { FoundList } from '../../models/lists/find-lists.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { isRecord } from '../../util/is-record.js';
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command, type CommandIO, type ParsedCommandArgs } from '../command.js';
import { Progress } from '../progress.js';
import { isPithError, PithError } from '../../errors.js';
import type { ArticleChoices } from '../../pipeline/library.js';
import { readArticleChoices } from '../article-choices.js';
import { bundledModelPath, loadExtractionModel, renderedModelNote, renderedModelPath, type LoadedModel } from '../../pipeline/extract.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveModel, withSiteEntries } from '../../models/model-file.js';
import { siteByName } from '../../models/site-pick.js';
import { readListChoice, type ListChoice } from '../list-options.js';
import { DEFAULT_LEARN_MIN_PAGES } from '../../wrapper/learn-min-pages.js';
import { collectPages, DEFAULT_PAGE_TIMEOUT_MS, outputLockPath, releaseOutputLockSync, runBatch, STDOUT_OUTPUT, type BatchSummary, type CollectedPages } from '../../batch/batch.js';
import { DAMAGE_REASONS, type WarcSkipReason } from '../../batch/warc.js';
import { DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_HOST_DELAY_MS, DEFAULT_PER_HOST, DEFAULT_URL_CONCURRENCY, DEFAULT_USER_AGENT, readUrlList, type UrlFetchOptions } from '../../batch/url-list.js';
import { BATCH_FIELDS, BATCH_FILE_FORMATS, batchFileFormatNamed, parseBatchFields } from '../../batch/batch-fields.js';
import { BATCH_OPTIONS, inThreadPageLimit, workerThreadsOf } from '../batch-args.js';
import { bundleWorkerModule } from '../bundle-loader.js';
import { cleanUpOnSignal } from '../signal-cleanup.js';
import { SMALL_BATCH_PAGES } from '../../batch/small-batch.js';

/** Exit code of a batch that ran to the end but where at least one page failed (its line has an error). */
export const EXIT_PAGES_FAILED = 4;

const HELP = `Usage: pith batch <dir|files|warcs...> [--urls FILE] --out results.jsonl [options]

Extracts every page (*.html, *.htm, *.xhtml, also .gz; directories are searched
recursively), the HTML responses of WARC files (*.warc, *.warc.gz) and the pages of a URL
list into one JSON line per page: {"id", "url", "date"?, ...the fields of 'pith extract
--format json'}, or {"id", "url", "error": {code, message}} for a page that cannot be done.
id: the file name without .html/.gz; a WARC record's WARC-Record-ID; a listed URL. url: the
WARC-Target-URI, the fetched URL (after redirects), or a file's canonical URL (else null).
date: the WARC-Date. Rerunning with the same --out skips pages already there.

Options:
  --out PATH            output JSONL file (required; appended to; locked while the batch
                        runs: a second batch on the same file is refused); - writes the lines
                        to standard output (nothing to resume; not with --csv)
  --workers N           worker threads (default: all cores, here ${availableParallelism()})
  --model PATH          model file (default: the bundled model)
  --blocks              include per-block labels and probabilities
  --lists               also each page's main repeated list, found without examples by the
                        bundled list model (\`lists\` in each line, [] when none; docs/lists.md)
  --list-model PATH     the list model for --lists (default models/lists.model.json.gz)
  --favor F             precision | balanced | recall (default balanced), as pith extract --favor
  --no-images           leave out images, figures and embeds (as pith extract)
  --no-tables           leave out tables
  --no-links            keep links' text, not the links
  --keep-comments       leave readers' comment sections to the model (see pith extract --help)
  --include-comments    also give each page's readers' comments, with author and date
                        (\`comments\` in each line; docs/comments.md)
  --site NAME           with a model holding site models: every page uses this one (a host, or
                        template:...), whatever its URL or template (docs/sites.md)
  --learn-sites         first learn site models from the batch's own page files, without labels:
                        pages grouped by URL host, else by template; each site of at least
                        --learn-min pages (default ${DEFAULT_LEARN_MIN_PAGES}) is learned, unless the model's site
                        model still takes most of them; a drifted one is learned again
  --learn-min N         least pages of a site for --learn-sites to learn it
  --heap-mb N           heap limit of each worker in MB (default 1024); a page that needs more
                        is recorded as an OUT_OF_MEMORY error and the batch goes on
  --page-timeout SECS   time limit of one page (default ${DEFAULT_PAGE_TIMEOUT_MS / 1000}; 0 = none); a page over it
                        is recorded as a TIMEOUT error, its worker replaced, and the batch goes on
                        A batch of at most ${SMALL_BATCH_PAGES} page files (no WARC, URL or --render) runs in
                        one thread, without workers, unless --heap-mb or --page-timeout is given:
                        there a page over the time limit still gets its TIMEOUT line, but only
                        once it ends, and no heap limit of its own applies
  --fields LIST         what each line carries, e.g. id,url,title,body; id and url always,
                        the rest from: ${BATCH_FIELDS.join(',')}
                        (default: all but blocks and lists; fields and records only where the model
                        has field rules for the page's site, docs/fields.md)
  --render              draw each page in headless Chromium first (a browser per worker, no
                        network, scripts off; docs/render.md) and extract with its layout
                        (only a model trained with the visual family reads the layout; none is
                        shipped, so without --model the text is as without --render; a note says so)
  --layouts DIR         read layouts from a 'pith render' folder (with --render, add new ones)
  --scripts             with --render: run the pages' scripts
  --out-dir DIR         also write each page to DIR/<id>.json (id escaped for a file name),
                        written atomically; --format markdown|text|html|csv|xml|tei writes
                        .md/.txt/.html/.csv/.xml/.tei.xml (txt is text)
  --target-lang L       keep only pages in language L (en, pt-BR: its primary subtag is
                        compared with metadata.lang's); others, and pages whose language is
                        unknown, get a line {"id","url","skipped":{"reason":"TARGET_LANG","lang"}}
                        and no --out-dir file; counted on stderr
  --dedup               a page whose body text (whitespace folded) is the same as an earlier
                        page's in this run gets {"id","url","skipped":{"reason":"DUPLICATE_BODY",
                        "of": <first id>}} instead, and no --out-dir file; counted on stderr
  --csv FILE            after the batch, write the named fields of every line in --out to FILE
                        as CSV (RFC 4180): one row per record, or per page without records,
                        in page id order; columns id, url, then the fields (several values
                        joined by "; "; a record row also carries the page's other fields); with
                        --lists also one row per list item (columns list, item, text, href)
  --sitemap URL         fetch the pages a sitemap lists (a sitemap index is followed), as --urls
                        does; repeatable
  --feed URL            fetch the pages an RSS or Atom feed links to, as --urls does; repeatable
  --urls FILE           fetch the URLs listed in FILE (one a line, # comments), politely:
  --concurrency N         requests in flight (default ${DEFAULT_URL_CONCURRENCY})
  --per-host N            requests in flight to one host (default ${DEFAULT_PER_HOST})
  --host-delay-ms N       pause between two requests to one host (default ${DEFAULT_HOST_DELAY_MS})
  --user-agent S          User-Agent header (default '${DEFAULT_USER_AGENT}')
  --fetch-timeout SECS    whole-request limit (default ${DEFAULT_FETCH_TIMEOUT_MS / 1000}); a failed URL is an error line
  --ignore-robots         fetch whatever the sites' robots.txt say (by default each site's
                          robots.txt is read once and obeyed: a URL it disallows is a
                          ROBOTS_DISALLOWED error line; docs/batch.md)
  --allow-private-urls    let URLs and their redirects reach loopback, private, link-local and
                          reserved addresses (refused by default: URL_NOT_ALLOWED; docs/batch.md)

WARC records that are not HTML pages (requests, metadata, non-2xx, images ...) and damaged
ones (truncated, bad gzip member, over 16 MiB) are skipped and counted by reason on stderr.

Only regular files up to 16 MiB are read (devices, FIFOs and sockets are errors, bigger
files TOO_LARGE). In a folder, a symbolic link is followed only to a file inside that
folder; links to folders are not followed; links leading outside are skipped and listed.

Exit codes: 0 every page extracted (or already done), ${EXIT_PAGES_FAILED} the batch ran to the end but some
pages failed (their lines hold the errors), a WARC was damaged (truncated, bad gzip, bad
record, over the size limit) or a --sitemap / --feed document could not be read, 2 bad usage, 3 the inputs or the output cannot be used
(missing, unwritable, a directory, disk full, locked by another batch).
`;

/** A repeatable string option's values ([] when absent). */
function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}

/** `--page-timeout` in seconds (fractions allowed) to ms; 0 = no limit. */
function pageTimeoutMs(values: ParsedCommandArgs['values']): number {
  const v = optString(values, 'page-timeout');
  if (v === undefined) return DEFAULT_PAGE_TIMEOUT_MS;
  const s = Number(v);
  if (v.trim() === '' || !Number.isFinite(s) || s < 0) throw new PithError('BAD_OPTION', `--page-timeout must be a number of seconds >= 0, got '${v}'`);
  return Math.round(s * 1000);
}

/** A number of seconds (fractions allowed) >= 0, to ms. */
function secondsOption(values: ParsedCommandArgs['values'], name: string, fallbackMs: number): number {
  const v = optString(values, name);
  if (v === undefined) return fallbackMs;
  const s = Number(v);
  if (v.trim() === '' || !Number.isFinite(s) || s <= 0) throw new PithError('BAD_OPTION', `--${name} must be a number of seconds > 0, got '${v}'`);
  return Math.round(s * 1000);
}

function listSome(paths: readonly string[], n = 5): string {
  return paths.slice(0, n).join(', ') + (paths.length > n ? ` and ${paths.length - n} more` : '');
}

/**
 * `--learn-sites`: site models learned from the batch's page files (src/wrapper/learn-sites.ts),
 * written beside the model's into a temporary model file the workers load.
 */
async function learnBatchSites(files: readonly string[], roots: ReadonlyMap<string, string>, model: LoadedModel, minPages: number, log: NodeJS.WritableStream): Promise<{ modelPath: string; dir: string } | undefined> {
  const { describeLearned, learnSites, loadPagesForLearning } = await import('../../wrapper/learn-sites.js');
  const { pages, failed } = await loadPagesForLearning(files, roots);
  if (failed.length > 0) log.write(`batch: --learn-sites could not read ${failed.length} page(s) (their lines will say why)\n`);
  const sites = learnSites(pages, model, { minPages });
  for (const s of sites) log.write(`batch: ${describeLearned(s)}\n`);
  const entries = sites.flatMap((s) => (s.entry ? [s.entry] : []));
  if (entries.length === 0) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'pith-learned-'));
  const modelPath = join(dir, 'model.json.gz');
  await saveModel(modelPath, withSiteEntries(model.file, entries));
  return { modelPath, dir };
}

/** Page ids as people sort them: `page-2` before `page-10`. */
const PAGE_ID_ORDER = new Intl.Collator('en', { numeric: true });

/** The named fields of every line of a batch's JSONL as one CSV file (written atomically), in page id order; returns the rows written. */
export async function writeBatchCsv(jsonl: string, csvPath: string): Promise<number> {
  const pages: FieldsCsvPage[] = [];
  for (const line of (await readFile(jsonl, 'utf8')).split('\n')) {
    if (!line.trim()) continue;
    let rec: Record<string, unknown>;
    try {
      rec = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue; // a line cut by a crash: the batch rewrites it on its next run
    }
    if (!isRecord(rec['fields']) && !Array.isArray(rec['records']) && !Array.isArray(rec['lists'])) continue;
    pages.push({
      id: String(rec['id'] ?? ''), url: typeof rec['url'] === 'string' ? rec['url'] : '',
      ...(isRecord(rec['fields']) ? { fields: rec['fields'] as Record<string, string[]> } : {}),
      ...(Array.isArray(rec['records']) ? { records: rec['records'] as Record<string, string>[] } : {}),
      ...(Array.isArray(rec['lists']) ? { lists: rec['lists'] as FoundList[] } : {}),
    });
  }
  if (pages.length === 0) throw new PithError('BAD_OPTION', `--csv: no line of ${jsonl} has named fields or lists (the model has no field rules for these pages' site; --lists adds lists)`);
  // Lines come in the order workers finish them: rows in the pages' id order make the file (and its columns) the same on every run.
  pages.sort((a, b) => PAGE_ID_ORDER.compare(a.id ?? '', b.id ?? ''));
  const text = fieldsCsv(pages, { id: true, url: true });
  await writeFileAtomic(csvPath, text, 'CSV file');
  return csvRowCount(pages);
}

/** What a batch was asked to do, checked; `--learn-min` is read later, when the sites are learned. */
interface BatchSettings {
  readonly out: string;
  readonly csvOut: string | undefined;
  readonly render: boolean;
  readonly layoutsDir: string | undefined;
  readonly urlList: string | undefined;
  readonly sitemaps: string[];
  readonly feeds: string[];
  readonly fields: ReturnType<typeof parseBatchFields> | undefined;
  readonly outDir: string | undefined;
  readonly format: NonNullable<ReturnType<typeof batchFileFormatNamed>>;
  readonly fetch: UrlFetchOptions & { userAgent: string };
  readonly targetLang: string | undefined;
  readonly workers: number;
  readonly workerHeapMb: number;
  readonly timeoutMs: number;
  readonly modelGiven: boolean;
  readonly baseModelPath: string;
  readonly site: string | undefined;
  readonly learn: boolean;
  readonly choices: ArticleChoices;
}

/** The inputs and outputs: `--out`, something to read, and how the per-page files are written. */
function readInputsAndOutputs(values: ParsedCommandArgs['values'], positionals: readonly string[]) {
  const out = optString(values, 'out');
  if (!out) throw new PithError('BAD_OPTION', '--out is required');
  const urlList = optString(values, 'urls');
  const sitemaps = stringList(values['sitemap']);
  const feeds = stringList(values['feed']);
  if (positionals.length === 0 && !urlList && sitemaps.length === 0 && feeds.length === 0) {
    throw new PithError('BAD_OPTION', 'expected at least one directory, page file or WARC file, or --urls FILE, --sitemap URL or --feed URL');
  }
  const fieldsArg = optString(values, 'fields');
  const fields = fieldsArg !== undefined ? parseBatchFields(fieldsArg) : undefined;
  const outDir = optString(values, 'out-dir');
  const formatName = optString(values, 'format') ?? 'json';
  const format = batchFileFormatNamed(formatName);
  if (format === undefined) throw new PithError('BAD_OPTION', `--format must be one of ${BATCH_FILE_FORMATS.join(', ')} (txt: text), got '${formatName}'`);
  if (optString(values, 'format') !== undefined && outDir === undefined) throw new PithError('BAD_OPTION', '--format applies to the files of --out-dir; the JSONL output is always JSON');
  return { out, urlList, sitemaps, feeds, fields, outDir, format };
}

/** How listed URLs are fetched (`--concurrency` ... `--ignore-robots`). */
function readFetchPolicy(values: ParsedCommandArgs['values']): UrlFetchOptions & { userAgent: string } {
  return {
    concurrency: optInt(values, 'concurrency', DEFAULT_URL_CONCURRENCY, 1),
    perHost: optInt(values, 'per-host', DEFAULT_PER_HOST, 1),
    hostDelayMs: optInt(values, 'host-delay-ms', DEFAULT_HOST_DELAY_MS, 0),
    userAgent: optString(values, 'user-agent') ?? DEFAULT_USER_AGENT,
    timeoutMs: secondsOption(values, 'fetch-timeout', DEFAULT_FETCH_TIMEOUT_MS),
    allowPrivateUrls: optBool(values, 'allow-private-urls'), ignoreRobots: optBool(values, 'ignore-robots'),
  };
}

/** Every option checked, in the order the messages have always come in. */
function readBatchSettings(values: ParsedCommandArgs['values'], positionals: readonly string[]): BatchSettings {
  const csvOut = optString(values, 'csv');
  const render = optBool(values, 'render');
  const layoutsDir = optString(values, 'layouts');
  const io = readInputsAndOutputs(values, positionals);
  if (csvOut !== undefined && io.out === STDOUT_OUTPUT) throw new PithError('BAD_OPTION', '--csv reads the batch\'s lines back from --out: give --out a file, not - (standard output)');
  const fetch = readFetchPolicy(values);
  const targetLang = optString(values, 'target-lang');
  if (targetLang !== undefined && !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(targetLang)) throw new PithError('BAD_OPTION', `--target-lang must be a language code such as en or pt-BR, got '${targetLang}'`);
  const workers = workerThreadsOf(values);
  const workerHeapMb = optInt(values, 'heap-mb', 1024, 32);
  const timeoutMs = pageTimeoutMs(values);
  const modelGiven = optString(values, 'model') !== undefined;
  const baseModelPath = optString(values, 'model') ?? (render ? renderedModelPath() : bundledModelPath());
  const site = optString(values, 'site');
  const learn = optBool(values, 'learn-sites');
  if (optString(values, 'learn-min') !== undefined && !learn) throw new PithError('BAD_OPTION', '--learn-min goes with --learn-sites');
  if (learn && site !== undefined) throw new PithError('BAD_OPTION', '--learn-sites groups the pages by site itself; --site names one site model for all: give one of them');
  const choices = readArticleChoices(values);
  return { ...io, csvOut, render, layoutsDir, fetch, targetLang, workers, workerHeapMb, timeoutMs, modelGiven, baseModelPath, site, learn, choices };
}

/** Fails fast, in this thread, on what every worker would fail on: no Chromium, a bad layouts folder, a bad model or site name. */
async function checkBatchSetup(s: BatchSettings, stderr: NodeJS.WritableStream): Promise<LoadedModel> {
  const note = s.render && !s.modelGiven ? renderedModelNote() : undefined;
  if (note) stderr.write(`batch: ${note}\n`);
  // Without a layouts folder every page is drawn: Chromium is started once here to see it starts.
  // With one, pages may all be cached, so only its presence is checked; the workers start it with
  // the first page drawn, and one that will not start stops the batch then.
  if (s.render) {
    const { Renderer } = await import('../../render/renderer.js');
    await (s.layoutsDir === undefined ? Renderer.launch().then((r) => r.close()) : Renderer.prepare());
  }
  if (s.layoutsDir !== undefined && !s.render) await import('../../render/cache.js').then(({ LayoutCache }) => LayoutCache.open(s.layoutsDir!));
  const baseModel = await loadExtractionModel(s.baseModelPath);
  if (s.site !== undefined) siteByName(baseModel.sites ?? [], s.site);
  return baseModel;
}

/**
 * CSV (`--csv`, or `--out-dir` files with `--format csv`) holds named fields and list items: with
 * no field rules in the model and no lists, or lines that `--fields` leaves without them, every
 * page's rows would be empty, so the batch is refused before any page, as `pith extract --format
 * csv` refuses such a page.
 */
function checkCsvCanHaveRows(s: BatchSettings, model: LoadedModel, withLists: boolean): void {
  // --csv reads the lines back: lines --fields leaves without fields and records have nothing for it.
  if (s.csvOut !== undefined && s.fields !== undefined && !withLists && !s.fields.includes('fields') && !s.fields.includes('records')) {
    throw new PithError('BAD_OPTION', '--csv writes the named fields the lines carry, and --fields leaves them out: add fields to --fields (and records, for list pages)');
  }
  const csv = s.csvOut !== undefined ? '--csv' : s.outDir !== undefined && s.format === 'csv' ? '--format csv' : undefined;
  if (csv === undefined || withLists || (model.sites ?? []).some((site) => site.hasFieldRules)) return;
  throw new PithError('BAD_OPTION', `${csv} writes named fields or list items, and the model has no field rules for any site: add --lists for each page's main list, train field rules with pith train DIR --model wrapper and pass --model (docs/fields.md), or leave the JSONL alone`);
}

/** The URLs to fetch, and how many sitemap or feed documents could not be read (they make the exit code 4). */
interface BatchUrls {
  readonly urls: string[];
  readonly unreadDocuments: number;
}

/** The URLs of `--urls`, then those `--sitemap` and `--feed` list that are not there already. */
async function batchUrls(s: BatchSettings, stderr: NodeJS.WritableStream): Promise<BatchUrls> {
  const urls = s.urlList !== undefined ? await readUrlList(s.urlList) : [];
  let unreadDocuments = 0;
  if (s.sitemaps.length > 0 || s.feeds.length > 0) {
    const { listedUrls, reportListed } = await import('../../batch/link-sources.js');
    const listed = await listedUrls(s.sitemaps, s.feeds, s.fetch);
    unreadDocuments = reportListed(listed, { sitemaps: s.sitemaps.length, feeds: s.feeds.length }, 'batch', stderr);
    const known = new Set(urls);
    urls.push(...listed.urls.filter((u) => !known.has(u)));
  }
  return { urls, unreadDocuments };
}

/** Says which files found in the input folders are not read as pages (and when they hold none). */
function reportUnreadInputs(pages: CollectedPages, fileInputs: number, stderr: NodeJS.WritableStream): void {
  if (fileInputs > 0 && pages.files.length === 0 && pages.warcs.length === 0) {
    stderr.write('batch: no page files in the inputs given (pages are *.html, *.htm, *.xhtml, also .gz, and WARC files *.warc, *.warc.gz)\n');
  }
  if (pages.skippedLinks.length > 0) {
    stderr.write(`batch: skipped ${pages.skippedLinks.length} symbolic link(s) leading outside the input folder (or nowhere, or to a folder): ${listSome(pages.skippedLinks)}\n`);
  }
  if (pages.excluded.length > 0) stderr.write(`batch: ${listSome(pages.excluded)} is the output (or its lock), inside an input folder: not read as a page\n`);
}

/**
 * Stopped by a signal: leave no lock behind (the default action, death, follows at once).
 * Returns the function that takes the handlers away again.
 */
function releaseLockOnSignal(out: string): () => void {
  return cleanUpOnSignal(() => releaseOutputLockSync(out));
}

function withBundleWorkers(): { workerModule?: URL } {
  const workerModule = bundleWorkerModule();
  return workerModule ? { workerModule } : {};
}

/** The models this thread loaded already: the extraction model and, with lists, the list model (with the list options). */
interface LoadedModels {
  readonly base: LoadedModel;
  readonly lists: ListChoice;
}

/** What `runBatch` is given, besides the callbacks. */
function batchRunOptions(s: BatchSettings, values: ParsedCommandArgs['values'], pages: CollectedPages, urls: string[], modelPath: string, loaded: LoadedModels) {
  return {
    out: s.out, modelPath, choices: s.choices, loadedModel: loaded.base, ...(loaded.lists.model ? { loadedListModel: loaded.lists.model } : {}), inThreadUpTo: inThreadPageLimit(values), workers: s.workers, withBlocks: optBool(values, 'blocks'), ...loaded.lists.options, keepComments: optBool(values, 'keep-comments'), includeComments: optBool(values, 'include-comments'), ...(s.site !== undefined ? { site: s.site } : {}),
    workerHeapMb: s.workerHeapMb, pageTimeoutMs: s.timeoutMs, roots: pages.roots, warcs: pages.warcs, urls, fetch: s.fetch,
    ...(s.fields ? { fields: s.fields } : {}), ...(s.outDir !== undefined ? { outDir: s.outDir, fileFormat: s.format } : {}),
    ...(s.targetLang !== undefined ? { targetLang: s.targetLang } : {}), ...(optBool(values, 'dedup') ? { dedup: true } : {}),
    ...(s.render ? { render: { scripts: optBool(values, 'scripts') } } : {}), ...(s.layoutsDir !== undefined ? { layoutsDir: s.layoutsDir } : {}),
    // Worker threads load from the CLI bundle when this thread does.
    ...withBundleWorkers(),
  };
}

/** The closing lines on stderr: damaged WARC records, skipped records and pages, the counts. */
function reportBatchEnd(summary: BatchSummary, damage: readonly string[], out: string, secs: number, stderr: NodeJS.WritableStream): void {
  for (const d of damage.slice(0, 20)) stderr.write(`batch: skipped ${d}\n`);
  if (damage.length > 20) stderr.write(`batch: ... and ${damage.length - 20} more damaged records\n`);
  const skipped = Object.entries(summary.skippedRecords ?? {});
  if (skipped.length > 0) stderr.write(`batch: records skipped: ${skipped.map(([why, n]) => `${why} ${n}`).join(', ')}\n`);
  const filtered = Object.entries(summary.filtered ?? {});
  if (filtered.length > 0) stderr.write(`batch: pages skipped (a line says so, no file): ${filtered.map(([why, n]) => `${why} ${n}`).join(', ')}\n`);
  stderr.write(`batch: ${summary.extracted} extracted, ${summary.failed} failed, ${summary.skipped} already done -> ${out} (${secs.toFixed(1)} s)\n`);
  if (summary.fieldWarnings) stderr.write(`batch: ${summary.fieldWarnings} page(s) with field warnings: a field rule found nothing or a value unlike the examples (their lines' metadata.fieldWarnings, where lines carry metadata; pith extract PAGE --model M --explain names the rule)\n`);
}

/** Whether a batch failed because the pipe it wrote to lost its reader (EPIPE). */
function readerWentAway(e: unknown): boolean {
  return isPithError(e) && ((e as Error).cause as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
}

/** Runs the batch with a progress bar, reports it, writes `--csv`; returns the exit code. */
async function runAndReport(s: BatchSettings, values: ParsedCommandArgs['values'], pages: CollectedPages, listed: BatchUrls, modelPath: string, loaded: LoadedModels, io: CommandIO): Promise<number> {
  const { urls } = listed;
  const { stderr } = io;
  // WARC files hold an unknown number of pages: the bar counts what is known so far.
  const progress = new Progress('batch', pages.files.length + urls.length, stderr);
  const started = Date.now();
  const damage: string[] = [];
  let summary: BatchSummary;
  try {
    summary = await runBatch(pages.files, {
      ...batchRunOptions(s, values, pages, urls, modelPath, loaded),
      ...(s.out === STDOUT_OUTPUT ? { stdout: io.stdout } : {}),
      onSkip: (why, detail) => {
        if (DAMAGE_REASONS.has(why as WarcSkipReason)) damage.push(`${why}: ${detail}`);
      },
      onProgress: () => progress.tick(),
    });
  } catch (e) {
    // `--out /dev/stdout | head`: the reader took what it wanted; that is no failure of the batch.
    // (With `--out -` bin/pith.js ends the process on EPIPE, exit 0, before this is reached.)
    if (!readerWentAway(e)) throw e;
    progress.finish();
    stderr.write(`batch: ${s.out} was closed by its reader (broken pipe): batch stopped\n`);
    return EXIT.ok;
  }
  if (pages.warcs.length === 0) progress.finish();
  reportBatchEnd(summary, damage, s.out, (Date.now() - started) / 1000, stderr);
  if (s.csvOut !== undefined) {
    const rows = await writeBatchCsv(s.out, s.csvOut);
    stderr.write(`batch: ${rows} CSV row(s) of named fields or list items -> ${s.csvOut}\n`);
  }
  return summary.failed > 0 || damage.length > 0 || listed.unreadDocuments > 0 ? EXIT_PAGES_FAILED : EXIT.ok;
}

export const command: Command = {
  name: 'batch',
  summary: 'extract many pages into a JSONL file on all cores (resumable)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, BATCH_OPTIONS);
    const s = readBatchSettings(values, positionals);
    const baseModel = await checkBatchSetup(s, io.stderr);
    // With --lists (or a `lists` field) the list model is read here first, so a bad one stops the batch before any page (the batch then uses this copy).
    const lists = await readListChoice(values, s.fields);
    checkCsvCanHaveRows(s, baseModel, lists.model !== undefined);
    const pages = await collectPages(positionals, { exclude: [s.out, outputLockPath(s.out)] });
    const learned = s.learn ? await learnBatchSites(pages.files, pages.roots, baseModel, optInt(values, 'learn-min', DEFAULT_LEARN_MIN_PAGES, 1), io.stderr) : undefined;
    const modelPath = learned?.modelPath ?? s.baseModelPath;
    const listed = await batchUrls(s, io.stderr);
    reportUnreadInputs(pages, positionals.length, io.stderr);
    const removeSignalHandlers = releaseLockOnSignal(s.out);
    try {
      return await runAndReport(s, values, pages, listed, modelPath, { base: baseModel, lists }, io);
    } finally {
      removeSignalHandlers();
      if (learned) await rm(learned.dir, { recursive: true, force: true });
    }
  },
};

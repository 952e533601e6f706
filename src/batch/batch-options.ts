/** What a batch is asked to do (`runBatch`'s options) and what it reports. */
import type { WarcSkipReason } from './warc.js';
import type { UrlFetchOptions } from './url-list.js';
import type { BatchField, BatchFileFormat } from './batch-fields.js';
import type { LoadedModel } from '../pipeline/extract.js';
import type { ListModel } from '../models/lists/list-model.js';
import type { ArticleChoices } from '../pipeline/library.js';

export interface BatchOptions {
  /** Output JSONL path; `-` (STDOUT_OUTPUT): the lines go to `stdout`. */
  readonly out: string;
  /** Where the lines go when `out` is `-`: the command's standard output. */
  readonly stdout?: NodeJS.WritableStream;
  /** Worker threads. Default: all cores. */
  readonly workers?: number;
  /** Model file. */
  readonly modelPath: string;
  /** Include per-block labels in each line. Default false. */
  readonly withBlocks?: boolean;
  /** Also give each page's main repeated list (`lists` in each line; docs/lists.md). Default false. */
  readonly withLists?: boolean;
  /** The list model for `withLists` (or a `lists` field); default the bundled one. */
  readonly listModelPath?: string;
  /** The list model of `listModelPath` (or the bundled one), already loaded: the in-thread path uses it, and worker threads rebuild it from its file, instead of reading it again. */
  readonly loadedListModel?: ListModel;
  /** Leave comment sections to the model (`KEEP_COMMENTS`). Default false. */
  readonly keepComments?: boolean;
  /** Also give each page's readers' comments, with author and date (`comments` in each line). Default false. */
  readonly includeComments?: boolean;
  /** The model's site model every page uses (`--site`): a host, or a `template:` name. */
  readonly site?: string;
  /** What each page's article keeps, and which way it leans (`--favor`, `--no-images`, `--no-tables`, `--no-links`). Default: all kept, balanced. */
  readonly choices?: ArticleChoices;
  /**
   * Old-generation heap limit of each worker, in MB. Default 1024, far above what any shared
   * page needs: one pathological page cannot take the machine's memory. A page that needs more
   * is recorded as failed (OUT_OF_MEMORY) and the worker is replaced; the batch goes on.
   */
  readonly workerHeapMb?: number;
  /**
   * Time limit of one page (reading and extracting it), in ms; 0 = none. Default 30 000. A page
   * over it is recorded as failed (TIMEOUT), its worker is stopped and replaced; the batch goes on.
   */
  readonly pageTimeoutMs?: number;
  /**
   * The input folder each file was found in (from `collectPages`): a worker reads a file only
   * when its real path is still inside that folder (a file swapped for a link after the walk
   * is refused as OUTSIDE_ROOT). Files without an entry (named on the command line) are read
   * wherever they lead.
   */
  readonly roots?: ReadonlyMap<string, string>;
  /** WARC files (.warc, .warc.gz) whose HTML responses are pages too (see warc.ts). */
  readonly warcs?: readonly string[];
  /** URLs to fetch (id = the URL as listed), politely: see `fetch` and url-list.ts. */
  readonly urls?: readonly string[];
  readonly fetch?: UrlFetchOptions;
  /** What each line carries besides id, url (and date); default `DEFAULT_BATCH_FIELDS`. Only these are rendered. */
  readonly fields?: readonly BatchField[];
  /** Also write each page to its own file here (`<id>.json`, or per `fileFormat`), atomically. */
  readonly outDir?: string;
  readonly fileFormat?: BatchFileFormat;
  /** `--target-lang`: pages whose language (metadata.lang's primary subtag) is another, or unknown, get a skipped line and no file. */
  readonly targetLang?: string;
  /** `--dedup`: a page whose body text is the same as an earlier page's of this run gets a skipped line naming it, and no file. */
  readonly dedup?: boolean;
  /**
   * A batch of at most this many page files to do (no WARC, URL, --render or --layouts input) is
   * extracted in the calling thread, without starting worker threads: the same lines, but a
   * page cannot be stopped half way (`pageTimeoutMs` is checked when it ends, and a page over
   * it still gets its TIMEOUT line) and has no heap limit of its own (`workerHeapMb` does not
   * apply). Default 0: always worker threads.
   */
  readonly inThreadUpTo?: number;
  /** The model of `modelPath`, already loaded: the in-thread path uses it, and worker threads build their labelers from its file, instead of loading it again. */
  readonly loadedModel?: LoadedModel;
  /**
   * The module worker threads start from: one that runs serve-pages.ts's `serveBatchPages`.
   * Default: batch-worker.js (dist/ as ES modules); the CLI gives its bundle's worker entry.
   */
  readonly workerModule?: URL;
  /** A WARC record (or a repeated id) left out, with its reason. */
  readonly onSkip?: (reason: WarcSkipReason | 'DUPLICATE_ID', detail: string) => void;
  readonly onProgress?: (done: number, total: number) => void;
  /** Draw every page in headless Chromium first (one browser per worker; `--render`). */
  readonly render?: { readonly scripts: boolean; readonly timeoutMs?: number };
  /** A `pith render` folder: layouts are read from it (and new renders added with `render`). */
  readonly layoutsDir?: string;
}

export interface BatchSummary {
  /** Pages considered: already done + given a line in this run. */
  readonly total: number;
  /** Already in the output (resume). */
  readonly skipped: number;
  readonly extracted: number;
  readonly failed: number;
  /** With WARC or URL inputs: records left out, by reason (no line written for them). */
  readonly skippedRecords?: Partial<Record<WarcSkipReason | 'DUPLICATE_ID', number>>;
  /** With `targetLang` or `dedup`: pages given a skipped line instead of their extraction, by reason. */
  readonly filtered?: Partial<Record<BatchFilterReason, number>>;
  /** Pages of this run whose site's field rules stopped fitting them (`metadata.fieldWarnings`); absent when none. */
  readonly fieldWarnings?: number;
}

export type BatchFilterReason = 'TARGET_LANG' | 'DUPLICATE_BODY';

export const DEFAULT_PAGE_TIMEOUT_MS = 30_000;

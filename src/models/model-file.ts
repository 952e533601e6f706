/**
 * The versioned model file (docs/models.md): one JSON document, optionally gzipped
 * (`.json.gz`), holding the header of ModelFile and the learner's own `body`. Saving is
 * atomic (temp file + rename); loading checks format, version, algorithm, labels and the
 * feature-schema hash and reports any problem as PithError('BAD_MODEL').
 */
import { gzipSync } from 'node:zlib';
import { PithError } from '../errors.js';
import { isRecord } from '../util/is-record.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { isLabel } from '../labels.js';
import type { AlgorithmName, Labeler, ModelFile } from './labeler.js';
import { checkSiteTemplates, type SiteTemplates } from './site-template.js';
import { MAX_MODEL_BYTES, modelText } from './model-text.js';
import { isDirectoryGivenAsFile, readFileBounded } from '../page.js';

export { MAX_MODEL_BYTES } from './model-text.js';

export const MODEL_FORMAT = 'pith-model';
export const MODEL_VERSION = 1;
/** Every algorithm name a model file may carry (the closed union AlgorithmName). */
export const ALGORITHM_NAMES: readonly AlgorithmName[] = Object.freeze(['crf', 'maxent', 'memm', 'knn', 'igtree', 'svm', 'ripper', 'mlp']);
/** The site model algorithm of wrapper induction (src/wrapper); the others are learners'. */
export const WRAPPER_SITE_ALGORITHM = 'wrapper';
/**
 * Site models a model file may hold beside its general model (`sites`), by algorithm: the
 * wrapper's rules, or a learner trained on the site's pages (its body a whole model file).
 */
export const SITE_MODEL_ALGORITHMS: readonly string[] = Object.freeze([WRAPPER_SITE_ALGORITHM, ...ALGORITHM_NAMES]);

/**
 * A per-host site model stored beside the general one (docs/sites.md): pages whose URL host
 * is `host` (or a subdomain of it) are labelled by it; the general model labels the rest and
 * the pages it does not recognise.
 */
export interface SiteModelEntry {
  /** Lower-case host without a leading `www.`. */
  readonly host: string;
  readonly algorithm: string;
  /** Pages it was learned from. */
  readonly pages: number;
  readonly createdAt: string;
  readonly body: unknown;
  /** The templates of the pages it was learned from (site-template.ts): pages without a URL are matched to it by these. */
  readonly template?: SiteTemplates;
}

/** How errors name a site model: the file, the host and the algorithm. */
export function siteModelSubject(subject: string, site: { readonly host: string; readonly algorithm: string }): string {
  return `${subject}: site model ${site.host} (${site.algorithm})`;
}

/** Checks a learner site model's body: a whole model file of that learner, without site models of its own. */
export function checkLearnerSiteBody(algorithm: string, body: unknown, where: string): ModelFile {
  const file = checkModelFile(body, where);
  if (file.algorithm !== algorithm) throw new PithError('BAD_MODEL', `its body is a '${file.algorithm}' model, the entry says '${algorithm}'`, where);
  if ((body as Record<string, unknown>)['sites'] !== undefined) throw new PithError('BAD_MODEL', 'its body holds site models of its own', where);
  return file;
}

/** The general model file with these site models beside it, replacing those it had for the same hosts. */
export function withSiteEntries(general: ModelFile, entries: readonly SiteModelEntry[]): ModelFile {
  const hosts = new Set(entries.map((e) => e.host));
  return { ...general, sites: [...siteModelsOf(general).filter((s) => !hosts.has(s.host)), ...entries] } as ModelFile;
}

/** The site models of a model file (none for most). */
export function siteModelsOf(file: ModelFile): readonly SiteModelEntry[] {
  return (file as ModelFile & { sites?: readonly SiteModelEntry[] }).sites ?? [];
}

export interface LoadModelOptions {
  /** Refuse a model trained under another feature schema. */
  readonly expectSchemaHash?: string;
  /** Refuse a model of another algorithm. */
  readonly expectAlgorithm?: AlgorithmName;
}

export interface SaveModelOptions {
  /** gzip the file (default: when the path ends in `.gz`). */
  readonly gzip?: boolean;
}

/** A model file for a trained labeler: fills format, version, date and body. */
export function createModelFile(labeler: Labeler, header: Pick<ModelFile, 'labels' | 'featureSchema' | 'featureOptions' | 'trainingCorpora' | 'params'>, now = new Date()): ModelFile {
  return {
    format: MODEL_FORMAT, version: MODEL_VERSION, algorithm: labeler.algorithm,
    labels: [...header.labels], featureSchema: header.featureSchema,
    ...(header.featureOptions !== undefined ? { featureOptions: header.featureOptions } : {}),
    trainingCorpora: [...header.trainingCorpora],
    params: { ...header.params }, createdAt: now.toISOString(), body: labeler.toJSON(),
  };
}

/** The file's bytes: JSON, gzipped when asked. */
export function encodeModelFile(file: ModelFile, options: SaveModelOptions = {}): Buffer {
  const text = Buffer.from(JSON.stringify(file) + '\n', 'utf8');
  return options.gzip ? gzipSync(text) : text;
}

/** Writes atomically and durably: a temporary file beside `path`, flushed, then renamed over it. */
export async function saveModel(path: string, file: ModelFile, options: SaveModelOptions = {}): Promise<void> {
  checkModelFile(file, path); // never write a file we would refuse to load
  const bytes = encodeModelFile(file, { gzip: options.gzip ?? path.endsWith('.gz') });
  checkReadableBack(bytes, path);
  await writeFileAtomic(path, bytes, 'model'); // temp file, fsync, rename, folder fsync
}

/**
 * Refuses (BAD_MODEL) bytes that the reader's bounds (model-text.ts) would refuse: a model of
 * tens of thousands of fields, say, is said when it is trained, not when it is first used.
 */
function checkReadableBack(bytes: Uint8Array, path: string): void {
  try {
    modelText(bytes, path);
  } catch (e) {
    if (!(e instanceof PithError) || e.code !== 'BAD_MODEL') throw e;
    throw new PithError('BAD_MODEL', `not written: pith could not read this model back (${detailOf(e)})`, path, { cause: e });
  }
}

export async function loadModel(path: string, options: LoadModelOptions = {}): Promise<ModelFile> {
  return decodeModelFile(await readModelBytes(path), path, options);
}

/** A PithError's message without the subject it starts with. */
function detailOf(e: PithError): string {
  return e.subject && e.message.startsWith(`${e.subject}: `) ? e.message.slice(e.subject.length + 2) : e.message;
}

/**
 * A model file's bytes (a block model's or a list model's: `what` names it): NOT_FOUND, IO,
 * NOT_A_FILE, or BAD_MODEL for a file larger than `maxBytes`. Only a regular file is read, and
 * never past `maxBytes` whatever its reported size: a device (`--model /dev/zero`) or a FIFO
 * would otherwise be read forever or waited on.
 */
export async function readModelBytes(path: string, maxBytes = MAX_MODEL_BYTES, what = 'model'): Promise<Buffer> {
  try {
    const bytes = await readFileBounded(path, maxBytes);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  } catch (e) {
    if (!(e instanceof PithError)) throw new PithError('IO', `cannot read ${what}: ${(e as Error).message}`, path, { cause: e });
    if (e.code === 'NOT_FOUND') throw new PithError('NOT_FOUND', `${what} file not found`, path, { cause: e });
    if (e.code === 'TOO_LARGE') throw new PithError('BAD_MODEL', detailOf(e), path, { cause: e });
    if (isDirectoryGivenAsFile(e)) throw new PithError('IO', `is a directory, expected a ${what} file`, path, { cause: e });
    // The page reader's hint (pipe a page to `pith extract -`) is not for a model.
    if (e.code === 'NOT_A_FILE') throw new PithError('NOT_A_FILE', `${detailOf(e).replace(/;.*$/s, '')}; a ${what} is read from a regular file`, path, { cause: e });
    throw e;
  }
}

/** Parses and validates model file bytes (gzip detected by its magic number). */
export function decodeModelFile(bytes: Uint8Array, subject = 'model', options: LoadModelOptions = {}): ModelFile {
  return checkExpected(checkModelFile(parseModelJson(modelText(bytes, subject), subject), subject), subject, options);
}

/** JSON.parse of a model file's text (checked already by modelText); BAD_MODEL when it is not JSON. */
export function parseModelJson(text: string, subject: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new PithError('BAD_MODEL', `not a pith model file or truncated: invalid JSON (${(e as Error).message})`, subject, { cause: e });
  }
}

/** The file, when it is of the algorithm and feature schema `options` expect; else BAD_MODEL. */
function checkExpected(file: ModelFile, subject: string, options: LoadModelOptions): ModelFile {
  const bad = (msg: string): never => {
    throw new PithError('BAD_MODEL', msg, subject);
  };
  if (options.expectAlgorithm && file.algorithm !== options.expectAlgorithm) {
    bad(`is a '${file.algorithm}' model, expected '${options.expectAlgorithm}'`);
  }
  if (options.expectSchemaHash !== undefined && file.featureSchema.hash !== options.expectSchemaHash) {
    bad(`trained with feature schema ${file.featureSchema.name} v${file.featureSchema.version} (hash ${file.featureSchema.hash}), but this pith computes features with hash ${options.expectSchemaHash}: retrain the model`);
  }
  return file;
}


/** Checks the header fields of a parsed model file; the body is the learner's to check. */
export function checkModelFile(json: unknown, subject = 'model'): ModelFile {
  const bad = (msg: string): never => {
    throw new PithError('BAD_MODEL', msg, subject);
  };
  if (!isRecord(json)) return bad('not a pith model file (not a JSON object)');
  if (json['format'] !== MODEL_FORMAT) bad(`not a pith model file (format is ${JSON.stringify(json['format'] ?? null)}, expected "${MODEL_FORMAT}")`);
  const version = json['version'];
  if (typeof version !== 'number') bad('model file has no version');
  if (version !== MODEL_VERSION) {
    bad((version as number) > MODEL_VERSION
      ? `model file version ${version} is newer than this pith supports (${MODEL_VERSION}); upgrade pith`
      : `model file version ${version} is not supported (expected ${MODEL_VERSION})`);
  }
  const algorithm = json['algorithm'];
  if (typeof algorithm !== 'string' || !(ALGORITHM_NAMES as readonly string[]).includes(algorithm)) bad(`unknown algorithm ${JSON.stringify(algorithm ?? null)}`);
  const labels = json['labels'];
  if (!Array.isArray(labels) || labels.length === 0 || !labels.every(isLabel) || new Set(labels).size !== labels.length) {
    bad('labels must be a non-empty list of distinct labels (title, heading, body, other)');
  }
  const fs = json['featureSchema'];
  if (!isRecord(fs) || typeof fs['name'] !== 'string' || typeof fs['version'] !== 'number' || typeof fs['hash'] !== 'string'
    || !Array.isArray(fs['families']) || !Array.isArray(fs['columns'])) {
    bad('featureSchema must have name, version, families, columns and hash');
  }
  if (json['featureOptions'] !== undefined && !isRecord(json['featureOptions'])) bad('featureOptions must be an object');
  const corpora = json['trainingCorpora'];
  if (!Array.isArray(corpora) || !corpora.every((c) => isRecord(c) && typeof c['name'] === 'string' && typeof c['pages'] === 'number' && typeof c['hash'] === 'string')) {
    bad('trainingCorpora must be a list of {name, pages, hash}');
  }
  const params = json['params'];
  if (!isRecord(params) || !Object.values(params).every((v) => ['number', 'string', 'boolean'].includes(typeof v))) bad('params must be an object of numbers, strings and booleans');
  if (typeof json['createdAt'] !== 'string') bad('createdAt must be a string');
  if (json['body'] === undefined) bad('model file has no body');
  const sites = json['sites'];
  if (sites !== undefined) {
    if (!Array.isArray(sites)) bad('sites must be a list of site models');
    const hosts = new Set<string>();
    for (const s of sites as unknown[]) {
      if (!isRecord(s) || typeof s['host'] !== 'string' || s['host'] === '' || typeof s['algorithm'] !== 'string'
        || typeof s['pages'] !== 'number' || typeof s['createdAt'] !== 'string' || s['body'] === undefined) {
        bad('a site model must have host, algorithm, pages, createdAt and body');
      }
      const site = s as Record<string, unknown>;
      if (!SITE_MODEL_ALGORITHMS.includes(site['algorithm'] as string)) bad(`unknown site model algorithm ${JSON.stringify(site['algorithm'])} (known: ${SITE_MODEL_ALGORITHMS.join(', ')})`);
      if (hosts.has(site['host'] as string)) bad(`two site models for host ${site['host'] as string}`);
      hosts.add(site['host'] as string);
      if (site['template'] !== undefined) {
        const err = checkSiteTemplates(site['template']);
        if (err) bad(`site model ${site['host'] as string}: ${err}`);
      }
      if (site['algorithm'] !== WRAPPER_SITE_ALGORITHM) {
        checkLearnerSiteBody(site['algorithm'] as string, site['body'], siteModelSubject(subject, site as { host: string; algorithm: string }));
      }
    }
  }
  return json as unknown as ModelFile;
}

/**
 * Learned site models (wrappers induced per site) kept in the corpus folder, one file per host:
 * `<corpus>/sites/<host>.wrapper.json`. Written atomically (temp file + rename); the folder
 * must lie inside the corpus (a `sites` link out of it is refused), and a file there that is
 * not a pith site model is never overwritten (it is someone's data, not ours). Read back
 * tolerantly: an unreadable file is reported and the host counts as not learned.
 */
import { lstat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isPithError, PithError } from '../errors.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { WRAPPER_ALGORITHM, WrapperSiteModel, type WrapperBody } from '../models/wrapper/site-model.js';
import { parseJsonLimited, readFileInside, reasonOf, resolveInside } from './safe-files.js';

export const SITES_DIR = 'sites';
export const SITE_MODEL_FORMAT = 'pith-site-model';
const MAX_SITE_FILE = 16 * 1024 * 1024;

/** The file's content. */
export interface StoredSiteModel {
  readonly format: typeof SITE_MODEL_FORMAT;
  readonly version: 1;
  readonly host: string;
  readonly algorithm: typeof WRAPPER_ALGORITHM;
  /** The labelled pages the rules were learned from. */
  readonly pages: readonly string[];
  readonly createdAt: string;
  readonly body: WrapperBody;
}

export interface LoadedSiteModel {
  readonly model: WrapperSiteModel;
  readonly stored: StoredSiteModel;
  /** Relative to the corpus folder. */
  readonly file: string;
}

/** A host name safe as a file name: lower-case DNS labels (punycode included), at most 253 characters. */
export function isValidHost(host: string): boolean {
  return typeof host === 'string' && host.length <= 253 && /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(host);
}

export function siteFile(host: string): string {
  if (!isValidHost(host)) throw new PithError('BAD_OPTION', `invalid host '${host.slice(0, 80)}'`);
  return `${SITES_DIR}/${host}.wrapper.json`;
}

export class SiteStore {
  /** Bumped on every write: what was computed from the site models before is stale. */
  generation = 0;
  /** Per host: the file's state when read (size and time, or none), and what it held. */
  private readonly cache = new Map<string, { stamp: string; loaded: LoadedSiteModel | undefined; problem?: string }>();

  constructor(readonly dir: string) {}

  /** The host's learned model; undefined when none (or unreadable: see `problem`). */
  async get(host: string): Promise<LoadedSiteModel | undefined> {
    return (await this.read(host)).loaded;
  }

  /** Why the host's file cannot be used, when it cannot. */
  async problem(host: string): Promise<string | undefined> {
    return (await this.read(host)).problem;
  }

  private async read(host: string): Promise<{ loaded: LoadedSiteModel | undefined; problem?: string }> {
    const file = siteFile(host);
    // The file may change under the session (another session, a person): reread when it did.
    const st = await lstat(join(this.dir, file)).catch(() => undefined);
    const stamp = st ? `${st.size}/${st.mtimeMs}/${st.ino}` : 'none';
    const hit = this.cache.get(host);
    if (hit && hit.stamp === stamp) return hit;
    const before = hit?.loaded;
    let entry: { stamp: string; loaded: LoadedSiteModel | undefined; problem?: string };
    try {
      const bytes = await readFileInside(this.dir, join(this.dir, file), MAX_SITE_FILE);
      const json = parseJsonLimited(bytes, { maxBytes: MAX_SITE_FILE, maxDepth: 32, maxValues: 2_000_000 }, file) as Partial<StoredSiteModel> | null;
      if (!json || json.format !== SITE_MODEL_FORMAT || json.version !== 1 || json.host !== host || json.algorithm !== WRAPPER_ALGORITHM) {
        throw new PithError('BAD_CORPUS', 'not a pith site model of this host', file);
      }
      if (!Array.isArray(json.pages) || !json.pages.every((p) => typeof p === 'string') || typeof json.createdAt !== 'string') {
        throw new PithError('BAD_CORPUS', 'pages and createdAt missing', file);
      }
      const model = WrapperSiteModel.fromJSON(host, json.body);
      entry = { stamp, loaded: { model, stored: json as StoredSiteModel, file } };
    } catch (e) {
      entry = isPithError(e) && e.code === 'NOT_FOUND' ? { stamp, loaded: undefined } : { stamp, loaded: undefined, problem: reasonOf(e) };
    }
    if (hit && (before !== undefined || entry.loaded !== undefined)) this.generation++;
    this.cache.set(host, entry);
    return entry;
  }

  /** Stores the host's model atomically; refuses to replace a file that is not a pith site model. */
  async save(model: WrapperSiteModel, pages: readonly string[], now = new Date()): Promise<LoadedSiteModel> {
    const file = siteFile(model.host);
    const path = join(this.dir, file);
    const folder = join(this.dir, SITES_DIR);
    await mkdir(folder, { recursive: true });
    await resolveInside(this.dir, folder); // a `sites` link out of the corpus: refused
    const there = await lstat(path).catch(() => undefined);
    if (there && !there.isSymbolicLink()) {
      const mine = await this.read(model.host);
      if (!mine.loaded) throw new PithError('BAD_CORPUS', `${file} exists and is not a pith site model (${mine.problem ?? 'unreadable'}): not overwritten; move it away to learn this site`, this.dir);
    }
    const stored: StoredSiteModel = {
      format: SITE_MODEL_FORMAT, version: 1, host: model.host, algorithm: WRAPPER_ALGORITHM, pages: [...pages], createdAt: now.toISOString(), body: model.toJSON(),
    };
    await writeFileAtomic(path, JSON.stringify(stored, null, 1) + '\n', 'site model');
    this.generation++;
    const st = await lstat(path);
    const loaded = { model, stored, file };
    this.cache.set(model.host, { stamp: `${st.size}/${st.mtimeMs}/${st.ino}`, loaded });
    return loaded;
  }
}

/**
 * A folder of rendered layouts (`pith render ... -o layouts/`), one file per page named by
 * the sha256 of the page's bytes, so training, evaluation and extraction find a page's
 * layout from its bytes alone whatever the page is called, and an edited page never picks
 * up a stale one.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../util/atomic-write.js';
import { layoutKey, parseLayout, serializeLayout, type PageLayout } from './layout.js';
import { PithError } from '../errors.js';

const SUFFIX = '.layout.json.gz';

export function layoutFileName(key: string): string {
  return `${key}${SUFFIX}`;
}

export class LayoutCache {
  readonly dir: string;

  private constructor(dir: string) {
    this.dir = dir;
  }

  /** Opens (and with `create`, makes) a layout folder; a missing folder without `create` is NOT_FOUND. */
  static async open(dir: string, create = false): Promise<LayoutCache> {
    if (create) await mkdir(dir, { recursive: true });
    else if (!existsSync(dir)) throw new PithError('NOT_FOUND', 'no such layout folder', dir);
    return new LayoutCache(dir);
  }

  /** The page's layout, undefined when it was never rendered; a corrupt file is BAD_CORPUS. */
  async get(bytes: Uint8Array): Promise<PageLayout | undefined> {
    const path = join(this.dir, layoutFileName(layoutKey(bytes)));
    let raw: Buffer;
    try {
      raw = await readFile(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new PithError('IO', (e as Error).message, path);
    }
    return parseLayout(raw, path);
  }

  async put(layout: PageLayout): Promise<void> {
    await writeFileAtomic(join(this.dir, layoutFileName(layout.hash)), serializeLayout(layout));
  }
}

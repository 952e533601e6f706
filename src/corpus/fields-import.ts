/**
 * Writes a corpus whose pages carry named fields (SWDE's layout, or any reader that fills
 * `gold.fields`) into the folder form `pith train --model wrapper` learns from
 * (docs/fields.md): `html/<id>.<ext>` (the page's bytes unchanged), `fields/<id>.json`, and,
 * when the source has a headline, nothing more (titles are fields there too). Ids that are
 * not safe file names are made so; the output folder must not exist yet.
 */
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PithError } from '../errors.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { readFileBounded } from '../page.js';
import type { Corpus } from './types.js';

export interface FieldsImportOptions {
  /** Only the first N pages (in the corpus' order). */
  readonly limit?: number;
}

export interface FieldsImportResult {
  readonly written: number;
  /** Pages without field gold, by id. */
  readonly withoutFields: readonly string[];
}

/** `0000` stays, `site/0000` becomes `site_0000`; anything else unsafe becomes `_`. */
export function fieldsFileName(id: string, used: Set<string>): string {
  const base = id.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '').slice(0, 160) || 'page';
  let name = base;
  for (let k = 2; used.has(name); k++) name = `${base}-${k}`;
  used.add(name);
  return name;
}

/** The page file's extension as kept (`.htm.gz`, `.html`); anything unusual becomes `.html[.gz]`. */
function pageExtension(path: string): string {
  const m = /(\.(?:html?|xhtml)(?:\.gz)?)$/i.exec(basename(path));
  if (m) return m[1]!.toLowerCase();
  return path.toLowerCase().endsWith('.gz') ? '.html.gz' : '.html';
}

/**
 * Writes the folder atomically as a whole: built beside `out` under a temporary name and
 * renamed into place, so a failure leaves no half folder.
 */
export async function importFieldsFolder(corpus: Corpus, out: string, options: FieldsImportOptions = {}): Promise<FieldsImportResult> {
  const target = resolve(out);
  if (await stat(target).then(() => true, () => false)) throw new PithError('BAD_OPTION', 'already exists; import-fields writes a new folder', out);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.importing`);
  await rm(tmp, { recursive: true, force: true });
  try {
    await mkdir(join(tmp, 'html'), { recursive: true });
    await mkdir(join(tmp, 'fields'));
    const used = new Set<string>();
    const withoutFields: string[] = [];
    let written = 0;
    for (const page of corpus.pages.slice(0, options.limit ?? corpus.pages.length)) {
      const fields = page.gold.fields;
      if (!fields) {
        withoutFields.push(page.id);
        continue;
      }
      const name = fieldsFileName(page.id, used);
      // Read bounded, as any page: a FIFO or device in the source is refused, not waited on or copied forever.
      await writeFile(join(tmp, 'html', `${name}${pageExtension(page.htmlPath)}`), await readFileBounded(page.htmlPath));
      await writeFileAtomic(join(tmp, 'fields', `${name}.json`), `${JSON.stringify(fields, null, 1)}\n`, 'fields file');
      written++;
    }
    await rename(tmp, target);
    return { written, withoutFields };
  } catch (e) {
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    if (e instanceof PithError) throw e;
    throw new PithError('IO', `cannot write the fields folder (${(e as Error).message})`, out, { cause: e });
  }
}

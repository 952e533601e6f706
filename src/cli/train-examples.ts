/**
 * `pith train PAGE --model wrapper --example FIELD=VALUE ...`: named fields taught from the
 * values given on the command line (as autoscraper's wanted list), without writing a training
 * folder by hand. The page and its values become the folder docs/fields.md describes
 * (`html/<name>` + `fields/<name>.json`) in a temporary folder, which `pith train` reads as it
 * reads any such folder: the rules are the ones the files written by hand would give.
 */
import { rmSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PithError } from '../errors.js';
import { cleanUpOnSignal } from './signal-cleanup.js';
import { HTML_RE as PAGE_NAME_RE } from '../corpus/readers/fields.js';
import { fieldNameProblem } from '../models/wrapper/fields.js';

/** The temporary folder's name starts so (in the system's temporary folder): a leftover says what it was. */
export const EXAMPLES_DIR_PREFIX = 'pith-examples-';

/**
 * `FIELD=VALUE` pairs as the page's fields, values of one field in the order given. A value is
 * what the page shows: an empty one is refused (a field the page lacks is left out; with one
 * page there is nothing to learn of a field it lacks).
 */
export function parseExamples(pairs: readonly string[]): Record<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const field = eq > 0 ? pair.slice(0, eq).trim() : '';
    if (!field) throw new PithError('BAD_OPTION', `--example takes FIELD=VALUE (e.g. --example price='$9.99'), got '${pair}'`);
    // As a fields file's names are checked (`__proto__` would be lost, not kept): refused, not dropped.
    const bad = fieldNameProblem(field);
    if (bad !== undefined) throw new PithError('BAD_OPTION', `--example: ${bad}; give the field another name`);
    const value = pair.slice(eq + 1);
    if (!value.trim()) throw new PithError('BAD_OPTION', `--example ${field}= gives no value: give the value as the page shows it (leave out a field the page does not have)`);
    const values = fields.get(field) ?? [];
    values.push(value);
    fields.set(field, values);
  }
  return Object.fromEntries(fields);
}

/** Stopped by a signal while `dir` exists: it is removed, then the signal ends the process. Returns the function that takes the handler away. */
function removeOnSignal(dir: string): () => void {
  return cleanUpOnSignal(() => rmSync(dir, { recursive: true, force: true }));
}

/** A training folder of one page with its examples; `remove` deletes it (a signal that ends the process before then deletes it too). */
export interface ExamplesFolder {
  readonly dir: string;
  remove(): Promise<void>;
}

/**
 * The folder docs/fields.md describes, holding `page` and the values given for it. Refused with
 * what to do: more than one input, a folder, or a file the fields reader would not see as a page.
 */
export async function examplesFolder(inputs: readonly string[], fields: Readonly<Record<string, readonly string[]>>): Promise<ExamplesFolder> {
  if (inputs.length !== 1) throw new PithError('BAD_OPTION', `--example gives the values of one page: name one page file (got ${inputs.length} inputs; for several pages, a folder of html/ + fields/<name>.json: docs/fields.md)`);
  const page = inputs[0]!;
  const st = await stat(page).catch(() => undefined);
  if (!st) throw new PithError('NOT_FOUND', 'no such page file', page);
  if (!st.isFile()) throw new PithError('BAD_OPTION', `--example gives the values of one page file, and this is not a file (for a folder of pages, write their values in fields/<name>.json beside html/: docs/fields.md)`, page);
  const name = PAGE_NAME_RE.exec(basename(page))?.[1];
  if (name === undefined) throw new PithError('BAD_OPTION', '--example needs a page file named .html, .htm or .xhtml (optionally .gz)', page);
  const dir = await mkdtemp(join(tmpdir(), EXAMPLES_DIR_PREFIX));
  const forgetSignals = removeOnSignal(dir);
  try {
    await mkdir(join(dir, 'html'));
    await mkdir(join(dir, 'fields'));
    await copyFile(page, join(dir, 'html', basename(page)));
    await writeFile(join(dir, 'fields', `${name}.json`), JSON.stringify(fields));
  } catch (e) {
    forgetSignals();
    await rm(dir, { recursive: true, force: true });
    throw new PithError('IO', `cannot prepare the examples: ${(e as Error).message}`, page, { cause: e });
  }
  return {
    dir,
    remove: async () => {
      try {
        await rm(dir, { recursive: true, force: true });
      } finally {
        forgetSignals();
      }
    },
  };
}

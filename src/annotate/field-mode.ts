/**
 * The label app's field mode (wrapper induction's named fields with its feedback
 * loop). A person points at a value on a page and names its field; the examples of every
 * page are kept per session (started from the corpus's `fields/<id>.json` files), the field
 * rules are induced from them by the same induction `pith train --model wrapper` runs
 * (`induceFields`, src/wrapper/fields.ts), and the app is shown what those rules extract on
 * the page it shows, value by value with the blocks that hold it. A correction (a value
 * marked wrong, the right one picked) becomes the page's example for that field and the rules
 * are induced again. Saving writes `fields/<id>.json` atomically into the corpus folder, the
 * form `pith train` reads (docs/fields.md).
 */
import { exclusiveRunner } from '../util/exclusive.js';
import { lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PithError } from '../errors.js';
import { contains, type DomTree } from '../dom/tree.js';
import { isValidPageId } from '../corpus/pith-format.js';
import { parseFieldValues } from '../corpus/readers/fields.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { extractFields, fieldNameProblem, formatFieldRule, normalizeValue, type FieldsBody } from '../models/wrapper/fields.js';
import { induceFields } from '../wrapper/fields.js';
import type { Page } from '../page.js';
import { parseJsonLimited, readFileInside, reasonOf, resolveInside } from './safe-files.js';
import type { Workspace } from './workspace.js';
import type { ApiFieldValue, ApiFieldValues, FieldChangeReply, FieldPreviewReply, FieldSaveReply } from './api-types.js';

export const FIELDS_DIR = 'fields';
/** Largest fields file the label app reads (a larger one is left out of its session). */
export const MAX_FIELDS_FILE = 1024 * 1024;
const MAX_VALUE_CHARS = 2000;
const MAX_VALUES = 500;
const FIELD_NAME_RE = /^[A-Za-z0-9_][A-Za-z0-9_ .-]{0,62}[A-Za-z0-9_.]$|^[A-Za-z0-9_]$/;

/** A record's own value under a field's name: a field named `constructor` or `toString` is not Object's. */
function ownValue<T>(rec: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return rec !== undefined && Object.hasOwn(rec, name) ? rec[name] : undefined;
}

/** A field name the files and the app can carry: letters, digits, `_`, `.`, `-`, inner spaces; 1-64 characters. */
export function checkFieldName(x: unknown): string {
  if (typeof x !== 'string' || !FIELD_NAME_RE.test(x) || fieldNameProblem(x) !== undefined) {
    throw new PithError('BAD_OPTION', 'a field name is 1-64 letters, digits, _ . - or inner spaces, and not __proto__');
  }
  return x;
}

/** Example values as given: strings, white space collapsed, blank ones dropped. */
export function checkFieldValues(x: unknown): string[] {
  if (!Array.isArray(x) || x.length > MAX_VALUES || !x.every((v) => typeof v === 'string' && v.length <= MAX_VALUE_CHARS)) {
    throw new PithError('BAD_OPTION', `values are a list of at most ${MAX_VALUES} strings of at most ${MAX_VALUE_CHARS} characters`);
  }
  const out: string[] = [];
  for (const v of x as string[]) {
    const s = v.replace(/[\s\u00a0]+/g, ' ').trim();
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

/** One workspace's examples and the rules induced from them. */
interface FieldSession {
  readonly examples: Map<string, ApiFieldValues>;
  /** Pages whose examples changed since the last save (or load). */
  readonly changed: Set<string>;
  body: FieldsBody | undefined;
}

const sessions = new WeakMap<Workspace, Promise<FieldSession>>();
/** Runs `fn` after every field-mode change of this workspace already started (changes never interleave). */
const exclusive = exclusiveRunner<Workspace>();

/**
 * The field values of a fields file lying inside `root` (a link out of it refused), as the label
 * app reads them: at most MAX_FIELDS_FILE bytes.
 */
export async function readFieldsFile(root: string, path: string): Promise<Record<string, string[]>> {
  let bytes: Uint8Array;
  try {
    bytes = await readFileInside(root, path, MAX_FIELDS_FILE);
  } catch (e) {
    if (e instanceof PithError && e.code === 'TOO_LARGE') throw new PithError('TOO_LARGE', `${reasonOf(e)} bytes (1 MiB): the label app's limit for a fields file`, path, { cause: e });
    throw e;
  }
  return parseFieldValues(parseJsonLimited(bytes, { maxBytes: MAX_FIELDS_FILE, maxDepth: 8, maxValues: 100_000 }, path), path);
}

/** The corpus's fields files, read tolerantly (a bad file is left out: the session starts without it). */
async function loadFieldFiles(ws: Workspace): Promise<Map<string, ApiFieldValues>> {
  const out = new Map<string, ApiFieldValues>();
  const dir = join(ws.dir, FIELDS_DIR);
  let names: string[];
  try {
    await resolveInside(ws.dir, dir);
    names = (await readdir(dir)).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    const m = /^(.+)\.json$/.exec(name);
    if (!m || !isValidPageId(m[1]!)) continue;
    try {
      out.set(m[1]!, await readFieldsFile(ws.dir, join(dir, name)));
    } catch {
      // unreadable: not an example; a save of that page would replace it with what the session holds
    }
  }
  return out;
}

async function induce(ws: Workspace, examples: ReadonlyMap<string, ApiFieldValues>): Promise<FieldsBody | undefined> {
  const pages = [];
  for (const [id, fields] of examples) {
    if (Object.keys(fields).length === 0) continue;
    try {
      pages.push({ id, tree: (await ws.page(id)).tree, fields });
    } catch {
      // a page that no longer loads teaches nothing
    }
  }
  return pages.length > 0 ? induceFields(pages) : undefined;
}

function session(ws: Workspace): Promise<FieldSession> {
  let s = sessions.get(ws);
  if (!s) {
    s = (async () => {
      const examples = await loadFieldFiles(ws);
      return { examples, changed: new Set<string>(), body: await induce(ws, examples) };
    })();
    s.catch(() => sessions.delete(ws));
    sessions.set(ws, s);
  }
  return s;
}

/** The blocks that show a value's node: the block of a text node, or the blocks inside an element. */
function blocksOf(page: Page, tree: DomTree, node: number): number[] {
  const out: number[] = [];
  for (const b of page.blocks) {
    if (b.nodeIds.some((id) => id === node || contains(tree, node, id))) out.push(b.index);
  }
  return out;
}

const same = (a: string, b: string): boolean => normalizeValue(a) === normalizeValue(b);

function rulesOf(body: FieldsBody | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, m] of Object.entries(body?.fields ?? {})) out[name] = m.rules.map(formatFieldRule);
  return out;
}

async function preview(ws: Workspace, s: FieldSession, id: string): Promise<FieldPreviewReply> {
  const page = await ws.page(id);
  const examples = s.examples.get(id) ?? {};
  const extracted: Record<string, ApiFieldValue[]> = {};
  let records: Record<string, string>[] = [];
  if (s.body) {
    const x = extractFields(page.tree, s.body);
    records = x.records;
    for (const [name, values] of Object.entries(x.fields)) {
      extracted[name] = values.map((v) => ({
        value: v.value, confidence: +v.confidence.toFixed(3), blocks: blocksOf(page, page.tree, v.node),
        example: (ownValue(examples, name) ?? []).some((e) => same(e, v.value)),
      }));
    }
  }
  return {
    id, examples, extracted, records, rules: rulesOf(s.body),
    pages: [...s.examples].filter(([, f]) => Object.keys(f).length > 0).map(([p]) => p).sort(),
    saved: s.changed.size === 0,
  };
}

/** What the rules extract on page `id`, with the page's examples. */
export async function fieldPreview(ws: Workspace, id: string): Promise<FieldPreviewReply> {
  await ws.page(id); // NOT_FOUND / BAD_OPTION for a page that is not there
  return preview(ws, await session(ws), id);
}

function describe(field: string, body: FieldsBody | undefined, examples: ReadonlyMap<string, ApiFieldValues>): string {
  const rules = (body && ownValue(body.fields, field))?.rules ?? [];
  if (rules.length > 0) return `${rules.length} rule(s) for ${field}, best: ${formatFieldRule(rules[0]!)}`;
  // Induction proposes rules from every place an example stands and keeps those that take fewer other values than examples;
  // which of the two failed it does not report, so the message says what to check, not which.
  const given = [...examples.values()].some((f) => (ownValue(f, field) ?? []).length > 0);
  return given
    ? `no rule finds ${field} yet: check that each value given stands on its page as given (as text or in an attribute: spelling and spacing); a rule is kept only when it takes fewer other values than examples`
    : `no rule finds ${field} yet`;
}

/** Sets page `id`'s values of `field` (`null`: the page gives none: forgets the field there) and induces the rules again. */
export function setFieldExample(ws: Workspace, id: string, field: string, values: string[] | null): Promise<FieldChangeReply> {
  return exclusive(ws, async () => {
    await ws.page(id);
    const s = await session(ws);
    const fields = { ...(s.examples.get(id) ?? {}) };
    if (values === null) delete fields[field];
    else fields[field] = values;
    s.examples.set(id, fields);
    s.changed.add(id);
    s.body = await induce(ws, s.examples);
    const what = values === null ? `${field} forgotten on ${id}` : values.length === 0 ? `${id} has no ${field}` : `${field} on ${id}: ${values.map((v) => JSON.stringify(v)).join(', ')}`;
    return { message: `${what}; ${describe(field, s.body, s.examples)}`, preview: await preview(ws, s, id) };
  });
}

/**
 * Wrapper induction's feedback: a value the rules showed is wrong (`wrong`) and/or another is right
 * (`right`). The page's values of the field become what the rules showed (or its examples)
 * without the wrong one and with the right one; that is now an example, and the rules are
 * induced again (a wrong value on a page that gives one value or none counts against the
 * rule that took it).
 */
export function correctField(ws: Workspace, id: string, field: string, wrong: string | undefined, right: string | undefined): Promise<FieldChangeReply> {
  if (wrong === undefined && right === undefined) throw new PithError('BAD_OPTION', 'a correction names a wrong value, a right one, or both');
  return exclusive(ws, async () => {
    const page = await ws.page(id);
    const s = await session(ws);
    const given = ownValue(s.examples.get(id), field);
    const shown = s.body && ownValue(s.body.fields, field) ? (ownValue(extractFields(page.tree, s.body).fields, field) ?? []).map((v) => v.value) : [];
    const before = given ?? shown;
    if (wrong !== undefined && !before.some((v) => same(v, wrong))) {
      throw new PithError('BAD_OPTION', `${JSON.stringify(wrong.slice(0, 80))} is not a value of ${field} on ${id}`);
    }
    let values = wrong === undefined ? [...before] : before.filter((v) => !same(v, wrong));
    if (right !== undefined && !values.some((v) => same(v, right))) values = given === undefined && wrong !== undefined && before.length === 1 ? [right] : [...values, right];
    s.examples.set(id, { ...(s.examples.get(id) ?? {}), [field]: values });
    s.changed.add(id);
    s.body = await induce(ws, s.examples);
    const after = s.body && ownValue(s.body.fields, field) ? (ownValue(extractFields(page.tree, s.body).fields, field) ?? []).map((v) => v.value) : [];
    const gone = wrong !== undefined && !after.some((v) => same(v, wrong));
    const found = right !== undefined && after.some((v) => same(v, right));
    const parts = [
      wrong !== undefined ? (gone ? `${JSON.stringify(wrong)} is no longer taken` : `${JSON.stringify(wrong)} is still taken`) : '',
      right !== undefined ? (found ? `${JSON.stringify(right)} is now found` : `${JSON.stringify(right)} is not found by the rules yet`) : '',
    ].filter(Boolean);
    return { message: `${field} corrected on ${id}: ${parts.join('; ')}; ${describe(field, s.body, s.examples)}`, preview: await preview(ws, s, id) };
  });
}

/** A corpus's `fields/` folder, made when missing; a `fields` link out of the corpus is refused. */
export async function corpusFieldsDir(corpusDir: string): Promise<string> {
  const dir = join(corpusDir, FIELDS_DIR);
  let exists = true;
  try {
    await lstat(dir);
  } catch {
    exists = false;
  }
  if (exists) await resolveInside(corpusDir, dir);
  else await mkdir(dir);
  return dir;
}

/** The text of a `fields/<id>.json` file: the fields by name, one value list each. */
export function fieldsFileText(fields: Readonly<Record<string, readonly string[]>>): string {
  const sorted = Object.fromEntries(Object.entries(fields).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  return `${JSON.stringify(sorted, null, 1)}\n`;
}

/** Writes `fields/<id>.json` (atomically) for every page whose examples changed; a `fields` link out of the corpus is refused. */
export function saveFieldFiles(ws: Workspace): Promise<FieldSaveReply> {
  return exclusive(ws, async () => {
    const s = await session(ws);
    const dir = await corpusFieldsDir(ws.dir);
    const written: string[] = [];
    for (const id of [...s.changed].sort()) {
      try {
        await writeFileAtomic(join(dir, `${id}.json`), fieldsFileText(s.examples.get(id) ?? {}), 'fields file');
      } catch (e) {
        throw new PithError('IO', `cannot save the fields of ${id} (${reasonOf(e)}); ${written.length} file(s) written before`, join(dir, `${id}.json`), { cause: e });
      }
      written.push(`${FIELDS_DIR}/${id}.json`);
      s.changed.delete(id);
    }
    const message = written.length === 0 ? 'nothing to save' : `saved ${written.length} fields file(s): pith train ${ws.dir} --model wrapper uses them`;
    return { written, message };
  });
}

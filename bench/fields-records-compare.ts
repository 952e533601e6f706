/**
 * This build's field induction against another build's on the records bench's pages
 * (docs/fields.md, issue 57): the JSON-LD ItemList pages of wcxb-dev and trafilatura-eval, each
 * pair of consecutive declared names among the first six the page's text holds taken as a
 * name-only example pair (no prices or URLs: the pairs a rule change acts on most plainly). Says
 * how many induced models are byte for byte the other build's (and which differ), and the
 * induction CPU time of both, alternating page by page in one process over `--reps` runs.
 *   node dist/bench/fields-records-compare.js --old DIR [--reps 5]
 * DIR is another worktree, built (`npm run build`), or any folder holding its `dist`.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openCorpus } from '../src/corpus/open.js';
import { latin1, readBytes } from '../src/corpus/readers/files.js';
import { decodeHtml } from '../src/dom/bytes.js';
import { parseHtml } from '../src/dom/parse.js';
import type { ElementNode } from '../src/dom/tree.js';
import { elementText, normalizeValue } from '../src/models/wrapper/fields.js';
import * as thisBuild from '../src/wrapper/fields.js';
import { argValue } from './args.js';
import { cpuMsNow } from './cpu-time.js';
import { declaredItemLists, LD_RE } from './declared-item-lists.js';

type Induction = Pick<typeof thisBuild, 'induceFields'>;
type Parser = { readonly parseHtml: typeof parseHtml };

const oldRoot = argValue('old', '');
if (oldRoot === '') throw new Error('--old DIR: a built worktree to compare with');
const reps = Number(argValue('reps', '5'));
const fromOld = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(oldRoot, 'dist', path)).href)) as T;
const old = { ...(await fromOld<Induction>('src/wrapper/fields.js')), ...(await fromOld<Parser>('src/dom/parse.js')) };
const now = { induceFields: thisBuild.induceFields, parseHtml };

const sharedRoot = join(process.cwd(), '..', 'shared', 'corpora');
/** Pairs of consecutive declared names among this many the page shows (as the records bench). */
const PAIR_WINDOW = 6;

/** The declared names of a page's largest ItemList (as written, normalised). */
function declaredNames(html: string): string[] {
  let best: string[] = [];
  for (const list of declaredItemLists(html)) {
    const names = list.flatMap((it) => (typeof it['name'] === 'string' && normalizeValue(it['name']) ? [normalizeValue(it['name'])] : []));
    if (names.length > best.length) best = names;
  }
  return best;
}

/** One name-only example pair on its page (the page without its declaration). */
interface Case { readonly id: string; readonly html: string; readonly url?: string; readonly names: readonly [string, string] }

const cases: Case[] = [];
for (const name of ['wcxb-dev', 'trafilatura-eval']) {
  const corpus = await openCorpus(join(sharedRoot, name));
  for (const entry of corpus.pages) {
    const bytes = await readBytes(entry.htmlPath);
    if (!latin1(bytes).includes('ItemList')) continue;
    const decoded = decodeHtml(bytes).text;
    const declared = declaredNames(decoded);
    if (declared.length < 4) continue;
    const html = decoded.replace(LD_RE, '');
    const tree = parseHtml(html, entry.url !== undefined ? { url: entry.url } : {});
    const text = elementText(tree, tree.nodes[0] as ElementNode);
    const shown = declared.filter((n) => text.includes(n));
    if (shown.length < 4) continue;
    for (let i = 0; i + 1 < Math.min(PAIR_WINDOW, shown.length); i++) {
      cases.push({ id: `${name}/${entry.id}#${i + 1}`, html, ...(entry.url !== undefined ? { url: entry.url } : {}), names: [shown[i]!, shown[i + 1]!] });
    }
  }
}

/** Parses the case's page with `build` and times its induction alone; the model as JSON. */
function induce(build: Induction & Parser, c: Case): { model: string; ms: number } {
  const tree = build.parseHtml(c.html, c.url !== undefined ? { url: c.url } : {});
  const t0 = cpuMsNow();
  const model = build.induceFields([{ id: 'p', tree, fields: { name: c.names } }]);
  return { model: JSON.stringify(model), ms: cpuMsNow() - t0 };
}

const differ: string[] = [];
const oldMs: number[] = [];
const newMs: number[] = [];
for (let rep = 0; rep < reps; rep++) {
  let o = 0;
  let n = 0;
  for (const c of cases) {
    const a = induce(old, c);
    const b = induce(now, c);
    o += a.ms;
    n += b.ms;
    if (rep === 0 && a.model !== b.model) differ.push(c.id);
  }
  oldMs.push(o);
  newMs.push(n);
}
process.stdout.write(`name-only pairs: ${cases.length} inductions, models byte for byte the same: ${cases.length - differ.length}${differ.length > 0 ? `, differ: ${differ.join(' ')}` : ''}\n`);
process.stdout.write(`induction CPU ms per run (${reps} runs, alternating page by page), old: ${oldMs.map((x) => x.toFixed(0)).join(' ')}; this build: ${newMs.map((x) => x.toFixed(0)).join(' ')}\n`);

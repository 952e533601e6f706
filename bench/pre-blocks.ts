/**
 * `npm run bench:pre`: code blocks on documentation pages. Over wcxb-dev's pages of type
 * `documentation` (its metadata.json), counts the `<pre>` elements whose text is part of the
 * gold main content (found in `ground_truth.main_content`, white space ignored) and how many
 * of them pith keeps (their text found in its text output), with the `code-in-region` rule off
 * (`codeMinBody: 1`) and on (the default), with the bundled model.
 *
 *   node dist/bench/pre-blocks.js [--corpus DIR] [--pages]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { loadPage, type Page } from '../src/page.js';
import { extractPage, loadExtractionModel, type ExtractOptions } from '../src/pipeline/extract.js';
import { toText } from '../src/article/to-text.js';
import type { DomTree } from '../src/dom/tree.js';

const { values } = parseArgs({ options: { corpus: { type: 'string' }, pages: { type: 'boolean' } } });
const root = values.corpus ?? join(process.cwd(), '..', 'shared', 'corpora', 'wcxb-dev');

/** Text without white space: gold and page lay code out differently. */
const squash = (s: string): string => s.replace(/\s+/g, '');
/** A `<pre>` shorter than this (white space left out) is not counted: too short to tell where it is. */
const MIN_CHARS = 8;

interface Pre {
  /** Squashed text. */
  readonly text: string;
  /** Hidden by the page (`display:none`: another tab of a code switcher): no reader sees it, pith leaves it out. */
  readonly hidden: boolean;
}

/** Every `<pre>` not inside another one. */
function preBlocks(tree: DomTree): Pre[] {
  const out: Pre[] = [];
  const nodes = tree.nodes;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (n.kind !== 'element' || n.tag !== 'pre') continue;
    let text = '';
    for (let j = n.id + 1; j <= n.end; j++) {
      const c = nodes[j]!;
      if (c.kind === 'text') text += c.text;
    }
    out.push({ text: squash(text), hidden: n.hidden });
    i = n.end;
  }
  return out;
}

const SETTINGS: ReadonlyArray<[string, ExtractOptions]> = [['before (codeMinBody 1)', { codeMinBody: 1 }], ['after (default)', {}]];

const meta = JSON.parse(await readFile(join(root, 'metadata.json'), 'utf8')) as { files: Record<string, { page_type?: string }> };
const ids = Object.entries(meta.files).filter(([, f]) => f.page_type === 'documentation').map(([id]) => id).sort();
const model = await loadExtractionModel();
let gold = 0;
let visible = 0;
let pagesWithPre = 0;
const kept = SETTINGS.map(() => 0);
const keptVisible = SETTINGS.map(() => 0);
const rows: string[] = [];
for (const id of ids) {
  const doc = JSON.parse(await readFile(join(root, 'ground-truth', `${id}.json`), 'utf8')) as { url?: string; ground_truth: { main_content?: string | null } };
  const main = doc.ground_truth.main_content;
  if (typeof main !== 'string') continue;
  const bytes = gunzipSync(await readFile(join(root, 'html', `${id}.html.gz`)));
  const page: Page = loadPage(bytes, { ...(doc.url ? { url: doc.url } : {}), id });
  const goldMain = squash(main);
  const pres = preBlocks(page.tree).filter((p) => p.text.length >= MIN_CHARS && goldMain.includes(p.text));
  if (pres.length === 0) continue;
  pagesWithPre++;
  gold += pres.length;
  const shown = pres.filter((p) => !p.hidden).length;
  visible += shown;
  const counts = SETTINGS.map(([, options], k) => {
    const out = squash(toText(extractPage(page, model, options).article));
    const found = pres.filter((p) => out.includes(p.text));
    kept[k]! += found.length;
    keptVisible[k]! += found.filter((p) => !p.hidden).length;
    return found.length;
  });
  rows.push(`| ${id} | ${doc.url ?? ''} | ${pres.length} | ${shown} | ${counts.join(' | ')} |`);
}

const lines = [
  `# <pre> blocks on wcxb-dev's documentation pages`,
  '',
  `${ids.length} documentation pages, ${pagesWithPre} with a \`<pre>\` in the gold main content: ${gold} such blocks, `
    + `${visible} of them visible${visible < gold ? ' (the others are hidden in boxes that are no panel a reader opens, which pith leaves out with all hidden text)' : ' (hidden tabs of code switchers included: pith reads panels a reader opens in place)'}.`,
  '',
  `| setting | kept (all) | kept (visible) | share of visible |`,
  `|---|---:|---:|---:|`,
  ...SETTINGS.map(([name], k) => `| ${name} | ${kept[k]} / ${gold} | ${keptVisible[k]} / ${visible} | ${(keptVisible[k]! / Math.max(1, visible)).toFixed(3)} |`),
];
if (values.pages) {
  lines.push('', `| page | url | gold pre | visible | ${SETTINGS.map(([n]) => n).join(' | ')} |`, `|---|---|---:|---:|${SETTINGS.map(() => '---:').join('|')}|`, ...rows);
}
process.stdout.write(lines.join('\n') + '\n');

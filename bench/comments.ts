/**
 * Readers' comments measured (docs/comments.md): on l3s-gn1, whose annotators marked user
 * comments (`x-nc-sel5`), how much of the gold comment text `includeComments` returns as
 * `comments`: per page and over all pages, recall (and precision) of comment words, counted
 * as bags of lower-cased words. Also how many pages' comments land in the article's body
 * without the option.
 *
 *     node dist/bench/comments.js [--limit N] [--verbose]   (--verbose: per page gold words, returned words, recall, comments)
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SHARED_CORPORA } from './folds.js';
import { readL3s } from '../src/corpus/readers/l3s.js';
import { markedRuns } from '../src/corpus/readers/html-text.js';
import { decodeTextFile } from '../src/dom/bytes.js';
import { readPageBytes } from '../src/corpus/open.js';
import { loadModel, extractWith } from '../src/pipeline/library.js';
import { readBytes } from '../src/corpus/readers/files.js';

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function bag(ws: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of ws) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

/** Words the two bags share (a word counted as often as in both). */
function shared(a: Map<string, number>, b: Map<string, number>): number {
  let n = 0;
  for (const [w, c] of a) n += Math.min(c, b.get(w) ?? 0);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { limit: { type: 'string' }, verbose: { type: 'boolean' } } });
  const limit = values.limit !== undefined ? Number(values.limit) : Infinity;
  const root = join(SHARED_CORPORA, 'l3s-gn1');
  const pages = (await readL3s(root)).slice(0, limit);
  const model = await loadModel();
  let withGold = 0;
  let withComments = 0;
  let recalled = 0;
  let goldWords = 0;
  let hitWords = 0;
  let returnedWords = 0;
  let returnedOnOthers = 0;
  let pagesReturningOnOthers = 0;
  const perPage: number[] = [];
  for (const page of pages) {
    const annotated = decodeTextFile(await readBytes(join(root, 'annotated', page.htmlPath.split('/').pop()!)));
    const gold = markedRuns(annotated, 'span', /^x-nc-sel\d$/).filter((r) => r.mark === 'x-nc-sel5').map((r) => r.text).join(' ');
    const e = extractWith(model, await readPageBytes(page.htmlPath), { ...(page.url ? { url: page.url } : {}), includeComments: true });
    const got = words((e.comments ?? []).map((c) => c.text).join(' '));
    const g = words(gold);
    if (g.length === 0) {
      if (got.length > 0) {
        pagesReturningOnOthers++;
        returnedOnOthers += got.length;
      }
      continue;
    }
    withGold++;
    if (got.length > 0) withComments++;
    const hit = shared(bag(g), bag(got));
    goldWords += g.length;
    hitWords += hit;
    returnedWords += got.length;
    perPage.push(hit / g.length);
    if (values.verbose) console.log(`${page.id}\t${g.length}\t${got.length}\t${(hit / g.length).toFixed(2)}\t${e.comments?.length ?? 0}`);
    if (hit / g.length >= 0.5) recalled++;
  }
  const mean = perPage.reduce((a, b) => a + b, 0) / Math.max(1, perPage.length);
  console.log(`l3s-gn1: ${pages.length} pages, ${withGold} with gold comments (x-nc-sel5)`);
  console.log(`  pages where pith returns comments: ${withComments} of ${withGold}; half or more of the gold comment words returned: ${recalled}`);
  console.log(`  comment-word recall: micro ${(hitWords / Math.max(1, goldWords)).toFixed(3)} (${hitWords} of ${goldWords}), mean per page ${mean.toFixed(3)}`);
  console.log(`  comment-word precision on those pages: ${(hitWords / Math.max(1, returnedWords)).toFixed(3)} (${hitWords} of ${returnedWords} returned)`);
  console.log(`  pages without gold comments where pith returns some: ${pagesReturningOnOthers} (${returnedOnOthers} words)`);
}

await main();

/**
 * `found` measured (docs/found.md): precision and recall of `found: true` on wcxb-dev by page
 * type (an article, forum or documentation page with gold main text should be found), and on
 * the hand-made non-article pages of test/fixtures/found/ (error pages, directory indexes,
 * sign-in forms, a landing page, listings, plain text, JSON, empty input) with the fixture
 * pages of test/fixtures/pages/. Also `isProbablyArticle` (no model) on the same pages, and
 * the found rates for candidate MIN_PROSE_WORDS thresholds.
 *
 *     npm run bench:found [-- --limit N]
 */
import { readFile, readdir } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SHARED_CORPORA } from './folds.js';
import { readWcxb } from '../src/corpus/readers/wcxb.js';
import { loadModel, extractWith, type PithModel } from '../src/pipeline/library.js';
import { isProbablyArticle, judgeFound, MIN_PROSE_WORDS, proseWords } from '../src/pipeline/found.js';
import { loadPage } from '../src/page.js';
import { extractPage } from '../src/pipeline/extract.js';

interface Row { longestSweep: boolean[]; id: string; prose: number; group: string; shouldFind: boolean | undefined; found: boolean; reason?: string; probably: boolean; sweep: boolean[] }

const SWEEP = [0, 10, 20, 30, 50, 80, 120];
const LONGEST_SWEEP = [0, 12, 15, 18, 20, 25];
const ARTICLE_TYPES = new Set(['article', 'forum', 'documentation']);
/** Fixture pages that hold no article: the others in test/fixtures/pages/ are articles. */
const NOT_ARTICLE_FIXTURES = new Set(['landing-page.html', 'listing-cards.html', 'chart-list.html']);

function measure(model: PithModel, bytes: Uint8Array, url: string | undefined, id: string, group: string, shouldFind: boolean | undefined): Row {
  const e = extractWith(model, bytes, url ? { url } : {});
  const html = Buffer.from(bytes).toString('utf8');
  const page = loadPage(bytes, url ? { url } : {});
  const result = extractPage(page, model, {});
  const sweep = SWEEP.map((t) => judgeFound(page.tree, result.article, t, 0).found);
  const longestSweep = LONGEST_SWEEP.map((t) => judgeFound(page.tree, result.article, MIN_PROSE_WORDS, t).found);
  return { longestSweep, id, prose: proseWords(result.article), group, shouldFind, found: e.found, ...(e.reason ? { reason: e.reason } : {}), probably: isProbablyArticle(html), sweep };
}

const pct = (n: number, d: number): string => (d === 0 ? '–' : (n / d).toFixed(3));

function table(rows: readonly Row[], pick: (r: Row) => boolean): string {
  const groups = [...new Set(rows.map((r) => r.group))];
  let out = '| pages | n | should be found | found | recall | precision | isProbablyArticle recall | isProbablyArticle precision |\n|---|---:|---:|---:|---:|---:|---:|---:|\n';
  const line = (name: string, rs: readonly Row[]): string => {
    const judged = rs.filter((r) => r.shouldFind !== undefined);
    const pos = judged.filter((r) => r.shouldFind);
    const found = rs.filter(pick);
    const tp = judged.filter((r) => r.shouldFind && pick(r)).length;
    const fp = judged.filter((r) => !r.shouldFind && pick(r)).length;
    const ptp = judged.filter((r) => r.shouldFind && r.probably).length;
    const pfp = judged.filter((r) => !r.shouldFind && r.probably).length;
    return `| ${name} | ${rs.length} | ${judged.length === 0 ? '(not judged)' : pos.length} | ${found.length} | ${pct(tp, pos.length)} | ${pct(tp, tp + fp)} | ${pct(ptp, pos.length)} | ${pct(ptp, ptp + pfp)} |\n`;
  };
  for (const g of groups) out += line(g, rows.filter((r) => r.group === g));
  out += line('**all judged pages**', rows.filter((r) => r.shouldFind !== undefined));
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { limit: { type: 'string' } } });
  const limit = values.limit ? Number(values.limit) : undefined;
  const model = await loadModel();
  const rows: Row[] = [];
  const pages = (await readWcxb(join(SHARED_CORPORA, 'wcxb-dev'))).slice(0, limit);
  for (const p of pages) {
    const type = p.pageType ?? 'unknown';
    const hasGold = (p.gold.mainText ?? '').trim().length > 0;
    // Only article-like pages with gold text are judged; the others are counted, not scored.
    const shouldFind = ARTICLE_TYPES.has(type) && hasGold ? true : undefined;
    const bytes = gunzipSync(await readFile(p.htmlPath));
    rows.push(measure(model, bytes, p.url, p.id, `wcxb-dev ${type}`, shouldFind));
  }
  const fixtures = join('test', 'fixtures');
  for (const f of (await readdir(join(fixtures, 'found'))).sort()) {
    rows.push(measure(model, await readFile(join(fixtures, 'found', f)), undefined, f, 'hand-made non-articles (test/fixtures/found)', false));
  }
  for (const f of (await readdir(join(fixtures, 'pages'))).sort()) {
    const not = NOT_ARTICLE_FIXTURES.has(f);
    rows.push(measure(model, await readFile(join(fixtures, 'pages', f)), undefined, f, not ? 'fixture non-articles (test/fixtures/pages)' : 'fixture articles (test/fixtures/pages)', !not));
  }
  console.log(`## found (MIN_PROSE_WORDS ${MIN_PROSE_WORDS})\n`);
  console.log(table(rows, (r) => r.found));
  const reasons = new Map<string, number>();
  for (const r of rows) if (!r.found) reasons.set(`${r.group}: ${r.reason}`, (reasons.get(`${r.group}: ${r.reason}`) ?? 0) + 1);
  console.log('## reasons given\n\n| pages: reason | n |\n|---|---:|');
  for (const [k, n] of [...reasons].sort()) console.log(`| ${k} | ${n} |`);
  const judged = rows.filter((r) => r.shouldFind !== undefined);
  const unjudged = rows.filter((r) => r.shouldFind === undefined);
  const misses = judged.filter((r) => r.shouldFind !== r.found);
  console.log(`\n## Pages judged wrong (${misses.length})\n\n| page | group | should be found | reason | prose words |\n|---|---|---|---|---:|`);
  for (const r of misses) console.log(`| ${r.id} | ${r.group} | ${r.shouldFind} | ${r.reason ?? ''} | ${r.prose} |`);
  console.log('\n## MIN_PROSE_WORDS candidates (all judged pages)\n\n| MIN_PROSE_WORDS | recall | precision | wcxb non-article types found |\n|---:|---:|---:|---:|');
  SWEEP.forEach((t, i) => {
    const tp = judged.filter((r) => r.shouldFind && r.sweep[i]).length;
    const fp = judged.filter((r) => !r.shouldFind && r.sweep[i]).length;
    const pos = judged.filter((r) => r.shouldFind).length;
    console.log(`| ${t} | ${pct(tp, pos)} | ${pct(tp, tp + fp)} | ${unjudged.filter((r) => r.sweep[i]).length} of ${unjudged.length} |`);
  });
  console.log(`\n## MIN_LONGEST_PARAGRAPH_WORDS candidates, with MIN_PROSE_WORDS ${MIN_PROSE_WORDS} (all judged pages)\n\n| MIN_LONGEST_PARAGRAPH_WORDS | recall | precision | wcxb non-article types found |\n|---:|---:|---:|---:|`);
  LONGEST_SWEEP.forEach((t, i) => {
    const tp = judged.filter((r) => r.shouldFind && r.longestSweep[i]).length;
    const fp = judged.filter((r) => !r.shouldFind && r.longestSweep[i]).length;
    const pos = judged.filter((r) => r.shouldFind).length;
    console.log(`| ${t} | ${pct(tp, pos)} | ${pct(tp, tp + fp)} | ${unjudged.filter((r) => r.longestSweep[i]).length} of ${unjudged.length} |`);
  });
}

await main();

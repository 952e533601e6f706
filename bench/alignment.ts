/**
 * Alignment quality report: how faithfully the gold block labels pith derives by alignment
 * reproduce each corpus' own gold. Taking the aligned content blocks as the extraction (the
 * title block only where the corpus' text includes it), the 4-gram shingle F1 against the
 * corpus' gold text should be >= 0.98 on at least 95% of pages. Snippet corpora report the
 * share of `with` snippets in body blocks and `without` snippets in other blocks; title-only
 * corpora the share of pages where a title block was found.
 *
 *   node /tmp/build-corpus/bench/alignment.js [corpus-dir ...] [--limit N] [--list N]
 *
 * Without corpus folders, every folder of ../shared/corpora is measured.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { openCorpus, loadCorpusPage, alignGold, goldText, alignTokens } from '../src/corpus/index.js';
import { shingleScore } from '../src/eval/text-metrics.js';
import type { Page } from '../src/page.js';
import type { AlignmentResult, CorpusPage } from '../src/corpus/index.js';

type Reason = 'load-error' | 'gold-empty' | 'gold-absent' | 'js-rendered' | 'encoding' | 'gold-partly-absent' | 'sub-block-gold' | 'extra-text' | 'missed-text';

interface Low {
  readonly id: string;
  readonly f1: number;
  readonly reason: Reason;
  readonly detail: string;
}

function args(): { dirs: string[]; limit: number; list: number } {
  const argv = process.argv.slice(2);
  const dirs: string[] = [];
  let limit = Infinity;
  let list = 15;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--limit') limit = Number(argv[++i]);
    else if (a === '--list') list = Number(argv[++i]);
    else dirs.push(a);
  }
  return { dirs, limit, list };
}

function extractionText(page: Page, r: AlignmentResult): string {
  const parts: string[] = [];
  page.blocks.forEach((b, i) => {
    const l = r.labels[i];
    if (b.kind !== 'text') return;
    if (l === 'body' || l === 'heading' || (l === 'title' && r.titleInText)) parts.push(b.text);
  });
  return parts.join('\n');
}

/** Why a page falls short: compares what the gold needs with what the page's blocks hold. */
function reasonFor(page: Page, r: AlignmentResult, gold: string, extracted: string, html: string): { reason: Reason; detail: string } {
  const goldToks = alignTokens(gold);
  if (goldToks.length === 0) return { reason: 'gold-empty', detail: 'gold text has no words' };
  const pageBag = new Map<string, number>();
  for (const b of page.blocks) for (const t of alignTokens(b.text)) pageBag.set(t, (pageBag.get(t) ?? 0) + 1);
  let present = 0;
  for (const t of goldToks) {
    const c = pageBag.get(t) ?? 0;
    if (c > 0) {
      present++;
      pageBag.set(t, c - 1);
    }
  }
  const coverage = present / goldToks.length;
  if (coverage < 0.9) {
    const pageWords = page.blocks.reduce((n, b) => n + alignTokens(b.text).length, 0);
    const scripts = (html.match(/<script\b/gi) ?? []).length;
    if (pageWords < goldToks.length * 0.5 && scripts > 5) return { reason: 'js-rendered', detail: `page shows ${pageWords} words, gold has ${goldToks.length}; ${scripts} scripts` };
    if (page.replacements > 0 || /\ufffd|\?\w/.test(gold)) return { reason: 'encoding', detail: `${(coverage * 100).toFixed(0)}% of gold words on page; ${page.replacements} U+FFFD` };
    return { reason: 'gold-absent', detail: `${(coverage * 100).toFixed(0)}% of gold words appear in the page's visible text` };
  }
  // Gold that takes only part of a block (or several blocks' parts) cannot be reproduced by whole blocks.
  let partialTokens = 0;
  let contentTokens = 0;
  r.blockTokens.forEach((n, i) => {
    const a = r.blockAligned[i] ?? 0;
    contentTokens += a;
    if (n > 0 && a / n > 0.1 && a / n < 0.9) partialTokens += a;
  });
  if (contentTokens > 0 && partialTokens / contentTokens > 0.05) {
    return { reason: 'sub-block-gold', detail: `${((100 * partialTokens) / contentTokens).toFixed(0)}% of aligned gold words sit in blocks the gold takes only in part` };
  }
  if (coverage < 0.985) return { reason: 'gold-partly-absent', detail: `${(coverage * 100).toFixed(1)}% of gold words appear on the page (list numbers, rewritten or generated text)` };
  const s = shingleScore(extracted, gold);
  return s.precision < s.recall
    ? { reason: 'extra-text', detail: `P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)}: blocks hold text the gold leaves out` }
    : { reason: 'missed-text', detail: `P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)}: gold text on the page not aligned` };
}

async function measure(dir: string, limit: number, list: number): Promise<void> {
  const t0 = Date.now();
  const corpus = await openCorpus(dir);
  const openMs = Date.now() - t0;
  const pages: readonly CorpusPage[] = corpus.pages.slice(0, limit);
  let textPages = 0, good = 0, f1Sum = 0;
  let withTotal = 0, withBody = 0, withFound = 0, withoutTotal = 0, withoutOther = 0, withoutFound = 0;
  let titled = 0, titleFound = 0;
  const lows: Low[] = [];
  const reasons = new Map<Reason, number>();
  for (const cp of pages) {
    let page: Page;
    try {
      page = await loadCorpusPage(corpus, cp);
    } catch (e) {
      lows.push({ id: cp.id, f1: 0, reason: 'load-error', detail: (e as Error).message });
      reasons.set('load-error', (reasons.get('load-error') ?? 0) + 1);
      continue;
    }
    const r = alignGold(page, cp.gold);
    if (cp.gold.title) {
      titled++;
      if (r.titleBlock !== undefined) titleFound++;
    }
    if (r.snippets) {
      withTotal += r.snippets.withTotal; withFound += r.snippets.withFound; withBody += r.snippets.withBody;
      withoutTotal += r.snippets.withoutTotal; withoutFound += r.snippets.withoutFound; withoutOther += r.snippets.withoutOther;
    }
    const gold = cp.gold.partial ? undefined : goldText(cp.gold);
    if (gold === undefined) continue;
    textPages++;
    const extracted = extractionText(page, r);
    const f1 = shingleScore(extracted, gold).f1;
    f1Sum += f1;
    if (f1 >= 0.98) good++;
    else {
      const { readFile } = await import('node:fs/promises');
      const { gunzipSync } = await import('node:zlib');
      let raw = await readFile(cp.htmlPath);
      if (raw[0] === 0x1f && raw[1] === 0x8b) raw = gunzipSync(raw);
      const why = reasonFor(page, r, gold, extracted, raw.toString('latin1'));
      lows.push({ id: cp.id, f1, ...why });
      reasons.set(why.reason, (reasons.get(why.reason) ?? 0) + 1);
    }
  }
  const secs = (Date.now() - t0) / 1000;
  const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  const line = [
    corpus.name.padEnd(24),
    String(pages.length).padStart(5),
    textPages ? (f1Sum / textPages).toFixed(4).padStart(8) : '       -',
    (textPages ? pct(good, textPages) : '-').padStart(7),
    pct(titleFound, titled).padStart(7),
    `${secs.toFixed(1)}s (open ${(openMs / 1000).toFixed(1)}s)`,
  ];
  console.log(line.join('  '));
  if (withTotal + withoutTotal > 0) {
    console.log(`    snippets: with in body ${withBody}/${withTotal} (${pct(withBody, withTotal)}; found on page ${withFound}), without in other ${withoutOther}/${withoutTotal} (${pct(withoutOther, withoutTotal)}; found ${withoutFound})`);
  }
  if (lows.length > 0) {
    console.log(`    below 0.98: ${[...reasons].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    for (const l of lows.sort((a, b) => a.f1 - b.f1).slice(0, list)) console.log(`      ${l.id.padEnd(40)} ${l.f1.toFixed(3)}  ${l.reason}: ${l.detail}`);
  }
}

async function main(): Promise<void> {
  const { dirs, limit, list } = args();
  let targets = dirs;
  if (targets.length === 0) {
    const shared = join(process.cwd(), '..', 'shared', 'corpora');
    if (!existsSync(shared)) {
      console.error(`no corpora given and ${shared} is absent`);
      process.exitCode = 2;
      return;
    }
    targets = (await readdir(shared, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => join(shared, d.name)).sort();
  }
  console.log(`${'corpus'.padEnd(24)}  pages  meanF1  >=0.98  title  time`);
  for (const d of targets) {
    try {
      await measure(d, limit, list);
    } catch (e) {
      console.log(`${d}: ${(e as Error).message}`);
    }
  }
}

await main();

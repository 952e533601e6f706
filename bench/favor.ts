/**
 * `npm run bench:favor`: what `favor` (precision | balanced | recall) trades, measured with
 * the bundled model on the eval-only corpora (l3s-gn1, dragnet, cleaneval), which no model
 * here is trained on, all three settings in one run over the same pages.
 *
 * With `--unsure CORPUS` (a corpus with main text, e.g. wcxb-dev): page by page instead, what
 * each setting keeps where the model is unsure: mean page word P/R, pages where recall keeps
 * more words than balanced, the text blocks balanced leaves out at p(body) 0.2-0.5 that recall
 * keeps, and recall on the pages balanced reads worst (word R under 0.8), by page type.
 *
 *   node dist/bench/favor.js [--limit N] [--out FILE] [--unsure CORPUS]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCorpus, writeFileAtomic } from '../src/corpus/index.js';
import { evaluateCorpora } from '../src/eval/runner.js';
import { toMarkdown } from '../src/eval/report.js';
import { corpusProgress } from './eval-progress.js';
import { modelExtractor } from '../src/eval/model-extractor.js';
import { extractPage, loadExtractionModel, type LoadedModel } from '../src/pipeline/extract.js';
import { FAVORS, FAVOR_SETTINGS, type Favor } from '../src/pipeline/library.js';
import { goldText, loadCorpusPage, type Corpus } from '../src/corpus/index.js';
import { toText } from '../src/article/index.js';
import { LABELS } from '../src/labels.js';
import { wordScore, wordTokens } from '../src/eval/text-metrics.js';

/** p(body) band where the model is unsure: the blocks `favor` is for. */
const UNSURE = [0.2, 0.5] as const;
/** Pages balanced reads worst: word recall under this. */
const LOW_RECALL = 0.8;

/** One value per setting. */
function perFavor<T>(make: (f: Favor) => T): Record<Favor, T> {
  return { precision: make('precision'), balanced: make('balanced'), recall: make('recall') };
}

const { values } = parseArgs({ options: { limit: { type: 'string' }, out: { type: 'string' }, unsure: { type: 'string' } } });
const limit = values.limit !== undefined ? Number(values.limit) : undefined;
if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new Error(`--limit must be a whole number >= 1, got ${values.limit}`);

const root = join(process.cwd(), '..', 'shared', 'corpora');
const scope = limit !== undefined ? { limit } : {};
if (values.unsure !== undefined) {
  const report = await unsureReport(await openCorpus(join(root, values.unsure), scope), await loadExtractionModel());
  process.stdout.write(report);
  if (values.out) await writeFileAtomic(values.out, report);
  process.exit(0);
}
const corpora = await Promise.all(['l3s-gn1', 'dragnet', 'cleaneval'].map((name) => openCorpus(join(root, name), scope)));
const model = await loadExtractionModel();
const extractors = FAVORS.map((favor) => modelExtractor(model, `favor:${favor}`, FAVOR_SETTINGS[favor]));
const started = Date.now();
const result = await evaluateCorpora(corpora, extractors, { onProgress: corpusProgress(started) });
const settings = FAVORS.map((f) => `${f}: ${JSON.stringify(FAVOR_SETTINGS[f])}`).join('; ');
const report = `# favor: precision / balanced / recall\n\nBundled model; ${settings}. Run time ${((Date.now() - started) / 1000).toFixed(0)} s.\n\n${toMarkdown(result)}`;
process.stdout.write(report);
if (values.out) await writeFileAtomic(values.out, report);


interface FavorTotals { p: number; r: number; words: number }
interface TypeTotals { pages: number; sameWords: number; recall: Record<Favor, number> }

/** Page-by-page: what each setting keeps where the model is unsure (see the file's comment). */
async function unsureReport(corpus: Corpus, model: LoadedModel): Promise<string> {
  const body = LABELS.indexOf('body');
  const totals = perFavor<FavorTotals>(() => ({ p: 0, r: 0, words: 0 }));
  const byType = new Map<string, TypeTotals>();
  let pages = 0, moreWords = 0, unsureOut = 0, unsureKept = 0, low = 0, lowSame = 0, lowRecall = 0, lowBalanced = 0;
  for (const cp of corpus.pages) {
    const gold = goldText(cp.gold);
    if (gold === undefined || wordTokens(gold).length === 0) continue;
    const page = await loadCorpusPage(corpus, cp);
    const runs = perFavor((f) => extractPage(page, model, FAVOR_SETTINGS[f]));
    const scores = perFavor((f) => {
      const text = toText(runs[f].article);
      return { ...wordScore(text, gold), words: wordTokens(text).length };
    });
    pages++;
    for (const f of FAVORS) {
      totals[f].p += scores[f].precision;
      totals[f].r += scores[f].recall;
      totals[f].words += scores[f].words;
    }
    const same = scores.recall.words === scores.balanced.words;
    if (!same) moreWords++;
    const balanced = runs.balanced, recall = runs.recall;
    for (let i = 0; i < page.blocks.length; i++) {
      const pb = balanced.probs[i]![body]!;
      if (page.blocks[i]!.kind !== 'text' || balanced.labels[i] === 'body' || pb < UNSURE[0] || pb >= UNSURE[1]) continue;
      unsureOut++;
      if (recall.labels[i] === 'body') unsureKept++;
    }
    if (scores.balanced.recall < LOW_RECALL) {
      low++;
      if (same) lowSame++;
      lowBalanced += scores.balanced.recall;
      lowRecall += scores.recall.recall;
    }
    const type = cp.pageType ?? '-';
    const t = byType.get(type) ?? { pages: 0, sameWords: 0, recall: perFavor(() => 0) };
    t.pages++;
    if (same) t.sameWords++;
    for (const f of FAVORS) t.recall[f] += scores[f].recall;
    byType.set(type, t);
  }
  const n4 = (x: number): string => x.toFixed(4);
  const lines = [
    `# favor where the model is unsure: ${corpus.name}, ${pages} pages with main text\n`,
    '| favor | mean page word P | mean page word R | words kept |',
    '|---|---:|---:|---:|',
    ...FAVORS.map((f) => `| ${f} | ${n4(totals[f].p / pages)} | ${n4(totals[f].r / pages)} | ${totals[f].words} |`),
    '',
    `- recall keeps more words than balanced on ${moreWords} of ${pages} pages (the same on ${pages - moreWords})`,
    `- text blocks balanced leaves out at p(body) ${UNSURE[0]}-${UNSURE[1]}: ${unsureOut}; recall keeps ${unsureKept} of them`,
    `- pages balanced reads worst (word R < ${LOW_RECALL}): ${low}; mean word R balanced ${n4(lowBalanced / Math.max(1, low))}, recall ${n4(lowRecall / Math.max(1, low))}; the same words under recall on ${lowSame}`,
    '',
    '| page type | pages | recall = balanced words | mean word R precision / balanced / recall |',
    '|---|---:|---:|---|',
    ...[...byType].map(([type, t]) => `| ${type} | ${t.pages} | ${t.sameWords} | ${FAVORS.map((f) => (t.recall[f] / t.pages).toFixed(3)).join(' / ')} |`),
    '',
  ];
  return lines.join('\n');
}

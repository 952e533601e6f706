/**
 * The captions signal of learning without labels (src/wrapper/unlabelled.ts, `photoCaptions`) on
 * sites outside msv-big9, whose pages nobody looked at while designing it (docs/sites.md,
 * "Session 49"): every site (registrable host) of the train-use corpora with 5 or more pages
 * that have a full main text gold is learned without labels from its pages, with the captions
 * signal and without, and its pages extracted with what was learned (picked by the URL host,
 * as `pith batch --learn-sites` picks them) and scored on their gold (shingle F1 of headline +
 * main text). Scoring on the learned pages is fair as in bench/sites-unlabelled.ts: the learner
 * sees no gold. The bundled model was trained on these corpora, so "general model alone" is
 * its in-sample reading; the comparison that counts is captions on against off.
 *   node dist/bench/sites-captions-elsewhere.js [--corpora trafilatura-eval,readability-test-pages,wcxb-dev,postlight-titles] [--min-pages 5] [--sites HOST,...]
 */
import type { CorpusPage } from '../src/corpus/types.js';
import { shingleSummary, type ShinglePageScore } from '../src/eval/article-benchmark.js';
import { extractPage, loadExtractionModel, siteLabelled, type LoadedModel } from '../src/pipeline/extract.js';
import type { Page } from '../src/page.js';
import { withTemplates } from '../src/models/site-pick.js';
import { trainSiteUnlabelled, type UnlabelledSignals } from '../src/wrapper/unlabelled.js';
import { articleScore, sitesOfCorpora, type SitePages } from './site-pages.js';
import { argValue } from './args.js';

const corpora = argValue('corpora', 'trafilatura-eval,readability-test-pages,wcxb-dev,postlight-titles').split(',');
const minPages = Number(argValue('min-pages', '5'));
/** Only these sites (all when empty): the big product pages of some take minutes to learn, so a run can be split. */
const onlySites = new Set(argValue('sites', '').split(',').filter((x) => x !== ''));

interface Outcome { readonly scores: ShinglePageScore[]; readonly taken: number; readonly captions: number }

const general = await loadExtractionModel();
const score = (page: Page, entry: CorpusPage, model: LoadedModel): { shingle: ShinglePageScore; taken: boolean } => {
  const r = extractPage(page, model);
  return { shingle: articleScore(r, entry), taken: siteLabelled(r) };
};

function learnAndScore(s: SitePages, signals: UnlabelledSignals): Outcome {
  const t = trainSiteUnlabelled(s.site, s.items.map((it) => ({ id: it.entry.id, page: it.page })), general, { signals });
  const model: LoadedModel = { ...general, sites: [withTemplates(t.model, t.template)] };
  const scored = s.items.map((it) => score(it.page, it.entry, model));
  return { scores: scored.map((x) => x.shingle), taken: scored.filter((x) => x.taken).length, captions: t.selfLabels.captions };
}

const fmt4 = (x: number): string => x.toFixed(4);
const f1 = (scores: readonly ShinglePageScore[]): number => shingleSummary(scores).f1;

const sites = await sitesOfCorpora(corpora, minPages, onlySites, console.log);
console.log('\n| corpus | site | pages | general model alone | captions off | captions on | on - off | site model took (off / on) | captions self-labelled |');
console.log('|---|---|---|---|---|---|---|---|---|');
const pooled = { general: [] as ShinglePageScore[], off: [] as ShinglePageScore[], on: [] as ShinglePageScore[] };
for (const s of sites) {
  const alone = s.items.map((it) => score(it.page, it.entry, general).shingle);
  const off = learnAndScore(s, { captions: false });
  const on = learnAndScore(s, {});
  pooled.general.push(...alone); pooled.off.push(...off.scores); pooled.on.push(...on.scores);
  const d = f1(on.scores) - f1(off.scores);
  console.log(`| ${s.corpus} | ${s.site} | ${s.items.length} | ${fmt4(f1(alone))} | ${fmt4(f1(off.scores))} | ${fmt4(f1(on.scores))} | ${d >= 0 ? '+' : ''}${fmt4(d)} | ${off.taken} / ${on.taken} | ${on.captions} |`);
}
const d = f1(pooled.on) - f1(pooled.off);
console.log(`| all | ${sites.length} sites | ${pooled.on.length} | ${fmt4(f1(pooled.general))} | ${fmt4(f1(pooled.off))} | ${fmt4(f1(pooled.on))} | ${d >= 0 ? '+' : ''}${fmt4(d)} | | |`);

/**
 * Site models learned without labels on sites outside msv-big9 (docs/sites.md, "Session 49,
 * beyond msv-big9"), against the general model read fairly: every site (registrable host) of
 * the train-use corpora with 5 or more pages with a full main-text gold is learned without
 * labels from its pages and its pages extracted with what was learned (picked by URL host, as
 * `pith batch --learn-sites` picks them), scored on their gold (shingle F1 of headline + main
 * text; the learner sees no gold, so scoring the learned pages is fair). Two general models:
 * the bundled one (trained on these corpora: its reading is in-sample) and `--general PATH`,
 * one trained with these sites left out (`scripts/build-model.ts --leave-out HOST,... --out PATH`),
 * used both as the general model and as the self-labeller. Per site: the site model's agreement
 * with the general model on the pages the check read (siteAgreement, no gold; "checked n/N"),
 * and pooled F1 when a site model is kept only at a median agreement of at least each threshold.
 *   node dist/bench/sites-fair.js [--general PATH] [--corpora readability-test-pages,wcxb-dev] [--min-pages 5] [--sites HOST,...]
 */
import type { CorpusPage } from '../src/corpus/types.js';
import { shingleSummary, type ShinglePageScore } from '../src/eval/article-benchmark.js';
import { extractPage, loadExtractionModel, loadExtractionModelFrom, siteLabelled, type LoadedModel } from '../src/pipeline/extract.js';
import type { Page } from '../src/page.js';
import { withTemplates } from '../src/models/site-pick.js';
import { articleText, textAgreement, trainSiteUnlabelled } from '../src/wrapper/unlabelled.js';
import { agreesEnough, LEAST_BACKED, LEAST_HELD } from '../src/wrapper/learn-sites.js';
import { articleScore, sitesOfCorpora, type SitePages } from './site-pages.js';
import { argValue } from './args.js';
import { cpuMsNow, median } from './cpu-time.js';

const corpora = argValue('corpora', 'readability-test-pages,wcxb-dev').split(',');
const minPages = Number(argValue('min-pages', '5'));
const onlySites = new Set(argValue('sites', '').split(',').filter((x) => x !== ''));
const fairPath = argValue('general', '');
/** Print each page's row too (id, general F1, site model F1, agreement): where a site model loses. */
const perPageRows = process.argv.includes('--pages');

interface Reading { readonly ids: readonly string[]; readonly alone: ShinglePageScore[]; readonly site: ShinglePageScore[]; readonly median: number; readonly agreement: readonly number[]; readonly perPage: readonly number[]; readonly held: readonly number[]; readonly leastHeld: number; readonly leastBacked: number; readonly backed: readonly number[]; readonly taken: number; readonly kinds: string; readonly ms: number }

const score = (page: Page, entry: CorpusPage, model: LoadedModel): { shingle: ShinglePageScore; taken: boolean; kind: string; text: string } => {
  const r = extractPage(page, model);
  return { shingle: articleScore(r, entry), taken: siteLabelled(r), kind: r.pageKind, text: articleText(r.article) };
};

function read(s: SitePages, general: LoadedModel): Reading {
  const alone = s.items.map((it) => score(it.page, it.entry, general));
  const t0 = cpuMsNow();
  const t = trainSiteUnlabelled(s.site, s.items.map((it) => ({ id: it.entry.id, page: it.page })), general);
  const ms = cpuMsNow() - t0;
  const model: LoadedModel = { ...general, sites: [withTemplates(t.model, t.template)] };
  const scored = s.items.map((it) => score(it.page, it.entry, model));
  const kinds = new Map<string, number>();
  for (const a of alone) kinds.set(a.kind, (kinds.get(a.kind) ?? 0) + 1);
  return {
    ids: s.items.map((it) => it.entry.id), alone: alone.map((x) => x.shingle), site: scored.map((x) => x.shingle), median: median(t.agreement.pages.map((a) => a.f1)), agreement: t.agreement.pages.map((a) => a.f1),
    // Every page's agreement, as a per-page fallback at extraction would see it (the check reads only the first pages).
    perPage: scored.map((x, i) => (x.taken ? textAgreement(x.text, alone[i]!.text).f1 : 1)), held: t.agreement.pages.map((a) => a.held), leastHeld: t.agreement.leastHeld, leastBacked: t.agreement.leastBacked, backed: t.agreement.pages.map((a) => a.backed),
    taken: scored.filter((x) => x.taken).length, kinds: [...kinds].map(([k, n]) => `${k} ${n}`).join(', '), ms,
  };
}

const f4 = (x: number): string => x.toFixed(4);
const f1 = (scores: readonly ShinglePageScore[]): number => shingleSummary(scores).f1;
const pr = (scores: readonly ShinglePageScore[]): string => { const s = shingleSummary(scores); return `${s.precision.toFixed(2)}/${s.recall.toFixed(2)}`; };

const generals: [string, LoadedModel][] = [['in-sample (bundled)', await loadExtractionModel()]];
if (fairPath !== '') generals.push(['fair (sites left out)', await loadExtractionModelFrom(fairPath, undefined)]);
const sites = await sitesOfCorpora(corpora, minPages, onlySites);
const THRESHOLDS = [0, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9];
const HELD = [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9];
for (const [name, general] of generals) {
  console.log(`\n#### General model ${name}\n`);
  console.log('| corpus | site | pages | decoder page kinds | general alone | site model | site - general | P/R general | P/R site | agreement median (lowest), checked pages | checked | least held / backed | site model took | learning ms CPU |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const readings = sites.map((s) => [s, read(s, general)] as const);
  for (const [s, r] of readings) {
    const d = f1(r.site) - f1(r.alone);
    console.log(`| ${s.corpus} | ${s.site} | ${s.items.length} | ${r.kinds} | ${f4(f1(r.alone))} | ${f4(f1(r.site))} | ${d >= 0 ? '+' : ''}${f4(d)} | ${pr(r.alone)} | ${pr(r.site)} | ${r.median.toFixed(3)} (${Math.min(...r.agreement).toFixed(3)}) | ${r.agreement.length}/${r.ids.length} | ${r.leastHeld.toFixed(3)} / ${r.leastBacked.toFixed(3)} | ${r.taken} | ${r.ms.toFixed(0)} |`);
  }
  if (perPageRows) {
    // "-": a page the agreement check did not read (past twice the block budget).
    const checkedValue = (x: number | undefined): string => (x === undefined ? '-' : x.toFixed(3));
    console.log('\n| site | page | general F1 | site model F1 | agreement | held | backed |\n|---|---|---|---|---|---|---|');
    for (const [s, r] of readings) r.ids.forEach((id, i) => console.log(`| ${s.site} | ${id} | ${f4(f1([r.alone[i]!]))} | ${f4(f1([r.site[i]!]))} | ${checkedValue(r.agreement[i])} | ${checkedValue(r.held[i])} | ${checkedValue(r.backed[i])} |`));
  }
  const all = (pick: (r: Reading) => ShinglePageScore[]): ShinglePageScore[] => readings.flatMap(([, r]) => pick(r));
  console.log(`| all | ${sites.length} sites | ${all((r) => r.alone).length} | | ${f4(f1(all((r) => r.alone)))} | ${f4(f1(all((r) => r.site)))} | | ${pr(all((r) => r.alone))} | ${pr(all((r) => r.site))} | | | | | |`);
  console.log('\n| site model kept at median agreement >= | sites kept | pooled F1 | per page: site reading kept at agreement >= (every page\'s agreement; pooled F1) |\n|---|---|---|---|');
  for (const th of THRESHOLDS) {
    const kept = all((r) => (r.median >= th ? r.site : r.alone));
    const perPage = all((r) => r.site.map((x, i) => (r.perPage[i]! >= th ? x : r.alone[i]!)));
    console.log(`| ${th} | ${readings.filter(([, r]) => r.median >= th).length} | ${f4(f1(kept))} | ${f4(f1(perPage))} |`);
  }
  console.log('\n| site model kept where on every page it holds at least this share of the general model\'s article | sites kept | pooled F1 |\n|---|---|---|');
  for (const th of HELD) console.log(`| ${th} | ${readings.filter(([, r]) => r.leastHeld >= th).length} | ${f4(f1(all((r) => (r.leastHeld >= th ? r.site : r.alone))))} |`);
  console.log('\n| as learnSites keeps it (held >= LEAST_HELD, backed >= LEAST_BACKED on every page) | sites kept | pooled F1 | general alone |\n|---|---|---|---|');
  const gate = (r: Reading): boolean => agreesEnough(r);
  console.log(`| ${LEAST_HELD} / ${LEAST_BACKED} | ${readings.filter(([, r]) => gate(r)).length} (${readings.filter(([, r]) => gate(r)).map(([s]) => s.site).join(', ')}) | ${f4(f1(all((r) => (gate(r) ? r.site : r.alone))))} | ${f4(f1(all((r) => r.alone)))} |`);
}

/**
 * Site models against general ones on msv-big9 (docs/sites.md): on every site-year folder,
 * train on the first k pages (k = 1, 2, 3, 5) and test on the rest, for
 *   - wrapper: wrapper induction's rules (src/wrapper), falling back to the bundled model where they
 *     find no body on a page;
 *   - maxent-k: MaxEnt trained on the k pages alone (features as the bundled model's);
 *   - ripper-k: RIPPER (list-extraction study's rules, docs/ripper.md) trained on the k pages alone;
 *   - bundled: the bundled model, no examples.
 * Scores: shingle F1 of headline + body against the gold's, title exact. Then template
 * drift: a site's 2013 pages -> its 2017 pages and the reverse. Times per page.
 * Then the rows of bench/sites-unlabelled.ts: learning without labels (k = 0), pages without
 * a URL picked by template, drift flagged and learned again.
 *   node dist/bench/sites.js [--corpus DIR] [--ks 1,2,3,5] [--no-maxent] [--no-ripper] [--no-unlabelled] [--only-unlabelled]
 */
import type { CorpusPage } from '../src/corpus/types.js';
import { computeFeatures } from '../src/features/index.js';
import { shingleSummary, type ShinglePageScore } from '../src/eval/article-benchmark.js';
import { titlesMatch } from '../src/eval/text-metrics.js';
import { trainOnSequences } from '../src/learn/train.js';
import { extractPage, inMemoryModel, loadExtractionModel, type LoadedModel } from '../src/pipeline/extract.js';
import { siteOfUrl } from '../src/util/site.js';
import type { Page } from '../src/page.js';
import { trainSiteModel, WrapperSiteModel } from '../src/wrapper/index.js';
import { benchUnlabelled } from './sites-unlabelled.js';
import { argValue } from './args.js';
import { articleScore } from './site-pages.js';
import { labelledSites, msvRoot, type SitePage } from './msv-sites.js';
import { withTemplates } from '../src/models/site-pick.js';
import type { SiteTemplates } from '../src/models/site-template.js';

const root = msvRoot();
const ks = argValue('ks', '1,2,3,5').split(',').map(Number);
const withMaxent = !process.argv.includes('--no-maxent');
const withRipper = !process.argv.includes('--no-ripper');
const withUnlabelled = !process.argv.includes('--no-unlabelled');
const onlyUnlabelled = process.argv.includes('--only-unlabelled');
// As `pith train` stores site models since issue 58, with their pages' templates: a test page that
// fits none of them is the site's drift and goes to the general model. --no-templates: as before.
const withoutTemplates = process.argv.includes('--no-templates');

type Item = SitePage;
interface Outcome { readonly shingle: ShinglePageScore; readonly title: boolean; readonly fallback?: boolean; readonly ms: number }

const general = await loadExtractionModel();
const score = (page: Page, entry: CorpusPage, m: LoadedModel): Outcome => {
  const t0 = performance.now();
  const r = extractPage(page, m);
  const ms = performance.now() - t0;
  return {
    shingle: articleScore(r, entry),
    title: titlesMatch(r.article.title, entry.gold.title ?? ''), ms,
    ...(r.extractor !== undefined ? { fallback: r.extractor === 'general' } : {}),
  };
};
/**
 * The general model with this site model for the page's host (as `pith extract` picks it); the
 * older msv pages declare no URL, so a test page without one gets the site's.
 */
const withSite = (model: WrapperSiteModel, page: Page, template?: SiteTemplates): LoadedModel => ({
  ...general,
  sites: [withTemplates(new WrapperSiteModel(siteOfUrl(page.url) ?? 'site.invalid', model.body), withoutTemplates ? undefined : template)],
});
const sitePage = (page: Page): Page => (siteOfUrl(page.url) ? page : { ...page, url: 'http://site.invalid/' });

const data: ReadonlyMap<string, readonly Item[]> = await labelledSites(root);
const folders = [...data.keys()];

const bundled = new Map<string, Outcome>();
for (const items of data.values()) for (const it of items) bundled.set(it.entry.htmlPath, score(it.lp.page, it.entry, general));

if (onlyUnlabelled) {
  benchUnlabelled(data, general, (it) => bundled.get(it.entry.htmlPath)!, ks);
  process.exit(0);
}

const f1 = (os: readonly Outcome[]) => shingleSummary(os.map((o) => o.shingle)).f1;
const titleRate = (os: readonly Outcome[]) => os.filter((o) => o.title).length / Math.max(1, os.length);
const fmt = (x: number) => x.toFixed(3);

interface Cell { wrapper: Outcome[]; maxent: Outcome[]; ripper: Outcome[]; bundled: Outcome[]; learnMs: number[]; induceMs: number[] }
const perK = new Map<number, Map<string, Cell>>();
for (const k of ks) {
  const cells = new Map<string, Cell>();
  for (const [f, items] of data) {
    const train = items.slice(0, k);
    const test = items.slice(k);
    const t = trainSiteModel(f, train.map((i) => i.lp));
    const cell: Cell = { wrapper: [], maxent: [], ripper: [], bundled: [], learnMs: [], induceMs: [t.induceMs] };
    for (const it of train) cell.learnMs.push(it.loadMs + t.induceMs / train.length);
    let me: LoadedModel | undefined;
    if (withMaxent) {
      const seqs = train.map((i) => ({ ...computeFeatures(i.lp.page, general.featureOptions), labels: i.lp.labels }));
      const file = trainOnSequences(seqs, { algorithm: 'maxent', features: general.featureOptions });
      me = inMemoryModel(file);
    }
    let rip: LoadedModel | undefined;
    if (withRipper) {
      const seqs = train.map((i) => ({ ...computeFeatures(i.lp.page, general.featureOptions), labels: i.lp.labels }));
      const file = trainOnSequences(seqs, { algorithm: 'ripper', features: general.featureOptions });
      rip = inMemoryModel(file);
    }
    for (const it of test) {
      cell.wrapper.push(score(sitePage(it.lp.page), it.entry, withSite(t.model, it.lp.page, t.template)));
      if (me) cell.maxent.push(score(it.lp.page, it.entry, me));
      if (rip) cell.ripper.push(score(it.lp.page, it.entry, rip));
      cell.bundled.push(bundled.get(it.entry.htmlPath)!);
    }
    cells.set(f, cell);
  }
  perK.set(k, cells);
}

console.log(`# Site models on msv-big9 (${folders.length} folders, ${[...data.values()].reduce((a, x) => a + x.length, 0)} pages)\n`);
console.log('## Train on the first k pages of a folder, test on the rest (all folders pooled)\n');
console.log('| k | wrapper F1 | wrapper title | fallback | fallback F1 | maxent-k F1 | maxent-k title | ripper-k F1 | ripper-k title | bundled F1 | bundled title |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const [k, cells] of perK) {
  const all = (pick: (c: Cell) => Outcome[]) => [...cells.values()].flatMap(pick);
  const w = all((c) => c.wrapper);
  const fb = w.filter((o) => o.fallback);
  console.log(`| ${k} | ${fmt(f1(w))} | ${fmt(titleRate(w))} | ${fb.length}/${w.length} | ${fb.length ? fmt(f1(fb)) : '-'} | ${withMaxent ? fmt(f1(all((c) => c.maxent))) : '-'} | ${withMaxent ? fmt(titleRate(all((c) => c.maxent))) : '-'} | ${withRipper ? fmt(f1(all((c) => c.ripper))) : '-'} | ${withRipper ? fmt(titleRate(all((c) => c.ripper))) : '-'} | ${fmt(f1(all((c) => c.bundled)))} | ${fmt(titleRate(all((c) => c.bundled)))} |`);
}
for (const k of ks.filter((x) => x <= 3)) {
  console.log(`\n### Per folder, k = ${k} (shingle F1 / title exact; fallback pages)\n`);
  console.log('| folder | wrapper | fallback | maxent-k | ripper-k | bundled |');
  console.log('|---|---|---|---|---|---|');
  for (const [f, c] of perK.get(k)!) {
    console.log(`| ${f} | ${fmt(f1(c.wrapper))} / ${fmt(titleRate(c.wrapper))} | ${c.wrapper.filter((o) => o.fallback).length} | ${withMaxent ? `${fmt(f1(c.maxent))} / ${fmt(titleRate(c.maxent))}` : '-'} | ${withRipper ? `${fmt(f1(c.ripper))} / ${fmt(titleRate(c.ripper))}` : '-'} | ${fmt(f1(c.bundled))} / ${fmt(titleRate(c.bundled))} |`);
  }
}

console.log('\n## Template drift: all 10 pages of one year -> the 10 of another\n');
console.log('| site | train -> test | wrapper F1 | wrapper title | fallback | fallback F1 | bundled F1 |');
console.log('|---|---|---|---|---|---|---|');
const drift: Outcome[] = [];
const driftBundled: Outcome[] = [];
const sites = [...new Set(folders.map((f) => f.replace(/-\d{4}$/, '')))];
for (const site of sites) {
  for (const [a, b] of [['2013', '2017'], ['2017', '2013']] as const) {
    const train = data.get(`${site}-${a}`);
    const test = data.get(`${site}-${b}`);
    if (!train || !test) continue;
    const t = trainSiteModel(`${site}-${a}`, train.map((i) => i.lp));
    const os = test.map((it) => score(sitePage(it.lp.page), it.entry, withSite(t.model, it.lp.page)));
    const bs = test.map((it) => bundled.get(it.entry.htmlPath)!);
    drift.push(...os);
    driftBundled.push(...bs);
    const fb = os.filter((o) => o.fallback);
    console.log(`| ${site} | ${a} -> ${b} | ${fmt(f1(os))} | ${fmt(titleRate(os))} | ${fb.length}/${os.length} | ${fb.length ? fmt(f1(fb)) : '-'} | ${fmt(f1(bs))} |`);
  }
}
const dfb = drift.filter((o) => o.fallback);
console.log(`| all | | ${fmt(f1(drift))} | ${fmt(titleRate(drift))} | ${dfb.length}/${drift.length} | ${dfb.length ? fmt(f1(dfb)) : '-'} | ${fmt(f1(driftBundled))} |`);

if (withUnlabelled) benchUnlabelled(data, general, (it) => bundled.get(it.entry.htmlPath)!, ks);

console.log('\n## Time per page (ms, this machine)\n');
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const allItems = [...data.values()].flat();
const c3 = [...(perK.get(ks.includes(3) ? 3 : ks[0]!)!.values())];
console.log('| step | mean ms |');
console.log('|---|---|');
console.log(`| load a page (decode, parse, segment) + align its gold | ${mean(allItems.map((i) => i.loadMs)).toFixed(1)} |`);
console.log(`| induce the rules of a site (k = ${ks.includes(3) ? 3 : ks[0]}, per site) | ${mean(c3.flatMap((c) => c.induceMs)).toFixed(2)} |`);
console.log(`| learn, per training page (load + align + share of induction) | ${mean(c3.flatMap((c) => c.learnMs)).toFixed(1)} |`);
console.log(`| extract with the wrapper (rules, decoder, article; page already parsed) | ${mean(c3.flatMap((c) => c.wrapper.map((o) => o.ms))).toFixed(2)} |`);
console.log(`| extract with the bundled model (features, model, decoder, article) | ${mean([...bundled.values()].map((o) => o.ms)).toFixed(2)} |`);

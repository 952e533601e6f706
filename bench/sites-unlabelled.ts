/**
 * bench:sites' rows for issue 58 (docs/sites.md): site models learned without labels (k = 0),
 * site models picked by template for pages without a URL, and drift between years.
 *
 * - k = 0: each folder's pages learned without labels (self-labelled by the general model and
 *   the site's template) and scored on the same pages: the learner never sees the gold, so
 *   scoring on its own input is fair. Each signal is then switched off in turn.
 * - URL-less: every page's URL (given and declared) stripped; a site model per folder learned
 *   from its first k labelled pages (named by its template); every page of every folder then
 *   extracted with all 20 site models in one model: a folder's own pages should pick its model,
 *   no page another folder's.
 * - drift: a site's 2013 pages (labelled) -> its 2017 pages under the same host, and back:
 *   pages flagged (siteDrift), then the drifted site learned again from the new pages.
 */
import type { CorpusPage } from '../src/corpus/types.js';
import type { DomNode } from '../src/dom/tree.js';
import type { Page } from '../src/page.js';
import { shingleSummary, type ShinglePageScore } from '../src/eval/article-benchmark.js';
import { titlesMatch } from '../src/eval/text-metrics.js';
import { extractPage, type ExtractOptions, type ExtractResult, type LoadedModel } from '../src/pipeline/extract.js';
import { pickSite, withTemplates } from '../src/models/site-pick.js';
import { siteLabelersOf } from '../src/models/site-models.js';
import { agreesEnough, keptSiteModel, learnSites } from '../src/wrapper/learn-sites.js';
import { trainSiteUnlabelled, type UnlabelledSignals } from '../src/wrapper/unlabelled.js';
import { trainSiteModel, WrapperSiteModel, type LabelledPage } from '../src/wrapper/index.js';
import { groupPagesBySite } from '../src/wrapper/site-groups.js';
import { cpuMsNow, median } from './cpu-time.js';
import { articleScore } from './site-pages.js';

export interface BenchItem { readonly entry: CorpusPage; readonly lp: LabelledPage }
interface Scored { readonly shingle: ShinglePageScore; readonly title: boolean }

const fmt = (x: number): string => x.toFixed(3);
/** The headline rows (k = 0 with all signals, drift's total) to 4 decimals: their margins to the targets are thin. */
const fmt4 = (x: number): string => x.toFixed(4);
const f1 = (os: readonly Scored[]): number => shingleSummary(os.map((o) => o.shingle)).f1;
const titleRate = (os: readonly Scored[]): number => os.filter((o) => o.title).length / Math.max(1, os.length);

function scoreOf(page: Page, entry: CorpusPage, model: LoadedModel, options: ExtractOptions = {}): Scored & { readonly extractor?: string; readonly drift: boolean } {
  return scoreOfResult(extractPage(page, model, options), entry);
}

/** A page's extraction scored against its gold. */
function scoreOfResult(r: ExtractResult, entry: CorpusPage): Scored & { readonly extractor?: string; readonly drift: boolean } {
  return {
    shingle: articleScore(r, entry),
    title: titlesMatch(r.article.title, entry.gold.title ?? ''), drift: r.siteDrift !== undefined,
    ...(r.extractor !== undefined ? { extractor: r.extractor } : {}),
  };
}

/** The page with no URL: none given, and the ones it declares (`<base href>`, og:url, canonical links) removed. */
export function withoutUrl(page: Page): Page {
  const nodes = page.tree.nodes.map((n): DomNode => (n.kind === 'element' && (n.tag === 'link' || n.tag === 'base') && n.attrs['href'] !== undefined ? { ...n, attrs: { ...n.attrs, href: '' } } : n));
  return { ...page, url: undefined, tree: { ...page.tree, nodes, baseUrl: undefined, meta: page.tree.meta.filter((m) => m.key !== 'og:url') } };
}

/** The page under this URL (given, so its declared one does not count). */
const atUrl = (page: Page, url: string): Page => ({ ...page, url });

const SIGNAL_ROWS: readonly [string, UnlabelledSignals][] = [
  ['all signals', {}],
  ['without template', { template: false }],
  ['without path vote', { pathVote: false }],
  ['without container', { container: false }],
  ['without title vote', { titleVote: false }],
  ['without link lines', { links: false }],
  ['without confident body', { confident: false }],
  ['without captions', { captions: false }],
  ['none (the general model\'s labels as they are)', { template: false, pathVote: false, container: false, titleVote: false, links: false, confident: false, captions: false }],
];

export function benchUnlabelled(data: ReadonlyMap<string, readonly BenchItem[]>, general: LoadedModel, bundled: (it: BenchItem) => Scored, ks: readonly number[]): void {
  console.log('\n## Without labels (k = 0): learn on a folder\'s pages, score the same pages\n');
  console.log('The learner sees no gold: self-labelled from the bundled model\'s reading and the site\'s own template, so scoring on the pages it learned from is fair.\n');
  // Each page without its URL, and the general model's score of it, made once: every signal row and every k reads them.
  const urlLess = new Map<string, Page>();
  const pageOf = (it: BenchItem): Page => {
    let page = urlLess.get(it.entry.htmlPath);
    if (!page) urlLess.set(it.entry.htmlPath, (page = withoutUrl(it.lp.page)));
    return page;
  };
  const generalScores = new Map<string, Scored>();
  const generalScoreOf = (it: BenchItem): Scored => {
    let scored = generalScores.get(it.entry.htmlPath);
    if (!scored) generalScores.set(it.entry.htmlPath, (scored = scoreOf(pageOf(it), it.entry, general)));
    return scored;
  };
  const perFolder = new Map<string, { os: Scored[]; cpu: number; pages: number; agreement: { median: number; lowest: number; leastHeld: number; leastBacked: number } }>();
  const signalScores: [string, Scored[]][] = [];
  const declined: string[] = [];
  for (const [name, signals] of SIGNAL_ROWS) {
    const all: Scored[] = [];
    for (const [f, items] of data) {
      const t0 = cpuMsNow();
      const t = trainSiteUnlabelled('site.invalid', items.map((i) => ({ id: i.entry.id, page: pageOf(i) })), general, { signals });
      const cpu = cpuMsNow() - t0;
      // As learnSites keeps it: a site whose rules disagree with the general model on its own pages is not kept.
      if (!agreesEnough(t.agreement)) declined.push(`${name}: ${f}`);
      const model = keptSiteModel(t, general);
      const os = items.map((it) => scoreOf(pageOf(it), it.entry, model));
      all.push(...os);
      if (name === 'all signals') perFolder.set(f, { os, cpu, pages: items.length, agreement: { median: median(t.agreement.pages.map((a) => a.f1)), lowest: Math.min(...t.agreement.pages.map((a) => a.f1)), leastHeld: t.agreement.leastHeld, leastBacked: t.agreement.leastBacked } });
    }
    signalScores.push([name, all]);
  }
  const bundledAll = [...data.values()].flat().map(bundled);
  console.log('| signals | F1 | title exact |');
  console.log('|---|---|---|');
  for (const [name, os] of signalScores) console.log(`| ${name} | ${(name === 'all signals' ? fmt4 : fmt)(f1(os))} | ${fmt(titleRate(os))} |`);
  console.log(`| bundled model alone | ${fmt(f1(bundledAll))} | ${fmt(titleRate(bundledAll))} |`);
  console.log(`\nSites not kept by the agreement check (learnSites' agreesEnough; their pages read by the general model): ${declined.length ? declined.join(', ') : 'none'}.`);
  console.log('\n| folder | k = 0 F1 | k = 0 title | bundled F1 | bundled title | learn CPU ms (10 pages) | agreement with the general model, F1 median (lowest); least share of its article held; least share of the site model\'s backed by it |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [f, v] of perFolder) {
    const b = data.get(f)!.map(bundled);
    console.log(`| ${f} | ${fmt(f1(v.os))} | ${fmt(titleRate(v.os))} | ${fmt(f1(b))} | ${fmt(titleRate(b))} | ${v.cpu.toFixed(0)} | ${v.agreement.median.toFixed(3)} (${v.agreement.lowest.toFixed(3)}); ${v.agreement.leastHeld.toFixed(3)}; ${v.agreement.leastBacked.toFixed(3)} |`);
  }
  const cpus = [...perFolder.values()].map((v) => v.cpu);
  console.log(`\nLearning a folder's 10 pages without labels (pages already parsed; the general model's reading included): mean ${(cpus.reduce((a, b) => a + b, 0) / cpus.length).toFixed(0)} ms CPU, most ${Math.max(...cpus).toFixed(0)} ms.`);

  console.log('\n## Pages without a URL: picked by template\n');
  console.log('Every URL stripped (given and declared). One model holds a site model per folder, learned from its first k labelled pages and named by its template; every page of every folder is extracted with it.\n');
  console.log('| k | site models | own pages picked (in training) | own pages picked (not in training) | of them by chrome | picked by another folder\'s model | F1 (not in training) | title |');
  console.log('|---|---|---|---|---|---|---|---|');
  const chromeRows: string[] = [];
  const aloneRows: string[] = [];
  for (const k of [...ks.filter((x) => x <= 5), 10]) {
    const entries = [...data].map(([f, items]) => {
      const train = items.slice(0, k).map((i) => ({ ...i.lp, page: pageOf(i) }));
      const groups = groupPagesBySite(train.map((p) => p.page));
      const t = trainSiteModel(groups[0]!.name, train);
      // The folder's name is added only to tell the bench's 20 site models apart when scoring.
      return { folder: f, host: `${t.model.host}#${f}`, site: withTemplates(new WrapperSiteModel(`${t.model.host}#${f}`, t.model.body), t.template) };
    });
    const model: LoadedModel = { ...general, sites: entries.map((e) => e.site) };
    let inTrain = 0; let inTrainPicked = 0; let test = 0; let testPicked = 0; let wrong = 0; let byChrome = 0;
    const os: Scored[] = [];
    // Pages picked by chrome: as read (the general model, drift flagged, or the site model), and read the other way.
    const chromeRead: Scored[] = []; const chromeSite: Scored[] = []; const chromeGeneral: Scored[] = [];
    let aloneSite = 0; let aloneYear = 0; let aloneTotal = 0; let aloneByTemplate = 0; let aloneFlagged = 0;
    const aloneRead: Scored[] = []; const aloneGeneral: Scored[] = [];
    const wrongPicks: string[] = [];
    for (const [f, items] of data) {
      const ownHost = entries.find((e) => e.folder === f)!.host;
      // Without its own folder's site model: a page no site model was learned from (another site's, or this site's another year).
      const others = entries.filter((e) => e.folder !== f).map((e) => e.site);
      items.forEach((it, i) => {
        const page = pageOf(it);
        const r = extractPage(page, model);
        const host = r.site?.host ?? r.siteDrift?.host;
        const own = host === ownHost;
        if (host !== undefined && !own) {
          wrong++;
          wrongPicks.push(`${f}/${it.entry.id} -> ${host} by ${r.site?.by ?? r.siteDrift?.reason}`);
        }
        if (i < k) {
          inTrain++;
          if (own) inTrainPicked++;
        } else {
          test++;
          if (own) testPicked++;
          const scored = scoreOfResult(r, it.entry);
          os.push(scored);
          if (r.site?.by === 'chrome' && own) {
            byChrome++;
            chromeRead.push(scored);
            chromeSite.push(scoreOf(page, it.entry, model, { site: ownHost }));
            chromeGeneral.push(generalScoreOf(it));
          }
          const alone = pickSite(others, undefined, page);
          aloneTotal++;
          if (alone) {
            const folder = entries.find((e) => e.site === alone.site)!.folder;
            if (folder.replace(/-\d{4}$/, '') === f.replace(/-\d{4}$/, '')) {
              aloneYear++;
              const read = scoreOf(page, it.entry, { ...general, sites: others });
              if (read.drift) aloneFlagged++;
              aloneRead.push(read);
              aloneGeneral.push(generalScoreOf(it));
            } else {
              aloneSite++;
              chromeRows.push(`| ${k} | without its own site model: ${f}/${it.entry.id} -> ${folder} by ${alone.by} (share ${alone.share ?? '-'}) | | | | | |`);
            }
            if (alone.by !== 'chrome') aloneByTemplate++;
          }
        }
      });
    }
    console.log(`| ${k} | ${entries.length} | ${inTrainPicked}/${inTrain} | ${test ? `${testPicked}/${test}` : '-'} | ${test ? byChrome : '-'} | ${wrong} | ${os.length ? fmt(f1(os)) : '-'} | ${os.length ? fmt(titleRate(os)) : '-'} |`);
    if (chromeRead.length) chromeRows.push(`| ${k} | ${chromeRead.length} | ${fmt(f1(chromeRead))} | ${fmt(f1(chromeGeneral))} | ${fmt(f1(chromeSite))} | ${fmt(titleRate(chromeGeneral))} | ${fmt(titleRate(chromeSite))} |`);
    if (aloneTotal) aloneRows.push(`| ${k} | ${aloneTotal} | ${aloneSite} | ${aloneYear} | ${aloneByTemplate} | ${aloneFlagged} | ${aloneRead.length ? fmt(f1(aloneRead)) : '-'} | ${aloneGeneral.length ? fmt(f1(aloneGeneral)) : '-'} |`);
    for (const w of wrongPicks) chromeRows.push(`| ${k} | wrong pick: ${w} | | | | | |`);
  }
  console.log('\nPages picked by chrome (no template of their site fits them): as read (the site model labels them, the general model where its rules find no article), by the general model alone, by the site model alone:\n');
  console.log('| k | pages | F1 as read | F1 general model | F1 site model | title general | title site model |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of chromeRows) console.log(r);
  console.log('\nEach page not learned from, with its own folder\'s site model left out (a site or year no site model was learned from): picked by another site\'s model, by its site\'s other year\'s:\n');
  console.log('| k | pages | another site | the same site, another year | of them by template | of them read by the general model (drift flagged) | F1 of the other-year pages as read | F1 general model |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of aloneRows) console.log(r);

  console.log('\n## Drift: a site\'s 2013 model on its 2017 pages (same host), and back\n');
  console.log('| site | train -> test | flagged (siteDrift) | F1 with the old model | F1 after --learn-sites | outcome | bundled F1 |');
  console.log('|---|---|---|---|---|---|---|');
  const sites = [...new Set([...data.keys()].map((f) => f.replace(/-\d{4}$/, '')))];
  const before: Scored[] = []; const after: Scored[] = []; const bund: Scored[] = [];
  let flagged = 0; let total = 0;
  for (const site of sites) {
    for (const [a, b] of [['2013', '2017'], ['2017', '2013']] as const) {
      const train = data.get(`${site}-${a}`);
      const testItems = data.get(`${site}-${b}`);
      if (!train || !testItems) continue;
      const host = `${site}.invalid`;
      const url = (i: number): string => `http://${host}/${b}/${i}`;
      const t = trainSiteModel(host, train.map((i) => i.lp));
      const model: LoadedModel = { ...general, sites: [withTemplates(t.model, t.template)] };
      const pages = testItems.map((it, i) => atUrl(it.lp.page, url(i)));
      const old = testItems.map((it, i) => scoreOf(pages[i]!, it.entry, model));
      const learned = learnSites(pages.map((page, i) => ({ id: String(i), page })), model);
      const relearned: LoadedModel = { ...general, sites: siteLabelersOf([...learned.flatMap((s) => (s.entry ? [s.entry] : []))]) };
      const now = learned.some((s) => s.entry) ? testItems.map((it, i) => scoreOf(pages[i]!, it.entry, relearned)) : old;
      const bs = testItems.map(bundled);
      const n = old.filter((o) => o.drift).length;
      flagged += n;
      total += old.length;
      before.push(...old); after.push(...now); bund.push(...bs);
      console.log(`| ${site} | ${a} -> ${b} | ${n}/${old.length} | ${fmt(f1(old))} | ${fmt(f1(now))} | ${learned.map((s) => s.outcome).join(', ')} | ${fmt(f1(bs))} |`);
    }
  }
  console.log(`| all | | ${flagged}/${total} | ${fmt(f1(before))} | ${fmt4(f1(after))} | | ${fmt(f1(bund))} |`);
}

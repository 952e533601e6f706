/**
 * Learning a site without labels, cross-validated on msv-big9 (docs/sites.md, "Learning a site
 * without labels"): each folder's pages in two halves; each half learned without labels and the
 * other half extracted with the site model learned (never scored on a page learned from), URLs
 * stripped. Per folder and overall: shingle F1 and title exact, the bundled model's on the same
 * pages, and how far the self-labels of the learned pages are from their gold (characters the
 * self-labels call content that the gold does not, and the reverse), with the texts most often wrong.
 * Variants (JSON options of trainSiteUnlabelled, `;`-separated) are measured beside the default.
 *   node dist/bench/sites-unlabelled-cv.js [--corpus DIR] [--errors] [--variants '{"rounds":1};{"signals":{"confident":false}}']
 */
import type { CorpusPage } from '../src/corpus/types.js';
import { shingleSummary, type ShinglePageScore } from '../src/eval/article-benchmark.js';
import { titlesMatch } from '../src/eval/text-metrics.js';
import { extractPage, loadExtractionModel, siteLabelled, type LoadedModel } from '../src/pipeline/extract.js';
import type { LabelledPage } from '../src/wrapper/index.js';
import { selfLabel, trainSiteUnlabelled, type UnlabelledOptions } from '../src/wrapper/unlabelled.js';
import { agreesEnough, keptSiteModel } from '../src/wrapper/learn-sites.js';
import { withoutUrl } from './sites-unlabelled.js';
import { argValue } from './args.js';
import { articleScore } from './site-pages.js';
import { labelledSites, msvRoot } from './msv-sites.js';

const root = msvRoot();
const showErrors = process.argv.includes('--errors');

interface Item { readonly entry: CorpusPage; readonly lp: LabelledPage }
interface Scored { readonly shingle: ShinglePageScore; readonly title: boolean; readonly taken: boolean }

const general = await loadExtractionModel();
const data: ReadonlyMap<string, readonly Item[]> = await labelledSites(root);

const scoreOf = (item: Item, model: LoadedModel): Scored => {
  const r = extractPage(withoutUrl(item.lp.page), model);
  return {
    shingle: articleScore(r, item.entry),
    title: titlesMatch(r.article.title, item.entry.gold.title ?? ''), taken: siteLabelled(r),
  };
};
const f1 = (os: readonly Scored[]): number => shingleSummary(os.map((o) => o.shingle)).f1;
const titleRate = (os: readonly Scored[]): number => os.filter((o) => o.title).length / Math.max(1, os.length);
const fmt = (x: number): string => x.toFixed(3);
const isContent = (l: string | undefined): boolean => l === 'body' || l === 'heading' || l === 'title';

const VARIANTS: readonly [string, UnlabelledOptions][] = [
  ['as now', {}],
  ...(argValue('variants', '') ? argValue('variants', '').split(';').map((v): [string, UnlabelledOptions] => [v, JSON.parse(v) as UnlabelledOptions]) : []),
];

for (const [name, options] of VARIANTS) {
  console.log(`\n## ${name}\n`);
  console.log('| folder | CV F1 | CV title | site model took | bundled F1 | self-label content not gold (chars) | gold content not self-labelled (chars) |');
  console.log('|---|---|---|---|---|---|---|');
  const all: Scored[] = [];
  const bundledAll: Scored[] = [];
  const wrongTexts = new Map<string, number>();
  let extraAll = 0;
  let missAll = 0;
  const declined: string[] = [];
  for (const [f, items] of data) {
    const half = Math.ceil(items.length / 2);
    const os: Scored[] = [];
    let extra = 0;
    let miss = 0;
    for (const [train, test] of [[items.slice(0, half), items.slice(half)], [items.slice(half), items.slice(0, half)]] as const) {
      const pages = train.map((i) => ({ id: i.entry.id, page: withoutUrl(i.lp.page) }));
      const t = trainSiteUnlabelled('site.invalid', pages, general, options);
      // As learnSites keeps it: a site whose rules disagree with the general model on its own pages is not kept.
      if (!agreesEnough(t.agreement)) declined.push(`${f} (held ${t.agreement.leastHeld.toFixed(3)}, backed ${t.agreement.leastBacked.toFixed(3)})`);
      const model = keptSiteModel(t, general);
      os.push(...test.map((it) => scoreOf(it, model)));
      const self = selfLabel(pages, general, options.signals);
      self.pages.forEach((p, k) => {
        const gold = train[k]!.lp.labels;
        p.page.blocks.forEach((b, i) => {
          if (b.kind !== 'text' || gold[i] === 'unknown') return;
          const s = isContent(p.labels[i]);
          const g = isContent(gold[i]);
          if (s && !g) extra += b.text.length;
          if (!s && g) miss += b.text.length;
          if (s !== g && showErrors) {
            const key = `${f} ${s ? '+' : '-'} ${b.text.slice(0, 70).replace(/\s+/g, ' ')}`;
            wrongTexts.set(key, (wrongTexts.get(key) ?? 0) + b.text.length);
          }
        });
      });
    }
    const bs = items.map((it) => scoreOf(it, general));
    all.push(...os);
    bundledAll.push(...bs);
    extraAll += extra;
    missAll += miss;
    console.log(`| ${f} | ${fmt(f1(os))} | ${fmt(titleRate(os))} | ${os.filter((o) => o.taken).length}/${os.length} | ${fmt(f1(bs))} | ${extra} | ${miss} |`);
  }
  console.log(`| all | ${f1(all).toFixed(4)} | ${fmt(titleRate(all))} | ${all.filter((o) => o.taken).length}/${all.length} | ${fmt(f1(bundledAll))} | ${extraAll} | ${missAll} |`);
  console.log(`\nHalves not kept by the agreement check (learnSites' agreesEnough): ${declined.length ? declined.join(', ') : 'none'}.`);
  if (showErrors) {
    console.log('\nSelf-labels most wrong (characters; + content the gold leaves out, - gold content left out):');
    for (const [k, v] of [...wrongTexts].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(`  ${v} ${k}`);
  }
}

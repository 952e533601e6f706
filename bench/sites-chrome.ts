/**
 * How much of a site's chrome (docs/sites.md, "Picking by chrome") the pages of each msv-big9
 * folder hold. A site model per folder learned from its first k labelled pages; for every page
 * not learned from, the share of its chrome candidates that are its own folder's chrome, the same
 * site's other years' and other sites' (texts of two or more site models' chrome left out, as
 * chromePick does), with all 20 site models in one model, with its own folder's left out (the
 * page of a site or year no site model was learned from), and with one other site model alone
 * (nothing to leave out: a model file of one site). CHROME_MATCH_THRESHOLD sits
 * between them.
 *
 *   node dist/bench/sites-chrome.js [--corpus DIR] [--ks 1,2,3,5]
 */
import { argValue } from './args.js';
import { labelledSites, msvRoot } from './msv-sites.js';
import { bestTemplateFit, chromeShare, pageChromeTexts, pageSkeleton, sharedChromeTexts, siteTemplatesOfPages, TEMPLATE_MATCH_THRESHOLD, type SiteTemplates } from '../src/models/site-template.js';
import { CHROME_MARGIN, CHROME_MATCH_THRESHOLD, CHROME_MIN_TEXTS } from '../src/models/site-pick.js';

const ks = argValue('ks', '1,2,3,5').split(',').map(Number);
const data = await labelledSites(msvRoot());
const folders = [...data.keys()];
const siteOf = (f: string): string => f.replace(/-\d{4}$/, '');
const fmt = (x: number): string => x.toFixed(3);

/** Chrome texts two or more of these site models hold (as chromePick leaves them out). */
const sharedOf = (models: readonly SiteTemplates[]): Set<number> => sharedChromeTexts(models.map((m) => m.chrome));

interface Highest { share: number; what: string }
const higher = (h: Highest, share: number, what: string): void => {
  if (share > h.share) Object.assign(h, { share, what });
};

console.log(`chromePick: share >= ${CHROME_MATCH_THRESHOLD}, >= ${CHROME_MIN_TEXTS} texts, ${CHROME_MARGIN} x the next site's`);
for (const k of ks) {
  const models = new Map<string, SiteTemplates>();
  for (const [f, items] of data) models.set(f, siteTemplatesOfPages(items.slice(0, k).map((i) => ({ page: i.lp.page, labels: i.lp.labels }))));
  const sharedAll = sharedOf([...models.values()]);
  const sharedWithout = new Map(folders.map((f) => [f, sharedOf(folders.filter((g) => g !== f).map((g) => models.get(g)!))]));
  const all = { ownLow: { share: 1, what: '' }, year: { share: 0, what: '' }, site: { share: 0, what: '' } };
  const alone = { year: { share: 0, what: '' }, site: { share: 0, what: '' } };
  const single = { year: { share: 0, what: '' }, site: { share: 0, what: '' } };
  const rows: string[] = [];
  // Per pair of a site's years (own folder left out): the highest share of a page of one in the other's chrome, and the pages at the threshold.
  const years = new Map<string, { high: number; over: number; pages: number }>();
  for (const [f, items] of data) {
    items.slice(k).forEach((it) => {
      const texts = pageChromeTexts(it.lp.page);
      const id = `${f}/${it.entry.id}`;
      let next = { share: 0, what: '' };
      for (const g of folders) {
        if (g === f) continue;
        const slot = siteOf(g) === siteOf(f) ? 'year' : 'site';
        const s = chromeShare(models.get(g)!.chrome, texts, sharedAll);
        higher(all[slot], s.share, `${id} -> ${g}`);
        higher(next, s.share, g);
        const aloneShare = chromeShare(models.get(g)!.chrome, texts, sharedWithout.get(f)).share;
        higher(single[slot], chromeShare(models.get(g)!.chrome, texts).share, `${id} -> ${g}`);
        higher(alone[slot], aloneShare, `${id} -> ${g}`);
        if (slot === 'year') {
          const y = years.get(`${f} -> ${g}`) ?? { high: 0, over: 0, pages: 0 };
          years.set(`${f} -> ${g}`, { high: Math.max(y.high, aloneShare), over: y.over + (aloneShare >= CHROME_MATCH_THRESHOLD ? 1 : 0), pages: y.pages + 1 });
        }
      }
      const own = chromeShare(models.get(f)!.chrome, texts, sharedAll);
      if (own.share < all.ownLow.share) all.ownLow = { share: own.share, what: id };
      const picked = bestTemplateFit(models.get(f)!, pageSkeleton(it.lp.page.tree)).fit >= TEMPLATE_MATCH_THRESHOLD;
      if (!picked) rows.push(`| ${id} | ${fmt(own.share)} (${own.texts} texts) | ${fmt(next.share)} ${next.what} |`);
    });
  }
  const sizes = [...models.values()].map((m) => m.chrome?.texts.length ?? 0);
  console.log(`\n## k = ${k}: ${Math.min(...sizes)}-${Math.max(...sizes)} chrome texts per site model\n`);
  console.log('| pages not learned from | highest share of another site\'s chrome | of the same site\'s other year | lowest of its own |');
  console.log('|---|---|---|---|');
  console.log(`| all 20 site models in the model | ${fmt(all.site.share)} (${all.site.what}) | ${fmt(all.year.share)} (${all.year.what}) | ${fmt(all.ownLow.share)} (${all.ownLow.what}) |`);
  console.log(`| its own folder's left out | ${fmt(alone.site.share)} (${alone.site.what}) | ${fmt(alone.year.share)} (${alone.year.what}) | |`);
  console.log(`| one other site model alone in the model | ${fmt(single.site.share)} (${single.site.what}) | ${fmt(single.year.share)} (${single.year.what}) | |`);
  console.log('\nPages no template of their folder fits (they reach chromePick):\n');
  console.log('| page | share of its own folder\'s chrome | next folder |');
  console.log('|---|---|---|');
  for (const r of rows) console.log(r);
  if (k !== 3) continue;
  console.log('\nThe same site\'s other years (own folder left out): per pair, a page\'s highest share of the other year\'s chrome, and its pages at the threshold or more:\n');
  console.log('| pages of -> chrome of | highest share | pages >= threshold |');
  console.log('|---|---|---|');
  for (const [pair, y] of years) if (/^(cnn-2013 -> cnn-2017|cnn-2017 -> cnn-2013|forbes-2005 -> forbes-2009|forbes-2009 -> forbes-2005|foxnews-2013 -> foxnews-2017|foxnews-2017 -> foxnews-2013|bbc-2013 -> bbc-2017|bbc-2017 -> bbc-2013|arstechnica-2013 -> arstechnica-2017|arstechnica-2017 -> arstechnica-2013)$/.test(pair)) console.log(`| ${pair} | ${fmt(y.high)} | ${y.over}/${y.pages} |`);
}

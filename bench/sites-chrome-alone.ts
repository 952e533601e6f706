/**
 * A model file of one site (docs/sites.md, "Picking by chrome"): the new user's path, one site's
 * URL-less pages learned, then a batch of other sites' pages. With one site model no line is
 * left out as another site model's, so every page picked by it is a wrong pick. For each
 * msv-big9 folder's site model learned from its first k labelled pages (URLs stripped, as
 * bench/sites-unlabelled.ts learns them), the first N pages of other corpora (URLs stripped,
 * short pages included) are put to pickSite with that site model alone: picks by template and
 * by chrome counted, and the chrome picks listed. k = 0: the site model learned without labels
 * from all the folder's pages (`pith train --unlabelled`).
 *
 *   node dist/bench/sites-chrome-alone.js [--ks 0,1,3] [--pages 300] [--corpora trafilatura-eval,wcxb-dev,cleaneval,l3s-gn1,dragnet]
 */
import { join } from 'node:path';
import { loadCorpusPage, openCorpus } from '../src/corpus/open.js';
import type { Page } from '../src/page.js';
import { CHROME_MIN_TEXTS, pickSite, withTemplates, type TemplatedSite } from '../src/models/site-pick.js';
import { chromeShare, pageChromeTexts } from '../src/models/site-template.js';
import { groupPagesBySite } from '../src/wrapper/site-groups.js';
import { trainSiteModel, type LabelledPage, type SiteTraining } from '../src/wrapper/index.js';
import { trainSiteUnlabelled } from '../src/wrapper/unlabelled.js';
import { loadExtractionModel, siteUrlOf } from '../src/pipeline/extract.js';
import { siteOfUrl } from '../src/util/site.js';
import { argValue } from './args.js';
import { SHARED_CORPORA } from './folds.js';
import { labelledSites, msvRoot } from './msv-sites.js';
import { withoutUrl } from './sites-unlabelled.js';

const ks = argValue('ks', '0,1,3').split(',').map(Number);
const perCorpus = Number(argValue('pages', '300'));
const corpora = argValue('corpora', 'trafilatura-eval,wcxb-dev,cleaneval,l3s-gn1,dragnet').split(',');

const others: { id: string; page: Page; texts: Set<number>; lines: number; host: string }[] = [];
for (const name of corpora) {
  const corpus = await openCorpus(join(SHARED_CORPORA, name));
  for (const entry of corpus.pages.slice(0, perCorpus)) {
    try {
      const full = await loadCorpusPage(corpus, entry);
      const page = withoutUrl(full);
      const texts = pageChromeTexts(page);
      others.push({ id: `${name}/${entry.id}`, page, texts, lines: texts.size, host: siteOfUrl(siteUrlOf(full)) ?? '' });
    } catch {
      // A page that does not load is no page to pick.
    }
  }
}
const data = await labelledSites(msvRoot());
const general = await loadExtractionModel();
/** A site model from its first k labelled pages, named by its template. */
const labelled = (train: LabelledPage[]): SiteTraining => trainSiteModel(groupPagesBySite(train.map((p) => p.page))[0]!.name, train);
/** k = 0: learned without labels from all the folder's pages (`pith train --unlabelled`). */
const unlabelled = (pages: Page[]): SiteTraining => trainSiteUnlabelled(groupPagesBySite(pages)[0]!.name, pages.map((page) => ({ id: page.id, page })), general);
console.log(`${others.length} pages of ${corpora.join(', ')} (first ${perCorpus} of each, URLs stripped); each msv-big9 folder's site model alone in the model\n`);
console.log('| k | pages x site models | same site\'s pages picked (URL host) | other sites\' pages picked by template | by chrome | highest share of another site\'s page (2+ texts) | chrome picks |');
console.log('|---|---|---|---|---|---|---|');
for (const k of ks) {
  let byTemplate = 0;
  let sameSite = 0;
  const byChrome: string[] = [];
  const highest = { share: 0, what: '' };
  for (const [folder, items] of data) {
    const t = k === 0 ? unlabelled(items.map((i) => withoutUrl(i.lp.page))) : labelled(items.slice(0, k).map((i) => ({ ...i.lp, page: withoutUrl(i.lp.page) })));
    const alone: TemplatedSite[] = [withTemplates(t.model, t.template)];
    for (const o of others) {
      const pick = pickSite(alone, undefined, o.page);
      // A page of the same site in another corpus (its URL's host) is no wrong pick.
      const same = o.host.split('.').includes(folder.replace(/-\d{4}$/, ''));
      if (pick && same) sameSite++;
      if (same) continue;
      const c = chromeShare(t.template.chrome, o.texts);
      if (c.texts >= CHROME_MIN_TEXTS && c.share > highest.share) Object.assign(highest, { share: c.share, what: `${o.id} -> ${folder}, ${c.texts}/${o.lines}` });
      if (!pick) continue;
      if (pick.by === 'template') byTemplate++;
      if (pick.by === 'chrome') byChrome.push(`${o.id} (${o.host || 'no URL'}) -> ${folder}: ${pick.share}, ${Math.round(pick.share! * o.lines)}/${o.lines}`);
    }
  }
  if (process.argv.includes('--list')) for (const c of byChrome) console.error(c);
  console.log(`| ${k} | ${others.length} x ${data.size} | ${sameSite} | ${byTemplate} | ${byChrome.length} | ${highest.share.toFixed(3)} (${highest.what}) | ${byChrome.slice(0, 12).join('; ')}${byChrome.length > 12 ? '; ...' : ''} |`);
}

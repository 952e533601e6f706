/**
 * The "body far shorter than the site's usual" drift check on msv-big9 (docs/sites.md, "Drift"):
 * the body a site model finds on a page against the shortest body of the pages it was learned
 * from (SHORT_BODY_SHARE). False alarms: pages of the site's own year it was not learned from
 * (the wrapper and MaxEnt from labelled pages, k = 3 and 5: the first k pages learned, the rest tested; without labels: the
 * folder's pages in two halves, each half learned and the other tested). Detections: the other
 * year's pages (2013 <-> 2017 and every other pair of years of a site), with the template check
 * left out so that the length check is measured alone.
 *   node dist/bench/sites-drift.js [--corpus DIR] [--shares 0.1,0.2,0.25,0.3,0.4]
 */
import type { Page } from '../src/page.js';
import { loadExtractionModel, type LoadedModel } from '../src/pipeline/extract.js';
import { bodyCharsOf, siteTemplatesOfPages, type SiteTemplates } from '../src/models/site-template.js';
import { SHORT_BODY_SHARE, withTemplates, type TemplatedSite } from '../src/models/site-pick.js';
import { trainSiteModel, type LabelledPage } from '../src/wrapper/index.js';
import { trainSiteUnlabelled } from '../src/wrapper/unlabelled.js';
import { predictPage } from '../src/models/page-prediction.js';
import { LearnerSiteModel } from '../src/models/site-learner.js';
import { computeFeatures } from '../src/features/index.js';
import { trainOnSequences } from '../src/learn/train.js';
import { argValue } from './args.js';
import { labelledSites, msvRoot } from './msv-sites.js';

const root = msvRoot();
const shares = argValue('shares', `0.1,0.15,0.2,${SHORT_BODY_SHARE},0.3,0.4,0.5`).split(',').map(Number);

const general = await loadExtractionModel();
const data = new Map([...await labelledSites(root)].map(([folder, pages]) => [folder, pages.map((p) => p.lp)]));

/** A tested page: the body the site model found over the shortest it learned (undefined: its rules found none, the older `rules` drift). */
interface Ratio { readonly folder: string; readonly id: string; readonly ratio?: number }

function ratiosOf(folder: string, site: TemplatedSite, templates: SiteTemplates, pages: readonly LabelledPage[]): Ratio[] {
  const shortest = templates.bodyLengths?.[0] ?? 0;
  return pages.map((p) => {
    const g = (): ReturnType<typeof predictPage> => predictPage(p.page, general.labeler, general.featureOptions);
    const prediction = site.labelPage(p.page, g);
    return { folder, id: p.id, ...(prediction && shortest > 0 ? { ratio: bodyCharsOf(p.page, prediction.labels) / shortest } : {}) };
  });
}

const labelled = (host: string, train: readonly LabelledPage[]): { site: TemplatedSite; templates: SiteTemplates } => {
  const t = trainSiteModel(host, train);
  return { site: withTemplates(t.model, t.template), templates: t.template };
};
const unlabelled = (host: string, train: readonly LabelledPage[], model: LoadedModel): { site: TemplatedSite; templates: SiteTemplates } => {
  const t = trainSiteUnlabelled(host, train.map((p) => ({ id: p.id, page: p.page as Page })), model);
  return { site: withTemplates(t.model, t.template), templates: t.template };
};

/** MaxEnt trained on the pages alone (features as the bundled model's), as `pith train --model maxent --site` stores it. */
const maxent = (host: string, train: readonly LabelledPage[]): { site: TemplatedSite; templates: SiteTemplates } => {
  const file = trainOnSequences(train.map((p) => ({ ...computeFeatures(p.page, general.featureOptions), labels: p.labels })), { algorithm: 'maxent', features: general.featureOptions });
  const templates = siteTemplatesOfPages(train);
  return { site: withTemplates(new LearnerSiteModel(host, file), templates), templates };
};

const rows: [string, Ratio[]][] = [];
for (const [name, learn] of [['labelled', labelled], ['maxent', maxent]] as const) {
  for (const k of [3, 5]) {
    const rs: Ratio[] = [];
    for (const [f, pages] of data) {
      const { site, templates } = learn(f, pages.slice(0, k));
      rs.push(...ratiosOf(f, site, templates, pages.slice(k)));
    }
    rows.push([`same year, ${name} k = ${k} (rest tested)`, rs]);
  }
}
{
  const rs: Ratio[] = [];
  for (const [f, pages] of data) {
    const half = Math.ceil(pages.length / 2);
    for (const [train, test] of [[pages.slice(0, half), pages.slice(half)], [pages.slice(half), pages.slice(0, half)]] as const) {
      const { site, templates } = unlabelled(f, train, general);
      rs.push(...ratiosOf(f, site, templates, test));
    }
  }
  rows.push(['same year, without labels (halves)', rs]);
}
const crossRows: [string, Ratio[]][] = [];
for (const learner of ['labelled k = 10', 'maxent k = 10', 'without labels'] as const) {
  const rs: Ratio[] = [];
  for (const [f, pages] of data) {
    const [siteName, year] = f.split('-');
    const { site, templates } = learner === 'without labels' ? unlabelled(f, pages, general) : learner === 'maxent k = 10' ? maxent(f, pages) : labelled(f, pages);
    for (const [g, other] of data) {
      if (g === f || !g.startsWith(`${siteName}-`) || g.endsWith(year!)) continue;
      rs.push(...ratiosOf(`${f} -> ${g}`, site, templates, other));
    }
  }
  crossRows.push([`other years, ${learner}`, rs]);
}

const fmt = (x: number): string => x.toFixed(3);
console.log('\n## Body far shorter than the site\'s usual: body found / shortest learned body\n');
console.log(`| pages | n | rules find none | lowest ratio | ${shares.map((s) => `flagged at < ${s}`).join(' | ')} |`);
console.log(`|---|---|---|---|${shares.map(() => '---').join('|')}|`);
for (const [name, rs] of [...rows, ...crossRows]) {
  const found = rs.filter((r) => r.ratio !== undefined).map((r) => r.ratio!);
  console.log(`| ${name} | ${rs.length} | ${rs.length - found.length} | ${found.length ? fmt(Math.min(...found)) : '-'} | ${shares.map((s) => found.filter((x) => x < s).length).join(' | ')} |`);
}
for (const [name, rs] of rows) {
  const low = rs.filter((r) => r.ratio !== undefined).sort((a, b) => a.ratio! - b.ratio!).slice(0, 5);
  console.log(`\n${name}: lowest ${low.map((r) => `${r.folder}/${r.id} ${fmt(r.ratio!)}`).join(', ')}`);
}
for (const [name, rs] of crossRows) {
  const flagged = rs.filter((r) => r.ratio !== undefined && r.ratio < SHORT_BODY_SHARE);
  const by = new Map<string, number>();
  for (const r of flagged) by.set(r.folder, (by.get(r.folder) ?? 0) + 1);
  console.log(`\n${name}, flagged at < ${SHORT_BODY_SHARE}: ${[...by].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
}

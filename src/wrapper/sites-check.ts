/**
 * `pith sites check MODEL PAGES...`: how a model's site models take some pages (docs/sites.md,
 * "Drift"): per site model, the pages it labelled, and those picked for it (by URL host or
 * template) that it did not take because their template or its rules no longer fit them, or
 * because the body it found was far shorter than its learned pages' (`short`); and, for a site model
 * with field rules, the pages whose fields gave warnings (docs/fields.md, "Drift").
 */
import type { Page } from '../page.js';
import { extractPage, siteLabelled, type LoadedModel } from '../pipeline/extract.js';

export interface SiteCheck {
  readonly host: string;
  readonly algorithm: string;
  /** Pages it labelled, by how it was picked. */
  readonly byHost: number;
  readonly byTemplate: number;
  readonly forced: number;
  /** Pages it labelled picked by its chrome (no template of it fits them). */
  readonly byChrome: number;
  /** Drifted pages recognised by its chrome (no URL host, no template of it fits them). */
  readonly chromeDrift: number;
  /** Pages meant for it that went to the general model. */
  readonly driftTemplate: number;
  readonly driftRules: number;
  readonly driftShort: number;
  /** Lowest template fit among the pages it labelled, where compared. */
  readonly minFit?: number;
  /** The drifted pages' ids. */
  readonly drifted: readonly string[];
  /** The warnings of its field rules (`metadata.fieldWarnings`) on the pages it labelled, by `field reason`. */
  readonly fieldWarnings: Readonly<Record<string, number>>;
  /** The ids of the pages it labelled whose field rules stopped fitting (any warning). */
  readonly fieldWarnedPages: readonly string[];
}

export interface SitesReport {
  readonly sites: readonly SiteCheck[];
  /** Pages no site model was picked for (the general model labelled them). */
  readonly unmatched: number;
  readonly pages: number;
}

/** Every page extracted with the model, counted per site model. */
export function checkSites(model: LoadedModel, pages: readonly { readonly id: string; readonly page: Page }[]): SitesReport {
  const per = new Map<string, { -readonly [K in keyof SiteCheck]: SiteCheck[K] } & { drifted: string[]; fieldWarnings: Record<string, number>; fieldWarnedPages: string[] }>();
  for (const s of model.sites ?? []) per.set(s.host, { host: s.host, algorithm: s.algorithm, byHost: 0, byTemplate: 0, forced: 0, byChrome: 0, chromeDrift: 0, driftTemplate: 0, driftRules: 0, driftShort: 0, drifted: [], fieldWarnings: {}, fieldWarnedPages: [] });
  let unmatched = 0;
  for (const { id, page } of pages) {
    const r = extractPage(page, model);
    const host = r.site?.host ?? r.siteDrift?.host;
    const c = host !== undefined ? per.get(host) : undefined;
    if (!c) {
      unmatched++;
      continue;
    }
    if (siteLabelled(r)) {
      if (r.site.by === 'host') c.byHost++;
      else if (r.site.by === 'chrome') c.byChrome++;
      else if (r.site.by === 'template') c.byTemplate++;
      else c.forced++;
      if (r.site.fit !== undefined) c.minFit = Math.min(c.minFit ?? 1, r.site.fit);
      // A site model's field rules drift on their own: the page fits, a field's rule no longer does.
      const warnings = r.fields?.warnings ?? [];
      if (warnings.length > 0) c.fieldWarnedPages.push(id);
      for (const w of warnings) c.fieldWarnings[`${w.field} ${w.reason}`] = (c.fieldWarnings[`${w.field} ${w.reason}`] ?? 0) + 1;
    } else if (r.siteDrift) {
      if (r.site?.by === 'chrome') c.chromeDrift++;
      if (r.siteDrift.reason === 'template') c.driftTemplate++;
      else if (r.siteDrift.reason === 'short') c.driftShort++;
      else c.driftRules++;
      c.drifted.push(id);
    }
  }
  return { sites: [...per.values()], unmatched, pages: pages.length };
}

/** Pages meant for a site model that went to the general model, whatever the reason. */
export const driftedPages = (s: SiteCheck): number => s.driftTemplate + s.driftRules + s.driftShort;

/** True when a site model drifted on more pages than it labelled (`pith sites check` exits 5). */
export const siteDrifted = (s: SiteCheck): boolean => driftedPages(s) > labelledPages(s);

/** Pages a site model labelled, however picked (a page recognised by chrome and read by the general model is drifted, not labelled). */
const labelledPages = (s: SiteCheck): number => s.byHost + s.byTemplate + s.byChrome + s.forced;

/** A site's field warnings for the report line: none said when its field rules fit every page. */
function fieldWarningsText(s: SiteCheck): string {
  if (s.fieldWarnedPages.length === 0) return '';
  const kinds = Object.entries(s.fieldWarnings).map(([k, n]) => `${k} ${n}`).join(', ');
  const ids = `${s.fieldWarnedPages.slice(0, 5).join(', ')}${s.fieldWarnedPages.length > 5 ? ', ...' : ''}`;
  return `; field warnings on ${s.fieldWarnedPages.length} page(s) (${kinds}; pith extract PAGE --model MODEL --explain names the rule): ${ids}`;
}

/** The report as `--json` writes it: per site model also `fieldWarned`, the number of its pages with field warnings. */
export function sitesReportJson(r: SitesReport): string {
  return JSON.stringify({ ...r, sites: r.sites.map((s) => ({ ...s, fieldWarned: s.fieldWarnedPages.length })) }, null, 2) + '\n';
}

/** The report as text, one line per site model. */
export function formatSitesReport(r: SitesReport): string {
  const lines = [`${r.pages} page(s), ${r.sites.length} site model(s)`];
  for (const s of r.sites) {
    const taken = labelledPages(s);
    const drift = driftedPages(s);
    const status = drift === 0 ? (taken === 0 ? 'no page' : 'fits') : drift > taken ? 'DRIFTED' : 'drift on some pages';
    lines.push(`  ${s.host} (${s.algorithm}): ${status}: ${taken} page(s) labelled (${s.byHost} by host, ${s.byTemplate} by template${s.byChrome ? `, ${s.byChrome} by chrome` : ''}${s.minFit !== undefined ? `, lowest template fit ${s.minFit.toFixed(3)}` : ''}), ${drift} drifted (${s.driftTemplate} template, ${s.driftRules} rules, ${s.driftShort} body far shorter${s.chromeDrift ? `; ${s.chromeDrift} of them recognised by its chrome` : ''})${s.drifted.length ? `: ${s.drifted.slice(0, 5).join(', ')}${s.drifted.length > 5 ? ', ...' : ''}` : ''}${fieldWarningsText(s)}`);
  }
  lines.push(`  no site model: ${r.unmatched} page(s) (the general model's)`);
  return lines.join('\n') + '\n';
}

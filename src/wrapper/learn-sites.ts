/**
 * Site models learned from a batch's own pages, without labels (`pith batch --learn-sites`,
 * `pith train --model wrapper --unlabelled`; docs/sites.md): the pages are grouped by site (URL
 * host, else template), and each group of at least `minPages` pages is learned (unlabelled.ts),
 * unless the model already has a site model its pages fit; one whose pages have drifted (most
 * of them no longer fit its templates or its rules) is learned again from them.
 */
import type { Page } from '../page.js';
import { loadPage, readPageBytes } from '../page.js';
import { PithError } from '../errors.js';
import { extractPage, siteLabelled, type LoadedModel } from '../pipeline/extract.js';
import type { SiteModelEntry } from '../models/model-file.js';
import { trainedSiteEntry } from './train.js';
import { groupPagesBySite, type SiteNaming } from './site-groups.js';
import { trainSiteUnlabelled, type SiteAgreement, type UnlabelledPage, type UnlabelledTraining } from './unlabelled.js';
import { withTemplates } from '../models/site-pick.js';
import { DEFAULT_LEARN_MIN_PAGES } from './learn-min-pages.js';

/**
 * A site learned without labels is kept only where, on every page of the site it read (those it
 * was learned from, then the next up to twice the block budget, in input order; later pages are
 * not checked), its rules' article holds at least this share of the general model's (word
 * 4-grams): rules that drop most of the general model's reading of the site's pages describe a
 * part of the page, not the site's article (docs/sites.md, "Session 49, beyond msv-big9").
 */
export const LEAST_HELD = 0.7;
/**
 * ... and where, on every page, the general model's article holds at least this share of its
 * rules' (a rule that reaches a whole listing or a product page's every panel).
 */
export const LEAST_BACKED = 0.25;
const pct = (x: number): string => `${Math.round(x * 100)}%`;
/** Whether a site learned without labels is kept: its rules agree with the general model on every page of the site it read. */
export function agreesEnough(a: Pick<SiteAgreement, 'leastHeld' | 'leastBacked'>): boolean {
  return a.leastHeld >= LEAST_HELD && a.leastBacked >= LEAST_BACKED;
}

/** The model that reads a site's pages after learning it: the general model with the site model where it is kept (agreesEnough), the general model alone where it is declined. */
export function keptSiteModel(t: UnlabelledTraining, general: LoadedModel): LoadedModel {
  return agreesEnough(t.agreement) ? { ...general, sites: [withTemplates(t.model, t.template)] } : general;
}

/** Why a learned site was not kept, for the report. */
function declinedWhy(s: LearnedSite): string {
  const checked = s.checked !== undefined ? ` (checked ${s.checked} of ${s.pages} pages)` : '';
  if ((s.held ?? 1) < LEAST_HELD) return `on a page of the site it read its rules hold ${pct(s.held ?? 0)} of the general model's reading (${pct(LEAST_HELD)} needed on every page${checked})`;
  return `on a page of the site it read the general model's reading holds ${pct(s.backed ?? 0)} of its rules' (${pct(LEAST_BACKED)} needed on every page${checked})`;
}

export { DEFAULT_LEARN_MIN_PAGES };

export type LearnOutcome = 'learned' | 'relearned' | 'kept' | 'too-few' | 'declined';

export interface LearnedSite {
  readonly name: string;
  readonly namedBy: SiteNaming;
  readonly pages: number;
  readonly outcome: LearnOutcome;
  /** The new entry (learned, relearned). */
  readonly entry?: SiteModelEntry;
  /** Pages of the group the existing site model did not take (drift), when there was one. */
  readonly drifted?: number;
  readonly ms?: number;
  readonly notes?: readonly string[];
  /** Declined: the least share of the general model's article its rules held on a page of the site it read (siteAgreement). */
  readonly held?: number;
  /** Declined: the least share of its rules' article the general model's held on such a page. */
  readonly backed?: number;
  /** Declined: how many of the site's pages the agreement check read. */
  readonly checked?: number;
}

/** Page files read and parsed for learning; unreadable ones are reported, not fatal. */
export async function loadPagesForLearning(files: readonly string[], roots?: ReadonlyMap<string, string>): Promise<{ pages: UnlabelledPage[]; failed: { path: string; reason: string }[] }> {
  const pages: UnlabelledPage[] = [];
  const failed: { path: string; reason: string }[] = [];
  for (const path of files) {
    try {
      const root = roots?.get(path);
      const bytes = await readPageBytes(path, undefined, root !== undefined ? { root } : {});
      pages.push({ id: path, page: loadPage(bytes, { id: path }, path) });
    } catch (e) {
      failed.push({ path, reason: (e as Error).message });
    }
  }
  return { pages, failed };
}

/** How the model's existing site models take a group's pages: the one most of them went to, and how many drifted from it. */
function existingFit(pages: readonly Page[], model: LoadedModel): { host: string; taken: number; drifted: number } | undefined {
  if (!model.sites || model.sites.length === 0) return undefined;
  const byHost = new Map<string, { taken: number; drifted: number }>();
  for (const p of pages) {
    const r = extractPage(p, model);
    const host = r.site?.host ?? r.siteDrift?.host;
    // A page recognised only by a site's chrome is of a template that site model was not learned
    // from (another year's, another section's): its group is learned as a site of its own, and
    // the site model stays for the pages it was learned from.
    if (host === undefined || r.site?.by === 'chrome') continue;
    let v = byHost.get(host);
    if (!v) byHost.set(host, (v = { taken: 0, drifted: 0 }));
    if (siteLabelled(r)) v.taken++;
    else v.drifted++;
  }
  let best: { host: string; taken: number; drifted: number } | undefined;
  for (const [host, v] of byHost) if (!best || v.taken + v.drifted > best.taken + best.drifted) best = { host, ...v };
  return best;
}

export interface LearnSitesOptions {
  readonly minPages?: number;
  /** All pages are this site's (`--site`). */
  readonly site?: string;
  /** Learn every group, also where the model has a site model its pages fit (`pith train --unlabelled`). */
  readonly always?: boolean;
}

/** Each site of the pages learned (or kept, or too small), in order of first page. */
export function learnSites(pages: readonly UnlabelledPage[], model: LoadedModel, options: LearnSitesOptions = {}): LearnedSite[] {
  const minPages = options.minPages ?? DEFAULT_LEARN_MIN_PAGES;
  if (!(Number.isInteger(minPages) && minPages >= 1)) throw new PithError('BAD_OPTION', `the least pages of a site to learn must be a whole number >= 1, got ${String(minPages)}`);
  const out: LearnedSite[] = [];
  for (const g of groupPagesBySite(pages.map((p) => p.page), options.site)) {
    const members = g.members.map((i) => pages[i]!);
    const existing = options.always ? undefined : existingFit(members.map((m) => m.page), model);
    // A site model that still takes most of the group's pages stays.
    if (existing && existing.taken >= existing.drifted) {
      out.push({ name: existing.host, namedBy: g.by, pages: members.length, outcome: 'kept', drifted: existing.drifted });
      continue;
    }
    if (members.length < minPages) {
      out.push({ name: g.name, namedBy: g.by, pages: members.length, outcome: 'too-few' });
      continue;
    }
    const t0 = performance.now();
    const name = existing && g.by === 'template' ? existing.host : g.name;
    const t = trainSiteUnlabelled(name, members, model);
    const ms = performance.now() - t0;
    if (!agreesEnough(t.agreement)) {
      out.push({
        name, namedBy: g.by, pages: members.length, outcome: 'declined', ms, held: t.agreement.leastHeld, backed: t.agreement.leastBacked, checked: t.agreement.pages.length,
        ...(existing ? { drifted: existing.drifted } : {}), notes: t.model.body.notes,
      });
      continue;
    }
    out.push({
      name, namedBy: g.by, pages: members.length, outcome: existing ? 'relearned' : 'learned', entry: trainedSiteEntry(t), ms,
      ...(existing ? { drifted: existing.drifted } : {}), notes: t.model.body.notes,
    });
  }
  return out;
}

/** One line per site for the report. */
export function describeLearned(s: LearnedSite): string {
  const named = s.namedBy === 'template' ? ' (named by its template: no page declares a URL)' : '';
  switch (s.outcome) {
    case 'kept': return `site ${s.name}: kept, its site model takes ${s.pages - (s.drifted ?? 0)} of the ${s.pages} page(s)`;
    case 'too-few': return `site ${s.name}${named}: ${s.pages} page(s), fewer than needed to learn it: the model's general reading`;
    case 'learned': return `site ${s.name}${named}: learned without labels from ${s.pages} page(s) in ${(s.ms ?? 0).toFixed(0)} ms`;
    case 'declined': {
      const stays = s.drifted !== undefined ? `drifted (${s.drifted} of ${s.pages} page(s) no longer fit its site model), ` : '';
      const reading = s.drifted !== undefined ? `its site model stays for the ${s.pages - s.drifted} page(s) it still takes, the model's general reading for the rest` : "the model's general reading";
      return `site ${s.name}${named}: ${stays}learned without labels from ${s.pages} page(s), not kept: ${declinedWhy(s)}: ${reading}`;
    }
    case 'relearned': return `site ${s.name}: drifted (${s.drifted} of ${s.pages} page(s) no longer fit it), learned again from them in ${(s.ms ?? 0).toFixed(0)} ms`;
  }
}

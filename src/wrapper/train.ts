/**
 * Learning site models (wrapper induction, phases 1-2): each labelled page of a site is loaded, its
 * gold aligned to blocks (the corpus's gold block labels), and the rules of the site are
 * induced from all of them. Pages whose gold cannot be found on the page are reported and
 * left out; what one page allows is learned and said.
 */
import type { Corpus, CorpusPage } from '../corpus/types.js';
import { alignGold, loadCorpusPage } from '../corpus/index.js';
import type { ModelFile } from '../models/labeler.js';
import { withSiteEntries, type SiteModelEntry } from '../models/model-file.js';
import { siteOfHost } from '../util/site.js';
import { groupPagesBySite, type SiteNaming } from './site-groups.js';
import { siteTemplatesOfPages, type SiteTemplates } from '../models/site-template.js';
import { charIndex, induceRules, type InduceOptions, type TrainingPage } from './induce.js';
import { induceContainers } from './containers.js';
import { learnDeclaredTitle, learnTitleAffixes, learnTitleLine, titlePlace, withTitleBlock } from './title.js';
import { WRAPPER_ALGORITHM, WrapperSiteModel } from '../models/wrapper/site-model.js';
import type { LabelledPage } from './labelled-page.js';
import { fieldNotes, induceFields } from './fields.js';

/** Least share of the gold's words that must be found on a page for it to teach anything. */
export const MIN_GOLD_FOUND = 0.5;

export interface SkippedTrainingPage {
  readonly id: string;
  readonly reason: string;
}

export type { LabelledPage } from './labelled-page.js';

/** Loads a corpus page with its gold block labels and how much of its gold was found. */
export async function loadLabelledPage(corpus: Corpus, entry: CorpusPage): Promise<LabelledPage> {
  const page = await loadCorpusPage(corpus, entry);
  const a = alignGold(page, entry.gold);
  return {
    id: entry.id, page, labels: a.labels, found: a.goldTokens > 0 ? a.alignedGoldTokens / a.goldTokens : 1,
    ...(entry.gold.annotations !== undefined ? { exact: true } : {}),
    ...(entry.gold.title ? { goldTitle: entry.gold.title } : {}),
    ...(entry.gold.fields ? { fields: entry.gold.fields } : {}),
  };
}

/** Why a labelled page cannot teach the wrapper, or undefined when it can. */
export function unusableReason(p: LabelledPage): string | undefined {
  if (p.found < MIN_GOLD_FOUND) return `gold text not found on the page (${Math.round(p.found * 100)}% of its words)`;
  if (!p.labels.some((l, i) => l === 'body' && p.page.blocks[i]!.kind === 'text')) return 'no block of the page holds gold body text';
  return undefined;
}

export interface SiteTraining {
  readonly model: WrapperSiteModel;
  readonly used: readonly string[];
  readonly skipped: readonly SkippedTrainingPage[];
  /** Milliseconds inducing the rules (loading and aligning the pages not included). */
  readonly induceMs: number;
  /** The templates of the pages used (site-groups.ts): pages without a URL find the site model by them. */
  readonly template: SiteTemplates;
  /** How the site got its name (trainSites): given, its pages' host, or its template. */
  readonly namedBy?: SiteNaming;
}

/** Learns one site's rules from its labelled pages (already loaded). */
export function trainSiteModel(host: string, pages: readonly LabelledPage[], options: InduceOptions = {}, skippedBefore: readonly SkippedTrainingPage[] = []): SiteTraining {
  const skipped: SkippedTrainingPage[] = [...skippedBefore];
  const used: LabelledPage[] = [];
  // Pages with field values teach the field rules whether or not they have body gold.
  const fieldPages = pages.filter((p) => p.fields !== undefined);
  for (const p of pages) {
    const why = unusableReason(p);
    if (why && !p.fields) skipped.push({ id: p.id, reason: why });
    else if (!why) used.push(p);
  }
  const t0 = performance.now();
  const fields = fieldPages.length > 0 ? induceFields(fieldPages.map((p) => ({ id: p.id, tree: p.page.tree, fields: p.fields! }))) : undefined;
  // The block that shows each page's headline is the title's example, also where it is one line of several.
  const places = used.map(titlePlace);
  const training: TrainingPage[] = used.map((p, k) => withTitleBlock(p, places[k])).map((p) => ({ page: p.page, labels: p.labels, ...(p.exact ? { exact: true } : {}) }));
  const index = training.map(charIndex);
  const rules = used.length > 0 ? induceRules(training, options, index) : [];
  const containers = used.length > 0 ? induceContainers(training, options, index) : [];
  const induceMs = performance.now() - t0;
  const notes: string[] = [];
  if (used.length === 0 && !fields) notes.push('no usable labelled page: the site model has no rules and every page falls back to the general model');
  if (used.length === 0 && fields) notes.push('no page has body gold (gold/): title and body come from the general model; the model holds field rules');
  if (fields) notes.push(...fieldNotes(fields));
  if (used.length === 1 && !fields) {
    notes.push('learned from one page only: each position is kept from the start and from the end, and only the paragraphs of that page are generalised; two or more pages tell the fixed parts of a template from the varying ones');
  }
  const titleRules = rules.filter((r) => r.label === 'title').length;
  if (titleRules > 1) notes.push(`the title needs ${titleRules} rules: the pages may come from ${titleRules} templates`);
  if (used.length > 0 && titleRules === 0) notes.push('no title found on the pages: titles come from the general model');
  for (const s of skipped) notes.push(`skipped ${s.id}: ${s.reason}`);
  // A page on which the rules find under a fifth of the shortest training body is not
  // recognised (a stray block of another template matching): the general model takes it.
  const bodyChars = used.map((p) => p.page.blocks.reduce((a, b, i) => a + (p.labels[i] === 'body' && b.kind === 'text' ? b.text.length : 0), 0));
  const minBodyChars = bodyChars.length ? Math.max(1, Math.min(500, Math.round(0.2 * Math.min(...bodyChars)))) : 1;
  const affixes = learnTitleAffixes(used);
  const titleLine = learnTitleLine(places);
  const declaredTitle = learnDeclaredTitle(used);
  const model = new WrapperSiteModel(host, {
    version: fields ? 3 : 2, rules, trainingPages: fields ? new Set([...used, ...fieldPages].map((p) => p.id)).size : used.length, notes, minBodyChars,
    ...(containers.length ? { containers } : {}),
    ...(affixes.prefix ? { titlePrefix: affixes.prefix } : {}), ...(affixes.suffix ? { titleSuffix: affixes.suffix } : {}),
    ...(titleLine ? { titleLine } : {}), ...(declaredTitle ? { declaredTitle } : {}),
    ...(fields ? { fields } : {}),
  });
  const usedIds = fields ? [...new Set([...used, ...fieldPages].map((p) => p.id))] : used.map((p) => p.id);
  const templatePages = fields ? [...new Map([...used, ...fieldPages].map((p) => [p.id, p])).values()] : used;
  return { model, used: usedIds, skipped, induceMs, template: siteTemplatesOfPages(templatePages) };
}

export interface TrainSitesOptions extends InduceOptions {
  /** The host of every page (else each page's URL host, else its corpus site name). */
  readonly site?: string;
  /** At most this many pages per corpus (the first ones). */
  readonly limit?: number;
  readonly onPage?: () => void;
}

/**
 * Site models for the pages of some corpora, one per site (site-groups.ts): all pages under
 * `site` when given, else one per URL host, and pages without a URL one per template.
 */
export async function trainSites(corpora: readonly Corpus[], options: TrainSitesOptions = {}): Promise<SiteTraining[]> {
  const loaded: LabelledPage[] = [];
  const skipped: SkippedTrainingPage[] = [];
  for (const corpus of corpora) {
    const entries = options.limit !== undefined ? corpus.pages.slice(0, options.limit) : corpus.pages;
    for (const entry of entries) {
      try {
        loaded.push(await loadLabelledPage(corpus, entry));
      } catch (e) {
        skipped.push({ id: entry.id, reason: `cannot load (${(e as Error).message})` });
      }
      options.onPage?.();
    }
    for (const s of corpus.skipped ?? []) skipped.push({ id: s.id, reason: s.reason });
  }
  const groups = groupPagesBySite(loaded.map((p) => p.page), options.site);
  if (groups.length === 0 && skipped.length > 0) groups.push({ name: options.site !== undefined ? siteOfHost(options.site) : 'unnamed', by: 'given', members: [] });
  // Pages that could not be read belong to no site: the first one's notes name them.
  return groups.map((g, k) => ({ ...trainSiteModel(g.name, g.members.map((i) => loaded[i]!), options, k === 0 ? skipped : []), namedBy: g.by }));
}

/** A site model as a model file's `sites` entry. */
export function siteEntry(model: WrapperSiteModel, now = new Date()): SiteModelEntry {
  return { host: model.host, algorithm: WRAPPER_ALGORITHM, pages: model.body.trainingPages, createdAt: now.toISOString(), body: model.toJSON() };
}

/** A trained site model as a model file's `sites` entry, with the templates of its pages. */
export function trainedSiteEntry(t: SiteTraining, now = new Date()): SiteModelEntry {
  return { ...siteEntry(t.model, now), template: t.template };
}

/** The general model file with these site models beside it (replacing any it had for the same hosts). */
export function withSiteModels(general: ModelFile, models: readonly WrapperSiteModel[], now = new Date()): ModelFile {
  return withSiteEntries(general, models.map((m) => siteEntry(m, now)));
}

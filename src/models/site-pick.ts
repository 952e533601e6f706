/**
 * Which site model labels a page, and why (docs/sites.md): the one a caller names (`--site`),
 * else the one of the page's URL host, else the one whose template the page fits best (at
 * TEMPLATE_MATCH_THRESHOLD at least), else the one whose chrome (navigation, footer lines) the
 * page holds a large share of. A site model picked by host whose templates the page no longer
 * fits has drifted: the general model labels the page, and the pick says so.
 */
import { PithError } from '../errors.js';
import type { DomTree } from '../dom/tree.js';
import { pickSiteModel, type SiteLabeler } from './site-labeler.js';
import { bestTemplateFit, bodyCharsOf, chromeShare, currentChrome, pageChromeTexts, pageSkeleton, sharedChromeTexts, TEMPLATE_MATCH_THRESHOLD, textHash, type SiteTemplates } from './site-template.js';
import type { Page } from '../page.js';
import type { Prediction } from './labeler.js';
import { LABELS } from '../labels.js';
import { siteOfHost, siteOfUrl } from '../util/site.js';

/** A site labeller with the templates of the pages it was learned from (model files since issue 58). */
export type TemplatedSite = SiteLabeler & { readonly templates?: SiteTemplates };

/** How a site model was picked: named by the caller, by the page's URL host, by its template (with the fit), or by its chrome (with the share). */
export interface SitePick {
  readonly site: TemplatedSite;
  readonly by: 'forced' | 'host' | 'template' | 'chrome';
  /** The page's fit to the site's templates, where they were compared (0-1). */
  readonly fit?: number;
  /** With `chrome`: the share of the page's chrome candidates that are the site's (chromeShare). */
  readonly share?: number;
  /**
   * Why the site model does not take the page (it goes to the general model): its template
   * changed, or the body it finds is far shorter than the site's usual (shortBodyDrift).
   */
  readonly drift?: 'template' | 'short';
  /** With `short`: the body characters the site model found, and the shortest body it was learned from. */
  readonly bodyChars?: number;
  readonly usualChars?: number;
}

/** The site models by name: a host, or a `template:` name; `--site www.Example.com` finds `example.com`. */
export function siteByName(sites: readonly TemplatedSite[], name: string): TemplatedSite {
  const wanted = name.startsWith('template:') ? name.toLowerCase() : siteOfHost(name);
  const site = sites.find((s) => s.host === wanted);
  if (!site) {
    throw new PithError('BAD_OPTION', sites.length === 0 ? `--site ${name}: the model holds no site models` : `--site ${name}: no site model of that name (the model has: ${sites.map((s) => s.host).join(', ')})`);
  }
  return site;
}

/**
 * The site model for a page: `forced` by name, else by the URL's host (checked against its
 * templates when it has them: a page that fits none is marked `drift`), else by template, else
 * by chrome (chromePick). A page picked by chrome fits none of the site's templates, yet its
 * site model labels it where its rules find the article: on msv-big9 they read such pages better
 * than the general model (docs/sites.md, "Picking by chrome"); where they find none, the general
 * model does and the page is marked drifted (`rules`).
 */
export function pickSite(sites: readonly TemplatedSite[] | undefined, url: string | undefined, page: Page, forced?: string): SitePick | undefined {
  if (!sites || sites.length === 0) {
    if (forced !== undefined) siteByName([], forced);
    return undefined;
  }
  if (forced !== undefined) return { site: siteByName(sites, forced), by: 'forced' };
  let skeleton: Set<number> | undefined;
  const fitTo = (t: SiteTemplates): number => bestTemplateFit(t, (skeleton ??= pageSkeleton(page.tree))).fit;
  const byHost = siteOfUrl(url) ? pickSiteModel(sites, url) : undefined;
  if (byHost) {
    if (!byHost.templates || byHost.templates.templates.length === 0) return { site: byHost, by: 'host' };
    const fit = fitTo(byHost.templates);
    return { site: byHost, by: 'host', fit: round3(fit), ...(fit < TEMPLATE_MATCH_THRESHOLD ? { drift: 'template' as const } : {}) };
  }
  let best: { site: TemplatedSite; fit: number } | undefined;
  const fits = new Map<TemplatedSite, number>();
  for (const s of sites) {
    if (!s.templates || s.templates.templates.length === 0) continue;
    const fit = fitTo(s.templates);
    fits.set(s, fit);
    if (fit >= TEMPLATE_MATCH_THRESHOLD && (!best || fit > best.fit)) best = { site: s, fit };
  }
  if (best) return { site: best.site, by: 'template', fit: round3(best.fit) };
  const byChrome = chromePick(sites, page);
  if (!byChrome) return undefined;
  const fit = fits.get(byChrome.site);
  return { site: byChrome.site, by: 'chrome', share: round3(byChrome.share), ...(fit !== undefined ? { fit: round3(fit) } : {}) };
}

/**
 * Least share of a page's chrome candidates that are one site's chrome (chromeShare) for the page
 * to be that site's: above the highest share of any other site's page on msv-big9, below the
 * lowest of a site's own pages that fit none of its templates (docs/sites.md, "Picking by chrome").
 */
export const CHROME_MATCH_THRESHOLD = 0.065;
/** The site picked by chrome holds this many times the share of the next (another year of the same site shares some). */
export const CHROME_MARGIN = 1.5;
/** Fewest chrome texts of the site a page must hold: one shared line is no site. */
export const CHROME_MIN_TEXTS = 2;

/** What a list of site models' chrome says of them all: whether any holds chrome of the current version, and the texts two or more of them hold (say nothing of which site). */
interface ChromeOfSites {
  readonly current: boolean;
  readonly shared: Set<number>;
}

/** Per list of site models, read once, not on every page. */
const chromeOfSitesCache = new WeakMap<readonly TemplatedSite[], ChromeOfSites>();

function chromeOfSites(sites: readonly TemplatedSite[]): ChromeOfSites {
  let chrome = chromeOfSitesCache.get(sites);
  if (!chrome) {
    chrome = { current: sites.some((s) => currentChrome(s.templates?.chrome)), shared: sharedChromeTexts(sites.map((s) => s.templates?.chrome)) };
    chromeOfSitesCache.set(sites, chrome);
  }
  return chrome;
}

/**
 * The site whose chrome the page holds most of, when that share is CHROME_MATCH_THRESHOLD or more,
 * of CHROME_MIN_TEXTS texts at least, and CHROME_MARGIN times the next site's; texts of several
 * site models' chrome left out.
 */
export function chromePick(sites: readonly TemplatedSite[], page: Page): { site: TemplatedSite; share: number } | undefined {
  const { current, shared } = chromeOfSites(sites);
  if (!current) return undefined;
  const texts = pageChromeTexts(page);
  if (texts.size === 0) return undefined;
  let best: { site: TemplatedSite; share: number; texts: number } | undefined;
  let next = 0;
  for (const s of sites) {
    const c = chromeShare(s.templates?.chrome, texts, shared);
    if (!best || c.share > best.share) {
      next = Math.max(next, best?.share ?? 0);
      best = { site: s, ...c };
    } else next = Math.max(next, c.share);
  }
  if (!best || best.share < CHROME_MATCH_THRESHOLD || best.texts < CHROME_MIN_TEXTS || best.share < CHROME_MARGIN * next) return undefined;
  return { site: best.site, share: best.share };
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * A body under this share of the shortest body a site model was learned from is far shorter than
 * the site's usual: it took a wrong part of the page. On msv-big9 no page of a site's own year
 * is under 0.26 (docs/sites.md); the wrapper's rules already refuse under a fifth (at most 500
 * characters), so this reaches the learners and the wrappers of long articles.
 */
export const SHORT_BODY_SHARE = 0.2;

/**
 * Fewest learned pages that say what a site's usual body length is: learned from one page, a
 * short story of the site is far shorter than that page (foxnews-2005 on msv-big9, docs/sites.md).
 */
export const MIN_LENGTHS_FOR_DRIFT = 3;

/** The shortest learned body when `bodyChars` is far under it (SHORT_BODY_SHARE), else undefined; sites without enough stored lengths never drift so. */
export function shortBodyDrift(templates: SiteTemplates | undefined, bodyChars: number, share = SHORT_BODY_SHARE): number | undefined {
  const lengths = templates?.bodyLengths;
  if (!lengths || lengths.length < MIN_LENGTHS_FOR_DRIFT) return undefined;
  return bodyChars < share * lengths[0]! ? lengths[0] : undefined;
}

/** What a picked site model made of a page: its prediction, or no prediction and the pick marked with the drift that sent the page to the general model. */
export interface SiteLabelling {
  readonly pick?: SitePick;
  /** The site model that took the page (undefined when none was picked, or its template no longer fits). */
  readonly site?: TemplatedSite;
  readonly prediction?: Prediction;
}

/**
 * The picked site model's labels for a page (none when its template drifted), checked against
 * the body lengths it was learned from: far shorter and the page is the general model's, the pick
 * marked `short`.
 */
export function labelWithSite(pick: SitePick | undefined, page: Page, general: () => Prediction): SiteLabelling {
  if (!pick || pick.drift) return pick ? { pick } : {};
  const prediction = pick.site.labelPage(page, general);
  if (!prediction) return { pick, site: pick.site };
  const chars = bodyCharsOf(page, prediction.labels);
  const usual = shortBodyDrift(pick.site.templates, chars);
  if (usual === undefined) return { pick, site: pick.site, prediction };
  return { pick: { ...pick, drift: 'short', bodyChars: chars, usualChars: usual }, site: pick.site };
}

/** A prediction with the site's boilerplate blocks (texts its pages repeat, or the page repeats `pageRepeats` times) made `other`. */
export function withoutBoilerplate(page: Page, prediction: Prediction, boilerplate: ReadonlySet<number>, pageRepeats?: number): Prediction {
  const other = LABELS.indexOf('other');
  let changed = false;
  const labels = [...prediction.labels];
  const hashes = page.blocks.map((b) => (b.kind === 'text' ? textHash(b.text) : 0));
  const times = new Map<number, number>();
  if (pageRepeats !== undefined) for (const h of hashes) times.set(h, (times.get(h) ?? 0) + 1);
  const probs = prediction.probs.map((row, i) => {
    const b = page.blocks[i]!;
    if (b.kind !== 'text' || (labels[i] !== 'body' && labels[i] !== 'heading')) return row;
    if (!boilerplate.has(hashes[i]!) && !(pageRepeats !== undefined && times.get(hashes[i]!)! >= pageRepeats)) return row;
    changed = true;
    labels[i] = 'other';
    return LABELS.map((_, k) => (k === other ? 0.97 : 0.01));
  });
  return changed ? { labels, probs } : prediction;
}

/** A site labeller carrying its templates (the labeller's own methods, bound); its boilerplate is never content. */
export function withTemplates(site: SiteLabeler, templates: SiteTemplates | undefined): TemplatedSite {
  if (!templates) return site;
  const boilerplate = (templates.boilerplate && templates.boilerplate.length > 0) || templates.pageRepeats !== undefined ? new Set(templates.boilerplate ?? []) : undefined;
  return {
    algorithm: site.algorithm, host: site.host, templates,
    ...(site.decodesAsGeneral !== undefined || templates.selfTrained ? { decodesAsGeneral: site.decodesAsGeneral === true || templates.selfTrained === true } : {}),
    labelPage: (page, general) => {
      const p = site.labelPage(page, general);
      return p && boilerplate ? withoutBoilerplate(page, p, boilerplate, templates.pageRepeats) : p;
    },
    ...(site.headline ? { headline: site.headline.bind(site) } : {}),
    ...(site.extractFields ? { extractFields: site.extractFields.bind(site) } : {}),
    ...(site.hasFieldRules ? { hasFieldRules: true } : {}),
  };
}

/**
 * A site's template fingerprint (docs/sites.md, "Picking a site model by its template"): the
 * skeleton paths its pages share. A page's skeleton is the set of its elements' paths from the
 * root, each step the tag with the element's id and classes (`div#main>div.story>h1`), hashed
 * to 32 bits. A template is the paths at least half of its pages have, weighted by that share;
 * a page fits it by how much of the template it holds and how much of its own skeleton the
 * template explains. Pages of another site share little beyond `html>body`; another year of the
 * same site keeps a header or a footer and loses the rest.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Page } from '../page.js';
import { PithError } from '../errors.js';
import { isRecord } from '../util/is-record.js';
import { COMMON_CHROME } from './common-chrome.js';

/** Paths deeper than this are left out: below it they are the article's own markup, not the template's. */
export const SKELETON_MAX_DEPTH = 16;
/** Least share of a template's pages a path must be on to belong to it. */
export const TEMPLATE_MIN_SHARE = 0.5;
/** Most paths a template keeps (the most shared first): a few KiB in a model file. */
export const TEMPLATE_MAX_PATHS = 600;
/**
 * Least fit (templateFit) for a page to be taken as a template's: between the lowest fit of a
 * site-year folder's own pages and the highest of any other folder's on msv-big9 (docs/sites.md).
 */
export const TEMPLATE_MATCH_THRESHOLD = 0.65;

/**
 * Least fit for pages without a URL to be taken as one site's when grouped (training, `--learn-sites`):
 * below a year's own template (its pages may come from two), above any other site's pages on
 * msv-big9 (docs/sites.md); a site's years may share a group, and then it keeps one template per year.
 */
export const SITE_GROUP_THRESHOLD = 0.5;

/** One template of a site: the skeleton paths its pages share (hashes), with the share of pages holding each. */
export interface TemplateFingerprint {
  /** Pages it was learned from. */
  readonly pages: number;
  readonly paths: readonly number[];
  readonly weights: readonly number[];
  /** Median characters of body the site model found on those pages (drift: a body far shorter). */
  readonly bodyChars?: number;
}

/** A site model's templates (usually one; two or more where its pages came from several). */
export interface SiteTemplates {
  readonly templates: readonly TemplateFingerprint[];
  /**
   * Hashes (textHash) of the texts that repeat at one path on several of the site's pages
   * (navigation, share bars, promos): never the article's, whatever a model reads them as.
   * Learned from unlabelled pages (src/wrapper/unlabelled.ts).
   */
  readonly boilerplate?: readonly number[];
  /**
   * A text a page shows this many times or more (a gallery's caption on every slide, a
   * "Read more" line) is not the article's. Learned from unlabelled pages.
   */
  readonly pageRepeats?: number;
  /**
   * Learned from the general model's reading of unlabelled pages: the decoder's guesses for a
   * general model (a link line after the article, a deck above it) keep applying to its labels.
   */
  readonly selfTrained?: boolean;
  /**
   * Characters of body on each page the site model was learned from (ascending; at most
   * BODY_LENGTHS_KEPT, evenly spaced quantiles beyond): a page on which the site model finds a
   * body far shorter than these has drifted (shortBodyDrift).
   */
  readonly bodyLengths?: readonly number[];
  /**
   * The site's chrome: hashes of the short texts outside its articles that its pages repeat
   * (navigation entries, section names, footer and legal lines), whatever the article template.
   * A page that fits none of the site's templates is still the site's when it holds a large share
   * of them (chromePick). Absent in files written before it; `version` says how they were hashed.
   */
  readonly chrome?: SiteChrome;
}

/** How a chrome text is hashed and chosen (CHROME_VERSION): a file with another version's chrome has it left unused. */
export interface SiteChrome {
  readonly version: number;
  /** Ascending 32-bit hashes (textHash) of the texts. */
  readonly texts: readonly number[];
}

/** The chrome's hashing and choice of texts; a stored chrome of another version is not compared. */
export const CHROME_VERSION = 1;
/** Longest text (characters) that counts as chrome: navigation entries and footer lines, not paragraphs. */
export const CHROME_MAX_CHARS = 80;
/** Fewest words of a chrome text: one-word entries ("Home", "World", "Politics") are every news site's. */
export const CHROME_MIN_WORDS = 2;
/** Most chrome texts a site keeps (those on most pages first): a few KiB in a model file. */
export const CHROME_MAX_TEXTS = 400;

/** The hash a line is looked up by in COMMON_CHROME: of its lower-case form ("Contact us" is "Contact Us"). */
export function commonLineHash(text: string): number {
  return lowerLineHash(text.replace(/\s+/g, ' ').trim());
}

/** commonLineHash of a line whose white space is already collapsed. */
const lowerLineHash = (line: string): number => fnv1a(line.toLowerCase());

/**
 * A block's text as a chrome candidate: its white space collapsed, when it is short
 * (CHROME_MAX_CHARS), of CHROME_MIN_WORDS words or more and holds a letter; else undefined.
 */
export function chromeLine(text: string): string | undefined {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > CHROME_MAX_CHARS || line.split(' ').length < CHROME_MIN_WORDS || !/\p{L}/u.test(line) ? undefined : line;
}

/** Labels of the article's own blocks: never chrome. */
const CONTENT_LABELS: ReadonlySet<string> = new Set(['title', 'heading', 'body']);

/**
 * The chrome candidates of a page: hashes (textHash) of its short text blocks (CHROME_MAX_CHARS,
 * CHROME_MIN_WORDS, a letter at least) that its labels, where given, do not make the article's.
 */
export function pageChromeTexts(page: Page, labels?: readonly string[]): Set<number> {
  const out = new Set<number>();
  page.blocks.forEach((b, i) => {
    if (b.kind !== 'text' || (labels && CONTENT_LABELS.has(labels[i] ?? ''))) return;
    const line = chromeLine(b.text);
    if (line === undefined || COMMON_CHROME.has(lowerLineHash(line))) return;
    out.add(fnv1a(line));
  });
  return out;
}

/**
 * A site's chrome from its pages' candidates: the texts on most of its pages first (those on two
 * or more are its navigation and footer on every template), then the ones of a single page (the
 * only page of a template the others do not share), CHROME_MAX_TEXTS at most. Undefined when
 * there are none.
 */
export function chromeOf(candidates: readonly ReadonlySet<number>[]): SiteChrome | undefined {
  const df = new Map<number, number>();
  for (const s of candidates) for (const h of s) df.set(h, (df.get(h) ?? 0) + 1);
  const kept = [...df].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, CHROME_MAX_TEXTS).map(([h]) => h).sort((a, b) => a - b);
  return kept.length > 0 ? { version: CHROME_VERSION, texts: kept } : undefined;
}

/** The chrome a site model holds when of this version (CHROME_VERSION); another version's is left unused. */
export function currentChrome(chrome: SiteChrome | undefined): SiteChrome | undefined {
  return chrome?.version === CHROME_VERSION ? chrome : undefined;
}

/** The chrome texts two or more of these site models hold (of this version): they say nothing of which site a page is. */
export function sharedChromeTexts(chromes: readonly (SiteChrome | undefined)[]): Set<number> {
  const seen = new Set<number>();
  const shared = new Set<number>();
  for (const c of chromes) for (const h of currentChrome(c)?.texts ?? []) (seen.has(h) ? shared : seen).add(h);
  return shared;
}

/** How much of a page is a site's chrome: the share of the page's chrome candidates in it, and how many. */
export interface ChromeShare {
  readonly share: number;
  readonly texts: number;
}

/**
 * The share of a page's chrome candidates that are the site's chrome, texts in `shared` (the
 * chrome of other site models beside it: a "Contact Us" or "Privacy Policy" says nothing of
 * which site) left out of the site's. None when the chrome is of another version.
 */
export function chromeShare(chrome: SiteChrome | undefined, pageTexts: ReadonlySet<number>, shared?: ReadonlySet<number>): ChromeShare {
  const current = currentChrome(chrome);
  if (current === undefined || pageTexts.size === 0) return { share: 0, texts: 0 };
  let held = 0;
  for (const h of current.texts) if (pageTexts.has(h) && !shared?.has(h)) held++;
  return { share: held / pageTexts.size, texts: held };
}

/** Most learned body lengths a site model keeps (quantiles of them beyond). */
export const BODY_LENGTHS_KEPT = 64;

/** The hash of a block's text (white space collapsed) in a site's `boilerplate`. */
export function textHash(text: string): number {
  return fnv1a(text.replace(/\s+/g, ' ').trim());
}

/** 32-bit FNV-1a of a string. */
function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Class and id tokens that name one page's thing (a story number, a generated id) say nothing of the template. */
const VARYING_TOKEN = /\d{3,}|^[a-f0-9]{8,}$/i;

/** An element as a skeleton step: its tag, id and sorted classes (tokens that vary by page left out). */
export function skeletonStep(el: ElementNode): string {
  const id = el.attrs['id']?.trim();
  const classes = (el.attrs['class'] ?? '').split(/\s+/).filter((c) => c && !VARYING_TOKEN.test(c)).sort();
  return el.tag + (id && !VARYING_TOKEN.test(id) ? `#${id}` : '') + (classes.length ? `.${classes.join('.')}` : '');
}

/**
 * A page's skeleton: for each element of `<body>` (depth SKELETON_MAX_DEPTH at most), the hash
 * of its ancestors' tags and its own step (`html>body>div>div|div.story`). Ancestors count by
 * tag only: a class that varies high up (a section's name on the masthead) changes one element's
 * path, not every path below it. `<head>` is left out: its meta and link tags are every site's.
 */
export function pageSkeleton(tree: DomTree): Set<number> {
  const out = new Set<number>();
  const tagPath = new Map<number, number>();
  for (const n of tree.nodes) {
    if (n.kind !== 'element' || n.parent < 0 || n.depth > SKELETON_MAX_DEPTH) continue;
    const parent = tagPath.get(n.parent);
    if (parent === undefined && n.depth > 1) continue; // under <head>, or under an element too deep
    if (n.tag === 'head') continue;
    const h = fnv1a(`>${n.tag}`, parent ?? 0x811c9dc5);
    tagPath.set(n.id, h);
    const step = skeletonStep(n);
    // The low bit says whether the element names itself (an id or a class): such paths weigh more.
    out.add(((fnv1a(`|${step}`, parent ?? 0x811c9dc5) & ~1) | (step.length > n.tag.length ? 1 : 0)) >>> 0);
  }
  return out;
}

/** The template of some pages of one template: the paths at least TEMPLATE_MIN_SHARE of them have. */
export function templateOf(skeletons: readonly ReadonlySet<number>[], bodyChars?: number): TemplateFingerprint {
  const df = new Map<number, number>();
  for (const s of skeletons) for (const h of s) df.set(h, (df.get(h) ?? 0) + 1);
  const n = Math.max(1, skeletons.length);
  const kept = [...df].filter(([, c]) => c / n >= TEMPLATE_MIN_SHARE).sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, TEMPLATE_MAX_PATHS);
  kept.sort((a, b) => a[0] - b[0]);
  return {
    pages: skeletons.length, paths: kept.map(([h]) => h), weights: kept.map(([, c]) => +(c / n).toFixed(3)),
    ...(bodyChars !== undefined ? { bodyChars: Math.round(bodyChars) } : {}),
  };
}

/** How a page fits a template: `held` share of the template's weight the page has, `explained` share of the page's paths the template has; `fit` their geometric mean. */
export interface TemplateFit {
  readonly fit: number;
  readonly held: number;
  readonly explained: number;
}

/** Weight of a path whose element has neither id nor class (`div` under `td`): every table layout has those. */
export const BARE_PATH_WEIGHT = 0.25;
const pathWeight = (h: number): number => (h & 1 ? 1 : BARE_PATH_WEIGHT);

export function templateFit(t: TemplateFingerprint, skeleton: ReadonlySet<number>): TemplateFit {
  let total = 0;
  let held = 0;
  let sharedWeight = 0;
  t.paths.forEach((h, i) => {
    const w = t.weights[i]! * pathWeight(h);
    total += w;
    if (skeleton.has(h)) {
      held += w;
      sharedWeight += pathWeight(h);
    }
  });
  let pageWeight = 0;
  for (const h of skeleton) pageWeight += pathWeight(h);
  const heldShare = total > 0 ? held / total : 0;
  const explained = pageWeight > 0 ? sharedWeight / pageWeight : 0;
  return { fit: Math.sqrt(heldShare * explained), held: heldShare, explained };
}

/** The best fit of a page to any of a site's templates. */
export function bestTemplateFit(site: SiteTemplates, skeleton: ReadonlySet<number>): TemplateFit & { readonly template: number } {
  let best = { fit: -1, held: 0, explained: 0, template: -1 };
  site.templates.forEach((t, i) => {
    const f = templateFit(t, skeleton);
    if (f.fit > best.fit) best = { ...f, template: i };
  });
  return best.template < 0 ? { fit: 0, held: 0, explained: 0, template: -1 } : best;
}

/** A name for a site known only by its template: `template:` and 8 hex digits of its paths' hash. */
export function templateName(t: TemplateFingerprint): string {
  let h = 0x811c9dc5;
  for (const p of t.paths) h = fnv1a(p.toString(16), h);
  return `template:${h.toString(16).padStart(8, '0')}`;
}

/** The problem with a stored `template` section, or undefined when it is well formed. */
export function checkSiteTemplates(x: unknown): string | undefined {
  if (!isRecord(x) || !Array.isArray(x['templates'])) return 'template must be {templates: [...]}';
  for (const t of x['templates'] as unknown[]) {
    if (!isRecord(t) || typeof t['pages'] !== 'number' || !Array.isArray(t['paths']) || !Array.isArray(t['weights'])) return 'a template must have pages, paths and weights';
    const paths = t['paths'] as unknown[];
    const weights = t['weights'] as unknown[];
    if (paths.length !== weights.length) return "a template's paths and weights differ in length";
    if (!paths.every((p) => Number.isInteger(p) && (p as number) >= 0 && (p as number) <= 0xffffffff)) return "a template's paths must be 32-bit hashes";
    if (!weights.every((w) => typeof w === 'number' && w >= 0 && w <= 1)) return "a template's weights must be shares (0-1)";
    if (t['bodyChars'] !== undefined && !(typeof t['bodyChars'] === 'number' && t['bodyChars'] >= 0)) return "a template's bodyChars must be a number";
  }
  const b = x['boilerplate'];
  if (b !== undefined && !(Array.isArray(b) && b.every((h) => Number.isInteger(h) && h >= 0 && h <= 0xffffffff))) return 'boilerplate must be a list of 32-bit hashes';
  if (x['selfTrained'] !== undefined && typeof x['selfTrained'] !== 'boolean') return 'selfTrained must be true or false';
  const lengths = x['bodyLengths'];
  if (lengths !== undefined && !(Array.isArray(lengths) && lengths.every((n, i) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && (i === 0 || n >= (lengths[i - 1] as number))))) return 'bodyLengths must be ascending character counts';
  const chrome = x['chrome'];
  if (chrome !== undefined) {
    if (!isRecord(chrome) || !Number.isInteger(chrome['version']) || (chrome['version'] as number) < 1) return 'chrome must be {version, texts}';
    const texts = chrome['texts'];
    // Another version's texts are left unused (currentChrome), whatever their form.
    if (chrome['version'] === CHROME_VERSION && !(Array.isArray(texts) && texts.every((h, i) => Number.isInteger(h) && h >= 0 && h <= 0xffffffff && (i === 0 || h > (texts[i - 1] as number))))) return "chrome's texts must be ascending 32-bit hashes";
  }
  const r = x['pageRepeats'];
  if (r !== undefined && !(Number.isInteger(r) && (r as number) >= 2)) return 'pageRepeats must be a whole number >= 2';
  return undefined;
}

/** A stored `template` section, checked; `where` names the site model in errors. */
export function siteTemplatesOf(x: unknown, where: string): SiteTemplates {
  const err = checkSiteTemplates(x);
  if (err) throw new PithError('BAD_MODEL', err, where);
  return x as SiteTemplates;
}

/**
 * Pages grouped by template: each joins the first group whose template it fits (at
 * TEMPLATE_MATCH_THRESHOLD), else starts one; a group's template is rebuilt as pages join.
 * Returns the groups as lists of indices, in order of first page.
 */
export function groupByTemplate(skeletons: readonly ReadonlySet<number>[], threshold = TEMPLATE_MATCH_THRESHOLD): number[][] {
  const groups: { members: number[]; template: TemplateFingerprint }[] = [];
  skeletons.forEach((s, i) => {
    let best: (typeof groups)[number] | undefined;
    let bestFit = threshold;
    for (const g of groups) {
      const f = templateFit(g.template, s).fit;
      if (f >= bestFit) {
        best = g;
        bestFit = f;
      }
    }
    if (best) {
      best.members.push(i);
      best.template = templateOf(best.members.map((k) => skeletons[k]!));
    } else groups.push({ members: [i], template: templateOf([s]) });
  });
  return groups.map((g) => g.members);
}

/** Characters of the text blocks labelled body (gold, self-labels or a site model's prediction). */
export function bodyCharsOf(page: Page, labels: readonly string[]): number {
  return page.blocks.reduce((a, b, i) => a + (labels[i] === 'body' && b.kind === 'text' ? b.text.length : 0), 0);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Ascending lengths, at most BODY_LENGTHS_KEPT of them (evenly spaced quantiles, both ends kept). */
export function keptBodyLengths(lengths: readonly number[]): number[] {
  const s = [...lengths].sort((a, b) => a - b);
  if (s.length <= BODY_LENGTHS_KEPT) return s;
  return Array.from({ length: BODY_LENGTHS_KEPT }, (_, i) => s[Math.round((i * (s.length - 1)) / (BODY_LENGTHS_KEPT - 1))]!);
}

/**
 * The templates of a site's pages (one per group of pages that share a skeleton), each with its
 * pages' median body length, the body lengths of the labelled pages (labels where given), and
 * the site's chrome unless `chrome: false` (a caller that only compares templates).
 */
export function siteTemplatesOfPages(pages: readonly { readonly page: Page; readonly labels?: readonly string[] }[], options: { readonly chrome?: boolean } = {}): SiteTemplates {
  const skeletons = pages.map((p) => pageSkeleton(p.page.tree));
  const chars = pages.map((p) => (p.labels ? bodyCharsOf(p.page, p.labels) : undefined));
  const templates: TemplateFingerprint[] = groupByTemplate(skeletons).map((g) => {
    const labelled = g.filter((k) => chars[k] !== undefined);
    return templateOf(g.map((k) => skeletons[k]!), labelled.length ? median(labelled.map((k) => chars[k]!)) : undefined);
  });
  const lengths = chars.filter((c): c is number => c !== undefined);
  const chrome = options.chrome === false ? undefined : chromeOf(pages.map((p) => pageChromeTexts(p.page, p.labels)));
  return { templates, ...(lengths.length ? { bodyLengths: keptBodyLengths(lengths) } : {}), ...(chrome ? { chrome } : {}) };
}

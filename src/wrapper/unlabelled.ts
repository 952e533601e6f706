/**
 * Learning a site from its own unlabelled pages (docs/sites.md, "Without labels"). The general
 * model reads every page; what the site's pages show together then corrects it, and the
 * corrected labels teach the wrapper's rules as a person's labels would (self-training):
 *
 * - **confident body**: a block the general model is all but sure is body counts as body where
 *   its decoder left it out (CONFIDENT_BODY);
 * - **template**: a block whose text and path (its elements' tags and classes from the root)
 *   repeat on several of the site's pages is the template's (navigation, footers, promos):
 *   `other`, whatever the general model read;
 * - **path vote**: blocks at one path are the same kind of text on every page of a template;
 *   a path whose characters the general model reads as body on most pages is body on all of
 *   them, one it mostly reads as not body is `other` on all;
 * - **container**: the element that holds the body on most pages (its path) is the article's;
 *   body outside it is `other`;
 * - **title**: the path the general model's headline is at on most pages is the title's; a page
 *   whose headline it put elsewhere takes the block at that path;
 * - **captions**: on a page the decoder reads as an article (or cannot tell), a photo's caption
 *   (the decoder's caption role, or the only short line of a small box holding a photo)
 *   describes the photo, not the article: `other`, and left out of the path vote.
 *
 * Template evidence overrides the general model where they disagree.
 */
import type { DomNode, ElementNode } from '../dom/tree.js';
import { LABELS, type GoldLabel } from '../labels.js';
import type { Page } from '../page.js';
import { extractPage, siteLabelled, type LoadedModel } from '../pipeline/extract.js';
import { skeletonStep, textHash, type SiteTemplates } from '../models/site-template.js';
import { withTemplates, type TemplatedSite } from '../models/site-pick.js';
import { normalizeSpace } from '../dom/tree.js';
import type { LabelledPage, SiteTraining } from './train.js';
import { trainSiteModel } from './train.js';
import type { InduceOptions } from './induce.js';
import { WrapperSiteModel } from '../models/wrapper/site-model.js';
import { blockRoles, BlockRole, CAPTION_LEVELS, MAX_LINE_CHARS } from '../decode/roles.js';
import { toText, type Article } from '../article/index.js';
import { shingleCounts } from '../util/shingles.js';

/** The signals self-labelling uses (all by default); the bench switches them off one by one. */
export interface UnlabelledSignals {
  readonly template?: boolean;
  readonly pathVote?: boolean;
  readonly container?: boolean;
  readonly titleVote?: boolean;
  readonly links?: boolean;
  readonly confident?: boolean;
  readonly captions?: boolean;
}
const ALL_SIGNALS: Required<UnlabelledSignals> = Object.freeze({ template: true, pathVote: true, container: true, titleVote: true, links: true, confident: true, captions: true });
/**
 * A block the general model gives at least this probability of body is read as body where its
 * decoder left it out (the article's second part after an interruption, which the decoder's one
 * region drops); the template and the path vote still overrule it.
 */
export const CONFIDENT_BODY = 0.97;
/** Share of a body line's characters in links above which it is a link to elsewhere. */
export const LINK_LINE_SHARE = 0.5;

/** Least share of a site's pages (and two at least) a block's text and path must be on to be the template's. */
export const TEMPLATE_BLOCK_SHARE = 0.3;
/** A text a page shows this many times (a gallery caption per slide) is not the article's. */
export const PAGE_REPEATS = 3;
/** Share of a path's characters the general model must read as body, over the site's pages, for the path to be body. */
export const PATH_BODY_SHARE = 0.5;
/** Share of a page's body characters the article's container holds. */
const CONTAINER_SHARE = 0.9;

export interface UnlabelledPage {
  readonly id: string;
  readonly page: Page;
}

/** What each signal changed, over the site's pages (blocks). */
export interface SelfLabelStats {
  readonly pages: number;
  /** Blocks the general model read as content that repeat as the template's. */
  readonly template: number;
  /** Blocks the path vote made body / took from body. */
  readonly votedBody: number;
  readonly votedOther: number;
  /** Body blocks outside the article's container, made `other`. */
  readonly outsideContainer: number;
  /** Pages whose title block the title vote moved. */
  readonly titleMoved: number;
  /** Body lines that were mostly a link, made `other`. */
  readonly linkLines: number;
  /** Photo captions the general model read as content, made `other`. */
  readonly captions: number;
}

export interface SelfLabelled {
  readonly pages: readonly LabelledPage[];
  readonly stats: SelfLabelStats;
  /** textHash of each template block's text (the site model's `boilerplate`). */
  readonly boilerplate: readonly number[];
  /** The general model's article (headline and text) of each page, in order. */
  readonly generalTexts: readonly string[];
}

/** A block's path: its elements' steps (tag, id, classes) from the root; positions left out. */
function pathKeys(page: Page): string[] {
  const memo = new Map<number, string>();
  const keyOf = (id: number): string => {
    const hit = memo.get(id);
    if (hit !== undefined) return hit;
    const n = page.tree.nodes[id] as ElementNode;
    const key = n.parent < 0 ? '' : `${keyOf(n.parent)}>${skeletonStep(n)}`;
    memo.set(id, key);
    return key;
  };
  return page.blocks.map((b) => keyOf(b.elementId));
}

const BODY = LABELS.indexOf('body');
const isText = (page: Page, i: number): boolean => page.blocks[i]!.kind === 'text' && page.blocks[i]!.text.trim() !== '';
const isContent = (l: GoldLabel | undefined): boolean => l === 'body' || l === 'heading' || l === 'title';

/**
 * Pages whose photo captions the captions signal makes `other`: the ones the decoder reads as
 * articles (or cannot tell). A product's or a documentation page's short line beside an image
 * is often its content (on wcxb-dev's product sites the signal lowered F1; docs/sites.md).
 */
const CAPTION_PAGE_KINDS: ReadonlySet<string> = new Set(['article', 'unknown']);
/** Nodes a photo's box holds at most: a larger element is a section, not one photo with its caption. */
const MAX_CAPTION_BOX_NODES = 60;
/** An image this small on a side is a spacer or an icon, not a photo. */
const MIN_PHOTO_SIDE = 20;

/** An image that may be a photo: not a spacer or an icon by its declared size. */
function isPhoto(n: DomNode | undefined): boolean {
  if (n?.kind !== 'element' || n.tag !== 'img') return false;
  const small = (v: string | undefined): boolean => v !== undefined && /^\d+$/.test(v.trim()) && Number(v) < MIN_PHOTO_SIDE;
  return !small(n.attrs['width']) && !small(n.attrs['height']);
}

/** Per node id, the text blocks of the elements before it in document order: an element's subtree [id, end] holds before[end + 1] - before[id]. */
function textBlocksBefore(page: Page): Int32Array {
  const before = new Int32Array(page.tree.nodes.length + 1);
  page.blocks.forEach((b, i) => {
    if (isText(page, i)) before[b.elementId + 1] = before[b.elementId + 1]! + 1;
  });
  for (let id = 0; id < page.tree.nodes.length; id++) before[id + 1] = before[id + 1]! + before[id]!;
  return before;
}

/**
 * Per block, whether it is a photo's caption: the decoder's caption role (a `figcaption` or
 * `.caption` box), or a short line that is the only text of a small box holding a photo outside
 * the line's own element (`<div><img><div class="cap">...</div></div>`, whatever the classes say).
 */
export function photoCaptions(page: Page): boolean[] {
  const roles = blockRoles(page.tree, page.blocks);
  const nodes = page.tree.nodes;
  const before = textBlocksBefore(page);
  const textBlocksIn = (from: number, to: number): number => before[to + 1]! - before[from]!;
  const photoIn = (from: number, to: number, except: ElementNode): boolean => {
    for (let id = from; id <= to; id++) if ((id < except.id || id > except.end) && isPhoto(nodes[id])) return true;
    return false;
  };
  return page.blocks.map((b, i) => {
    if (roles[i] === BlockRole.caption) return true;
    // A caption is a line (as the decoder's roles read lines), and its photo's box a few levels up.
    if (!isText(page, i) || b.text.trim().length > MAX_LINE_CHARS) return false;
    const own = nodes[b.elementId] as ElementNode;
    let box = own;
    for (let level = 0; level < CAPTION_LEVELS && box.parent > 0; level++) {
      box = nodes[box.parent] as ElementNode;
      if (box.end - box.id > MAX_CAPTION_BOX_NODES) return false;
      if (textBlocksIn(box.id, box.end) > 1) return false;
      if (photoIn(box.id, box.end, own)) return true;
    }
    return false;
  });
}

/** The deepest element holding CONTAINER_SHARE of the body characters of a page. */
function containerOf(page: Page, labels: readonly GoldLabel[]): number | undefined {
  const chars = new Map<number, number>();
  let total = 0;
  page.blocks.forEach((b, i) => {
    if (labels[i] !== 'body' || b.kind !== 'text') return;
    total += b.text.length;
    for (let id = b.elementId; id > 0; id = page.tree.nodes[id]!.parent) chars.set(id, (chars.get(id) ?? 0) + b.text.length);
  });
  if (total === 0) return undefined;
  let best: ElementNode | undefined;
  for (const [id, c] of chars) {
    const el = page.tree.nodes[id] as ElementNode;
    if (c >= CONTAINER_SHARE * total && (!best || el.depth > best.depth)) best = el;
  }
  return best?.id;
}

/** The key seen most often (ties: the first seen), with its count. */
function majority(keys: readonly (string | undefined)[]): { key: string; count: number } | undefined {
  const counts = new Map<string, number>();
  for (const k of keys) if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  let best: { key: string; count: number } | undefined;
  for (const [key, count] of counts) if (!best || count > best.count) best = { key, count };
  return best;
}

/** An element's path key (as pathKeys gives a block's). */
function elementKey(page: Page, id: number): string {
  const steps: string[] = [];
  for (let n = page.tree.nodes[id] as ElementNode; n.parent >= 0; n = page.tree.nodes[n.parent] as ElementNode) steps.push(skeletonStep(n));
  return steps.reverse().map((s) => `>${s}`).join('');
}

/** A page as the general model read it: its labels, its blocks' path keys, its title. */
interface ReadPage {
  readonly id: string;
  readonly page: Page;
  readonly labels: readonly GoldLabel[];
  readonly keys: readonly string[];
  readonly title: string;
  /** Per block: a photo's caption (photoCaptions). */
  readonly captions: readonly boolean[];
  /** The general model's article, headline and text (articleText). */
  readonly text: string;
}
type Counts = { -readonly [K in keyof SelfLabelStats]: number };
type Signals = Required<UnlabelledSignals>;

/** Template: per page and block, whether its text on its path repeats on several pages (or on the page itself). */
function templateBlocks(read: readonly ReadPage[], on: Signals): boolean[][] {
  const repeats = new Map<string, Set<number>>();
  read.forEach((r, k) => r.page.blocks.forEach((b, i) => {
    if (!isText(r.page, i)) return;
    const key = `${r.keys[i]}\u0000${normalizeSpace(b.text)}`;
    let s = repeats.get(key);
    if (!s) repeats.set(key, (s = new Set()));
    s.add(k);
  }));
  const minRepeat = Math.max(2, Math.ceil(TEMPLATE_BLOCK_SHARE * read.length));
  return read.map((r) => {
    const times = new Map<string, number>();
    for (const b of r.page.blocks) if (b.kind === 'text') times.set(normalizeSpace(b.text), (times.get(normalizeSpace(b.text)) ?? 0) + 1);
    return r.page.blocks.map((b, i) => on.template && isText(r.page, i)
      && ((repeats.get(`${r.keys[i]}\u0000${normalizeSpace(b.text)}`)?.size ?? 0) >= minRepeat || times.get(normalizeSpace(b.text))! >= PAGE_REPEATS));
  });
}

interface PathVote { body: number; all: number; pages: Set<number> }

/** Per path key, the characters the general model called body against all, over the blocks that are not the template's. */
function pathVotes(read: readonly ReadPage[], isTemplate: readonly (readonly boolean[])[]): Map<string, PathVote> {
  const pathBody = new Map<string, PathVote>();
  read.forEach((r, k) => r.page.blocks.forEach((b, i) => {
    if (!isText(r.page, i) || isTemplate[k]![i] || r.captions[i]) return;
    let v = pathBody.get(r.keys[i]!);
    if (!v) pathBody.set(r.keys[i]!, (v = { body: 0, all: 0, pages: new Set() }));
    v.pages.add(k);
    v.all += b.text.length;
    if (r.labels[i] === 'body') v.body += b.text.length;
  }));
  return pathBody;
}

/** One page's labels after the template, link-line and path-vote corrections. */
function correctedLabels(r: ReadPage, isTemplate: readonly boolean[], pathBody: ReadonlyMap<string, PathVote>, on: Signals, c: Counts): GoldLabel[] {
  const labels = [...r.labels];
  r.page.blocks.forEach((_, i) => {
    if (!isText(r.page, i)) return;
    if (isTemplate[i]) {
      if (isContent(labels[i])) c.template++;
      labels[i] = 'other';
      return;
    }
    // A photo's caption describes the photo, not the article's text.
    if (on.captions && r.captions[i]) {
      if (isContent(labels[i]) && labels[i] !== 'title') {
        labels[i] = 'other';
        c.captions++;
      }
      return;
    }
    // A line that is mostly a link points to another page (a related story), not the article's text.
    if (on.links && labels[i] === 'body' && r.page.blocks[i]!.linkChars > LINK_LINE_SHARE * r.page.blocks[i]!.text.length) {
      labels[i] = 'other';
      c.linkLines++;
      return;
    }
    if (!on.pathVote || labels[i] === 'title' || labels[i] === 'heading') return;
    const v = pathBody.get(r.keys[i]!)!;
    // A path seen on one page only says nothing the general model did not.
    if (v.pages.size < 2 || v.all === 0) return;
    const share = v.body / v.all;
    if (share >= PATH_BODY_SHARE && labels[i] !== 'body') {
      labels[i] = 'body';
      c.votedBody++;
    } else if (share < PATH_BODY_SHARE && labels[i] === 'body') {
      labels[i] = 'other';
      c.votedOther++;
    }
  });
  return labels;
}

/** Container: body and headings outside the element that holds the body on most pages become `other`. */
function keepInsideContainer(read: readonly ReadPage[], labelled: GoldLabel[][], c: Counts): void {
  const containers = read.map((r, k) => containerOf(r.page, labelled[k]!));
  const keys = containers.map((el, k) => (el !== undefined ? elementKey(read[k]!.page, el) : undefined));
  const top = majority(keys);
  if (!top || top.count < Math.max(2, Math.ceil(read.length / 2))) return;
  read.forEach((r, k) => {
    const roots = r.page.tree.nodes.filter((x): x is ElementNode => x.kind === 'element' && x.parent >= 0 && elementKey(r.page, x.id) === top.key);
    if (roots.length === 0) return; // another template: the page keeps its own reading
    r.page.blocks.forEach((b, i) => {
      const l = labelled[k]![i];
      if ((l === 'body' || l === 'heading') && !roots.some((root) => b.elementId >= root.id && b.elementId <= root.end)) {
        labelled[k]![i] = 'other';
        c.outsideContainer++;
      }
    });
  });
}

/** Title: where the general model's headline sits on most pages, a page whose title is elsewhere takes the block there. */
function moveTitles(read: readonly ReadPage[], labelled: GoldLabel[][], isTemplate: readonly (readonly boolean[])[], titleAt: (k: number) => number, c: Counts): void {
  const top = majority(read.map((r, k) => (titleAt(k) >= 0 ? r.keys[titleAt(k)] : undefined)));
  if (!top || top.count < Math.max(2, Math.ceil(read.length / 2))) return;
  read.forEach((r, k) => {
    const at = titleAt(k);
    if (at >= 0 && r.keys[at] === top.key) return;
    const moved = r.page.blocks.findIndex((_, i) => isText(r.page, i) && r.keys[i] === top.key && !isTemplate[k]![i]);
    if (moved < 0) return;
    labelled[k]!.forEach((l, i) => {
      if (l === 'title') labelled[k]![i] = 'other';
    });
    labelled[k]![moved] = 'title';
    c.titleMoved++;
  });
}

/**
 * The site's pages labelled without a person: the general model's reading, corrected by what
 * the pages show together (the signals above, each switchable for measuring it).
 */
export function selfLabel(pages: readonly UnlabelledPage[], general: LoadedModel, signals: UnlabelledSignals = ALL_SIGNALS): SelfLabelled {
  const on: Signals = { ...ALL_SIGNALS, ...signals };
  const model = generalOnly(general);
  const read: ReadPage[] = pages.map((p) => {
    const r = extractPage(p.page, model);
    const labels = r.labels.map((l, i): GoldLabel => (on.confident && l === 'other' && r.probs[i]![BODY]! >= CONFIDENT_BODY ? 'body' : l));
    const captions = on.captions && CAPTION_PAGE_KINDS.has(r.pageKind) ? photoCaptions(p.page) : p.page.blocks.map(() => false);
    return { id: p.id, page: p.page, labels, keys: pathKeys(p.page), title: r.article.title, captions, text: articleText(r.article) };
  });
  const c: Counts = { pages: read.length, template: 0, votedBody: 0, votedOther: 0, outsideContainer: 0, titleMoved: 0, linkLines: 0, captions: 0 };
  const isTemplate = templateBlocks(read, on);
  const pathBody = pathVotes(read, isTemplate);
  const labelled = read.map((r, k) => correctedLabels(r, isTemplate[k]!, pathBody, on, c));
  if (on.container) keepInsideContainer(read, labelled, c);
  const titleAt = (k: number): number => labelled[k]!.findIndex((l, i) => l === 'title' && isText(read[k]!.page, i));
  if (on.titleVote) moveTitles(read, labelled, isTemplate, titleAt, c);

  const out: LabelledPage[] = read.map((r, k) => {
    const at = titleAt(k);
    const title = at >= 0 ? normalizeSpace(r.page.blocks[at]!.text.split('\n').find((line) => r.title && normalizeSpace(line) === normalizeSpace(r.title)) ?? r.title) : undefined;
    return { id: r.id, page: r.page, labels: labelled[k]!, found: 1, ...(title ? { goldTitle: title } : {}) };
  });
  const boilerplate = new Set<number>();
  read.forEach((r, k) => r.page.blocks.forEach((b, i) => {
    if (isTemplate[k]![i]) boilerplate.add(textHash(b.text));
  }));
  const stats: SelfLabelStats = { ...c };
  return { pages: out, stats, boilerplate: [...boilerplate].sort((a, b) => a - b), generalTexts: read.map((r) => r.text) };
}

/** How a site is learned without labels: the induction's options and the self-labelling signals. */
export type UnlabelledOptions = InduceOptions & {
  readonly signals?: UnlabelledSignals;
  /** Rounds of self-training: the training pages labelled again by the site model learned, and the rules induced again from those labels. */
  readonly rounds?: number;
  /** Blocks, over the pages learned from, at most (LEARN_BLOCK_BUDGET). */
  readonly blockBudget?: number;
};

/** The pages labelled again by a site model learned from them (self-training); a page it does not take keeps its labels. */
function relabelled(pages: readonly LabelledPage[], site: TemplatedSite, general: LoadedModel): LabelledPage[] {
  const model: LoadedModel = { ...general, sites: [site] };
  return pages.map((p) => {
    const r = extractPage(p.page, model);
    if (!siteLabelled(r)) return p;
    return { ...p, labels: r.labels.map((l) => l as GoldLabel), ...(r.article.title ? { goldTitle: r.article.title } : {}) };
  });
}

export interface UnlabelledTraining extends SiteTraining {
  readonly selfLabels: SelfLabelStats;
  /** How far the site model learned agrees with the general model on the site's pages it read (siteAgreement): those learned from, then the next up to twice the block budget. */
  readonly agreement: SiteAgreement;
}

/** An article as one text, headline first: what the agreement compares. */
export const articleText = (a: Article): string => `${a.title}\n\n${toText(a)}`;

const AGREEMENT_SHINGLE = 4;
/** Word 4-grams of a text, counted (lower case, punctuation dropped). */
const wordShingles = (text: string): Map<string, number> => shingleCounts(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [], AGREEMENT_SHINGLE);

/** How two articles' texts compare, by word 4-grams (both 1 when both are empty). */
interface TextAgreement {
  /** Shingle F1 of the two. */
  readonly f1: number;
  /** Share of the reference text's shingles the other holds. */
  readonly held: number;
  /** Share of the text's shingles the reference holds. */
  readonly backed: number;
}

/** `text` against `reference`: their shingle F1, and how much of `reference` it holds. */
export function textAgreement(text: string, reference: string): TextAgreement {
  const st = wordShingles(text), sr = wordShingles(reference);
  let nt = 0, nr = 0, both = 0;
  for (const c of st.values()) nt += c;
  for (const [k, c] of sr) {
    nr += c;
    both += Math.min(c, st.get(k) ?? 0);
  }
  return { f1: nt + nr === 0 ? 1 : (2 * both) / (nt + nr), held: nr === 0 ? 1 : both / nr, backed: nt === 0 ? 1 : both / nt };
}

export interface SiteAgreement {
  /** Per page checked, in input order (those learned from, then the next up to twice the block budget; later pages are not checked): the site model's article against the general model's (1 and 1 where the site model does not take the page). */
  readonly pages: readonly TextAgreement[];
  /** The site's pages, checked or not (pages.length of them were checked). */
  readonly of: number;
  /** The least share of the general model's article the site model's holds, over the pages. */
  readonly leastHeld: number;
  /** The least share of the site model's article the general model's holds, over the pages. */
  readonly leastBacked: number;
}

/** The model without its site models: the general model's reading alone. */
export const generalOnly = (model: LoadedModel): LoadedModel => ({ ...model, sites: undefined }) as LoadedModel;

/** A page checked, with the general model's article text of it. */
interface CheckedPage {
  readonly page: Page;
  readonly generalText: string;
}

/**
 * The site model's reading of the site's pages it read against the general model's: a
 * check needing no gold. Where the learned rules describe the site's pages they reproduce the
 * general model's reading, corrected at the edges (template blocks, captions, a second part it
 * dropped), so the site model's article holds nearly all of the general model's on every page;
 * where the page is not one the rules can describe (a product page's scattered text, an
 * article body split across containers) the rules fasten on one part and drop the rest.
 */
function siteAgreement(pages: readonly CheckedPage[], of: number, site: TemplatedSite, general: LoadedModel): SiteAgreement {
  const model: LoadedModel = { ...general, sites: [site] };
  const values = pages.map((p): TextAgreement => {
    const r = extractPage(p.page, model);
    return siteLabelled(r) ? textAgreement(articleText(r.article), p.generalText) : { f1: 1, held: 1, backed: 1 };
  });
  return { pages: values, of, leastHeld: Math.min(1, ...values.map((v) => v.held)), leastBacked: Math.min(1, ...values.map((v) => v.backed)) };
}

/**
 * Blocks the pages a site is learned from may hold together: inducing rules costs more than the
 * pages' size squared (a shop's product pages of about 1 900 blocks: 2 pages 0.2 s, 4 pages
 * 6.7 s), while a news site's 10 pages hold 2 500 at most (msv-big9). A site's further pages
 * are still read by what was learned.
 */
export const LEARN_BLOCK_BUDGET = 4000;

/** The first pages whose blocks fit the budget together (the first page always). */
export function pagesWithinBudget<T extends UnlabelledPage>(pages: readonly T[], budget: number = LEARN_BLOCK_BUDGET): T[] {
  let blocks = 0;
  const out: T[] = [];
  for (const p of pages) {
    blocks += p.page.blocks.length;
    if (out.length > 0 && blocks > budget) break;
    out.push(p);
  }
  return out;
}

/** A site model learned from the site's unlabelled pages: self-labelled (selfLabel), then induced as from a person's labels. */
export function trainSiteUnlabelled(host: string, allPages: readonly UnlabelledPage[], general: LoadedModel, options: UnlabelledOptions = {}): UnlabelledTraining {
  const budget = options.blockBudget ?? LEARN_BLOCK_BUDGET;
  // Checked also on the site's next pages up to a second budget: a page left out of learning is the site model's too.
  const checked = pagesWithinBudget(allPages, 2 * budget);
  const pages = pagesWithinBudget(checked, budget);
  const labelled = selfLabel(pages, general, options.signals);
  let t = trainSiteModel(host, labelled.pages, options);
  const signals = { ...ALL_SIGNALS, ...options.signals };
  const boilerplateOf = (x: SiteTraining): SiteTemplates => ({ ...x.template, ...(labelled.boilerplate.length ? { boilerplate: labelled.boilerplate } : {}), ...(signals.template ? { pageRepeats: PAGE_REPEATS } : {}), selfTrained: true });
  let current = labelled.pages;
  for (let round = 0; round < (options.rounds ?? 0); round++) {
    current = relabelled(current, withTemplates(t.model, boilerplateOf(t)), general);
    t = trainSiteModel(host, current, options);
  }
  const capped = pages.length < allPages.length ? ` (the first ${pages.length} of ${allPages.length}: at most ${budget} blocks together)` : '';
  const note = `learned without labels from ${pages.length} page(s)${capped}: ${labelled.stats.template} template block(s) the general model read as content, path vote +${labelled.stats.votedBody}/-${labelled.stats.votedOther} body, ${labelled.stats.outsideContainer} outside the article's container, ${labelled.stats.titleMoved} title(s) moved, ${labelled.stats.captions} photo caption(s)`;
  const model = new WrapperSiteModel(t.model.host, { ...t.model.body, notes: [note, ...t.model.body.notes] });
  const template = boilerplateOf(t);
  const plain = generalOnly(general);
  const checkedPages = checked.map((p, k): CheckedPage => ({ page: p.page, generalText: labelled.generalTexts[k] ?? articleText(extractPage(p.page, plain).article) }));
  const agreement = siteAgreement(checkedPages, allPages.length, withTemplates(model, template), general);
  return { ...t, model, selfLabels: labelled.stats, template, agreement };
}

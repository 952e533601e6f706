/**
 * The annotation tool's view of one pith corpus: pages as the app shows them (blocks with
 * the labels to start from), the rewritten HTML for the frame, revision-checked saves and
 * the active-learning queue. All storage goes through src/corpus/pith-format.ts; this
 * file only decides what to show and converts block labels to stored annotations.
 */
import { PithError } from '../errors.js';
import { isGoldLabel, type GoldLabel, type Label } from '../labels.js';
import { loadPage, type Page } from '../page.js';
import type { Prediction } from '../models/labeler.js';
import { isValidPageId, readPithHeader, savePageLabels, type PithCorpusHeader } from '../corpus/pith-format.js';
import { DEFAULT_MAX_BYTES } from '../dom/bytes.js';
import { annotationsFromLabels, labelsFromAnnotations } from '../corpus/annotations.js';
import { checkStructure, type StructureFlag } from '../decode/checks.js';
import { frameHtml } from './frame-html.js';
import { orderQueue, summarisePage, type PageSummary } from './queue.js';
import { topProbabilities, type Predictor } from './predictor.js';
import { listCorpusPages, readLabelsTolerant, type CorpusProblem } from './corpus-files.js';
import { readFileInside } from './safe-files.js';
import { siteOfUrl } from '../util/site.js';
import { isValidHost, SiteStore } from './site-store.js';

export interface WorkspaceOptions {
  /** Pre-labels pages; without one every unsaved block starts `other`. */
  readonly predictor?: Predictor;
  /** Parsed pages kept in memory. Default 12. */
  readonly cachedPages?: number;
  /** Characters of block text sent to the app per block. Default 300. */
  readonly blockTextChars?: number;
}

export interface BlockView {
  readonly kind: 'text' | 'image' | 'media';
  readonly text: string;
  /** The label to start from: saved, else predicted, else `other`. */
  readonly label: GoldLabel;
  /** The model's label and top probability, when a model is loaded. */
  readonly pred?: Label;
  readonly conf?: number;
}

export interface PageView {
  readonly id: string;
  readonly url: string | undefined;
  /** `<title>` of the page. */
  readonly docTitle: string;
  readonly revision: number;
  readonly source: PageSummary['source'];
  /** The page's site (see `hostOf`), when it has one. */
  readonly host: string | undefined;
  readonly blocks: readonly BlockView[];
  readonly flags: readonly StructureFlag[];
  readonly model: string | undefined;
}

export interface SaveResult {
  readonly revision: number;
  readonly flags: readonly StructureFlag[];
}

interface Loaded {
  readonly page: Page;
  readonly bytes: Uint8Array;
  readonly prediction: Prediction | undefined;
  readonly predictorGen: number;
}

interface PageEntry {
  readonly id: string;
  readonly url: string | undefined;
  readonly htmlPath: string;
}

/** A page of the corpus with its site, for the site models (sites.ts). */
export interface ListedSitePage {
  readonly id: string;
  readonly url: string | undefined;
  readonly host: string | undefined;
  /** Saved label revision (0: none); -1 when the labels file is unreadable. */
  readonly revision: number;
}

/** The site a page URL belongs to, when it is one a site model can be stored for. */
export function hostOf(url: string | undefined): string | undefined {
  const h = siteOfUrl(url);
  return h && isValidHost(h) ? h : undefined;
}

export class Workspace {
  readonly dir: string;
  readonly header: PithCorpusHeader;
  /** Learned site models (`<corpus>/sites/`): pages of a learned host start from the wrapper's labels. */
  readonly sites: SiteStore;
  private predictor: Predictor | undefined;
  private predictorGen = 0;
  private readonly cacheSize: number;
  private readonly textChars: number;
  private readonly cache = new Map<string, Loaded>(); // insertion order = LRU order
  private readonly summaries = new Map<string, { key: string; summary: PageSummary }>();
  private entries: Map<string, PageEntry> | undefined;
  private listingProblems: readonly CorpusProblem[] = [];

  private constructor(dir: string, header: PithCorpusHeader, options: WorkspaceOptions) {
    this.dir = dir;
    this.header = header;
    this.sites = new SiteStore(dir);
    this.predictor = options.predictor;
    this.cacheSize = Math.max(1, options.cachedPages ?? 12);
    this.textChars = Math.max(20, options.blockTextChars ?? 300);
  }

  static async open(dir: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    return new Workspace(dir, await readPithHeader(dir), options);
  }

  get modelName(): string | undefined {
    return this.predictor?.name;
  }

  /** Replaces the model (after a retrain); predictions and the queue are recomputed lazily. */
  setPredictor(p: Predictor | undefined): void {
    this.predictor = p;
    this.predictorGen++;
    this.cache.clear();
  }

  /** Forgets the page listing (after pages were added). */
  refresh(): void {
    this.entries = undefined;
  }

  private async listing(): Promise<Map<string, PageEntry>> {
    if (!this.entries) {
      const m = new Map<string, PageEntry>();
      const listing = await listCorpusPages(this.dir);
      for (const p of listing.pages) m.set(p.id, { id: p.id, url: p.metaUrl, htmlPath: p.htmlPath });
      this.listingProblems = listing.problems;
      this.entries = m;
    }
    return this.entries;
  }

  private async entry(id: string): Promise<PageEntry> {
    if (!isValidPageId(id)) throw new PithError('BAD_OPTION', `invalid page id '${id.slice(0, 80)}'`);
    let e = (await this.listing()).get(id);
    if (!e) {
      this.refresh();
      e = (await this.listing()).get(id);
    }
    if (!e) throw new PithError('NOT_FOUND', `no page '${id}' in this corpus`, this.dir);
    return e;
  }

  private async load(id: string): Promise<Loaded> {
    const hit = this.cache.get(id);
    if (hit && hit.predictorGen === this.predictorGen) {
      this.cache.delete(id);
      this.cache.set(id, hit);
      return hit;
    }
    const e = await this.entry(id);
    // Never through a link out of the corpus; a gzip page is at most the page limit as stored too.
    const bytes = await readFileInside(this.dir, e.htmlPath, DEFAULT_MAX_BYTES);
    const url = e.url ?? (await readLabelsTolerant(this.dir, id)).labels?.url;
    const page = loadPage(bytes, { id, ...(url ? { url } : {}) }, e.htmlPath);
    const prediction = this.predictor ? this.predictor.predict(page) : undefined;
    const loaded: Loaded = { page, bytes, prediction, predictorGen: this.predictorGen };
    this.cache.set(id, loaded);
    while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value as string);
    return loaded;
  }

  /** The parsed page (cached). */
  async page(id: string): Promise<Page> {
    return (await this.load(id)).page;
  }

  /** Every page with its URL, site and saved revision (listing order). */
  async sitePages(): Promise<ListedSitePage[]> {
    this.refresh();
    const out: ListedSitePage[] = [];
    for (const e of (await this.listing()).values()) {
      const r = await readLabelsTolerant(this.dir, e.id);
      const url = e.url ?? r.labels?.url;
      out.push({ id: e.id, url, host: hostOf(url), revision: r.problem ? -1 : r.labels?.revision ?? 0 });
    }
    return out;
  }

  /** Labels to show: saved ones, else a learned site model's (when it recognises the page), else the model's, else all `other`. */
  private async startLabels(id: string, l: Loaded): Promise<{ labels: GoldLabel[]; revision: number; source: PageSummary['source'] }> {
    const r = await readLabelsTolerant(this.dir, id);
    if (r.problem) {
      throw new PithError('BAD_CORPUS', `${r.problem.file} is unreadable (${r.problem.reason}): fix or remove that file to label this page`, this.dir);
    }
    const saved = r.labels;
    if (saved) {
      return { labels: labelsFromAnnotations(l.page, saved.annotations, saved.partial === true), revision: saved.revision, source: 'saved' };
    }
    const host = hostOf(l.page.url);
    const site = host ? await this.sites.get(host) : undefined;
    const ruled = site?.model.ruleLabels(l.page);
    if (ruled?.recognised) return { labels: ruled.labels, revision: 0, source: 'wrapper' };
    if (l.prediction) return { labels: [...l.prediction.labels], revision: 0, source: 'model' };
    return { labels: l.page.blocks.map(() => 'other' as const), revision: 0, source: 'none' };
  }

  async view(id: string): Promise<PageView> {
    const l = await this.load(id);
    const { labels, revision, source } = await this.startLabels(id, l);
    const top = l.prediction ? topProbabilities(l.prediction) : undefined;
    const blocks: BlockView[] = l.page.blocks.map((b, i) => {
      const text = b.kind === 'text' ? b.text : `[${b.kind}] ${b.alt ?? b.src ?? ''}`;
      return {
        kind: b.kind, text: text.length > this.textChars ? text.slice(0, this.textChars - 1) + '…' : text, label: labels[i] ?? 'other',
        ...(l.prediction ? { pred: l.prediction.labels[i]!, conf: +(top![i] ?? 0).toFixed(3) } : {}),
      };
    });
    return {
      id, url: l.page.url, docTitle: l.page.tree.title, revision, source, host: hostOf(l.page.url), blocks, flags: checkStructure(labels), model: this.predictor?.name,
    };
  }

  /** The page's HTML made inert and marked for the app's frame. */
  async frame(id: string): Promise<string> {
    const l = await this.load(id);
    return frameHtml(l.bytes, l.page);
  }

  /**
   * Saves block labels as revision `baseRevision + 1`. Throws PithError('CONFLICT') when the
   * stored revision is not `baseRevision` (someone saved in between), BAD_OPTION on labels
   * that do not fit the page.
   */
  async save(id: string, labels: readonly unknown[], baseRevision: number): Promise<SaveResult> {
    const l = await this.load(id);
    if (!Array.isArray(labels) || labels.length !== l.page.blocks.length) {
      throw new PithError('BAD_OPTION', `expected ${l.page.blocks.length} labels, got ${Array.isArray(labels) ? labels.length : 'none'}`);
    }
    const clean: GoldLabel[] = labels.map((x, i) => {
      if (!isGoldLabel(x)) throw new PithError('BAD_OPTION', `label ${i} is not one of title, heading, body, other, unknown`);
      return x;
    });
    const partial = clean.includes('unknown');
    const prev = await readLabelsTolerant(this.dir, id);
    if (prev.problem) {
      throw new PithError('BAD_CORPUS', `${prev.problem.file} is unreadable (${prev.problem.reason}): not overwritten; fix or remove it first`, this.dir);
    }
    const previous = prev.labels;
    const t = clean.indexOf('title');
    const title = t >= 0 ? l.page.blocks[t]!.text.replace(/\s+/g, ' ').trim() : undefined;
    const saved = await savePageLabels(this.dir, id, {
      annotations: annotationsFromLabels(l.page, clean, partial),
      ...(l.page.url ? { url: l.page.url } : previous?.url ? { url: previous.url } : {}),
      ...(previous?.site ? { site: previous.site } : {}),
      ...(title ? { title } : {}),
      ...(partial ? { partial: true } : {}),
      ...(previous?.gold ? { gold: previous.gold } : {}),
    }, { expectedRevision: baseRevision });
    this.summaries.delete(id);
    return { revision: saved.revision, flags: checkStructure(clean) };
  }

  /** Every page, ordered for labelling (see queue.ts). Summaries are cached per revision and model. */
  async queue(): Promise<PageSummary[]> {
    return (await this.queueReport()).pages;
  }

  /**
   * The queue and the corpus files it had to leave out (unreadable labels, page files that
   * are links out of the corpus): one bad file never hides the other pages.
   */
  async queueReport(): Promise<{ pages: PageSummary[]; unreadable: CorpusProblem[] }> {
    this.refresh();
    const out: PageSummary[] = [];
    const entries = await this.listing();
    const unreadable: CorpusProblem[] = [...this.listingProblems];
    for (const e of entries.values()) {
      const read = await readLabelsTolerant(this.dir, e.id);
      if (read.problem) unreadable.push(read.problem);
      const saved = read.labels;
      const key = `${read.problem ? 'bad' : saved?.revision ?? 0}/${this.predictorGen}/${this.sites.generation}`;
      const c = this.summaries.get(e.id);
      if (c && c.key === key) {
        out.push(c.summary);
        continue;
      }
      let summary: PageSummary;
      try {
        const l = await this.load(e.id);
        const { labels, revision, source } = await this.startLabels(e.id, l);
        summary = summarisePage({
          id: e.id, url: e.url, revision, labels, source, blockTexts: l.page.blocks.map((b) => b.text),
          ...(l.prediction && source === 'model' ? { topProbs: topProbabilities(l.prediction) } : {}),
        });
      } catch (err) {
        summary = {
          id: e.id, url: e.url, revision: saved?.revision ?? 0, blocks: 0, flags: [], confidence: undefined,
          lowConfidenceBlocks: 0, source: 'none', title: undefined, error: (err as Error).message,
        };
      }
      this.summaries.set(e.id, { key, summary });
      out.push(summary);
    }
    return { pages: orderQueue(out), unreadable };
  }
}

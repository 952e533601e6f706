/**
 * The study's data: corpus pages loaded, aligned to their gold and turned into items of
 * both representations once (pith's block features and the memory-based study's text/tail units), then
 * kept in memory so that every setup (regime, weighting, k, learning-curve point) reuses
 * them. Pages are chosen by a seeded shuffle, so runs are repeatable.
 */
import type { Corpus, CorpusPage } from '../../corpus/types.js';
import { openCorpus } from '../../corpus/index.js';
import { loadGoldPage } from '../../learn/dataset.js';
import {
  blockLabelsFromUnitLabels, computeFeatures, computeUnitWindows, featureSchema, unitWindowSchema, unitLabelsFromBlockLabels,
  type FeatureSchema,
} from '../../features/index.js';
import type { LabeledSequence } from '../../models/labeler.js';
import type { GoldLabel, Label } from '../../labels.js';
import type { Page } from '../../page.js';
import { seededRandom } from '../../util/random.js';

export type RepName = 'pith' | 'units';
export const REPS: readonly RepName[] = Object.freeze(['pith', 'units']);

/** A page in one representation: the items the learner sees, and the way back to blocks. */
export interface RepItems {
  readonly seq: LabeledSequence;
  /** Block labels (one per page block) from one label per item of `seq`. */
  toBlocks(itemLabels: readonly Label[]): Label[];
}

export interface StudyPage {
  readonly id: string;
  readonly corpus: string;
  readonly site: string;
  /** Gold label per block. */
  readonly gold: readonly GoldLabel[];
  /** The blocks that are scored: text blocks whose gold is not `unknown`. */
  readonly counted: readonly number[];
  /** The corpus' main text, for near-duplicate detection in the splits. */
  readonly text?: string;
  readonly reps: Readonly<Record<RepName, RepItems>>;
}

export interface StudyDataset {
  readonly name: string;
  /** Labels this data set's gold marks, and which the study scores (e.g. title and body for l3s-gn1). */
  readonly labels: readonly Label[];
  readonly pages: readonly StudyPage[];
  readonly failures: number;
}

export function schemaOf(rep: RepName): FeatureSchema {
  return rep === 'pith' ? featureSchema() : unitWindowSchema();
}

/**
 * A study page from a loaded page and its gold block labels. The memory-based study's units with no
 * visible text (about five in six: whitespace between elements) are left out of the items:
 * they carry no text a block could be scored on, and the memory-based study labels them garbage anyway;
 * when mapping back to blocks they count as `other`.
 */
export function studyPage(page: Page, gold: readonly GoldLabel[], meta: { id: string; corpus: string; site: string; text?: string }): StudyPage {
  const counted: number[] = [];
  page.blocks.forEach((b, i) => {
    if (b.kind === 'text' && gold[i] !== 'unknown') counted.push(i);
  });
  const feats = computeFeatures(page);
  const pith: RepItems = {
    seq: { ...feats, pageId: meta.id, site: meta.site, labels: gold },
    toBlocks: (labels) => [...labels],
  };
  const s = computeUnitWindows(page);
  const unitGold = unitLabelsFromBlockLabels(page, s.units, gold);
  const keep: number[] = [];
  s.units.forEach((u, k) => {
    if (u.text.trim() !== '') keep.push(k);
  });
  const units = s.units;
  const seed: RepItems = {
    seq: { pageId: meta.id, site: meta.site, items: keep.map((k) => s.instance.items[k]!), labels: keep.map((k) => unitGold[k]!) },
    toBlocks: (labels) => {
      const all = new Array<Label>(units.length).fill('other');
      keep.forEach((k, j) => (all[k] = labels[j]!));
      return blockLabelsFromUnitLabels(page, units, all);
    },
  };
  return {
    id: meta.id, corpus: meta.corpus, site: meta.site, gold: [...gold], counted,
    ...(meta.text !== undefined ? { text: meta.text } : {}),
    reps: { pith, units: seed },
  };
}

export interface CorpusPick {
  readonly path: string;
  /** Most pages taken (default all). */
  readonly limit?: number;
  /** Keep only pages whose gold passes (e.g. pages with marked headings). */
  readonly filter?: (p: CorpusPage) => boolean;
}

/**
 * Chooses pages: a seeded shuffle, with pages of sites that have at least `preferSites`
 * pages first (so the within-site regime has sites to work on), then the first `limit`.
 */
export function pickPages(pages: readonly CorpusPage[], limit: number | undefined, seed = 1, preferSites = 4): CorpusPage[] {
  const rand = seededRandom(seed);
  const order = pages.map((p, i) => ({ p, r: rand(), i }));
  const perSite = new Map<string, number>();
  for (const p of pages) perSite.set(p.site, (perSite.get(p.site) ?? 0) + 1);
  order.sort((a, b) => {
    const pa = perSite.get(a.p.site)! >= preferSites ? 0 : 1;
    const pb = perSite.get(b.p.site)! >= preferSites ? 0 : 1;
    return pa - pb || a.r - b.r || a.i - b.i;
  });
  const out = order.map((x) => x.p);
  return limit !== undefined ? out.slice(0, limit) : out;
}

export interface LoadOptions {
  readonly seed?: number;
  readonly onPage?: (done: number, total: number) => void;
}

/** Loads a data set from one or more corpora (features computed once per page). */
export async function loadDataset(name: string, labels: readonly Label[], picks: readonly CorpusPick[], options: LoadOptions = {}): Promise<StudyDataset> {
  const jobs: Array<[Corpus, CorpusPage]> = [];
  for (const pick of picks) {
    const corpus = await openCorpus(pick.path);
    const pool = pick.filter ? corpus.pages.filter(pick.filter) : corpus.pages;
    for (const p of pickPages(pool, pick.limit, options.seed ?? 1)) jobs.push([corpus, p]);
  }
  const pages: StudyPage[] = [];
  let failures = 0;
  let done = 0;
  for (const [corpus, entry] of jobs) {
    try {
      const g = await loadGoldPage(corpus, entry);
      if (g.labels.some((l) => l !== 'unknown' && l !== 'other')) {
        const text = entry.gold.mainText;
        pages.push(studyPage(g.page, g.labels, { id: `${corpus.name}/${entry.id}`, corpus: corpus.name, site: entry.site, ...(text ? { text } : {}) }));
      } else failures++;
    } catch {
      failures++;
    }
    options.onPage?.(++done, jobs.length);
  }
  return { name, labels, pages, failures };
}

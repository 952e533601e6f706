/**
 * Block-level metrics, as the studies report them (docs/architecture.md, glossary):
 * - the memory-based study: precision / recall / F per article element (title, heading, body, other),
 *   micro over all blocks and macro over sites (each site's P, R, F averaged);
 * - the block-labelling study: Content (title | heading | body) vs NotContent (other): block precision and
 *   recall, document accuracy (every block right), document precision / recall (pages with
 *   100% block precision / recall), each also split by contiguous vs non-contiguous gold.
 *
 * Blocks whose gold is `unknown` (partial gold) are left out of every count. Callers choose
 * which blocks count (the runner passes the text blocks: images carry no text to judge).
 */
import { LABELS, isContent, type GoldLabel, type Label } from '../labels.js';
import { prf, type PRF } from './text-metrics.js';

export interface Counts {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
}

export type LabelCounts = Readonly<Record<Label, Counts>>;

/** One page's block counts: everything the aggregates below need, nothing page-sized. */
export interface PageBlockCounts {
  /** Per label, one-vs-rest. */
  readonly perLabel: LabelCounts;
  /** Content vs NotContent, counting Content as the positive class. */
  readonly content: Counts;
  /** Blocks compared (gold not `unknown`). */
  readonly blocks: number;
  /** Blocks whose predicted label equals the gold label exactly. */
  readonly exact: number;
  /** Gold Content blocks form one unbroken run (no gold `other` between the first and last). */
  readonly contiguous: boolean;
}

const ZERO: Counts = Object.freeze({ tp: 0, fp: 0, fn: 0 });

export function addCounts(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn };
}

export function prfOf(c: Counts): PRF {
  return prf(c.tp, c.fp, c.fn);
}

function emptyLabelCounts(): Record<Label, { tp: number; fp: number; fn: number }> {
  return { title: { tp: 0, fp: 0, fn: 0 }, heading: { tp: 0, fp: 0, fn: 0 }, body: { tp: 0, fp: 0, fn: 0 }, other: { tp: 0, fp: 0, fn: 0 } };
}

/**
 * Compares predicted and gold labels of one page. `indices` selects the blocks that count
 * (default: all); `predicted` and `gold` are indexed by block index and must be as long as
 * the page's block list.
 */
export function blockCounts(predicted: readonly Label[], gold: readonly GoldLabel[], indices?: readonly number[]): PageBlockCounts {
  if (predicted.length !== gold.length) {
    throw new RangeError(`blockCounts: ${predicted.length} predicted labels for ${gold.length} gold labels`);
  }
  const per = emptyLabelCounts();
  const content = { tp: 0, fp: 0, fn: 0 };
  let blocks = 0;
  let exact = 0;
  // Contiguity: once a content run has ended (an `other` after content), more content breaks it.
  let seenContent = false;
  let gapAfterContent = false;
  let contiguous = true;
  const n = indices ? indices.length : gold.length;
  for (let k = 0; k < n; k++) {
    const i = indices ? indices[k]! : k;
    const g = gold[i];
    const p = predicted[i];
    if (g === undefined || p === undefined) throw new RangeError(`blockCounts: no label for block ${i}`);
    if (g === 'unknown') continue;
    blocks++;
    if (p === g) {
      exact++;
      per[p].tp++;
    } else {
      per[p].fp++;
      per[g].fn++;
    }
    const gc = isContent(g);
    const pc = isContent(p);
    if (gc && pc) content.tp++;
    else if (pc) content.fp++;
    else if (gc) content.fn++;
    if (gc) {
      if (gapAfterContent) contiguous = false;
      seenContent = true;
    } else if (seenContent) gapAfterContent = true;
  }
  return { perLabel: per, content, blocks, exact, contiguous };
}

export interface LabelScores {
  /** Over all blocks; undefined for a label neither in the gold nor predicted anywhere. */
  readonly micro: Readonly<Record<Label, PRF | undefined>>;
  readonly microCounts: LabelCounts;
  /**
   * Mean over sites of each site's P, R and F. A site where a label is neither in the gold
   * nor predicted says nothing about that label and is left out of its mean (else every
   * such site would add a perfect 1.0).
   */
  readonly macro: Readonly<Record<Label, PRF | undefined>>;
  /** Sites averaged per label. */
  readonly macroSites: Readonly<Record<Label, number>>;
}

/** The memory-based study's per-element micro and macro (over sites) P/R/F. */
export function labelScores(pages: readonly { readonly site: string; readonly counts: PageBlockCounts }[]): LabelScores {
  const total = emptyLabelCounts();
  const bySite = new Map<string, Record<Label, { tp: number; fp: number; fn: number }>>();
  for (const { site, counts } of pages) {
    let s = bySite.get(site);
    if (!s) bySite.set(site, (s = emptyLabelCounts()));
    for (const l of LABELS) {
      const c = counts.perLabel[l];
      for (const acc of [total[l], s[l]]) {
        acc.tp += c.tp;
        acc.fp += c.fp;
        acc.fn += c.fn;
      }
    }
  }
  const micro = {} as Record<Label, PRF | undefined>;
  const macro = {} as Record<Label, PRF | undefined>;
  const macroSites = {} as Record<Label, number>;
  for (const l of LABELS) {
    const t = total[l];
    micro[l] = t.tp + t.fp + t.fn === 0 ? undefined : prfOf(t);
    let p = 0, r = 0, f = 0, n = 0;
    for (const s of bySite.values()) {
      const c = s[l];
      if (c.tp + c.fp + c.fn === 0) continue;
      const x = prfOf(c);
      p += x.precision;
      r += x.recall;
      f += x.f1;
      n++;
    }
    macro[l] = n === 0 ? undefined : { precision: p / n, recall: r / n, f1: f / n };
    macroSites[l] = n;
  }
  return { micro, microCounts: total, macro, macroSites };
}

export interface DocumentScores {
  readonly pages: number;
  /** Share of pages with every block's Content/NotContent right. */
  readonly accuracy: number;
  /** Share of pages with 100% Content block precision. */
  readonly precision: number;
  /** Share of pages with 100% Content block recall. */
  readonly recall: number;
  /** Content blocks over all these pages. */
  readonly block: PRF;
}

/**
 * The block-labelling study's document-level scores over pages with complete gold. Block precision of a page
 * follows `prf`: a page where nothing is proposed has precision 1 only if it has no gold
 * Content either (proposing nothing is not a free pass).
 */
export function documentScores(pages: readonly PageBlockCounts[]): DocumentScores {
  let acc = 0, prec = 0, rec = 0;
  let sum = ZERO;
  for (const c of pages) {
    const x = prfOf(c.content);
    if (c.content.fp === 0 && c.content.fn === 0) acc++;
    if (x.precision === 1) prec++;
    if (x.recall === 1) rec++;
    sum = addCounts(sum, c.content);
  }
  const n = pages.length;
  return {
    pages: n,
    accuracy: n ? acc / n : 0,
    precision: n ? prec / n : 0,
    recall: n ? rec / n : 0,
    block: prfOf(sum),
  };
}

export interface DocumentReport {
  readonly all: DocumentScores;
  readonly contiguous: DocumentScores;
  readonly nonContiguous: DocumentScores;
}

/** Document scores over all pages and split by whether the gold Content is contiguous (block-labelling study, Table 3). */
export function documentReport(pages: readonly PageBlockCounts[]): DocumentReport {
  return {
    all: documentScores(pages),
    contiguous: documentScores(pages.filter((p) => p.contiguous)),
    nonContiguous: documentScores(pages.filter((p) => !p.contiguous)),
  };
}

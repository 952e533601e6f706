/**
 * Training the two subtree models of Wang et al. (2009) from labelled pages: M_BODY on body candidates (positive:
 * the gold body subtree; pages with complete body gold only, when there are any), then
 * M_TITLE on title candidates given the body M_BODY chooses on each training page (so
 * Overlap, Distance and the position features are measured against the body the title model
 * will see at extraction). Positives are one per page, so each page keeps its positive, its
 * hardest negatives (for the body: the candidates holding most of the page's prose, i.e.
 * the gold's ancestors and large children; for the title: headings and text like the declared
 * title) and a seeded random sample of the rest, `negatives` in all.
 *
 * `trainSvmOnPages` is the one entry: `pith train --model svm`, `bench/svm.ts` and the paper's
 * single-site experiment all call it.
 */
import { PithError } from '../../errors.js';
import type { GoldLabel } from '../../labels.js';
import type { Page } from '../../page.js';
import { seededRandom, shuffleInPlace } from '../../util/random.js';
import { resolveParams, type RawParams } from '../params.js';
import type { Params, TrainProgress } from '../labeler.js';
import type { ElementNode } from '../../dom/tree.js';
import { trainClassifier, type ClassifierParams, type TrainReport } from './classifier.js';
import { SVM_PARAMS, SvmLabeler } from './labeler.js';
import {
  BODY_FEATURES, TITLE_FEATURES, blocksIn, bodyCandidates, bodyFeatures, goldBodySubtree, goldTitleBlock, indexPage, titleCandidates,
  type BodyCandidate, type PageIndex,
} from './subtrees.js';

export interface SvmTrainingPage {
  readonly page: Page;
  /** Gold label per block (`unknown` where not known). */
  readonly labels: readonly GoldLabel[];
}

export interface SvmTrainingReport {
  readonly pages: number;
  /** Pages that taught the body model (had gold body) and the title model (had a gold title among the candidates). */
  readonly bodyPages: number;
  readonly titlePages: number;
  /** Pages with gold body that did not teach the body model because their gold is partial (see `completeBodyGold`). */
  readonly bodyPartialSkipped: number;
  /** Pages whose gold body subtree was not among the candidates (added as an extra positive). */
  readonly bodyGoldOutside: number;
  /** Pages whose gold title block was not a candidate (not used for the title model). */
  readonly titleGoldOutside: number;
  readonly body: TrainReport;
  readonly title: TrainReport;
  readonly params: Params;
  readonly seconds: number;
}

const PROSE_SHARE = BODY_FEATURES.indexOf('proseShare');
const IN_DECLARED = TITLE_FEATURES.indexOf('inDeclared');
const HEADING = TITLE_FEATURES.indexOf('heading');

/**
 * Whether a page's block gold is complete (no `unknown` block). Gold aligned from a few
 * snippets (trafilatura-eval) labels two or three paragraphs of the article body; their nearest
 * common element is then often one paragraph, and such positives teach the body model to pick
 * single paragraphs. When any training page has complete body gold, pages with partial gold
 * teach only the title model.
 */
export function completeBodyGold(labels: readonly GoldLabel[]): boolean {
  return labels.some((l) => l === 'body') && !labels.some((l) => l === 'unknown');
}

/** Up to `k` of `items`: the `k / 2` hardest by `hardness`, then a seeded random sample of the rest. */
function pick<T>(items: readonly T[], k: number, hardness: (t: T) => number, seed: number): T[] {
  if (items.length <= k) return [...items];
  const byHard = items.map((t, i) => ({ t, i, h: hardness(t) })).sort((a, b) => b.h - a.h || a.i - b.i);
  const nHard = Math.ceil(k / 2);
  const out = byHard.slice(0, nHard);
  const rest = byHard.slice(nHard);
  shuffleInPlace(rest, seededRandom(seed));
  return [...out, ...rest.slice(0, k - nHard)].sort((a, b) => a.i - b.i).map((x) => x.t);
}

function classifierParams(p: Params): Partial<ClassifierParams> {
  return {
    C: p['c'] as number, gamma: p['gamma'] as number, positiveWeight: p['positiveWeight'] as number,
    plattFolds: p['plattFolds'] as number, grid: p['grid'] as boolean, eps: p['eps'] as number,
    maxIterations: p['maxIterations'] as number, cacheMiB: p['cacheMiB'] as number,
  };
}

/** Training examples of one model: feature rows, +1 / -1 labels, and the page each came from. */
interface Examples {
  readonly x: number[][];
  readonly y: number[];
  readonly group: number[];
}

const noExamples = (): Examples => ({ x: [], y: [], group: [] });

function addExample(ex: Examples, features: readonly number[], label: 1 | -1, page: number): void {
  ex.x.push([...features]);
  ex.y.push(label);
  ex.group.push(page);
}

/** A page's index and body candidates, kept for the title examples. */
interface IndexedPage {
  readonly ix: PageIndex;
  readonly cands: BodyCandidate[];
}

/** The body model's examples and the counts the report gives. */
interface BodyExamples {
  readonly examples: Examples;
  readonly indexed: IndexedPage[];
  readonly bodyPages: number;
  readonly bodyGoldOutside: number;
  readonly bodyPartialSkipped: number;
}

/**
 * Per page with gold body: the gold subtree as the positive (added when it is not a
 * candidate), and `negatives` others, the hardest first: the gold's near relatives (up to 3
 * levels up, 2 down), most prose first.
 */
function bodyExamples(pages: readonly SvmTrainingPage[], negatives: number, progress?: TrainProgress): BodyExamples {
  const examples = noExamples();
  let bodyPages = 0;
  let bodyGoldOutside = 0;
  let bodyPartialSkipped = 0;
  const onlyComplete = pages.some((tp) => completeBodyGold(tp.labels));
  const indexed = pages.map((tp, k) => {
    const ix = indexPage(tp.page);
    const cands = bodyCandidates(ix);
    let gold = goldBodySubtree(ix, tp.labels, cands);
    if (gold !== undefined && onlyComplete && !completeBodyGold(tp.labels)) {
      bodyPartialSkipped++;
      gold = undefined;
    }
    if (gold !== undefined) {
      let pos: BodyCandidate | undefined = cands.find((c) => c.id === gold);
      if (!pos) {
        bodyGoldOutside++;
        pos = { id: gold, features: bodyFeatures(ix, ix.tree.nodes[gold] as ElementNode), blocks: blocksIn(ix, gold) };
      }
      bodyPages++;
      addExample(examples, pos.features, 1, k);
      const near = nearGold(ix, gold);
      for (const c of pick(cands.filter((c) => c.id !== gold), negatives, (c) => (near(c) ? 1 : 0) + c.features[PROSE_SHARE]!, k + 1)) {
        addExample(examples, c.features, -1, k);
      }
    }
    progress?.({ stage: 'candidates', done: k + 1, total: pages.length });
    return { ix, cands };
  });
  return { examples, indexed, bodyPages, bodyGoldOutside, bodyPartialSkipped };
}

/** Whether a candidate is a near relative of the gold body subtree: up to 3 levels above it, or 2 below. */
function nearGold(ix: PageIndex, gold: number): (c: BodyCandidate) => boolean {
  const g = ix.tree.nodes[gold] as ElementNode;
  const depthOf = (id: number) => ix.tree.nodes[id]!.depth;
  return (c) => {
    const n = ix.tree.nodes[c.id] as ElementNode;
    if (c.id < gold && n.end >= g.end) return depthOf(gold) - n.depth <= 3;
    if (c.id > gold && c.id <= g.end) return n.depth - depthOf(gold) <= 2;
    return false;
  };
}

/**
 * Per page with a gold title among the title candidates near the body `body` chooses: the
 * gold as the positive, `negatives` others (headings and text like the declared title first).
 */
function titleExamples(pages: readonly SvmTrainingPage[], indexed: readonly IndexedPage[], body: SvmLabeler, negatives: number): { examples: Examples; titlePages: number; titleGoldOutside: number } {
  const examples = noExamples();
  let titlePages = 0;
  let titleGoldOutside = 0;
  indexed.forEach(({ ix, cands }, k) => {
    const gold = goldTitleBlock(ix, pages[k]!.labels);
    if (gold === undefined) return;
    const chosen = body.chooseBody(cands);
    const titles = titleCandidates(ix, chosen?.c);
    const pos = titles.find((t) => t.block === gold);
    if (!pos) {
      titleGoldOutside++;
      return;
    }
    titlePages++;
    addExample(examples, pos.features, 1, k);
    for (const c of pick(titles.filter((t) => t !== pos), negatives, (t) => t.features[IN_DECLARED]! + t.features[HEADING]!, k + 7)) {
      addExample(examples, c.features, -1, k);
    }
  });
  return { examples, titlePages, titleGoldOutside };
}

/** Trains the body and title models from labelled pages (see the module comment). */
export function trainSvmOnPages(pages: readonly SvmTrainingPage[], params: RawParams = {}, progress?: TrainProgress): { labeler: SvmLabeler; report: SvmTrainingReport } {
  const t0 = performance.now();
  const p = resolveParams(SVM_PARAMS, params);
  const negatives = p['negatives'] as number;
  const cp = classifierParams(p);

  const bodySide = bodyExamples(pages, negatives, progress);
  if (bodySide.bodyPages === 0) throw new PithError('BAD_OPTION', 'svm: no training page has gold body text');
  progress?.({ stage: 'body model', done: 0, total: 1 });
  const body = trainClassifier({ features: BODY_FEATURES, ...bodySide.examples }, cp);
  progress?.({ stage: 'body model', done: 1, total: 1 });

  // The title examples are measured against the body the body model chooses.
  const titleSide = titleExamples(pages, bodySide.indexed, new SvmLabeler(body.classifier, body.classifier), negatives);
  if (titleSide.titlePages === 0) throw new PithError('BAD_OPTION', 'svm: no training page has a gold title among its title candidates');
  progress?.({ stage: 'title model', done: 0, total: 1 });
  const title = trainClassifier({ features: TITLE_FEATURES, ...titleSide.examples }, cp);
  progress?.({ stage: 'title model', done: 1, total: 1 });

  const { bodyPages, bodyPartialSkipped, bodyGoldOutside } = bodySide;
  const { titlePages, titleGoldOutside } = titleSide;
  return {
    labeler: new SvmLabeler(body.classifier, title.classifier),
    report: {
      pages: pages.length, bodyPages, titlePages, bodyPartialSkipped, bodyGoldOutside, titleGoldOutside,
      body: body.report, title: title.report, params: p, seconds: (performance.now() - t0) / 1000,
    },
  };
}

/**
 * Training seed 002's two models from labelled pages: M_BODY on body candidates (positive:
 * the gold body subtree; pages with complete body gold only, when there are any), then
 * M_TITLE on title candidates given the body M_BODY chooses on each training page (so
 * Overlap, Distance and the position features are measured against the body the title model
 * will see at extraction). Positives are one per page, so each page keeps its positive, its
 * hardest negatives (for the body: the candidates holding most of the page's prose, i.e.
 * the gold's ancestors and large children; for the title: headings and text like the declared
 * title) and a seeded random sample of the rest, `negatives` in all.
 *
 * `trainSvmOnPages` is the one entry: `pith train --model svm`, `bench/svm.ts` and seed 002's
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
  type BodyCandidate,
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

/** Trains the body and title models from labelled pages (see the module comment). */
export function trainSvmOnPages(pages: readonly SvmTrainingPage[], params: RawParams = {}, progress?: TrainProgress): { labeler: SvmLabeler; report: SvmTrainingReport } {
  const t0 = performance.now();
  const p = resolveParams(SVM_PARAMS, params);
  const negatives = p['negatives'] as number;
  const cp = classifierParams(p);

  // 1. Body examples.
  const bx: number[][] = [];
  const by: number[] = [];
  const bg: number[] = [];
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
      bx.push([...pos.features]);
      by.push(1);
      bg.push(k);
      // Hard negatives: the gold's near relatives (up to 3 levels up, 2 down), most prose first.
      const g = ix.tree.nodes[gold] as ElementNode;
      const depthOf = (id: number) => ix.tree.nodes[id]!.depth;
      const near = (c: BodyCandidate) => {
        const n = ix.tree.nodes[c.id] as ElementNode;
        if (c.id < gold && n.end >= g.end) return depthOf(gold) - n.depth <= 3;
        if (c.id > gold && c.id <= g.end) return n.depth - depthOf(gold) <= 2;
        return false;
      };
      for (const c of pick(cands.filter((c) => c.id !== gold), negatives, (c) => (near(c) ? 1 : 0) + c.features[PROSE_SHARE]!, k + 1)) {
        bx.push([...c.features]);
        by.push(-1);
        bg.push(k);
      }
    }
    progress?.({ stage: 'candidates', done: k + 1, total: pages.length });
    return { ix, cands };
  });
  if (bodyPages === 0) throw new PithError('BAD_OPTION', 'svm: no training page has gold body text');
  progress?.({ stage: 'body model', done: 0, total: 1 });
  const body = trainClassifier({ features: BODY_FEATURES, x: bx, y: by, group: bg }, cp);
  progress?.({ stage: 'body model', done: 1, total: 1 });

  // 2. Title examples, against the body the body model chooses.
  const helper = new SvmLabeler(body.classifier, body.classifier);
  const tx: number[][] = [];
  const ty: number[] = [];
  const tg: number[] = [];
  let titlePages = 0;
  let titleGoldOutside = 0;
  indexed.forEach(({ ix, cands }, k) => {
    const gold = goldTitleBlock(ix, pages[k]!.labels);
    if (gold === undefined) return;
    const chosen = helper.chooseBody(cands);
    const titles = titleCandidates(ix, chosen?.c);
    const pos = titles.find((t) => t.block === gold);
    if (!pos) {
      titleGoldOutside++;
      return;
    }
    titlePages++;
    tx.push([...pos.features]);
    ty.push(1);
    tg.push(k);
    for (const c of pick(titles.filter((t) => t !== pos), negatives, (t) => t.features[IN_DECLARED]! + t.features[HEADING]!, k + 7)) {
      tx.push([...c.features]);
      ty.push(-1);
      tg.push(k);
    }
  });
  if (titlePages === 0) throw new PithError('BAD_OPTION', 'svm: no training page has a gold title among its title candidates');
  progress?.({ stage: 'title model', done: 0, total: 1 });
  const title = trainClassifier({ features: TITLE_FEATURES, x: tx, y: ty, group: tg }, cp);
  progress?.({ stage: 'title model', done: 1, total: 1 });

  return {
    labeler: new SvmLabeler(body.classifier, title.classifier),
    report: {
      pages: pages.length, bodyPages, titlePages, bodyPartialSkipped, bodyGoldOutside, titleGoldOutside,
      body: body.report, title: title.report, params: p, seconds: (performance.now() - t0) / 1000,
    },
  };
}

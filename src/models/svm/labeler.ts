/**
 * The subtree SVMs (Wang et al. 2009, a template-independent news wrapper) as a pith labeler: the body model picks the most probable body subtree,
 * the title model the most probable title among the candidates near it, and the result is
 * written as per-block probabilities so the decoder and the article writers run unchanged.
 *
 * Blocks of the chosen body subtree get p(body) = 0.55 + 0.45 P(body subtree) (they are body
 * by the selection; P says how sure), its h1-h6 blocks heading, the chosen title block title
 * (when its P(title) reaches TITLE_MIN_P; below it the article falls back to the declared
 * title); every other block is `other`.
 */
import { PithError } from '../../errors.js';
import { LABELS } from '../../labels.js';
import { isRecord } from '../../util/is-record.js';
import type { SequenceInstance } from '../../features/types.js';
import type { Page } from '../../page.js';
import type { FeatureContribution, Labeler, LabelerReader, ParamSpec, Prediction } from '../labeler.js';
import { SvmClassifier } from './classifier.js';
import {
  BODY_FEATURES, TITLE_FEATURES, blockHeadingTag, bodyCandidates, indexPage, titleCandidates,
  type BodyCandidate, type TitleCandidate,
} from './subtrees.js';

/**
 * 2: title candidates from the whole page, linked headlines, seven more title features
 * (docs/svm.md). A version 1 model was trained on other candidates and features: BAD_MODEL.
 */
export const SVM_BODY_VERSION = 2;

export const SVM_PARAMS: readonly ParamSpec[] = Object.freeze([
  { name: 'c', type: 'number', default: 10, min: 1e-6, help: 'SVM soft-margin cost C (both models)' },
  { name: 'gamma', type: 'number', default: 0, min: 0, help: 'RBF width; 0 = 1 / number of features' },
  { name: 'positiveWeight', type: 'number', default: 0, min: 0, help: 'C multiplier of the (rare) positive class; 0 = negatives / positives, at most 10' },
  { name: 'negatives', type: 'integer', default: 24, min: 1, help: 'negative candidates kept per page for training (hard ones first)' },
  { name: 'plattFolds', type: 'integer', default: 3, min: 0, max: 10, help: 'page-grouped folds for Platt scaling (0 or too few pages: fit on the training fit)' },
  { name: 'grid', type: 'boolean', default: false, help: 'choose C and gamma on a 3 x 3 grid by page-grouped 3-fold CV' },
  { name: 'eps', type: 'number', default: 1e-3, min: 1e-8, help: 'SMO stopping tolerance on the KKT violation' },
  { name: 'maxIterations', type: 'integer', default: 2000000, min: 1, help: 'SMO iteration guard' },
  { name: 'cacheMiB', type: 'number', default: 64, min: 1, help: 'kernel row cache (MiB)' },
] satisfies ParamSpec[]);

export interface SvmModelBody {
  readonly version: number;
  readonly body: ReturnType<SvmClassifier['toJSON']>;
  readonly title: ReturnType<SvmClassifier['toJSON']>;
}

/** What the labeler chose on a page, with the chosen subtrees' features. */
export interface SvmPageChoice {
  readonly body?: { readonly id: number; readonly p: number; readonly blocks: readonly [number, number]; readonly features: Readonly<Record<string, number>> };
  readonly title?: { readonly block: number; readonly id: number; readonly p: number; readonly features: Readonly<Record<string, number>> };
  readonly bodyCandidates: number;
  readonly titleCandidates: number;
}

const named = (names: readonly string[], values: readonly number[]) => Object.fromEntries(names.map((n, i) => [n, +values[i]!.toFixed(4)]));

const ROW_OTHER = Object.freeze([0.02, 0.02, 0.05, 0.91]);

/**
 * Below this Platt probability the best title candidate is not labelled title: the title
 * model finds no headline on the page, and the article falls back to the title the page
 * declares (`<title>` without the site name), as for any model that labels none.
 */
export const TITLE_MIN_P = 0.1;

export class SvmLabeler implements Labeler {
  readonly algorithm = 'svm' as const;
  private last: { blocks: number; choice: SvmPageChoice } | undefined;

  constructor(readonly bodyModel: SvmClassifier, readonly titleModel: SvmClassifier) {}

  /** The most probable body subtree among the paper's candidates. */
  chooseBody(candidates: readonly BodyCandidate[]): { c: BodyCandidate; p: number } | undefined {
    let best: { c: BodyCandidate; p: number; d: number } | undefined;
    for (const c of candidates) {
      const d = this.bodyModel.decision(c.features);
      if (!best || d > best.d) best = { c, d, p: 0 };
    }
    if (!best) return undefined;
    return { c: best.c, p: this.bodyModel.probability(best.c.features) };
  }

  chooseTitle(candidates: readonly TitleCandidate[]): { c: TitleCandidate; p: number } | undefined {
    let best: { c: TitleCandidate; d: number } | undefined;
    for (const c of candidates) {
      const d = this.titleModel.decision(c.features);
      if (!best || d > best.d) best = { c, d };
    }
    if (!best) return undefined;
    return { c: best.c, p: this.titleModel.probability(best.c.features) };
  }

  /** The paper's extraction: body subtree, then title given the body. */
  choose(page: Page): SvmPageChoice {
    const ix = indexPage(page);
    const bodies = bodyCandidates(ix);
    const body = this.chooseBody(bodies);
    const titles = titleCandidates(ix, body?.c);
    const title = this.chooseTitle(titles);
    return {
      bodyCandidates: bodies.length, titleCandidates: titles.length,
      ...(body ? { body: { id: body.c.id, p: body.p, blocks: body.c.blocks, features: named(BODY_FEATURES, body.c.features) } } : {}),
      ...(title ? { title: { block: title.c.block, id: title.c.id, p: title.p, features: named(TITLE_FEATURES, title.c.features) } } : {}),
    };
  }

  predictPage(page: Page): Prediction {
    const choice = this.choose(page);
    this.last = { blocks: page.blocks.length, choice };
    const probs: number[][] = page.blocks.map(() => [...ROW_OTHER]);
    if (choice.body) {
      const pb = 0.55 + 0.45 * choice.body.p;
      for (let i = choice.body.blocks[0]; i <= choice.body.blocks[1]; i++) {
        const b = page.blocks[i]!;
        const heading = b.kind === 'text' && blockHeadingTag(page.tree, b) !== undefined;
        probs[i] = heading ? [0.03, 0.7, 0.2, 0.07] : [0.01, 0.02, pb, 0.97 - pb];
      }
    }
    if (choice.title && choice.title.p >= TITLE_MIN_P) {
      const pt = 0.5 + 0.5 * choice.title.p;
      probs[choice.title.block] = [pt, 0.45 * (1 - pt), 0.05 * (1 - pt), 0.5 * (1 - pt)];
    }
    const labels = probs.map((row) => {
      let k = 0;
      for (let j = 1; j < row.length; j++) if (row[j]! > row[k]!) k = j;
      return LABELS[k]!;
    });
    return { labels, probs };
  }

  predict(_seq: SequenceInstance): Prediction {
    throw new PithError('BAD_OPTION', 'the svm model selects DOM subtrees and needs the whole page (predictPage), not block features; use it through extraction (pith extract --model, extract())');
  }

  /**
   * The chosen subtree's features for block `i` of the page last labelled (the body subtree's
   * for its blocks, the title's for the title block); nothing for other blocks.
   */
  explain(seq: SequenceInstance, i: number, _top = 5): FeatureContribution[] {
    const last = this.last;
    if (!last || last.blocks !== seq.items.length) return [];
    const { body, title } = last.choice;
    let head: FeatureContribution | undefined;
    let feats: Readonly<Record<string, number>> | undefined;
    if (title && title.block === i) {
      head = { feature: `title-subtree#${title.id}:p`, weight: +title.p.toFixed(4) };
      feats = title.features;
    } else if (body && i >= body.blocks[0] && i <= body.blocks[1]) {
      head = { feature: `body-subtree#${body.id}:p`, weight: +body.p.toFixed(4) };
      feats = body.features;
    }
    if (!head || !feats) return [];
    // Every feature of the chosen subtree that is not 0 (the kernel has no per-feature weights).
    return [head, ...Object.entries(feats).filter(([, v]) => v !== 0).map(([feature, weight]) => ({ feature, weight }))];
  }

  /** The page's chosen subtrees and their features (for debugging and `--explain`). */
  explainPage(page: Page): SvmPageChoice {
    return this.choose(page);
  }

  describe(): string {
    const b = this.bodyModel.body;
    const t = this.titleModel.body;
    return [
      `svm (subtree SVM): body model ${b.sv.length} support vectors, C=${b.C}, gamma=${b.gamma.toFixed(4)}, Platt A=${b.platt.A.toFixed(3)} B=${b.platt.B.toFixed(3)}`,
      `  features: ${b.features.join(', ')}`,
      `title model ${t.sv.length} support vectors, C=${t.C}, gamma=${t.gamma.toFixed(4)}, Platt A=${t.platt.A.toFixed(3)} B=${t.platt.B.toFixed(3)}`,
      `  features: ${t.features.join(', ')}`,
    ].join('\n');
  }

  toJSON(): SvmModelBody {
    return { version: SVM_BODY_VERSION, body: this.bodyModel.toJSON(), title: this.titleModel.toJSON() };
  }
}

function checkFeatures(c: SvmClassifier, expected: readonly string[], what: string): void {
  const got = c.body.features;
  if (got.length !== expected.length || got.some((f, i) => f !== expected[i])) {
    throw new PithError('BAD_MODEL', `svm model: the ${what} model's features (${got.join(', ')}) are not this pith's (${expected.join(', ')}); retrain it`);
  }
}

export function svmLabelerFromJSON(body: unknown): SvmLabeler {
  if (!isRecord(body)) throw new PithError('BAD_MODEL', 'svm model: body is not an object');
  if (body['version'] !== SVM_BODY_VERSION) throw new PithError('BAD_MODEL', `svm model: version ${String(body['version'])}, this pith reads ${SVM_BODY_VERSION}; retrain it (pith train CORPUS --model svm)`);
  const b = SvmClassifier.fromJSON(body['body'], 'body');
  const t = SvmClassifier.fromJSON(body['title'], 'title');
  checkFeatures(b, BODY_FEATURES, 'body');
  checkFeatures(t, TITLE_FEATURES, 'title');
  return new SvmLabeler(b, t);
}

/** The SVM's entry in the learner registry: it is read back from model files; it trains on whole pages (trainSvmOnPages). */
export const svmReader: LabelerReader = Object.freeze({
  algorithm: 'svm' as const,
  params: SVM_PARAMS,
  fromJSON: svmLabelerFromJSON,
});

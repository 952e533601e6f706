/**
 * The general model learns mostly from articles, where a block it is unsure of is most often
 * noise; on other kinds of page the content comes in short pieces (a product's specs, a landing
 * page's feature blurbs, posts, code notes) that it undervalues. So before any other rule,
 * p(body) is weighed by the page's kind (`KIND_BODY_WEIGHTS`) and by the caller's `bodyWeight`
 * (`favor`), and every block starts from its most probable label under the weighed
 * probabilities. No notes: this is how the decoder reads the model, not a verdict on a block.
 */
import type { DecodeRule } from '../rule.js';
import { bodyWeightOf, weighBody } from './shared/body-weight.js';

export const bodyWeight: DecodeRule = {
  name: 'body-weight',
  doc: "p(body) is weighed by the page's kind (`KIND_BODY_WEIGHTS`; unless `kindBodyWeight` is off) times `bodyWeight`, and each block starts from its most probable label under the weighed probabilities (without notes)",
  apply(s, page, settings) {
    const weight = bodyWeightOf(page, settings);
    if (weight !== 1) s.restart(weighBody(s.probs, weight));
  },
};

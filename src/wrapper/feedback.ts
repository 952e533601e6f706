/**
 * Wrapper induction's phase 4, the user's feedback: after looking at what the rules extracted from a
 * page, a person marks a block the rules took wrongly (a false positive: "this is not body")
 * or one they missed (a false negative: "this is body too"). The corrected page becomes one
 * more labelled example and the site's rules are induced again from all of them:
 *
 * - a **false positive** is a negative example on a page labelled block by block (`exact`),
 *   which no rule may take (induce.ts): the rule that reached it is specialised (narrowed by
 *   the leaf's class, or split on its deepest free position, or its positions are not freed);
 * - a **false negative** is a new example: where its path has a tag sequence the rules did not
 *   have, wrapper induction's "modify example" gives a new rule added to the others (induced by the
 *   same procedure, so generalised over the other pages); where it fits an existing group the
 *   group's rule is generalised to cover it.
 *
 * Refining is inducing from the corrected pages, so the stored correction (the page's labels,
 * as `pith label` saves them) is all that persists: `pith train --model wrapper` on the same
 * labelled pages gives the same rules. Induction takes milliseconds (docs/sites.md), which
 * makes the loop interactive.
 */
import type { GoldLabel, Label } from '../labels.js';
import type { Page } from '../page.js';
import { formatRule, type Rule } from '../models/wrapper/rules.js';
import type { WrapperSiteModel } from '../models/wrapper/site-model.js';
import type { InduceOptions } from './induce.js';
import { trainSiteModel, type LabelledPage, type SiteTraining } from './train.js';

/** A person's correction of one page: these blocks should have this label. */
export interface Correction {
  readonly id: string;
  readonly page: Page;
  readonly blocks: readonly number[];
  readonly label: Label;
  /**
   * The labels the person saw and corrected (one per block). Default: the page's stored
   * labels when it is one of the examples, else what the rules extracted.
   */
  readonly base?: readonly GoldLabel[];
}

/** What a correction was, by what the rules said before. */
export type CorrectionKind = 'false-positive' | 'false-negative' | 'relabel' | 'unchanged';

export interface Refinement {
  readonly training: SiteTraining;
  /** The corrected page as now labelled: store these labels, and the rules follow from them. */
  readonly page: LabelledPage;
  readonly kind: CorrectionKind;
  /** Rules (`label rule`, wrapper induction's notation) that are new, and those that are gone. */
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** True when the new rules give every corrected block the label asked for. */
  readonly fixed: boolean;
}

const isContent = (l: GoldLabel | undefined): boolean => l === 'title' || l === 'heading' || l === 'body';

/** A rule as one line: its label and its steps. */
export function ruleKey(r: Rule): string {
  return `${r.label} ${formatRule(r.steps)}`;
}

/**
 * The labels a corrected page starts from (`base`; else its stored labels when it is a
 * training page, else what the rules extracted, `other` where they reach nothing), with the
 * correction applied.
 */
export function correctedLabels(model: WrapperSiteModel | undefined, examples: readonly LabelledPage[], c: Correction): GoldLabel[] {
  const known = examples.find((p) => p.id === c.id);
  const base: GoldLabel[] = c.base && c.base.length === c.page.blocks.length ? [...c.base]
    : known ? [...known.labels] : model ? model.ruleLabels(c.page).labels : c.page.blocks.map(() => 'other');
  for (const i of c.blocks) {
    if (Number.isInteger(i) && i >= 0 && i < base.length) base[i] = c.label;
  }
  return base;
}

/** What kind of correction this is, judged by what the rules said about the blocks. */
export function correctionKind(before: readonly Label[], c: Correction): CorrectionKind {
  const said = c.blocks.map((i) => before[i]);
  if (said.every((l) => l === c.label)) return 'unchanged';
  if (c.label === 'other') return 'false-positive';
  if (said.some((l) => !isContent(l))) return 'false-negative';
  return 'relabel';
}

/**
 * The site's rules refined by one correction: the corrected page (labelled block by block,
 * so its negative examples are hard ones) joins the other labelled pages of the site, and
 * the rules are induced again from all of them. `examples` are the site's labelled pages
 * (the corrected page among them or not).
 */
export function refineSiteModel(model: WrapperSiteModel, examples: readonly LabelledPage[], c: Correction, options: InduceOptions = {}): Refinement {
  const before = model.ruleLabels(c.page).labels;
  const known = examples.find((p) => p.id === c.id);
  const labels = correctedLabels(model, examples, c);
  const page: LabelledPage = { id: c.id, page: c.page, labels, found: known?.found ?? 1, exact: true };
  const pages = [...examples.filter((p) => p.id !== c.id), page];
  const training = trainSiteModel(model.host, pages, options);
  const old = new Set(model.body.rules.map(ruleKey));
  const now = new Set(training.model.body.rules.map(ruleKey));
  const after = training.model.ruleLabels(c.page).labels;
  const fixed = c.blocks.every((i) => (c.label === 'other' ? !isContent(after[i]) : after[i] === c.label));
  return {
    training, page, kind: correctionKind(before, c), fixed,
    added: [...now].filter((k) => !old.has(k)),
    removed: [...old].filter((k) => !now.has(k)),
  };
}

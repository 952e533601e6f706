/**
 * A wrapper site model: the rules induced for one site (host), applied to a page as a
 * block labeller (seed 004, phase 3). Blocks whose element a rule reaches get that rule's
 * label with probability near 1, the rest `other`; the decoder and the article builder
 * then run as for any learner. When the rules find no body on a page (a template they do
 * not know) the model says so (undefined) and extraction falls back to the general model.
 */
import { LABELS, type Label } from '../../labels.js';
import type { Page } from '../../page.js';
import type { Prediction } from '../labeler.js';
import { PithError } from '../../errors.js';
import { checkRuleStep, formatRule, matchRule, RULE_LABELS, type Rule, type RuleLabel } from './rules.js';

export const WRAPPER_ALGORITHM = 'wrapper';

/** The `body` of a wrapper entry in a model file's `sites`. */
export interface WrapperBody {
  readonly version: 1;
  readonly rules: readonly Rule[];
  /** Pages the rules were learned from. */
  readonly trainingPages: number;
  /** What the learner could not do (one page only, pages skipped, ...). */
  readonly notes: readonly string[];
  /** Fewest characters of body the rules must find on a page for the wrapper to answer. Default 1. */
  readonly minBodyChars: number;
  /**
   * Text the site puts before / after every headline inside the title element ("Forbes.com: ",
   * " - BBC News"), learned from the training pages' gold titles; removed from the extracted title.
   */
  readonly titlePrefix?: string;
  readonly titleSuffix?: string;
}

/** Probability given to a rule's label (the rest shared by the others). */
const P_MATCH = 0.97;

function row(label: Label): number[] {
  const rest = (1 - P_MATCH) / (LABELS.length - 1);
  return LABELS.map((l) => (l === label ? P_MATCH : rest));
}

export interface WrapperMatch {
  readonly prediction: Prediction;
  /** Blocks per label the rules took. */
  readonly counts: Readonly<Record<RuleLabel, number>>;
  /** True when no title rule matched and the title came from the general model. */
  readonly titleFromGeneral: boolean;
}

/** The rules' own labels on a page (no fallback, no general model). */
export interface RuleLabelling {
  readonly labels: Label[];
  /** Blocks per label the rules took. */
  readonly counts: Readonly<Record<RuleLabel, number>>;
  /** Characters of the blocks labelled body. */
  readonly bodyChars: number;
  /** Whether the rules recognise the page (else extraction falls back to the general model). */
  readonly recognised: boolean;
}

export class WrapperSiteModel {
  readonly algorithm = WRAPPER_ALGORITHM;
  constructor(readonly host: string, readonly body: WrapperBody) {}

  /**
   * What the rules alone say about a page, block by block (`other` where no rule reaches),
   * and whether that is enough to recognise the page (some body, at least `minBodyChars` of
   * it). The annotation tool shows these labels and takes corrections on them.
   */
  ruleLabels(page: Page): RuleLabelling {
    const byElement = new Map<number, RuleLabel>();
    // Title first, then headings, then body: a block two rules reach keeps the first label.
    for (const label of RULE_LABELS) {
      for (const rule of this.body.rules) {
        if (rule.label !== label) continue;
        for (const el of matchRule(page.tree, rule.steps)) if (!byElement.has(el)) byElement.set(el, label);
      }
    }
    const counts: Record<RuleLabel, number> = { title: 0, heading: 0, body: 0 };
    let bodyChars = 0;
    const labels: Label[] = [];
    for (const b of page.blocks) {
      const l = b.kind === 'text' ? byElement.get(b.elementId) : undefined;
      if (l) {
        counts[l]++;
        if (l === 'body') bodyChars += b.text.length;
      }
      labels.push(l ?? 'other');
    }
    return { labels, counts, bodyChars, recognised: counts.body > 0 && bodyChars >= this.body.minBodyChars };
  }

  /**
   * Labels a page by the rules; undefined when they find no body (fall back). When the body
   * matches but no title rule does, the title is the general model's (`general`, called lazily).
   */
  match(page: Page, general?: () => Prediction): WrapperMatch | undefined {
    const { labels, counts, recognised } = this.ruleLabels(page);
    if (!recognised) return undefined;
    let titleFromGeneral = false;
    if (counts.title === 0 && general) {
      const g = general();
      const T = LABELS.indexOf('title');
      let best = -1;
      g.probs.forEach((p, i) => {
        if (labels[i] === 'other' && page.blocks[i]!.kind === 'text' && g.labels[i] === 'title' && (best < 0 || p[T]! > g.probs[best]![T]!)) best = i;
      });
      if (best >= 0) {
        labels[best] = 'title';
        titleFromGeneral = true;
      }
    }
    return { prediction: { labels, probs: labels.map(row) }, counts, titleFromGeneral };
  }

  /** The pipeline's site-labeller hook: the page's labels, or undefined to fall back. */
  labelPage(page: Page, general?: () => Prediction): Prediction | undefined {
    return this.match(page, general)?.prediction;
  }

  /** The headline without the site's constant prefix and suffix (when the rules labelled the page). */
  cleanTitle(title: string): string {
    let t = title;
    const { titlePrefix: pre, titleSuffix: suf } = this.body;
    if (pre && t.startsWith(pre) && t.length > pre.length) t = t.slice(pre.length);
    if (suf && t.endsWith(suf) && t.length > suf.length) t = t.slice(0, t.length - suf.length);
    return t.trim();
  }

  /** The rules, readably (one per line, seed 004's notation). */
  describe(): string {
    const lines = [`site ${this.host}: wrapper, ${this.body.rules.length} rules from ${this.body.trainingPages} page(s)`];
    for (const n of this.body.notes) lines.push(`  note: ${n}`);
    if (this.body.titlePrefix || this.body.titleSuffix) lines.push(`  title: drop prefix ${JSON.stringify(this.body.titlePrefix ?? '')}, suffix ${JSON.stringify(this.body.titleSuffix ?? '')}`);
    for (const r of this.body.rules) lines.push(`  ${r.label.padEnd(7)} ${formatRule(r.steps)}   (${r.examples} example(s) on ${r.pages} page(s))`);
    return lines.join('\n');
  }

  toJSON(): WrapperBody {
    return this.body;
  }

  static fromJSON(host: string, body: unknown): WrapperSiteModel {
    const bad = (msg: string): never => {
      throw new PithError('BAD_MODEL', `site model ${host}: ${msg}`);
    };
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return bad('body must be an object');
    const b = body as Record<string, unknown>;
    if (b['version'] !== 1) bad(`unsupported wrapper version ${JSON.stringify(b['version'] ?? null)}`);
    if (!Array.isArray(b['rules'])) bad('rules must be a list');
    for (const r of b['rules'] as unknown[]) {
      if (typeof r !== 'object' || r === null) bad('a rule must be an object');
      const rr = r as Record<string, unknown>;
      if (!(RULE_LABELS as readonly unknown[]).includes(rr['label'])) bad(`a rule's label must be one of ${RULE_LABELS.join(', ')}`);
      if (!Array.isArray(rr['steps']) || rr['steps'].length === 0) bad('a rule needs steps');
      for (const s of rr['steps'] as unknown[]) {
        const err = checkRuleStep(s);
        if (err) bad(err);
      }
      if (typeof rr['examples'] !== 'number' || typeof rr['pages'] !== 'number') bad('a rule needs examples and pages counts');
    }
    if (typeof b['trainingPages'] !== 'number') bad('trainingPages must be a number');
    if (!Array.isArray(b['notes']) || !(b['notes'] as unknown[]).every((n) => typeof n === 'string')) bad('notes must be a list of strings');
    if (typeof b['minBodyChars'] !== 'number') bad('minBodyChars must be a number');
    for (const k of ['titlePrefix', 'titleSuffix']) if (b[k] !== undefined && typeof b[k] !== 'string') bad(`${k} must be a string`);
    return new WrapperSiteModel(host, b as unknown as WrapperBody);
  }
}

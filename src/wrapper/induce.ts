/**
 * Rule induction (wrapper induction, phase 2): the example paths of each labelled part (title,
 * headings, body) on the training pages are aligned and generalised into rules.
 *
 * Per label, the examples are grouped by their tag sequence (same depth, same tags); each
 * group is generalised step by step: a position all examples share from the start is kept,
 * else one they share from the end (wrapper induction's negative locations), else `*`. One example
 * (or examples that agree both ways) keeps both: `[3|-2]`. A generalised rule is checked
 * against the training pages: when it would also take blocks labelled otherwise (more than
 * `tolerance` of the characters it takes rightly), it is narrowed: first by the leaf's
 * class when the examples agree on it, then by splitting the group on its deepest `*`
 * position. Groups whose tag sequences differ in one tag are then merged into a rule with a
 * `*` tag when that takes nothing wrong. So a part keeps several rules where one does not
 * cover its examples (two templates, a quote box inside the body, ...).
 *
 * Pages labelled block by block by a person (`exact`: stored annotations, as `pith label`
 * writes them, including the corrections of wrapper induction's feedback phase) are negative examples
 * without tolerance: a rule may take no block such a page labels otherwise. The tolerance is
 * for gold aligned from text (benchmark corpora), where a few stray characters are noise; a
 * person's "this is not body" is not.
 */
import type { GoldLabel } from '../labels.js';
import type { Page } from '../page.js';
import type { ElementNode } from '../dom/tree.js';
import { classOf, examplePath, matchRule, ruleCovers, RULE_LABELS, withinRuleDepth, type PathRule, type PathStep, type Rule, type RuleLabel, type RuleStep } from '../models/wrapper/rules.js';

/** A training page: the page and one gold label per block. */
export interface TrainingPage {
  readonly page: Page;
  readonly labels: readonly GoldLabel[];
  /**
   * Labels given block by block (a person's annotations, corrections included), not aligned
   * from gold text: every block labelled otherwise is a hard negative example. Default false.
   */
  readonly exact?: boolean;
}

export interface InduceOptions {
  /** Wrong characters a rule may take, as a share of the right ones it takes. Default 0.02. */
  readonly tolerance?: number;
  /** Most rules per label (the largest groups kept). Default 40. */
  readonly maxRulesPerLabel?: number;
}

export interface InduceConfig {
  readonly tolerance: number;
  readonly maxRulesPerLabel: number;
}

export function resolveInduceOptions(o: InduceOptions = {}): InduceConfig {
  return Object.freeze({ tolerance: o.tolerance ?? 0.02, maxRulesPerLabel: o.maxRulesPerLabel ?? 40 });
}

/** A labelled element on a training page: its path, and which page it is on. */
export interface Example {
  readonly page: number;
  readonly element: number;
  readonly path: readonly PathStep[];
}

/** Per page: element id -> characters of its blocks per gold label. */
export type CharIndex = Map<number, Map<GoldLabel, number>>;

/** What a rule is induced for: a content part, or `other` (the exceptions of a container rule, containers.ts). */
export type RuleTarget = RuleLabel | 'other';

export function charIndex(tp: TrainingPage): CharIndex {
  const out: CharIndex = new Map();
  tp.page.blocks.forEach((b, i) => {
    if (b.kind !== 'text') return;
    const label = tp.labels[i] ?? 'unknown';
    let m = out.get(b.elementId);
    if (!m) out.set(b.elementId, (m = new Map()));
    m.set(label, (m.get(label) ?? 0) + b.text.length);
  });
  return out;
}

/** The most specific rule covering every path (all the same length). */
export function generalize(paths: readonly (readonly PathStep[])[]): RuleStep[] {
  const n = paths[0]!.length;
  const out: RuleStep[] = [];
  for (let i = 0; i < n; i++) {
    const steps = paths.map((p) => p[i]!);
    const tag = steps.every((s) => s.tag === steps[0]!.tag) ? steps[0]!.tag : '*';
    if (tag === '*') {
      out.push({ tag });
      continue;
    }
    const first = steps.every((s) => s.first === steps[0]!.first) ? steps[0]!.first : undefined;
    const last = steps.every((s) => s.last === steps[0]!.last) ? steps[0]!.last : undefined;
    out.push({ tag, ...(first !== undefined ? { first } : {}), ...(last !== undefined ? { last } : {}) });
  }
  return out;
}

export interface Score {
  readonly right: number;
  readonly wrong: number;
  /** Of `wrong`, the characters on `exact` pages (hard negatives: none allowed). */
  readonly hard: number;
}

/** Characters a rule takes on the training pages with the right label and with another. */
export function scoreRule(steps: readonly RuleStep[], label: RuleTarget, pages: readonly TrainingPage[], index: readonly CharIndex[]): Score {
  let right = 0;
  let wrong = 0;
  let hard = 0;
  pages.forEach((tp, k) => {
    for (const el of matchRule(tp.page.tree, steps)) {
      const m = index[k]!.get(el);
      if (!m) continue;
      for (const [l, chars] of m) {
        if (l === label) right += chars;
        else if (l !== 'unknown') {
          wrong += chars;
          if (tp.exact) hard += chars;
        }
      }
    }
  });
  return { right, wrong, hard };
}

/** True when a rule takes no hard negative and at most `tolerance` wrong characters per right one. */
export const withinTolerance = (s: Score, tolerance: number): boolean => s.hard === 0 && s.wrong <= tolerance * s.right;
const ok = withinTolerance;

/** Rules for one group of examples (same tag sequence), narrowed until they take little else. */
function induceGroup(group: readonly Example[], label: RuleTarget, pages: readonly TrainingPage[], index: readonly CharIndex[], tolerance: number, depth = 0): RuleStep[][] {
  const steps = generalize(group.map((e) => e.path));
  if (ok(scoreRule(steps, label, pages, index), tolerance)) return [steps];
  const leaf = steps.length - 1;
  const cls = group[0]!.path[leaf]!.cls;
  if (group.every((e) => e.path[leaf]!.cls === cls)) {
    const narrowed = steps.map((s, i) => (i === leaf ? { ...s, cls } : s));
    if (ok(scoreRule(narrowed, label, pages, index), tolerance)) return [narrowed];
  }
  const unlike = withoutWrongClasses(steps, label, pages, index);
  if (unlike[leaf]!.notCls && ok(scoreRule(unlike, label, pages, index), tolerance)) return [unlike];
  // Split on the deepest step whose position is free, by position from the start.
  let split = -1;
  for (let i = leaf; i >= 0; i--) {
    if (steps[i]!.tag !== '*' && steps[i]!.first === undefined && steps[i]!.last === undefined) {
      split = i;
      break;
    }
  }
  if (split < 0 || depth > 6) return [steps]; // as specific as the examples allow
  const parts = new Map<number, Example[]>();
  for (const e of group) {
    const key = e.path[split]!.first;
    let list = parts.get(key);
    if (!list) parts.set(key, (list = []));
    list.push(e);
  }
  if (parts.size < 2) return [steps];
  const out: RuleStep[][] = [];
  for (const part of parts.values()) out.push(...induceGroup(part, label, pages, index, tolerance, depth + 1));
  return out;
}

/** Merges two rules of the same length when they differ in one step's tag and the merge takes nothing wrong. */
function tryMerge(a: readonly RuleStep[], b: readonly RuleStep[]): RuleStep[] | undefined {
  if (a.length !== b.length) return undefined;
  let diff = 0;
  const out: RuleStep[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.tag !== y.tag) {
      if (++diff > 1) return undefined;
      out.push({ tag: '*' });
      continue;
    }
    const first = x.first === y.first ? x.first : undefined;
    const last = x.last === y.last ? x.last : undefined;
    const cls = x.cls === y.cls ? x.cls : undefined;
    out.push({ tag: x.tag, ...(first !== undefined ? { first } : {}), ...(last !== undefined ? { last } : {}), ...(cls !== undefined ? { cls } : {}) });
  }
  return diff === 1 ? out : undefined;
}

/** The rule with every position freed that the training pages allow (wrapper induction's `*`), deepest first. */
function relax(steps: readonly RuleStep[], label: RuleTarget, pages: readonly TrainingPage[], index: readonly CharIndex[]): RuleStep[] {
  let cur = [...steps];
  let base = scoreRule(cur, label, pages, index);
  // One page is too little evidence against freeing the ancestors: only the leaf is freed.
  const stop = pages.length >= 2 ? 0 : cur.length - 1;
  for (let i = cur.length - 1; i >= stop; i--) {
    const s = cur[i]!;
    if (s.tag === '*' || (s.first === undefined && s.last === undefined)) continue;
    const { first: _f, last: _l, ...free } = s;
    const next = [...cur.slice(0, i), free, ...cur.slice(i + 1)];
    const score = scoreRule(next, label, pages, index);
    if (score.wrong <= base.wrong) {
      cur = next;
      base = score;
    }
  }
  return cur;
}

/**
 * Rules covering `examples` (elements labelled `label`): grouped by tag sequence, each group
 * generalised and narrowed, groups merged by one tag, positions freed; largest first.
 */
export function induceTargetRules(examples: readonly Example[], label: RuleTarget, pages: readonly TrainingPage[], index: readonly CharIndex[], tolerance: number, maxRules: number): PathRule[] {
  if (examples.length === 0) return [];
  const groups = new Map<string, Example[]>();
  for (const e of examples) {
    const key = e.path.map((s) => s.tag).join('/');
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(e);
  }
  let found: RuleStep[][] = [];
  for (const g of groups.values()) found.push(...induceGroup(g, label, pages, index, tolerance));
  // Merge rules that differ in one tag (a div that became a section on some pages).
  for (let merged = true; merged;) {
    merged = false;
    outer: for (let i = 0; i < found.length; i++) {
      for (let j = i + 1; j < found.length; j++) {
        const m = tryMerge(found[i]!, found[j]!);
        if (m && ok(scoreRule(m, label, pages, index), tolerance)) {
          found = [...found.slice(0, i), m, ...found.slice(i + 1, j), ...found.slice(j + 1)];
          merged = true;
          break outer;
        }
      }
    }
  }
  // Free positions, deepest step first, where that takes nothing more that is wrong on the
  // training pages: a paragraph or a box seen at one place may stand at another on the
  // next page (a lead image missing, an extra ad block, more paragraphs).
  found = found.map((steps) => withoutWrongClasses(relax(steps, label, pages, index), label, pages, index));
  const described = found.map((steps) => {
    const covered = examples.filter((e) => ruleCovers(steps, e.path));
    return { steps, examples: covered.length, pages: new Set(covered.map((e) => e.page)).size };
  });
  described.sort((a, b) => b.examples - a.examples);
  return described.slice(0, maxRules);
}

/** The labelled elements of the training pages (one example per element), those `keep` accepts. */
export function examplesOf(pages: readonly TrainingPage[], label: RuleTarget, keep: (page: number, element: number) => boolean = () => true): Example[] {
  const examples: Example[] = [];
  pages.forEach((tp, k) => {
    const seen = new Set<number>();
    tp.page.blocks.forEach((b, i) => {
      if (b.kind !== 'text' || tp.labels[i] !== label || seen.has(b.elementId) || !keep(k, b.elementId) || !withinRuleDepth(tp.page.tree, b.elementId)) return;
      seen.add(b.elementId);
      examples.push({ page: k, element: b.elementId, path: examplePath(tp.page.tree, b.elementId) });
    });
  });
  return examples;
}

/**
 * The rule less the leaf classes of the elements it took wrongly on the training pages, where
 * no element it takes rightly has that class: a dateline, a "contributed to this report" line
 * or a topics line set as the paragraphs' tag with a class of its own (`p:not(.byline)[*]`).
 */
function withoutWrongClasses(steps: readonly RuleStep[], label: RuleTarget, pages: readonly TrainingPage[], index: readonly CharIndex[]): RuleStep[] {
  const wrong = new Set<string>();
  const right = new Set<string>();
  pages.forEach((tp, k) => {
    for (const el of matchRule(tp.page.tree, steps)) {
      const m = index[k]!.get(el);
      if (!m) continue;
      const cls = classOf(tp.page.tree.nodes[el] as ElementNode);
      for (const l of m.keys()) {
        if (l === label) right.add(cls);
        else if (l !== 'unknown') wrong.add(cls);
      }
    }
  });
  const notCls = [...wrong].filter((c) => c !== '' && !right.has(c)).sort();
  if (notCls.length === 0) return [...steps];
  const leaf = steps[steps.length - 1]!;
  return [...steps.slice(0, -1), { ...leaf, notCls: [...(leaf.notCls ?? []), ...notCls] }];
}

/** The rules of every labelled part, induced from the training pages. */
export function induceRules(pages: readonly TrainingPage[], options: InduceOptions = {}, index: readonly CharIndex[] = pages.map(charIndex)): Rule[] {
  const { tolerance, maxRulesPerLabel } = resolveInduceOptions(options);
  return RULE_LABELS.flatMap((label) => induceTargetRules(examplesOf(pages, label), label, pages, index, tolerance, maxRulesPerLabel).map((r) => ({ label, ...r })));
}

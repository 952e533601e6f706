/**
 * Wrapper induction's extraction rules over the tag tree. An element's *example path* is the list of
 * its ancestors from below the document root down to itself, each step a tag and the
 * element's position among its same-tag siblings, counted from the start (1 = first) and
 * from the end (1 = last). A *rule* is a path whose steps may be generalised: a tag `*`
 * (any element), a position `*` (any), a position counted from the start, from the end
 * (wrapper induction's negative locations, written `-k`), or either (`[3|-2]`: third from the start
 * or second from the end; what one example allows, before a second tells them apart).
 * A leaf step may also require the element's class attribute (when the examples agree
 * and the plain rule would take other blocks too).
 *
 * Matching is wrapper induction's Fig. 3/4 procedure: from the root, keep the children of the
 * current nodes that satisfy the next step, to the end of the rule; every node is visited
 * at most once per rule, so a rule costs O(nodes).
 */
import type { DomTree, ElementNode } from '../../dom/tree.js';

/** One step of an example path. */
export interface PathStep {
  readonly tag: string;
  /** 1-based position among same-tag element siblings, from the start. */
  readonly first: number;
  /** 1-based position among same-tag element siblings, from the end (1 = last). */
  readonly last: number;
  /** The element's class attribute, white space collapsed ('' when none). */
  readonly cls: string;
}

/** One step of a rule: undefined `first` and `last` mean any position; both set mean either. */
export interface RuleStep {
  /** Tag name or '*'. */
  readonly tag: string;
  readonly first?: number;
  readonly last?: number;
  /** Required class attribute (leaf steps only, when induction needed it). */
  readonly cls?: string;
  /** Class attributes the element must not have (leaf steps only: those of blocks the rule took wrongly on the training pages). */
  readonly notCls?: readonly string[];
}

export type RuleLabel = 'title' | 'heading' | 'body';
export const RULE_LABELS: readonly RuleLabel[] = ['title', 'heading', 'body'];

/** A rule's steps, and the example elements it was induced from (on how many training pages). */
export interface PathRule {
  readonly steps: readonly RuleStep[];
  readonly examples: number;
  readonly pages: number;
}

export interface Rule extends PathRule {
  readonly label: RuleLabel;
}

/**
 * Wrapper induction's container rule: the text blocks of every element inside the elements `steps`
 * reach are body, except those of the elements an exception reaches (a byline, a caption, a
 * share line the training pages showed inside the article) and those another rule labels.
 */
export interface ContainerRule extends PathRule {
  readonly exceptions: readonly PathRule[];
}

/**
 * Most steps an induced rule has: an element deeper than this (a hostile page nested 100 000
 * levels; real pages nest a few dozen) teaches no tag path rule. Relaxing a rule step by step
 * costs its length times a match, and a rule that long would make the model file too large
 * to read back.
 */
export const MAX_RULE_STEPS = 256;

/** Whether element `id` (a text node: its parent) is shallow enough to induce a tag path rule from (MAX_RULE_STEPS). */
export function withinRuleDepth(tree: DomTree, id: number): boolean {
  let n = tree.nodes[id];
  if (n?.kind === 'text') n = tree.nodes[n.parent];
  return n !== undefined && n.depth <= MAX_RULE_STEPS;
}

/** An element's class attribute, white space collapsed ('' when none). */
export const classOf = (el: ElementNode): string => (el.attrs['class'] ?? '').trim().replace(/\s+/g, ' ');

/** The step of a path that element `el` (not the document root) is: its tag, its places among same-tag siblings, its class. */
export function pathStepOf(tree: DomTree, el: ElementNode): PathStep {
  const parent = tree.nodes[el.parent] as ElementNode;
  let first = 0;
  let total = 0;
  for (const c of parent.children) {
    const cn = tree.nodes[c]!;
    if (cn.kind === 'element' && cn.tag === el.tag) {
      total++;
      if (c === el.id) first = total;
    }
  }
  return { tag: el.tag, first, last: total - first + 1, cls: classOf(el) };
}

/** The example path of element `id` (from below the document root). */
export function examplePath(tree: DomTree, id: number): PathStep[] {
  const out: PathStep[] = [];
  let cur = tree.nodes[id];
  if (cur && cur.kind === 'text') cur = tree.nodes[cur.parent];
  while (cur && cur.kind === 'element' && cur.id !== 0) {
    out.push(pathStepOf(tree, cur));
    cur = tree.nodes[cur.parent];
  }
  return out.reverse();
}

/** True when element `el` (at same-tag positions first/last) satisfies `step`. */
function stepMatches(step: RuleStep, el: ElementNode, first: number, last: number): boolean {
  if (step.tag !== '*' && step.tag !== el.tag) return false;
  if (step.cls !== undefined && classOf(el) !== step.cls) return false;
  if (step.notCls !== undefined && step.notCls.includes(classOf(el))) return false;
  if (step.first === undefined && step.last === undefined) return true;
  return (step.first !== undefined && step.first === first) || (step.last !== undefined && step.last === last);
}

/** The element ids a rule reaches in `tree` (wrapper induction Fig. 4, each node visited once), from the root or below the elements `from`. */
export function matchRule(tree: DomTree, steps: readonly RuleStep[], from: readonly number[] = [0]): number[] {
  let frontier: number[] = [...from];
  for (const step of steps) {
    const next: number[] = [];
    for (const f of frontier) {
      const parent = tree.nodes[f] as ElementNode;
      // Same-tag totals first, so positions from the end are known.
      const totals = new Map<string, number>();
      for (const c of parent.children) {
        const cn = tree.nodes[c]!;
        if (cn.kind === 'element') totals.set(cn.tag, (totals.get(cn.tag) ?? 0) + 1);
      }
      const seen = new Map<string, number>();
      for (const c of parent.children) {
        const cn = tree.nodes[c]!;
        if (cn.kind !== 'element') continue;
        const first = (seen.get(cn.tag) ?? 0) + 1;
        seen.set(cn.tag, first);
        if (stepMatches(step, cn, first, totals.get(cn.tag)! - first + 1)) next.push(c);
      }
    }
    if (next.length === 0) return [];
    frontier = next;
  }
  return frontier;
}

/** True when an example path satisfies a rule. */
export function ruleCovers(steps: readonly RuleStep[], path: readonly PathStep[]): boolean {
  if (steps.length !== path.length) return false;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    const p = path[i]!;
    if (s.tag !== '*' && s.tag !== p.tag) return false;
    if (s.cls !== undefined && s.cls !== p.cls) return false;
    if (s.notCls !== undefined && s.notCls.includes(p.cls)) return false;
    if (s.first === undefined && s.last === undefined) continue;
    if (!((s.first !== undefined && s.first === p.first) || (s.last !== undefined && s.last === p.last))) return false;
  }
  return true;
}

/** A position in wrapper induction's notation: `3` from the start, `-2` from the end, `3|-2` either, `*` any. */
export function formatPosition(p: { readonly first?: number; readonly last?: number }): string {
  return p.first === undefined && p.last === undefined ? '*'
    : p.first !== undefined && p.last !== undefined ? `${p.first}|-${p.last}`
      : p.first !== undefined ? String(p.first) : `-${p.last}`;
}

/** A rule in wrapper induction's notation, e.g. `html[1]/body[1]/div[-2]/div[*]/p[*]`; `[3|-2]` is either. */
export function formatRule(steps: readonly RuleStep[]): string {
  const dotted = (cls: string): string => `.${cls.replace(/ /g, '.') || '(no class)'}`;
  return steps.map((s) => `${s.tag}${s.cls !== undefined ? dotted(s.cls) : ''}${s.notCls?.length ? `:not(${s.notCls.map(dotted).join(',')})` : ''}[${formatPosition(s)}]`).join('/');
}

/** Checks a rule step read from a model file; returns an error message or undefined. */
export function checkRuleStep(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'a rule step must be an object';
  const s = x as Record<string, unknown>;
  if (typeof s['tag'] !== 'string' || s['tag'] === '') return 'a rule step needs a tag';
  for (const k of ['first', 'last'] as const) {
    if (s[k] !== undefined && !(Number.isInteger(s[k]) && (s[k] as number) >= 1)) return `a rule step's ${k} must be a positive integer`;
  }
  if (s['cls'] !== undefined && typeof s['cls'] !== 'string') return "a rule step's cls must be a string";
  if (s['notCls'] !== undefined && !(Array.isArray(s['notCls']) && (s['notCls'] as unknown[]).every((c) => typeof c === 'string'))) return "a rule step's notCls must be a list of strings";
  return undefined;
}

/** Checks a rule (steps and example counts) read from a model file; returns an error message or undefined. */
export function checkPathRule(x: unknown, what: string): string | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return `a ${what} must be an object`;
  const r = x as Record<string, unknown>;
  if (!Array.isArray(r['steps']) || r['steps'].length === 0) return `a ${what} needs steps`;
  for (const s of r['steps'] as unknown[]) {
    const err = checkRuleStep(s);
    if (err) return err;
  }
  if (typeof r['examples'] !== 'number' || typeof r['pages'] !== 'number') return `a ${what} needs examples and pages counts`;
  return undefined;
}

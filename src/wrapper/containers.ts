/**
 * Container rules (wrapper induction's `-2` rule, "all text under the article's element"): the paths
 * of the training pages' article containers (the deepest element holding nearly all of a
 * page's body text) are generalised into a rule like the part rules, and the blocks inside a
 * container that the pages label `other` (bylines, captions, share lines) into exception rules.
 * On a new page the container's other blocks are then body too: a list, a quote box or an
 * interview's bold questions that the paragraphs' rules never saw.
 */
import type { ElementNode } from '../dom/tree.js';
import { examplePath, matchRule, withinRuleDepth, type ContainerRule, type PathStep, type RuleStep } from '../models/wrapper/rules.js';
import { charIndex, examplesOf, generalize, induceTargetRules, resolveInduceOptions, scoreRule, withinTolerance, type CharIndex, type InduceOptions, type TrainingPage } from './induce.js';

/** Share of a page's body and heading characters its container must hold. */
const CONTAINER_SHARE = 0.9;
/** Tags too broad to be an article's container. */
const NOT_CONTAINERS: ReadonlySet<string> = new Set(['html', 'body']);

/** The deepest element holding at least CONTAINER_SHARE of a page's body and heading characters, if one narrower than <body> does. */
export function articleContainer(tp: TrainingPage): number | undefined {
  const { tree, blocks } = tp.page;
  const chars = new Map<number, number>();
  let total = 0;
  blocks.forEach((b, i) => {
    const l = tp.labels[i];
    if (b.kind !== 'text' || (l !== 'body' && l !== 'heading')) return;
    total += b.text.length;
    for (let id = b.elementId; id > 0; id = tree.nodes[id]!.parent) chars.set(id, (chars.get(id) ?? 0) + b.text.length);
  });
  if (total === 0) return undefined;
  let best: ElementNode | undefined;
  for (const [id, c] of chars) {
    const el = tree.nodes[id] as ElementNode;
    if (c >= CONTAINER_SHARE * total && (!best || el.depth > best.depth)) best = el;
  }
  return best && !NOT_CONTAINERS.has(best.tag) ? best.id : undefined;
}

/** True when, on every training page, the rule reaches nothing but that page's container. */
function onlyContainers(steps: readonly RuleStep[], pages: readonly TrainingPage[], containers: readonly (number | undefined)[]): boolean {
  return pages.every((tp, k) => matchRule(tp.page.tree, steps).every((el) => el === containers[k]));
}

/** A container rule's positions freed, deepest first, where it still reaches only the containers (two pages or more). */
function relaxContainer(steps: readonly RuleStep[], pages: readonly TrainingPage[], containers: readonly (number | undefined)[]): RuleStep[] {
  let cur = [...steps];
  if (pages.length < 2) return cur;
  for (let i = cur.length - 1; i >= 0; i--) {
    const s = cur[i]!;
    if (s.tag === '*' || (s.first === undefined && s.last === undefined)) continue;
    const { first: _f, last: _l, ...free } = s;
    const next = [...cur.slice(0, i), free, ...cur.slice(i + 1)];
    if (onlyContainers(next, pages, containers)) cur = next;
  }
  return cur;
}

/**
 * The container paths generalised into a rule that reaches nothing but the containers on the
 * training pages (narrowed by the leaf's class when the paths agree on it), positions then
 * freed where that still holds; undefined when no such rule exists.
 */
function containerRule(paths: readonly (readonly PathStep[])[], pages: readonly TrainingPage[], containers: readonly (number | undefined)[]): RuleStep[] | undefined {
  let steps = generalize(paths);
  if (!onlyContainers(steps, pages, containers)) {
    const leaf = steps.length - 1;
    const cls = paths[0]![leaf]!.cls;
    if (!paths.every((p) => p[leaf]!.cls === cls)) return undefined;
    steps = steps.map((s, i) => (i === leaf ? { ...s, cls } : s));
    if (!onlyContainers(steps, pages, containers)) return undefined;
  }
  return relaxContainer(steps, pages, containers);
}

const inside = (el: ElementNode, id: number): boolean => id >= el.id && id <= el.end;


/** The container rules of the training pages (one per template), each with its exceptions. */
export function induceContainers(pages: readonly TrainingPage[], options: InduceOptions = {}, index: readonly CharIndex[] = pages.map(charIndex)): ContainerRule[] {
  const { tolerance, maxRulesPerLabel } = resolveInduceOptions(options);
  const containers = pages.map(articleContainer);
  const groups = new Map<string, { page: number; path: PathStep[] }[]>();
  containers.forEach((id, k) => {
    if (id === undefined || !withinRuleDepth(pages[k]!.page.tree, id)) return;
    const path = examplePath(pages[k]!.page.tree, id);
    const key = path.map((s) => s.tag).join('/');
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push({ page: k, path });
  });
  const out: ContainerRule[] = [];
  for (const group of groups.values()) {
    const steps = containerRule(group.map((g) => g.path), pages, containers);
    if (!steps) continue;
    const members = new Set(group.map((g) => g.page));
    const within = (page: number, element: number): boolean => {
      const c = containers[page];
      return members.has(page) && c !== undefined && inside(pages[page]!.page.tree.nodes[c] as ElementNode, element);
    };
    // An exception that would also take content on the training pages is left out: it costs body.
    const exceptions = induceTargetRules(examplesOf(pages, 'other', within), 'other', pages, index, tolerance, maxRulesPerLabel)
      .filter((r) => withinTolerance(scoreRule(r.steps, 'other', pages, index), tolerance));
    out.push({ steps, examples: group.length, pages: group.length, exceptions });
  }
  return out;
}


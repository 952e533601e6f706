/**
 * Named fields by example (docs/fields.md): the rules a site's example pages taught for each
 * field, applied to a page. A field's value sits in a *unit*: one text node (`text` = k, the
 * element's k-th non-blank text child) or an element's whole text (`text` = 0). Three kinds
 * of rule reach units:
 * - `path`: wrapper induction's tag path from the root, positions from the start, end, either or `*`;
 * - `anchor`: the nearest element with an id, class or itemprop, then a tag path below it
 *   (`h3.author/a[*]`): survives what changes above the anchor;
 * - `label`: the text node right after a label ("Publisher", "by"), or a text node that starts
 *   with the label ("ISBN: 978..."): survives a field's moving within its block.
 * A field keeps several rules ranked by the examples they explain; the first that finds a
 * value on a page gives the field's values. A rule's clean-up (a prefix, a suffix, or text
 * up to a separator) was learned from how the examples sit in their units.
 */
import type { DomTree, ElementNode, TextNode } from '../../dom/tree.js';
import { checkRuleStep, classOf, formatRule, matchRule, type RuleStep } from './rules.js';

export type FieldRuleKind = 'label' | 'anchor' | 'path';
export const FIELD_RULE_KINDS: readonly FieldRuleKind[] = ['label', 'anchor', 'path'];

/** The element a rule of kind `anchor` starts from. */
export interface FieldAnchor {
  readonly tag: string;
  /** `class`: the whole class attribute; `classToken`: one of its classes. */
  readonly attr: 'id' | 'class' | 'classToken' | 'itemprop';
  readonly value: string;
}

/**
 * Attributes a value may be read from whose value is a link, resolved against the page's URL
 * (`href` a record's URL; `src` and the lazy loaders' copies of it an image's). Each is one the
 * parser keeps (src/dom/parse.ts); `srcset` lists several URLs and is no value.
 */
export const LINK_VALUE_ATTRS = ['href', 'src', 'data-src', 'data-original', 'data-lazy-src', 'poster', 'cite'] as const;
/**
 * Attributes a value may be read from whose value is text: an image's alt or title (a product's
 * name on its card), `<time datetime>`, a `content` attribute (microdata, meta), and any
 * `aria-*` (aria-label). The parser keeps no other `data-*` (a `data-price` is not seen).
 */
export const TEXT_VALUE_ATTRS = ['alt', 'title', 'datetime', 'content'] as const;
export type FieldAttr = (typeof LINK_VALUE_ATTRS)[number] | (typeof TEXT_VALUE_ATTRS)[number] | `aria-${string}`;
const ARIA_ATTR_RE = /^aria-[a-z]+$/;

/** Whether an attribute name is an `aria-*` one a value may be read from (`aria-label`). */
export function isAriaAttr(name: string): name is `aria-${string}` {
  return ARIA_ATTR_RE.test(name);
}

/** Whether `x` names an attribute a field value may be read from. */
function isFieldAttr(x: unknown): x is FieldAttr {
  return typeof x === 'string' && ((LINK_VALUE_ATTRS as readonly string[]).includes(x) || (TEXT_VALUE_ATTRS as readonly string[]).includes(x) || isAriaAttr(x));
}

/** Whether an attribute's value is a link (resolved against the page's URL). */
function isLinkAttr(attr: FieldAttr): boolean {
  return (LINK_VALUE_ATTRS as readonly string[]).includes(attr);
}

/** How a unit's text becomes the value: white space and stray separators always; these as learned. */
export interface ValueCleanup {
  /** Text every example's unit had before the value (`$`, `by `). */
  readonly prefix?: string;
  readonly suffix?: string;
  /** The value starts after the first occurrence of this (a label's `: ` whose label varies). */
  readonly after?: string;
  /** The value ends before the first occurrence of this. */
  readonly before?: string;
  /** The value starts after this many leading words (a brand of one word before every name, whatever the brand). */
  readonly dropWords?: number;
  /** A list's number before the value (`1. `, `12) `) is cut where there is one: a unit without one is the value whole. */
  readonly listNumber?: true;
}

export interface FieldRule {
  readonly kind: FieldRuleKind;
  /** `path`: steps from below the root; `anchor`: steps below the anchor (may be empty). */
  readonly steps?: readonly RuleStep[];
  readonly anchor?: FieldAnchor;
  /** `label`: the label's key (lower case, no trailing `:`), the tag around it and around the value. */
  readonly label?: string;
  readonly labelTag?: string;
  readonly tag?: string;
  /** `label`: the label starts the value's own text node ("ISBN: 978..."). */
  readonly inline?: boolean;
  /** 0: the element's whole text; k >= 1: its k-th non-blank text child. */
  readonly text: number;
  /**
   * The value is this attribute of the element, not its text: a link attribute (`href`: a
   * record's URL) resolved against the page's URL, a text attribute (`alt`, `datetime`) as written.
   */
  readonly attr?: FieldAttr;
  readonly clean: ValueCleanup;
  /** Example values it explains on the training pages, values it took that were none, pages it was induced from. */
  readonly examples: number;
  readonly wrong: number;
  readonly pages: number;
}

/** What the examples of a field looked like: what drift warnings compare a value to. */
export interface ValueProfile {
  readonly minLength: number;
  readonly maxLength: number;
  /** Character classes of each example (`a` letters, `9` digits, e.g. `a9`), distinct. */
  readonly classes: readonly string[];
  /** The label every example followed, when they all followed the same one. */
  readonly label?: string;
}

export interface FieldModel {
  readonly rules: readonly FieldRule[];
  /**
   * The first `union` rules are read together (their values merged in page order, each unit
   * once): example records no one rule explains (a title and a list's slide) each keep their
   * own shape. Absent: the first rule that finds a value gives the field's values.
   */
  readonly union?: number;
  readonly profile: ValueProfile;
  /** Every training page had a value: a page without one is flagged. */
  readonly required: boolean;
}

/** The `fields` section of a wrapper body (version 3). */
export interface FieldsBody {
  readonly fields: Readonly<Record<string, FieldModel>>;
  /** A training page gave several values of two or more fields: pages have records to group. */
  readonly records: boolean;
}

/** One extracted value, the node it came from and how sure the rules are. */
export interface FieldValue {
  readonly value: string;
  readonly confidence: number;
  /** The unit's node (a text node, or the element of a whole-text unit). */
  readonly node: number;
}

export interface FieldWarning {
  readonly field: string;
  /** The rule that was applied (or the first, when none found anything), in the notation of `formatFieldRule`. */
  readonly rule: string;
  readonly reason: 'no-value' | 'unlike-examples';
  readonly value?: string;
  readonly detail: string;
}

export interface FieldExtraction {
  readonly fields: Record<string, FieldValue[]>;
  /** Each record's fields (first value of each), in page order; empty unless the model learned records. */
  readonly records: Record<string, string>[];
  readonly warnings: FieldWarning[];
  /** Per field, the rule that gave its values (index into its rules; -1 when none did). */
  readonly ruleUsed: Record<string, number>;
  /** Per field, for `--explain`: the rules tried in rank order that found nothing, and the one that gave the values. */
  readonly trace: Record<string, { readonly failed: readonly string[]; readonly used?: string }>;
}

const BLANK_RE = /^[\s\u00a0]*$/;

/** White space collapsed, trimmed, a separator left at either end (`: June 2010`, `Smith,`) removed. */
export function normalizeValue(s: string): string {
  const t = s
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .trim()
    .replace(/^[:;,|•·\-–—]+\s*/, '');
  // What /\s*[:;,|]+$/ removes: the last run of separators and the white space before it.
  const separators = trailingRunStart(t, isValueSeparator);
  return t.slice(0, separators < t.length ? trailingRunStart(t, isSpace, separators) : t.length).trim();
}

const isSpace = (c: string): boolean => /\s/.test(c);
const isValueSeparator = (c: string): boolean => c === ':' || c === ';' || c === ',' || c === '|';
const isLabelEnd = (c: string): boolean => /[\s:\-–—.]/.test(c);

/**
 * Where the run of characters `inRun` that ends `s` before `end` starts (`end` when there is
 * none): what a trailing `/[...]+$/` finds, in one pass from the end. The regular expression
 * tries every start inside a run that is not at the end: quadratic on a hostile page's text of
 * 100 000 colons before a letter (a text every label rule reads).
 */
function trailingRunStart(s: string, inRun: (c: string) => boolean, end = s.length): number {
  let i = end;
  while (i > 0 && inRun(s[i - 1]!)) i--;
  return i;
}

/** A label's key: lower case, white space collapsed, without a trailing `:`/dash; undefined when it is no label. */
export function labelKey(s: string): string | undefined {
  const collapsed = s.replace(/[\s\u00a0]+/g, ' ').trim();
  const k = collapsed.slice(0, trailingRunStart(collapsed, isLabelEnd)).replace(/^[\s:,;|]+/, '').toLowerCase();
  if (k.length === 0 || k.length > 40 || !/\p{L}/u.test(k)) return undefined;
  return k;
}

/** Character classes of a value: `a` when it has letters, `9` digits. */
export function charClasses(s: string): string {
  return `${/\p{L}/u.test(s) ? 'a' : ''}${/\p{N}/u.test(s) ? '9' : ''}`;
}

/** A list item's number at the start of a text (`1. `, `12) `), with its separator and the space after it. */
export const LEADING_LIST_NUMBER = /^\d{1,4}\s*[.)]\s+/;

/** The value a unit's text gives under a clean-up; undefined when the clean-up does not fit. */
export function applyCleanup(text: string, clean: ValueCleanup): string | undefined {
  let t = text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
  if (clean.after !== undefined) {
    const i = t.indexOf(clean.after);
    if (i < 0) return undefined;
    t = t.slice(i + clean.after.length);
  } else if (clean.prefix !== undefined) {
    if (!t.startsWith(clean.prefix)) return undefined;
    t = t.slice(clean.prefix.length);
  } else if (clean.dropWords !== undefined) {
    const words = t.split(' ');
    if (words.length <= clean.dropWords) return undefined;
    t = words.slice(clean.dropWords).join(' ');
  } else if (clean.listNumber) {
    t = t.replace(LEADING_LIST_NUMBER, '');
  }
  if (clean.before !== undefined) {
    const i = t.indexOf(clean.before);
    if (i < 0) return undefined;
    t = t.slice(0, i);
  } else if (clean.suffix !== undefined) {
    if (!t.endsWith(clean.suffix)) return undefined;
    t = t.slice(0, t.length - clean.suffix.length);
  }
  const v = normalizeValue(t);
  return v.length > 0 ? v : undefined;
}

/** The k-th non-blank text child of an element (1-based), or undefined. */
export function textChild(tree: DomTree, el: ElementNode, k: number): TextNode | undefined {
  let seen = 0;
  for (const c of el.children) {
    const n = tree.nodes[c]!;
    if (n.kind === 'text' && !BLANK_RE.test(n.text) && ++seen === k) return n;
  }
  return undefined;
}

/** Which non-blank text child of its parent a text node is (1-based). */
export function textIndexOf(tree: DomTree, node: TextNode): number {
  const parent = tree.nodes[node.parent] as ElementNode;
  let seen = 0;
  for (const c of parent.children) {
    const n = tree.nodes[c]!;
    if (n.kind === 'text' && !BLANK_RE.test(n.text)) {
      seen++;
      if (c === node.id) return seen;
    }
  }
  return 0;
}

/** An element's whole text, white space collapsed. */
export function elementText(tree: DomTree, el: ElementNode): string {
  let out = '';
  for (let i = el.id + 1; i <= el.end; i++) {
    const n = tree.nodes[i]!;
    if (n.kind === 'text') out += n.text;
  }
  return out.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

/** An element's link (`href`, or another link attribute) resolved against the page's URL (as written when there is none or it does not parse); undefined without one. */
export function linkOf(tree: DomTree, el: ElementNode, attr: string = 'href'): string | undefined {
  const href = el.attrs[attr]?.trim();
  if (!href) return undefined;
  try {
    return new URL(href, tree.baseUrl).href;
  } catch {
    return href;
  }
}

/** A value given as a link, resolved as the page's links are (compared with `linkOf`). */
export function resolveLinkValue(tree: DomTree, value: string): string {
  try {
    return new URL(value, tree.baseUrl).href;
  } catch {
    return value;
  }
}

/** An element's value attribute: a link resolved, a text as written; undefined without it. */
function attrValueOf(tree: DomTree, el: ElementNode, attr: FieldAttr): string | undefined {
  return isLinkAttr(attr) ? linkOf(tree, el, attr) : el.attrs[attr];
}

/**
 * Nodes and characters one rule may read for whole-text units on a page. Units side by side read
 * each node once (a page has at most MAX_TREE_NODES nodes and 16 MiB of text); only units nested
 * in one another (a hostile page's `<span class=price>` 100 000 levels deep) read the same
 * subtree again and again, and their values stop where the budget does.
 */
export const MAX_WHOLE_TEXT_WORK = 32 * 1024 * 1024;

/** Text characters before each node, per tree: a subtree's text length in O(1). */
const textBeforeCache = new WeakMap<DomTree, Float64Array>();

function textBefore(tree: DomTree): Float64Array {
  let out = textBeforeCache.get(tree);
  if (!out) {
    out = new Float64Array(tree.nodes.length + 1);
    for (let i = 0; i < tree.nodes.length; i++) {
      const n = tree.nodes[i]!;
      out[i + 1] = out[i]! + (n.kind === 'text' ? n.text.length : 0);
    }
    textBeforeCache.set(tree, out);
  }
  return out;
}

/** What reading an element's whole text costs: its subtree's nodes and characters. */
function wholeTextCost(tree: DomTree, el: ElementNode): number {
  const before = textBefore(tree);
  return el.end - el.id + before[el.end + 1]! - before[el.id + 1]!;
}

/** A rule's budget for whole-text units on one page (MAX_WHOLE_TEXT_WORK). */
interface WholeTextBudget {
  left: number;
}

/** An element's whole text within the budget; undefined once the budget cannot pay for it (and for every unit after). */
function wholeTextWithin(tree: DomTree, el: ElementNode, budget: WholeTextBudget): string | undefined {
  const cost = wholeTextCost(tree, el);
  if (cost > budget.left) {
    budget.left = -1;
    return undefined;
  }
  budget.left -= cost;
  return elementText(tree, el);
}

/** A unit's text and node: the whole element, its k-th text child, or one of its attributes. */
function unitOf(tree: DomTree, elementId: number, text: number, attr: FieldAttr | undefined, budget: WholeTextBudget): { text: string; node: number } | undefined {
  const el = tree.nodes[elementId];
  if (!el || el.kind !== 'element') return undefined;
  if (attr !== undefined) {
    const value = attrValueOf(tree, el, attr);
    return value !== undefined ? { text: value, node: el.id } : undefined;
  }
  if (text === 0) {
    const whole = wholeTextWithin(tree, el, budget);
    return whole !== undefined ? { text: whole, node: el.id } : undefined;
  }
  const t = textChild(tree, el, text);
  return t ? { text: t.text, node: t.id } : undefined;
}

/** The elements with attribute `attr` = `value` (class: the collapsed class attribute) and tag `tag`. */
function anchorsOf(tree: DomTree, a: FieldAnchor): number[] {
  const out: number[] = [];
  for (const n of tree.nodes) {
    if (n.kind !== 'element' || n.tag !== a.tag) continue;
    if (a.attr === 'classToken' ? classOf(n).split(' ').includes(a.value) : (a.attr === 'class' ? classOf(n) : (n.attrs[a.attr] ?? '').trim()) === a.value) out.push(n.id);
  }
  return out;
}

/** The elements `steps` reach below element `root` (itself when there are none). */
function matchBelow(tree: DomTree, root: number, steps: readonly RuleStep[]): number[] {
  return steps.length === 0 ? [root] : matchRule(tree, steps, [root]);
}

/** Text nodes in document order with the label key of the non-blank text before each. */
interface LabelledText {
  readonly node: TextNode;
  readonly label: string | undefined;
  readonly labelTag: string;
}

const labelIndexCache = new WeakMap<DomTree, LabelledText[]>();
const labelByNodeCache = new WeakMap<DomTree, Map<number, string | undefined>>();

/** Every non-blank text node with the label key of the text node before it (cached per tree). */
export function labelledTexts(tree: DomTree): readonly LabelledText[] {
  const hit = labelIndexCache.get(tree);
  if (hit) return hit;
  const out: LabelledText[] = [];
  let prev: TextNode | undefined;
  for (const n of tree.nodes) {
    if (n.kind !== 'text' || BLANK_RE.test(n.text)) continue;
    const labelTag = prev ? (tree.nodes[prev.parent] as ElementNode).tag : '';
    out.push({ node: n, label: prev ? labelKey(prev.text) : undefined, labelTag });
    prev = n;
  }
  labelIndexCache.set(tree, out);
  return out;
}

/** The label key a text node's text starts with ("ISBN: 978" -> `isbn`), with the separator. */
export function inlineLabel(text: string): { key: string; rest: string } | undefined {
  // The leading white space trimmed first: `^\s*([^:]{1,40}?)` would try every split of it
  // (quadratic on a text node of 100 000 spaces); the label and the rest are the same.
  const m = /^([^:]{1,40}?)\s*:\s*(.+)$/s.exec(text.trimStart());
  if (!m) return undefined;
  const key = labelKey(m[1]!);
  return key ? { key, rest: m[2]! } : undefined;
}

/** The units a rule reaches on a page, in document order: text and node. */
export function ruleUnits(tree: DomTree, rule: FieldRule): { text: string; node: number }[] {
  const out: { text: string; node: number }[] = [];
  const budget: WholeTextBudget = { left: MAX_WHOLE_TEXT_WORK };
  const push = (u: { text: string; node: number } | undefined): void => {
    if (u && !BLANK_RE.test(u.text)) out.push(u);
  };
  switch (rule.kind) {
    case 'path':
      for (const el of matchRule(tree, rule.steps ?? [])) {
        if (budget.left < 0) break;
        push(unitOf(tree, el, rule.text, rule.attr, budget));
      }
      break;
    case 'anchor':
      for (const a of anchorsOf(tree, rule.anchor!)) {
        for (const el of matchBelow(tree, a, rule.steps ?? [])) {
          if (budget.left < 0) break;
          push(unitOf(tree, el, rule.text, rule.attr, budget));
        }
      }
      break;
    case 'label':
      for (const t of labelledTexts(tree)) {
        if (budget.left < 0) break;
        const parent = tree.nodes[t.node.parent] as ElementNode;
        if (parent.tag !== rule.tag) continue;
        if (rule.inline) {
          const il = inlineLabel(t.node.text);
          if (il && il.key === rule.label) push({ text: il.rest, node: t.node.id });
        } else if (t.label === rule.label && t.labelTag === rule.labelTag) {
          if (rule.text !== 0) push({ text: t.node.text, node: t.node.id });
          else {
            const whole = wholeTextWithin(tree, parent, budget);
            if (whole !== undefined) push({ text: whole, node: parent.id });
          }
        }
      }
      break;
  }
  // One node once (two anchors nested may reach it twice).
  const seen = new Set<number>();
  return out.filter((u) => (seen.has(u.node) ? false : (seen.add(u.node), true)));
}

/** The values a rule gives on a page (clean-up applied; units it does not fit give none). */
export function ruleValues(tree: DomTree, rule: FieldRule): { value: string; node: number }[] {
  const out: { value: string; node: number }[] = [];
  for (const u of ruleUnits(tree, rule)) {
    const v = applyCleanup(u.text, rule.clean);
    if (v !== undefined) out.push({ value: v, node: u.node });
  }
  return out;
}

/** A field rule readably: `label "publisher" (strong) -> li text#1`, `anchor h3.author / a[*] text`, `path html[1]/... text#1`. */
export function formatFieldRule(rule: FieldRule): string {
  const unit = rule.attr !== undefined ? `@${rule.attr}` : rule.text === 0 ? 'text' : `text#${rule.text}`;
  const clean = [
    rule.clean.prefix !== undefined ? `drop prefix ${JSON.stringify(rule.clean.prefix)}` : '',
    rule.clean.after !== undefined ? `after ${JSON.stringify(rule.clean.after)}` : '',
    rule.clean.dropWords !== undefined ? `drop ${rule.clean.dropWords} leading word${rule.clean.dropWords === 1 ? '' : 's'}` : '',
    rule.clean.listNumber ? 'drop a list number' : '',
    rule.clean.suffix !== undefined ? `drop suffix ${JSON.stringify(rule.clean.suffix)}` : '',
    rule.clean.before !== undefined ? `before ${JSON.stringify(rule.clean.before)}` : '',
  ].filter(Boolean).join(', ');
  const tail = clean ? ` (${clean})` : '';
  switch (rule.kind) {
    case 'label':
      return rule.inline ? `label ${JSON.stringify(rule.label)}: inside ${rule.tag} ${unit}${tail}` : `label ${JSON.stringify(rule.label)} (${rule.labelTag}) -> ${rule.tag} ${unit}${tail}`;
    case 'anchor': {
      const a = rule.anchor!;
      const head = a.attr === 'id' ? `${a.tag}#${a.value}` : a.attr === 'class' ? `${a.tag}.${a.value.replace(/ /g, '.')}`
        : a.attr === 'classToken' ? `${a.tag}[class~=${a.value}]` : `${a.tag}[itemprop=${a.value}]`;
      return `anchor ${head}${rule.steps?.length ? `/${formatRule(rule.steps)}` : ''} ${unit}${tail}`;
    }
    case 'path':
      return `path ${formatRule(rule.steps ?? [])} ${unit}${tail}`;
  }
}

/** How unlike every example a value is; undefined when it is like one of them. */
export function unlikeExamples(value: string, profile: ValueProfile, label: string | undefined): string | undefined {
  const cls = charClasses(value);
  // Lengths vary (titles of 6 and 60 characters); only an order of magnitude off says the rule reached something else.
  const lengthFits = (value.length * 10 >= profile.minLength || value.length > 3) && value.length <= profile.maxLength * 4 + 20;
  const classFits = profile.classes.includes(cls) || (cls.includes('a') && profile.classes.some((c) => c.includes('a')));
  if (!lengthFits) return `${value.length} characters; the examples had ${profile.minLength}-${profile.maxLength}`;
  if (!classFits) return `characters ${cls ? `[${cls}]` : '[punctuation]'}; the examples had ${profile.classes.map((c) => `[${c}]`).join(' or ')}`;
  if (profile.label !== undefined && label !== undefined && label !== profile.label) return `follows "${label}"; the examples followed "${profile.label}"`;
  return undefined;
}

/** The label key of the text before a node (text nodes only; undefined otherwise). */
function labelBefore(tree: DomTree, node: number): string | undefined {
  if (tree.nodes[node]?.kind !== 'text') return undefined;
  let byNode = labelByNodeCache.get(tree);
  if (!byNode) labelByNodeCache.set(tree, (byNode = new Map(labelledTexts(tree).map((t) => [t.node.id, t.label]))));
  return byNode.get(node);
}

/** Confidence of a value: its rule's precision on the training pages, less when a later rule, disagreement or drift says so. */
function valueConfidence(rule: FieldRule, rank: number, agreed: boolean, like: boolean): number {
  const precision = rule.examples / (rule.examples + rule.wrong);
  const c = precision * (rank === 0 ? 1 : 0.85) * (agreed ? 1 : 0.9) * (like ? 1 : 0.5);
  return Math.round(c * 1000) / 1000;
}

/** A path or anchor rule whose last step takes any position: a list's items. */
function leafIsFree(rule: FieldRule): boolean {
  const leaf = rule.steps?.[rule.steps.length - 1];
  return leaf !== undefined && leaf.first === undefined && leaf.last === undefined;
}

/** The element a value's node stands for: a text node's parent (one rule reads an element's text node, another its whole text). */
function unitElementId(tree: DomTree, node: number): number {
  const n = tree.nodes[node]!;
  return n.kind === 'element' ? n.id : n.parent;
}

/** A value a rule found on a page. */
type Found = { readonly value: string; readonly node: number };

/** Whether every one of `found` sits in a unit (element) some value of `wider` sits in. */
function unitsCover(tree: DomTree, wider: readonly Found[], found: readonly Found[]): boolean {
  const units = new Set(wider.map((o) => unitElementId(tree, o.node)));
  return found.every((f) => units.has(unitElementId(tree, f.node)));
}

/** The first of the found values with each text, in their order. */
function firstOfEachValue<T extends Found>(found: readonly T[]): T[] {
  const seen = new Set<string>();
  return found.filter((f) => (seen.has(f.value) ? false : (seen.add(f.value), true)));
}

/** Each rule's values on one page, run at most once and only when asked for. */
function ruleValuesOnce(tree: DomTree, rules: readonly FieldRule[]): (r: number) => readonly Found[] {
  const memo = new Map<number, readonly Found[]>();
  return (r) => {
    let got = memo.get(r);
    if (got === undefined) memo.set(r, (got = ruleValues(tree, rules[r]!)));
    return got;
  };
}

/** Whether a value an alternative rule found may stand in the field: like the examples (see `extractFields`). */
function standsIn(tree: DomTree, f: Found, profile: ValueProfile): boolean {
  return unlikeExamples(f.value, profile, labelBefore(tree, f.node)) === undefined;
}

/**
 * The values of the first `count` rules read together: in page order, each unit (an element, or
 * its text node) once, from the first rule that reached it. The rules after the first add only
 * values like the examples, as any rule standing in for the best one does.
 */
function unionValues(tree: DomTree, valuesOf: (r: number) => readonly Found[], count: number, profile: ValueProfile): (Found & { rule: number })[] {
  const out: (Found & { rule: number })[] = [];
  const units = new Set<number>();
  // `count` is at most the number of rules (checkFieldsBody; induction puts the rules read together first).
  for (let r = 0; r < count; r++) {
    for (const v of valuesOf(r)) {
      if (r > 0 && !standsIn(tree, v, profile)) continue;
      const unit = unitElementId(tree, v.node);
      if (units.has(unit)) continue;
      units.add(unit);
      out.push({ ...v, rule: r });
    }
  }
  return out.sort((a, b) => a.node - b.node);
}

/** The fields of a page by a site's field rules, with records and drift warnings. */
export function extractFields(tree: DomTree, body: FieldsBody): FieldExtraction {
  const fields: Record<string, FieldValue[]> = {};
  const warnings: FieldWarning[] = [];
  const ruleUsed: Record<string, number> = {};
  const trace: Record<string, { failed: string[]; used?: string }> = {};
  for (const [name, model] of Object.entries(body.fields)) {
    let rank = -1;
    const valuesOf = ruleValuesOnce(tree, model.rules);
    // Values of rules read together (`union`) carry the index of the rule that gave each.
    let found: readonly (Found & { rule?: number })[] = model.union !== undefined ? unionValues(tree, valuesOf, model.union, model.profile) : [];
    const joined = found.length > 0;
    if (joined) rank = 0;
    else for (let r = 0; r < model.rules.length; r++) {
      found = valuesOf(r);
      // An alternative stands in for the rules above it only with values like the examples: where
      // the best rule's label is gone because the field is, a path rule would take the next line.
      if (r > 0) found = found.filter((f) => standsIn(tree, f, model.profile));
      if (found.length > 0) {
        rank = r;
        break;
      }
    }
    ruleUsed[name] = rank;
    const tried = rank < 0 ? model.rules : model.rules.slice(0, rank);
    const usedRule = joined ? model.rules.slice(0, model.union).map(formatFieldRule).join(' + ') : rank >= 0 ? formatFieldRule(model.rules[rank]!) : undefined;
    trace[name] = { failed: tried.map(formatFieldRule), ...(usedRule !== undefined ? { used: usedRule } : {}) };
    if (rank < 0) {
      fields[name] = [];
      if (model.required && model.rules.length > 0) {
        warnings.push({ field: name, rule: formatFieldRule(model.rules[0]!), reason: 'no-value', detail: `no rule of ${model.rules.length} found a value; every training page had one` });
      }
      continue;
    }
    const rule = model.rules[rank]!;
    // A list the best rule saw one item of (a label before the first author only): a later rule
    // for any item of a list (its last step at any position) that took nothing wrong on the
    // training pages and gives these values and more, all like the examples, gives the whole list.
    const wider = joined ? -1 : model.rules.findIndex((r, k) => k > rank && r.wrong === 0 && leafIsFree(r) && valuesOf(k).length > found.length
      && unitsCover(tree, valuesOf(k), found)
      && valuesOf(k).every((o) => unlikeExamples(o.value, model.profile, undefined) === undefined));
    if (wider >= 0) found = valuesOf(wider);
    // A value shown twice (a summary and a details list) is one value; records keep each node.
    if (!body.records) found = firstOfEachValue(found);
    // A second rule agreeing on the first value makes it surer: one not among those that gave the values (the rules read together).
    const first = found[0]!.value;
    const gave = (k: number): boolean => (joined ? k < model.union! : k === rank);
    const agreed = model.rules.some((_, k) => !gave(k) && valuesOf(k).some((v) => v.value === first));
    const values: FieldValue[] = [];
    for (const [i, f] of found.entries()) {
      // The label check is for the first value: the next ones of a list follow its separators ("and").
      const unlike = unlikeExamples(f.value, model.profile, i === 0 ? labelBefore(tree, f.node) : undefined);
      const from = f.rule !== undefined ? model.rules[f.rule]! : rule;
      if (unlike) warnings.push({ field: name, rule: formatFieldRule(from), reason: 'unlike-examples', value: f.value, detail: unlike });
      values.push({ value: f.value, node: f.node, confidence: valueConfidence(from, rank, agreed, unlike === undefined) });
    }
    fields[name] = values;
  }
  return { fields, records: body.records ? groupRecords(tree, fields) : [], warnings, ruleUsed, trace };
}

/**
 * Records of a list page: one field's values (at least two) mark where records repeat; each of
 * its values' record is the highest ancestor holding no other of its values; every field's
 * values inside a record are that record's (the first one of each), in page order. The field
 * that marks them is the one whose records carry the most fields together (a link rule that
 * also took every other link of the page marks records of one field); on a tie, the one
 * that leaves fewer values alone.
 */
export function groupRecords(tree: DomTree, fields: Readonly<Record<string, readonly FieldValue[]>>): Record<string, string>[] {
  const candidates = Object.values(fields).filter((vs) => vs.length >= 2).sort((x, y) => y.length - x.length);
  // No field with two values marks records: the per-field indexes below would go unused.
  if (candidates.length === 0) return [];
  const firstIn = Object.entries(fields).map(([name, vs]) => [name, new FirstValueIn(vs)] as const);
  let best: Record<string, string>[] = [];
  let bestFull = -1;
  for (const main of candidates) {
    const records = recordsMarkedBy(tree, main, firstIn);
    const full = records.filter((r) => Object.keys(r).length >= 2).length;
    if (full > bestFull || (full === bestFull && records.length < best.length)) {
      best = records;
      bestFull = full;
    }
  }
  // A page whose values do not group (each record one field) has no records; where most
  // records have two fields or more, a lone value outside them (a side box's link) is none.
  const full = best.filter((r) => Object.keys(r).length >= 2);
  if (full.length < 2) return [];
  return distinctRecords(full.length * 2 > best.length ? full : best);
}

/** A record shown again with every field the same (the same list in a second tab or drawer) is one record. */
function distinctRecords(records: readonly Record<string, string>[]): Record<string, string>[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const key = JSON.stringify(Object.entries(r).sort(([x], [y]) => (x < y ? -1 : 1)));
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** The first index of sorted `xs` whose value is `x` or more (`xs.length` when none is). */
function lowerBound(xs: ArrayLike<number>, x: number): number {
  let lo = 0, hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A field's values by node: the first of them (in the field's own order) whose node lies in a
 * range, in O(log n) (a sparse table of least indexes over the values sorted by node), so a
 * list page of many thousand records groups in O(n log n), not O(n²).
 */
class FirstValueIn {
  /** Nodes of the values, ascending. */
  private readonly nodes: Float64Array;
  /** levels[k][j]: the least value index among sorted positions j .. j + 2^k - 1. */
  private readonly levels: Int32Array[];

  constructor(private readonly values: readonly FieldValue[]) {
    const order = values.map((_, i) => i).sort((a, b) => values[a]!.node - values[b]!.node || a - b);
    this.nodes = Float64Array.from(order, (i) => values[i]!.node);
    this.levels = [Int32Array.from(order)];
    for (let w = 1; w * 2 <= order.length; w *= 2) {
      const prev = this.levels[this.levels.length - 1]!;
      const next = new Int32Array(order.length - w * 2 + 1);
      for (let j = 0; j < next.length; j++) next[j] = Math.min(prev[j]!, prev[j + w]!);
      this.levels.push(next);
    }
  }

  /** The first value whose node is in [from, to]; undefined when none is. */
  within(from: number, to: number): FieldValue | undefined {
    const lo = lowerBound(this.nodes, from), hi = lowerBound(this.nodes, to + 1);
    if (lo >= hi) return undefined;
    const k = 31 - Math.clz32(hi - lo);
    const level = this.levels[k]!;
    return this.values[Math.min(level[lo]!, level[hi - (1 << k)]!)];
  }
}

/** The records one field's values mark (see `groupRecords`). */
function recordsMarkedBy(tree: DomTree, main: readonly FieldValue[], firstIn: readonly (readonly [string, FirstValueIn])[]): Record<string, string>[] {
  const nodes = main.map((v) => v.node).sort((a, b) => a - b);
  const holds = (el: ElementNode): number => lowerBound(nodes, el.end + 1) - lowerBound(nodes, el.id);
  const roots: ElementNode[] = [];
  const rootIds = new Set<number>();
  for (const id of nodes) {
    const start = tree.nodes[id]!;
    let el = (start.kind === 'element' ? start : tree.nodes[start.parent]) as ElementNode;
    while (el.parent > 0) {
      const up = tree.nodes[el.parent] as ElementNode;
      if (holds(up) > 1) break;
      el = up;
    }
    if (!rootIds.has(el.id)) {
      rootIds.add(el.id);
      roots.push(el);
    }
  }
  const records: Record<string, string>[] = [];
  for (const root of roots) {
    const rec: Record<string, string> = {};
    for (const [name, values] of firstIn) {
      const v = values.within(root.id, root.end);
      if (v) rec[name] = v.value;
    }
    records.push(rec);
  }
  return records;
}

/** A whole number, 0 or more (a count read from a model file). */
function isCount(x: unknown): x is number {
  return Number.isSafeInteger(x) && (x as number) >= 0;
}

/**
 * Why a field name cannot be one (undefined when it can): empty, or `__proto__`, which a plain
 * object cannot hold as a key (the value would be lost, not kept under that name).
 */
export function fieldNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'a field name is empty';
  if (name === '__proto__') return 'a field may not be named __proto__';
  return undefined;
}

/** Checks the `fields` section of a wrapper body read from a model file; an error message or undefined. */
export function checkFieldsBody(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'fields must be an object';
  const b = x as Record<string, unknown>;
  if (typeof b['records'] !== 'boolean') return 'fields.records must be true or false';
  const fields = b['fields'];
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return 'fields.fields must be an object';
  for (const [name, m] of Object.entries(fields as Record<string, unknown>)) {
    const badName = fieldNameProblem(name);
    if (badName) return badName;
    if (typeof m !== 'object' || m === null) return `field ${name} must be an object`;
    const fm = m as Record<string, unknown>;
    if (!Array.isArray(fm['rules'])) return `field ${name}: rules must be a list`;
    for (const r of fm['rules'] as unknown[]) {
      const err = checkFieldRule(r);
      if (err) return `field ${name}: ${err}`;
    }
    const p = fm['profile'] as Record<string, unknown> | undefined;
    if (typeof p !== 'object' || p === null || !isCount(p['minLength']) || !isCount(p['maxLength']) || !Array.isArray(p['classes']) || !p['classes'].every((c) => typeof c === 'string')) {
      return `field ${name}: profile needs minLength and maxLength (whole numbers, 0 or more) and classes (a list of strings)`;
    }
    if (p['label'] !== undefined && typeof p['label'] !== 'string') return `field ${name}: profile.label must be a string`;
    if (typeof fm['required'] !== 'boolean') return `field ${name}: required must be true or false`;
    const union = fm['union'];
    if (union !== undefined && (!Number.isInteger(union) || (union as number) < 2 || (union as number) > (fm['rules'] as unknown[]).length)) {
      return `field ${name}: union must be a whole number of rules read together, from 2 to the ${(fm['rules'] as unknown[]).length} rules (got ${JSON.stringify(union).slice(0, 40)})`;
    }
  }
  return undefined;
}

function checkFieldRule(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'a field rule must be an object';
  const r = x as Record<string, unknown>;
  if (!(FIELD_RULE_KINDS as readonly unknown[]).includes(r['kind'])) return `a field rule's kind must be one of ${FIELD_RULE_KINDS.join(', ')}`;
  if (!Number.isInteger(r['text']) || (r['text'] as number) < 0) return "a field rule's text must be 0 or a positive integer";
  if (r['attr'] !== undefined && (!isFieldAttr(r['attr']) || r['kind'] === 'label')) {
    return `a field rule's attr must be one of ${[...LINK_VALUE_ATTRS, ...TEXT_VALUE_ATTRS].join(', ')} or aria-*, on a path or anchor rule (got ${JSON.stringify(r['attr']).slice(0, 60)} on a ${String(r['kind'])} rule)`;
  }
  // The counts make a value's confidence (examples / (examples + wrong)): a rule explains one example or more.
  for (const k of ['examples', 'wrong', 'pages']) if (!isCount(r[k])) return `a field rule needs ${k}, a whole number, 0 or more (got ${JSON.stringify(r[k] ?? null).slice(0, 40)})`;
  if ((r['examples'] as number) < 1) return "a field rule's examples must be 1 or more (a rule explains an example)";
  if (typeof r['clean'] !== 'object' || r['clean'] === null) return 'a field rule needs clean';
  for (const [k, v] of Object.entries(r['clean'] as Record<string, unknown>)) {
    if (k === 'dropWords') {
      if (!Number.isInteger(v) || (v as number) < 1) return 'clean.dropWords must be a positive integer';
      continue;
    }
    if (k === 'listNumber') {
      if (v !== true) return `clean.listNumber must be true (got ${JSON.stringify(v).slice(0, 40)})`;
      continue;
    }
    if (typeof v !== 'string') return `clean.${k} must be a string`;
  }
  if (r['kind'] !== 'label') {
    if (!Array.isArray(r['steps'])) return `a ${String(r['kind'])} rule needs steps`;
    for (const s of r['steps'] as unknown[]) {
      const err = checkRuleStep(s);
      if (err) return err;
    }
    if (r['kind'] === 'path' && (r['steps'] as unknown[]).length === 0) return 'a path rule needs steps';
  }
  if (r['kind'] === 'anchor') {
    const a = r['anchor'] as Record<string, unknown> | undefined;
    if (typeof a !== 'object' || a === null || typeof a['tag'] !== 'string' || !['id', 'class', 'classToken', 'itemprop'].includes(a['attr'] as string) || typeof a['value'] !== 'string') return 'an anchor rule needs anchor {tag, attr, value}';
  }
  if (r['kind'] === 'label' && (typeof r['label'] !== 'string' || typeof r['tag'] !== 'string' || (!r['inline'] && typeof r['labelTag'] !== 'string'))) return 'a label rule needs label, tag and labelTag';
  return undefined;
}

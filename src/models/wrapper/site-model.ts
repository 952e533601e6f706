/**
 * A wrapper site model: the rules induced for one site (host), applied to a page as a
 * block labeller (wrapper induction, phase 3). Blocks whose element a rule reaches get that rule's
 * label with probability near 1, the rest `other`; the decoder and the article builder
 * then run as for any learner. When the rules find no body on a page (a template they do
 * not know) the model says so (undefined) and extraction falls back to the general model.
 */
import { WRAPPER_SITE_ALGORITHM } from '../model-file.js';
import { LABELS, type Label } from '../../labels.js';
import type { Page } from '../../page.js';
import type { Prediction } from '../labeler.js';
import { PithError } from '../../errors.js';
import type { ElementNode } from '../../dom/tree.js';
import { checkDeclaredTitle, checkLinePosition, conventionalHeadline, type DeclaredTitlePattern, type LinePosition } from './headline.js';
import { checkPathRule, formatPosition, formatRule, matchRule, RULE_LABELS, type ContainerRule, type Rule, type RuleLabel } from './rules.js';
import { checkFieldsBody, extractFields, formatFieldRule, type FieldExtraction, type FieldsBody } from './fields.js';

export const WRAPPER_ALGORITHM = WRAPPER_SITE_ALGORITHM;
/** Versions of the wrapper body this pith reads; it writes the last. */
export const WRAPPER_VERSIONS: readonly number[] = [1, 2, 3];
export type WrapperVersion = 1 | 2 | 3;

/** The `body` of a wrapper entry in a model file's `sites`. */
export interface WrapperBody {
  /** 1: part rules and title affixes; 2 adds containers; 3 adds named fields (older files still load). */
  readonly version: WrapperVersion;
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
  /** Version 2: container rules (wrapper induction's article element, less its exceptions). */
  readonly containers?: readonly ContainerRule[];
  /** Version 2: the line of a multi-line title block that holds the headline (headline.ts). */
  readonly titleLine?: LinePosition;
  /** Version 2: how the page's `<title>` holds the headline (headline.ts). */
  readonly declaredTitle?: DeclaredTitlePattern;
  /** Version 3: named fields learned from examples (fields.ts, docs/fields.md). */
  readonly fields?: FieldsBody;
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

/** Most link text a block a container adds may have: a block of links points to other pages. */
const CONTAINER_MAX_LINK_SHARE = 0.5;

/**
 * Elements whose text a container does not add: what a browser running the page's scripts
 * never shows (`<noscript>`), and what the article refers to rather than says (a figure's
 * caption, an aside). Part rules learned from examples still take them.
 */
const NOT_OFFERED_INSIDE: ReadonlySet<string> = new Set(['noscript', 'figcaption', 'aside']);

function insideNotOffered(page: Page, id: number): boolean {
  for (let n = page.tree.nodes[id]; n && n.id > 0; n = page.tree.nodes[n.parent]) if (n.kind === 'element' && NOT_OFFERED_INSIDE.has(n.tag)) return true;
  return false;
}

/**
 * Text blocks inside the elements a container rule reaches, less those its exceptions reach,
 * those mostly of link text and those inside NOT_OFFERED_INSIDE elements.
 */
export function containedBlocks(page: Page, containers: readonly ContainerRule[]): number[] {
  const out = new Set<number>();
  for (const c of containers) {
    const roots = matchRule(page.tree, c.steps).map((id) => page.tree.nodes[id] as ElementNode);
    if (roots.length === 0) continue;
    const excepted = new Set(c.exceptions.flatMap((r) => matchRule(page.tree, r.steps)));
    page.blocks.forEach((b, i) => {
      if (b.kind !== 'text' || !b.text.trim() || excepted.has(b.elementId) || b.linkChars > CONTAINER_MAX_LINK_SHARE * b.text.length) return;
      const root = roots.find((r) => b.elementId >= r.id && b.elementId <= r.end);
      if (!root || insideNotOffered(page, b.elementId)) return;
      out.add(i);
    });
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Share of p(body) + p(heading) the general model must give a block a container adds: the
 * container says where the article is, the general model which of the blocks the training
 * pages never showed read as its text (an embedded post or a gallery caption do not).
 */
const CONTAINER_MIN_CONTENT = 0.5;
const BODY = LABELS.indexOf('body');
const HEADING = LABELS.indexOf('heading');
/** Field names a model's first line lists before '...' (the field lines below name them all). */
const SUMMARY_FIELD_NAMES = 6;

export class WrapperSiteModel {
  readonly algorithm = WRAPPER_ALGORITHM;
  constructor(readonly host: string, readonly body: WrapperBody) {}

  /**
   * What the rules say about a page, block by block (`other` where no rule reaches), and
   * whether the part rules recognise it (some body, at least `minBodyChars` of it). With the
   * general model's prediction (`general`, called when needed), the container rules add the
   * article's other blocks that it reads as content. The annotation tool shows these labels
   * and takes corrections on them.
   */
  ruleLabels(page: Page, general?: () => Prediction): RuleLabelling {
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
    // The part rules alone decide whether the page is of a known template; containers then add
    // the blocks inside the article that those rules did not reach.
    const recognised = counts.body > 0 && bodyChars >= this.body.minBodyChars;
    if (recognised && general) {
      const contained = containedBlocks(page, this.body.containers ?? []);
      const probs = contained.length > 0 ? general().probs : [];
      for (const i of contained) {
        if (labels[i] !== 'other' || probs[i]![BODY]! + probs[i]![HEADING]! < CONTAINER_MIN_CONTENT) continue;
        labels[i] = 'body';
        counts.body++;
        bodyChars += page.blocks[i]!.text.length;
      }
    }
    return { labels, counts, bodyChars, recognised };
  }

  /**
   * Labels a page by the rules; undefined when they find no body (fall back). When the body
   * matches but no title rule does, the title is the general model's (`general`, called lazily).
   */
  match(page: Page, general?: () => Prediction): WrapperMatch | undefined {
    const { labels, counts, recognised } = this.ruleLabels(page, general);
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

  get hasFieldRules(): boolean {
    return this.body.fields !== undefined;
  }

  /** The page's named fields, records and drift warnings; undefined when the model has no fields. */
  extractFields(page: Page): FieldExtraction | undefined {
    return this.body.fields ? extractFields(page.tree, this.body.fields) : undefined;
  }

  /** The pipeline's site-labeller hook: the page's labels, or undefined to fall back. */
  labelPage(page: Page, general?: () => Prediction): Prediction | undefined {
    return this.match(page, general)?.prediction;
  }

  /**
   * The page's headline by the site's conventions (headline.ts): `title` as the article builder
   * made it from the title block, whose text (lines kept) is `blockText`; `recognised` when this
   * model's rules labelled the page (else the general model did, and only the site-wide
   * `<title>` pattern applies).
   */
  headline(page: Page, title: string, blockText: string | undefined, recognised: boolean): string {
    const chosen = conventionalHeadline(page, this.body, blockText, recognised) ?? title;
    return recognised ? this.cleanTitle(chosen) : chosen;
  }

  /** The headline without the site's constant prefix and suffix (when the rules labelled the page). */
  cleanTitle(title: string): string {
    let t = title;
    const { titlePrefix: pre, titleSuffix: suf } = this.body;
    if (pre && t.startsWith(pre) && t.length > pre.length) t = t.slice(pre.length);
    if (suf && t.endsWith(suf) && t.length > suf.length) t = t.slice(0, t.length - suf.length);
    return t.trim();
  }

  /**
   * What the model learned, for its first line: the title/body rule count, and with field rules
   * the fields that have some (a field-only model has 0 title/body rules and has still learned).
   */
  private learnedSummary(): string {
    const fields = this.body.fields?.fields;
    if (fields === undefined) return `${this.body.rules.length} rules`;
    const bodyRules = `${this.body.rules.length} title/body rules`;
    // A field whose value was not found on the training pages is kept, with no rule: not learned.
    const all = Object.keys(fields);
    const names = all.filter((n) => fields[n]!.rules.length > 0);
    if (names.length === 0) return bodyRules;
    const shown = names.length > SUMMARY_FIELD_NAMES ? [...names.slice(0, SUMMARY_FIELD_NAMES), '...'] : names;
    const count = names.length === all.length ? `${names.length}` : `${names.length} of ${all.length}`;
    return `${bodyRules}, field rules for ${count} field(s) (${shown.join(', ')})`;
  }

  /** The rules, readably (one per line, wrapper induction's notation). */
  describe(): string {
    const lines = [`site ${this.host}: wrapper, ${this.learnedSummary()} from ${this.body.trainingPages} page(s)`];
    for (const n of this.body.notes) lines.push(`  note: ${n}`);
    if (this.body.titleLine) lines.push(`  title: line ${formatPosition(this.body.titleLine)} of a title block of several lines`);
    const d = this.body.declaredTitle;
    if (d) lines.push(`  title: <title> holds the headline ${'separator' in d ? `as part ${formatPosition(d.part)} between ${JSON.stringify(d.separator)}` : `after ${JSON.stringify(d.prefix)}, before ${JSON.stringify(d.suffix)}`}`);
    if (this.body.titlePrefix || this.body.titleSuffix) lines.push(`  title: drop prefix ${JSON.stringify(this.body.titlePrefix ?? '')}, suffix ${JSON.stringify(this.body.titleSuffix ?? '')}`);
    for (const r of this.body.rules) lines.push(`  ${r.label.padEnd(7)} ${formatRule(r.steps)}   (${r.examples} example(s) on ${r.pages} page(s))`);
    for (const c of this.body.containers ?? []) {
      lines.push(`  article ${formatRule(c.steps)}   (container on ${c.pages} page(s): its other blocks are body)`);
      for (const x of c.exceptions) lines.push(`   except ${formatRule(x.steps)}   (${x.examples} example(s) on ${x.pages} page(s))`);
    }
    const f = this.body.fields;
    if (f) {
      lines.push(`  fields: ${Object.keys(f.fields).length}${f.records ? ', grouped into records on list pages' : ''}`);
      for (const [name, m] of Object.entries(f.fields)) {
        lines.push(`  field ${name}${m.required ? '' : ' (optional)'}: ${m.rules.length} rule(s)`);
        if (m.union !== undefined) lines.push(`    the first ${m.union} rules are read together (their values merged in page order)`);
        for (const r of m.rules) lines.push(`    ${formatFieldRule(r)}   (${r.examples} example(s), ${r.wrong} wrong, ${r.pages} page(s))`);
      }
    }
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
    if (!WRAPPER_VERSIONS.includes(b['version'] as number)) bad(`unsupported wrapper version ${JSON.stringify(b['version'] ?? null)}`);
    if (!Array.isArray(b['rules'])) bad('rules must be a list');
    for (const r of b['rules'] as unknown[]) {
      const err = checkPathRule(r, 'rule');
      if (err) bad(err);
      if (!(RULE_LABELS as readonly unknown[]).includes((r as Record<string, unknown>)['label'])) bad(`a rule's label must be one of ${RULE_LABELS.join(', ')}`);
    }
    if (b['containers'] !== undefined) {
      if (!Array.isArray(b['containers'])) bad('containers must be a list');
      for (const c of b['containers'] as unknown[]) {
        const err = checkPathRule(c, 'container rule');
        if (err) bad(err);
        const exceptions = (c as Record<string, unknown>)['exceptions'];
        if (!Array.isArray(exceptions)) bad("a container rule's exceptions must be a list");
        for (const x of exceptions as unknown[]) {
          const e = checkPathRule(x, 'exception');
          if (e) bad(e);
        }
      }
    }
    if (typeof b['trainingPages'] !== 'number') bad('trainingPages must be a number');
    if (!Array.isArray(b['notes']) || !(b['notes'] as unknown[]).every((n) => typeof n === 'string')) bad('notes must be a list of strings');
    if (typeof b['minBodyChars'] !== 'number') bad('minBodyChars must be a number');
    for (const k of ['titlePrefix', 'titleSuffix']) if (b[k] !== undefined && typeof b[k] !== 'string') bad(`${k} must be a string`);
    if (b['titleLine'] !== undefined) {
      const err = checkLinePosition(b['titleLine'], 'titleLine');
      if (err) bad(err);
    }
    if (b['declaredTitle'] !== undefined) {
      const err = checkDeclaredTitle(b['declaredTitle']);
      if (err) bad(err);
    }
    if (b['fields'] !== undefined) {
      const err = checkFieldsBody(b['fields']);
      if (err) bad(err);
    }
    return new WrapperSiteModel(host, b as unknown as WrapperBody);
  }
}

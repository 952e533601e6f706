/**
 * The decoder's rules (after go-domdistiller's `BoilerpipeFilter`s, run in order by one
 * extractor): each is a small named unit that reads and changes one shared `DecodeState`,
 * and every label it changes is recorded as a note with its name, for `--explain`.
 * The ordered list is `DECODE_RULES` (rules/index.ts); docs/decoder.md lists it.
 */
import { LABELS, type AddedParagraphs, type Label } from '../labels.js';
import type { Block } from '../segment/segment.js';
import type { ConstrainConfig } from './config.js';
import { argmax } from './blocks.js';

/** One label changed by one rule. */
export interface DecodeNote {
  readonly block: number;
  readonly from: Label;
  readonly to: Label;
  /** Name of the rule that changed it. */
  readonly rule: string;
  readonly reason: string;
}

/** Paragraphs for the article that no block holds (`AddedParagraphs`), with the rule that found them. */
export interface AddedText extends AddedParagraphs {
  readonly rule: string;
  readonly reason: string;
}

export interface DecodeRule {
  /** Kebab-case, unique in `DECODE_RULES`; notes carry it. */
  readonly name: string;
  /** One line: what the rule does. */
  readonly doc: string;
  apply(state: DecodeState, config: ConstrainConfig): void;
}

/** What the rules share: the page's blocks, the probabilities they read, the labels they change. */
export class DecodeState {
  readonly blocks: readonly Block[];
  /** The learner's probabilities, as given. */
  readonly modelProbs: readonly (readonly number[])[];
  /** The probabilities the rules read (LABELS order): the model's, or adjusted by an earlier rule. */
  probs: readonly (readonly number[])[];
  /** Labels so far: each block's most probable label to begin with. */
  readonly labels: Label[];
  readonly notes: DecodeNote[] = [];
  /**
   * Per block, 1 for text that is not the page's own though written like it: readers' comments
   * (`comment-sections`), buyers' reviews (`product-reviews`), pop-ups (`dialog-boxes`), footers
   * (`page-footers`), asides (`page-asides`), no-content marks (`no-content-marks`). The title,
   * the prose rescue, code and cards leave these blocks out.
   */
  setAsideBlocks: ArrayLike<number> | undefined = undefined;
  /** Per block, 1 for page furniture the markup names (set by `page-furniture`): no later rule makes it content. */
  furniture: Uint8Array | undefined = undefined;
  /**
   * Per block, 1 for a block a rule dropped for what it is (a line rule: a credit, a widget's
   * line; `lead-ins`: a lead-in and the box it introduces): no later rule makes it a heading or
   * brings its image back.
   */
  droppedBlocks: Uint8Array | undefined = undefined;
  /** [first, last] block of the content region (set by `content-region`), undefined with no body. */
  region: [number, number] | undefined = undefined;
  /** Text the article gets that no block of the page holds (`product-description`). */
  addedText: AddedText | undefined = undefined;
  /** The rule now running: its name goes into the notes. */
  rule = '';
  /**
   * How many times a block has become or stopped being a title (`relabel`): what is built
   * around the titles (`cardLists`) is kept while this stays the same.
   */
  titleEdits = 0;

  constructor(blocks: readonly Block[], modelProbs: readonly (readonly number[])[]) {
    this.blocks = blocks;
    this.modelProbs = modelProbs;
    this.probs = modelProbs;
    this.labels = new Array(blocks.length);
    for (let i = 0; i < blocks.length; i++) this.labels[i] = LABELS[argmax(modelProbs[i]!)]!;
  }

  /** Adds the blocks `marks` flags to `setAsideBlocks`. */
  setAside(marks: ArrayLike<number>): void {
    const before = this.setAsideBlocks;
    const joined = new Uint8Array(this.blocks.length);
    for (let i = 0; i < joined.length; i++) joined[i] = marks[i] || before?.[i] ? 1 : 0;
    this.setAsideBlocks = joined;
  }

  /** Whether `marks` flags any block. */
  anyMarked(marks: ArrayLike<number>): boolean {
    for (let i = 0; i < this.blocks.length; i++) if (marks[i]) return true;
    return false;
  }

  /** Replaces the probability row of each block `marks` flags by `scale(row)` and relabels it from the new row, with `reason`. */
  scaleMarked(marks: ArrayLike<number>, scale: (row: readonly number[]) => number[], reason: string): void {
    this.probs = this.probs.map((row, i) => (marks[i] ? scale(row) : row));
    for (let i = 0; i < this.blocks.length; i++) if (marks[i]) this.relabel(i, LABELS[argmax(this.probs[i]!)]!, reason);
  }

  /** Relabels block i as other for `reason` and marks it dropped (`droppedBlocks`). */
  drop(i: number, reason: string): void {
    this.relabel(i, 'other', reason);
    this.markDropped(i);
  }

  /** Marks block i dropped (`droppedBlocks`) without relabelling it: a line the model already called other. */
  markDropped(i: number): void {
    (this.droppedBlocks ??= new Uint8Array(this.blocks.length))[i] = 1;
  }

  /** Sets block i's label, with a note when it changes. */
  relabel(i: number, to: Label, reason: string): void {
    if (this.labels[i] === to) return;
    if (to === 'title' || this.labels[i] === 'title') this.titleEdits++;
    this.notes.push({ block: i, from: this.labels[i]!, to, rule: this.rule, reason });
    this.labels[i] = to;
  }
}

/** Runs `rules` in order over the state. */
export function applyRules(state: DecodeState, rules: readonly DecodeRule[], config: ConstrainConfig): DecodeState {
  for (const rule of rules) {
    state.rule = rule.name;
    rule.apply(state, config);
  }
  state.rule = '';
  return state;
}

/**
 * What a line rule is: a test of a text block's own text (a widget's line, a credit, a date),
 * and the labels it looks at. Each matching block becomes other; a page with more matches than
 * `maxMatches` is about them (a cookie policy, a membership page), so none is.
 */
export interface LineRuleSpec {
  readonly name: string;
  readonly doc: string;
  /** The labels a block must have for the rule to look at it. */
  readonly labels: readonly Label[];
  /** Whether the rule runs on this page at all (its switch in the config, the page's type); always, when absent. */
  readonly runs?: (config: ConstrainConfig) => boolean;
  /** Whether this text block is a line the rule drops. */
  readonly matches: (block: Block) => boolean;
  readonly maxMatches?: number;
  /** Whether the page keeps its matching lines after all (given them and the state): a credited photo post whose caption is all its text. */
  readonly spares?: (s: DecodeState, lines: readonly number[]) => boolean;
  /** The note's reason. */
  readonly reason: string;
}

/** The rule `spec` describes: each text block with one of its labels that it matches becomes other (and one labelled other is marked dropped). */
export function lineRule(spec: LineRuleSpec): DecodeRule {
  const limit = spec.maxMatches ?? Infinity;
  return {
    name: spec.name,
    doc: spec.doc,
    apply(s, config) {
      if (spec.runs && !spec.runs(config)) return;
      const { blocks, labels } = s;
      const lines: number[] = [];
      // Lines the model already called other are marked too, so that no later rule makes them a heading or content.
      const quiet: number[] = [];
      for (let i = 0; i < blocks.length; i++) {
        const b = blocks[i]!;
        if (b.kind !== 'text') continue;
        const looked = spec.labels.includes(labels[i]!);
        if ((!looked && labels[i] !== 'other') || !spec.matches(b)) continue;
        (looked ? lines : quiet).push(i);
        if (lines.length > limit) return;
      }
      if (lines.length > 0 && spec.spares?.(s, lines)) return;
      for (const i of lines) s.drop(i, spec.reason);
      for (const i of quiet) s.markDropped(i);
    },
  };
}

/**
 * The decoder's rules (after go-domdistiller's `BoilerpipeFilter`s, run in order by one
 * extractor): each is a small named unit that reads the page's evidence (`PageEvidence`), the
 * settings (`DecodeSettings`) and one shared `DecodeState`, and changes the state's labels,
 * probabilities and block tags. Every label it changes is recorded as a note with its name,
 * for `--explain`; the notes are a log for people, never read by a rule.
 * The ordered list is `DECODE_RULES` (rules/index.ts); docs/decoder.md lists it.
 */
import { LABELS, type AddedParagraphs, type Label } from '../labels.js';
import type { Block } from '../segment/segment.js';
import type { PageEvidence } from './evidence.js';
import type { DecodeSettings } from './settings.js';
import { argmax } from './blocks.js';
import { TextMemo } from './text-memo.js';

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

/**
 * One decoder rule. It reads the page's evidence, the settings and the state (blocks,
 * probabilities, labels, tags, region), and changes labels only through `state.relabel`,
 * `state.drop` or `state.scaleMarked`, so that every change is noted. It imports no other
 * rule: what rules share lives in rules/shared/, and what one rule tells a later one goes
 * into the state's tags or fields.
 */
export interface DecodeRule {
  /** Kebab-case, unique in `DECODE_RULES`; notes carry it. */
  readonly name: string;
  /** One line: what the rule does. */
  readonly doc: string;
  /**
   * The rule judges blocks by where they sit (a content region, what follows the article's
   * container, a listing's cards), not by what they are: a page too short to have a layout
   * undoes what such rules made other (`DecodeState.labelBeforeLayout`).
   */
  readonly judgesLayout?: boolean;
  apply(state: DecodeState, page: PageEvidence, settings: DecodeSettings): void;
}

/** What a rule tells later rules about a block: bits of `DecodeState.tags`. */
export const BlockTag = Object.freeze({
  /**
   * Text that is not the page's own though written like it: readers' comments, buyers'
   * reviews, pop-ups, footers, asides, no-content marks, hidden boxes, scrambled text. The
   * title, the prose rescue, code and cards leave these blocks out.
   */
  setAside: 1,
  /** Page furniture the markup names (`page-furniture`): no later rule makes it content. */
  furniture: 2,
  /**
   * Dropped for what it is (a line rule: a credit, a widget's line; `lead-ins`: a lead-in and
   * the box it introduces): no later rule makes it a heading or brings its image back.
   */
  dropped: 4,
  /** Made other, from content, by a rule that judges what a block is (one not `judgesLayout`). */
  madeOther: 8,
});
export type BlockTagBit = (typeof BlockTag)[keyof typeof BlockTag];

/**
 * What the rules share: the page's blocks, the probabilities they read, the labels they
 * change, and what earlier rules found (per-block tags, the content region, added text).
 */
export class DecodeState {
  readonly blocks: readonly Block[];
  /** The learner's probabilities, as given to the decoder. */
  readonly modelProbs: readonly (readonly number[])[];
  /** The probabilities the rules read (LABELS order): the model's, or adjusted by an earlier rule. */
  probs: readonly (readonly number[])[];
  /** Labels so far: each block's most probable label to begin with. */
  readonly labels: Label[];
  /** Every label change, for `--explain`: written by `relabel`, read by no rule. */
  readonly notes: DecodeNote[] = [];
  /** The block texts' normalised forms and tag paths' table cells, each computed once for all rules. */
  readonly texts = new TextMemo();
  /** Per block, the `BlockTag` bits rules have set. */
  readonly tags: Uint8Array;
  /** Per block, the label it had when a rule that `judgesLayout` first made it other (undefined: none did). */
  readonly labelBeforeLayout: (Label | undefined)[];
  /** [first, last] block of the content region (set by `content-region`), undefined with no body. */
  region: [number, number] | undefined = undefined;
  /** Text the article gets that no block of the page holds (`product-description`). */
  addedText: AddedText | undefined = undefined;
  /** The rule now running: its name goes into the notes. */
  rule = '';
  /** Whether the rule now running `judgesLayout`. */
  private layoutRule = false;
  /**
   * How many times a block has become or stopped being a title (`relabel`): what is built
   * around the titles (card lists) is kept while this stays the same.
   */
  titleEdits = 0;

  constructor(blocks: readonly Block[], modelProbs: readonly (readonly number[])[]) {
    this.blocks = blocks;
    this.modelProbs = modelProbs;
    this.probs = modelProbs;
    this.labels = new Array(blocks.length);
    this.tags = new Uint8Array(blocks.length);
    this.labelBeforeLayout = new Array(blocks.length).fill(undefined);
    for (let i = 0; i < blocks.length; i++) this.labels[i] = LABELS[argmax(modelProbs[i]!)]!;
  }

  /** Makes `rule` the one running: its name goes into the notes. */
  begin(rule: DecodeRule | undefined): void {
    this.rule = rule?.name ?? '';
    this.layoutRule = rule?.judgesLayout === true;
  }

  /**
   * Starts again from `probs`: each block's label becomes its most probable one, without
   * notes. For the first rule only (`body-weight`), which sets the probabilities every
   * later rule reads: the model's labels as the decoder weighs them, not a verdict.
   */
  restart(probs: readonly (readonly number[])[]): void {
    this.probs = probs;
    for (let i = 0; i < this.blocks.length; i++) this.labels[i] = LABELS[argmax(probs[i]!)]!;
  }

  /** Whether block i has the tag (or any of the tags `tag` joins with `|`). */
  has(i: number, tag: number): boolean {
    return (this.tags[i]! & tag) !== 0;
  }

  /** Gives block i the tag. */
  tag(i: number, tag: BlockTagBit): void {
    this.tags[i]! |= tag;
  }

  /** Per block, 1 when it has the tag. */
  tagged(tag: BlockTagBit): Uint8Array {
    return this.tags.map((t) => ((t & tag) !== 0 ? 1 : 0));
  }

  /** Whether a rule has made block i other from content (by what it is, or by where it sits). */
  wasMadeOther(i: number): boolean {
    return this.has(i, BlockTag.madeOther) || this.labelBeforeLayout[i] !== undefined;
  }

  /** Tags the blocks `marks` flags as set aside (`BlockTag.setAside`). */
  setAside(marks: ArrayLike<number>): void {
    for (let i = 0; i < this.blocks.length; i++) if (marks[i]) this.tag(i, BlockTag.setAside);
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

  /** Relabels block i as other for `reason` and tags it dropped (`BlockTag.dropped`). */
  drop(i: number, reason: string): void {
    this.relabel(i, 'other', reason);
    this.tag(i, BlockTag.dropped);
  }

  /** Sets block i's label, with a note when it changes (and, when it becomes other, the tag or label that says so). */
  relabel(i: number, to: Label, reason: string): void {
    const from = this.labels[i]!;
    if (from === to) return;
    if (to === 'title' || from === 'title') this.titleEdits++;
    if (to === 'other') {
      if (!this.layoutRule) this.tag(i, BlockTag.madeOther);
      else if (this.labelBeforeLayout[i] === undefined) this.labelBeforeLayout[i] = from;
    }
    this.notes.push({ block: i, from, to, rule: this.rule, reason });
    this.labels[i] = to;
  }
}

/** Runs `rules` in order over the state. */
export function applyRules(state: DecodeState, rules: readonly DecodeRule[], page: PageEvidence, settings: DecodeSettings): DecodeState {
  for (const rule of rules) {
    state.begin(rule);
    rule.apply(state, page, settings);
  }
  state.begin(undefined);
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
  /** Whether the rule runs on this page at all (its switch in the settings, the page's kind); always, when absent. */
  readonly runs?: (page: PageEvidence, settings: DecodeSettings) => boolean;
  /** Whether this text block is a line the rule drops (on this page); `texts` holds what other rules read from the same text. */
  readonly matches: (block: Block, page: PageEvidence, texts: TextMemo) => boolean;
  readonly maxMatches?: number;
  /** Whether the page keeps its matching lines after all (given them and the state): a credited photo post whose caption is all its text. */
  readonly spares?: (s: DecodeState, lines: readonly number[]) => boolean;
  /** The note's reason. */
  readonly reason: string;
}

/** The rule `spec` describes: each text block with one of its labels that it matches becomes other (and one labelled other is tagged dropped). */
export function lineRule(spec: LineRuleSpec): DecodeRule {
  const limit = spec.maxMatches ?? Infinity;
  return {
    name: spec.name,
    doc: spec.doc,
    apply(s, page, settings) {
      if (spec.runs && !spec.runs(page, settings)) return;
      const { blocks, labels } = s;
      const lines: number[] = [];
      // Lines the model already called other are tagged too, so that no later rule makes them a heading or content.
      const quiet: number[] = [];
      for (let i = 0; i < blocks.length; i++) {
        const b = blocks[i]!;
        if (b.kind !== 'text') continue;
        const looked = spec.labels.includes(labels[i]!);
        if ((!looked && labels[i] !== 'other') || !spec.matches(b, page, s.texts)) continue;
        (looked ? lines : quiet).push(i);
        if (lines.length > limit) return;
      }
      if (lines.length > 0 && spec.spares?.(s, lines)) return;
      for (const i of lines) s.drop(i, spec.reason);
      for (const i of quiet) s.tag(i, BlockTag.dropped);
    },
  };
}

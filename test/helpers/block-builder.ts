/**
 * Synthetic block documents for tests of features and decoders (after boilerpipe's
 * builder): `new BlockBuilder().text('Headline', 'title', 0.9).text('Para ...', 'body').build()`.
 */
import { LABELS, type Label } from '../../src/labels.js';
import type { Block, BlockKind } from '../../src/segment/segment.js';

export class BlockBuilder {
  private readonly blocks: Block[] = [];
  private readonly probs: number[][] = [];

  /** Adds a block whose most probable label is `label` with probability `p` (the rest shared). */
  add(kind: BlockKind, text: string, label: Label, p = 0.9, linkChars = 0): this {
    const row = LABELS.map((l) => (l === label ? p : (1 - p) / (LABELS.length - 1)));
    this.blocks.push({ index: this.blocks.length, kind, text, nodeIds: [], elementId: 0, tagPath: 'html/body/p', linkChars });
    this.probs.push(row);
    return this;
  }
  text(text: string, label: Label, p = 0.9): this {
    return this.add('text', text, label, p);
  }
  link(text: string, label: Label = 'other', p = 0.9): this {
    return this.add('text', text, label, p, text.length);
  }
  image(label: Label = 'body', p = 0.6): this {
    return this.add('image', '', label, p);
  }
  /** Sets the tag path of the last block (default `html/body/p`). */
  atPath(tagPath: string): this {
    const last = this.blocks.pop()!;
    this.blocks.push({ ...last, tagPath });
    return this;
  }
  /** Overrides the probability row of the last block. */
  probsOfLast(row: Partial<Record<Label, number>>): this {
    this.probs[this.probs.length - 1] = LABELS.map((l) => row[l] ?? 0);
    return this;
  }
  build(): { blocks: Block[]; probs: number[][] } {
    return { blocks: [...this.blocks], probs: this.probs.map((r) => [...r]) };
  }
}

export const para = (n: number, word = 'word'): string => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ') + '.';

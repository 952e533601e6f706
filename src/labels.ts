/** What a block of a page is. `other` covers navigation, ads, comments, legal text, ... */
export type Label = 'title' | 'heading' | 'body' | 'other';
/** Gold labels may also be `unknown` where a corpus labels only part of a page. */
export type GoldLabel = Label | 'unknown';

export const LABELS: readonly Label[] = Object.freeze(['title', 'heading', 'body', 'other']);
export const GOLD_LABELS: readonly GoldLabel[] = Object.freeze(['title', 'heading', 'body', 'other', 'unknown']);

export function isLabel(x: unknown): x is Label {
  return typeof x === 'string' && (LABELS as readonly string[]).includes(x);
}
export function isGoldLabel(x: unknown): x is GoldLabel {
  return typeof x === 'string' && (GOLD_LABELS as readonly string[]).includes(x);
}
/** Content = everything a reader keeps; the block-labelling study's Content vs NotContent. */
export function isContent(label: GoldLabel): boolean {
  return label === 'title' || label === 'heading' || label === 'body';
}

/**
 * Paragraphs a labelling adds that no block of the page holds (a product description the page
 * states only in its structured data), placed after block `after` (-1: before the first block).
 * The decoder finds them; the article places them.
 */
export interface AddedParagraphs {
  readonly after: number;
  readonly paragraphs: readonly string[];
}

/**
 * Block labels -> ExtractorOutput: the adapter every block labeller (learned models, the gold
 * oracle, the all-text baseline) goes through, so they are scored on the same text.
 * Title = the first `title` block; later title blocks are dropped (a page has one title).
 * Headings and body blocks, in page order, form the body: one block per paragraph,
 * paragraphs separated by a blank line; a heading is a paragraph of its own.
 */
import type { Block } from '../segment/segment.js';
import type { Label } from '../labels.js';
import type { ExtractorOutput } from './extractor.js';

export interface LabelsToExtractionOptions {
  /** Title when no block is labelled `title`. Default '' (no title). */
  readonly fallbackTitle?: string;
}

export function labelsToExtraction(blocks: readonly Block[], labels: readonly Label[], options: LabelsToExtractionOptions = {}): ExtractorOutput {
  if (labels.length !== blocks.length) {
    throw new RangeError(`labelsToExtraction: ${labels.length} labels for ${blocks.length} blocks`);
  }
  let title: string | undefined;
  const headings: string[] = [];
  const paragraphs: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.kind !== 'text' || !b.text) continue;
    const l = labels[i]!;
    if (l === 'title') {
      title ??= b.text.replace(/\s+/g, ' ').trim();
    } else if (l === 'heading') {
      headings.push(b.text);
      paragraphs.push(b.text);
    } else if (l === 'body') paragraphs.push(b.text);
  }
  return Object.freeze({
    title: title ?? options.fallbackTitle ?? '',
    headings: Object.freeze(headings),
    body: paragraphs.join('\n\n'),
    blockLabels: Object.freeze([...labels]),
  });
}

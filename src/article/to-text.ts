/**
 * Article -> plain text, the form text metrics score: title excluded; every heading,
 * paragraph, code block and caption a paragraph of its own, separated by a blank line;
 * list items one a line (nested ones indented two spaces a level); table rows one a line
 * with cells separated by a tab. Images and embeds have no text.
 */
import type { Article, ArticleNode, Inline } from './types.js';
import { inlineText } from './inline.js';
import { tableGrid } from './table-grid.js';
import { isSpaceNormalized } from '../dom/white-space.js';

/**
 * Each line of the text with runs of spaces, tabs and no-break spaces as one space, trimmed;
 * empty lines left out. Most paragraphs are one line with single spaces already
 * (`isSpaceNormalized`), and one scan is cheaper than a split, a replace per line, a trim and a join.
 */
export function cleanLines(text: string): string {
  if (isSpaceNormalized(text)) return text;
  return text
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

function lines(content: readonly Inline[]): string {
  return cleanLines(inlineText(content));
}

const indent = (s: string, by: string): string => s.split('\n').map((l) => (l ? by + l : l)).join('\n');

function nodeText(node: ArticleNode): string {
  switch (node.kind) {
    case 'heading':
    case 'paragraph':
      return lines(node.content);
    case 'list':
      return node.items
        .map((item) => {
          // An item's paragraphs are its line(s); nested lists follow, indented.
          const parts = item.children.map((c) => (c.kind === 'list' ? indent(nodeText(c), '  ') : nodeText(c)));
          return parts.filter(Boolean).join('\n');
        })
        .filter(Boolean)
        .join('\n');
    case 'table': {
      const grid = tableGrid(node.rows, (c) => lines(c.content).replace(/\n/g, ' '));
      const rows = grid.rows.map((r) => r.cells.map((c) => c ?? '').join('\t').trimEnd()).filter(Boolean);
      const cap = node.caption ? lines(node.caption) : '';
      return [cap, ...rows].filter(Boolean).join('\n');
    }
    case 'quote':
      return blocksText(node.children);
    case 'code':
      return node.text;
    case 'figure':
      return node.caption ? lines(node.caption) : '';
    case 'embed':
    case 'rule':
      return '';
  }
}

function blocksText(nodes: readonly ArticleNode[]): string {
  return nodes.map(nodeText).filter((t) => t.length > 0).join('\n\n');
}

export function toText(article: Article): string {
  return blocksText(article.content);
}

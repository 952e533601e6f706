/**
 * Article -> article transforms for what a caller leaves out (`includeTables: false`,
 * `includeLinks: false`): the writers then need no options of their own. Nesting is bounded
 * by construction (`ArticleOptions.maxNesting`), so the transforms may recurse.
 */
import type { Article, ArticleNode, Inline, ListItem } from './types.js';

/** Applies `node` to every node of the article, keeping those it returns (in order). */
function mapNodes(nodes: readonly ArticleNode[], node: (n: ArticleNode) => ArticleNode | undefined): ArticleNode[] {
  const out: ArticleNode[] = [];
  for (const n of nodes) {
    const inner: ArticleNode =
      n.kind === 'quote' ? { ...n, children: mapNodes(n.children, node) }
      : n.kind === 'list' ? { ...n, items: n.items.map((item): ListItem => ({ ...item, children: mapNodes(item.children, node) })) }
      : n;
    const kept = node(inner);
    if (kept !== undefined) out.push(kept);
  }
  return out;
}

const withContent = (article: Article, content: ArticleNode[]): Article => Object.freeze({ ...article, content: Object.freeze(content) });

/** The article without its tables. */
export function withoutTables(article: Article): Article {
  return withContent(article, mapNodes(article.content, (n) => (n.kind === 'table' ? undefined : n)));
}

/** Inline content with links replaced by their text. */
function unlink(inlines: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const i of inlines) {
    if (i.kind === 'link') out.push(...unlink(i.children));
    else if (i.kind === 'emphasis' || i.kind === 'strong' || i.kind === 'sub' || i.kind === 'sup') out.push({ ...i, children: unlink(i.children) });
    else out.push(i);
  }
  return out;
}

/** The article with every link replaced by its text; embeds (links to their source) are dropped. */
export function withoutLinks(article: Article): Article {
  return withContent(article, mapNodes(article.content, (n): ArticleNode | undefined => {
    switch (n.kind) {
      case 'heading':
      case 'paragraph':
        return { ...n, content: unlink(n.content) };
      case 'table':
        return {
          ...n, ...(n.caption ? { caption: unlink(n.caption) } : {}),
          rows: n.rows.map((r) => ({ ...r, cells: r.cells.map((c) => ({ ...c, content: unlink(c.content) })) })),
        };
      case 'figure':
        return n.caption ? { ...n, caption: unlink(n.caption) } : n;
      case 'embed':
        return undefined;
      default:
        return n;
    }
  }));
}

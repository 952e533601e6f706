/**
 * The article ends where its container ends. Most of what pith keeps wrongly is prose after
 * the article (related stories' summaries, author bios, product blurbs), which the content
 * region takes in because little noise separates it from the last paragraph. The page's tree
 * knows better: the article's paragraphs share one element. The container is the innermost element holding at least `containerShare` of the body's
 * characters and at least two of its blocks; body blocks after its last body block that lie
 * outside it become other, and the region ends at the container's last body block. Not when
 * the caller keeps readers' comments, which follow the article's container, nor on a forum
 * thread, whose replies follow its first post's, nor on documentation: a reference page is a
 * run of sections (a type's summary, then each of its methods with its own example), and the
 * sections after the summary's container are the rest of the page's content.
 *
 * Old pages lay themselves out in a table: the article is one cell, the sidebar or the readers'
 * comments another. The cell holding `LAYOUT_CELL_SHARE` of the body is the container even
 * when only a larger element holds `containerShare`: a cell is a column of the page. A `div`
 * holding as much is not (a recipe's steps or a timeline in a sibling box are the rest of the
 * article).
 *
 * Where the model kept a sidebar's lists of posts as well, no element holds that share of all
 * the body; the paragraphs' own container (at least three paragraphs) still stands out, and the
 * links after it are cut, when they are a tail: fewer characters than its paragraphs.
 */
import type { DecodeRule } from '../rule.js';
import { inElement, tagsAlongChain, type BlockContainers } from '../containers.js';
import { isLinkText, isParagraph } from '../blocks.js';

/** The paragraphs' container must hold this many of them. */
const MIN_CONTAINER_PARAGRAPHS = 3;

/** What each element holds of a set of blocks: characters and blocks per element id, and the total characters. */
interface Holdings {
  /** Per element id (below `chars.length`), the members' characters it holds; 0 for the elements no member is in. */
  readonly chars: Float64Array;
  /** Per element id, how many members it holds. */
  readonly count: Int32Array;
  /** The elements holding any member, each once. */
  readonly elements: readonly number[];
  readonly total: number;
}

/** The characters and blocks of `members` that each element on their chains holds. */
function holdings(members: readonly number[], blocks: readonly { readonly text: string }[], chains: BlockContainers): Holdings {
  let size = 0;
  for (const i of members) for (const id of chains[i] ?? []) if (id >= size) size = id + 1;
  const chars = new Float64Array(size);
  const count = new Int32Array(size);
  const elements: number[] = [];
  let total = 0;
  for (const i of members) {
    const n = blocks[i]!.text.length;
    total += n;
    for (const id of chains[i] ?? []) {
      if (count[id] === 0) elements.push(id);
      chars[id] += n;
      count[id]++;
    }
  }
  return { chars, count, elements, total };
}

/**
 * The innermost element holding at least `share` of the characters and at least `minBlocks` of
 * the blocks, with those characters; -1 when none.
 */
function innermostContainer(h: Holdings, share: number, minBlocks: number): { id: number; chars: number } {
  // Elements over half the text lie on one line of ancestors: the innermost has the largest id.
  let best = { id: -1, chars: 0 };
  if (h.total === 0) return best;
  for (const id of h.elements) {
    const c = h.chars[id]!;
    if (c >= share * h.total && h.count[id]! >= minBlocks && id > best.id) best = { id, chars: c };
  }
  return best;
}

/** In an old layout table, the article's cell holding this share of the body is its column. */
const LAYOUT_CELL_SHARE = 0.7;

/**
 * The innermost `td` at or above element `inner` and below element `outer` (ids on one chain
 * of ancestors), its tag read off a member block's tag path (`tagsAlongChain`); -1 when none.
 */
function layoutCell(inner: number, outer: number, members: readonly number[], blocks: readonly { readonly tagPath: string }[], chains: BlockContainers): number {
  if (inner <= outer) return -1;
  for (const i of members) {
    const chain = chains[i] ?? [];
    let k = chain.indexOf(inner);
    if (k < 0) continue;
    const tags = tagsAlongChain(blocks[i]!.tagPath, chain);
    for (; k >= 0 && chain[k]! > outer; k--) if (tags[k] === 'td') return chain[k]!;
    return -1;
  }
  return -1;
}

export const articleEnd: DecodeRule = {
  name: 'article-end',
  judgesLayout: true,
  doc: `body blocks after the article's container (the innermost element holding \`containerShare\` of the body text, or a layout table's cell holding ${Math.round(LAYOUT_CELL_SHARE * 100)}%) become other, and so do links after its paragraphs' container; the region ends with it (not on forum threads or documentation)`,
  apply(s, page, settings) {
    const chains = page.blockContainers;
    const region = s.region;
    // Kept readers' comments (`commentBody` 1) sit after the article's container by nature, and
    // a forum thread's replies after its first post's: there the thread is the content. (A page
    // taken for a forum for its comments' user names but with comment sections is an article.)
    if (!chains || !region || !(settings.containerShare > 0.5) || settings.commentBody >= 1) return;
    if (page.pageType === 'forum' && !(page.commentBlocks && s.anyMarked(page.commentBlocks))) return;
    if (page.pageType === 'docs') return;
    const { blocks, labels } = s;
    const body: number[] = [];
    for (let i = region[0]; i <= region[1]; i++) if (labels[i] === 'body' && blocks[i]!.kind === 'text') body.push(i);
    const held = holdings(body, blocks, chains);
    let container = innermostContainer(held, settings.containerShare, 2).id;
    const column = layoutCell(innermostContainer(held, LAYOUT_CELL_SHARE, 2).id, container, body, blocks, chains);
    if (column > container) container = column;
    if (container < 0) return;
    const lastInside = (element: number): number => {
      let last = region[1];
      while (last >= region[0] && !(labels[last] === 'body' && inElement(chains, last, element))) last--;
      return last;
    };
    const last = lastInside(container);
    if (last < region[0]) return;
    for (let i = last + 1; i <= region[1]; i++) {
      if (labels[i] === 'body' && !inElement(chains, i, container)) s.relabel(i, 'other', "after the article's container");
    }
    const paragraphs = body.filter((i) => labels[i] === 'body' && isParagraph(blocks[i]!));
    const own = innermostContainer(holdings(paragraphs, blocks, chains), settings.containerShare, MIN_CONTAINER_PARAGRAPHS);
    if (own.id > container) {
      const tail: number[] = [];
      let tailChars = 0;
      for (let i = lastInside(own.id) + 1; i <= region[1]; i++) {
        if (labels[i] !== 'body' || inElement(chains, i, own.id) || !isLinkText(blocks[i]!)) continue;
        tail.push(i);
        tailChars += blocks[i]!.text.length;
      }
      if (tailChars < own.chars) for (const i of tail) s.relabel(i, 'other', "links after the article's paragraphs");
    }
    let end = region[1];
    while (end > last && labels[end] !== 'body') end--;
    s.region = [region[0], end];
  },
};

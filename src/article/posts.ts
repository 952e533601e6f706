/**
 * Where one post of a thread ends and the next begins, so the article can set them apart
 * (a `rule` node): a forum's replies or a Q&A page's answers would otherwise run together.
 *
 * Posts are read from what the page marks, by repetition: elements of one signature (tag and
 * first class that does not alternate) that the page names as posts (`post`, `message`, `reply`,
 * `answer`, `comment`; `itemprop="comment"`, schema.org `Answer` / `Comment` /
 * `DiscussionForumPosting`), two or more, holding most of the article's text between them.
 * An article in one `div.post` has one such element and no boundary.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';

/** The posts must hold this share of the article's kept characters. */
const MIN_POST_SHARE = 0.6;
/** Ancestors looked at above each kept block (tag paths keep 64). */
const MAX_LEVELS = 64;

const POST_TOKEN = /^(?:post|message|reply|answer|comment|msg)(?:[-_]|\d|$)/i;
/** Parts of a post, not posts: its body, header, title or footer. */
const POST_PART = /[-_](?:body|content|text|title|header|footer|meta|info|author|user|date|time|list|wrapper|container|area|actions?|links?|count|form)s?$/i;
const POST_ITEMPROP = /^(?:comment|suggestedAnswer|acceptedAnswer)$/;
const POST_TYPE = /(?:^|\/)(?:Comment|Answer|DiscussionForumPosting)$/;
const VARYING_TOKEN = /\d|^(?:odd|even|alt|first|last|parent|active|new|highlighted?|selected|bg\d?|row\d?)$/i;

function stableClass(el: ElementNode): string | undefined {
  const c = el.attrs['class'];
  return c ? c.split(/\s+/).find((t) => t !== '' && !VARYING_TOKEN.test(t)) : undefined;
}

/** The element's signature when the page names it a post, else undefined. */
function postSignature(el: ElementNode): string | undefined {
  const cls = stableClass(el);
  const itemprop = el.attrs['itemprop'];
  const type = el.attrs['itemtype'];
  const named = (cls !== undefined && POST_TOKEN.test(cls) && !POST_PART.test(cls)) ||
    (itemprop !== undefined && POST_ITEMPROP.test(itemprop)) || (type !== undefined && type.split(/\s+/).some((t) => POST_TYPE.test(t)));
  // Accepted and suggested answers are one kind of post: the class decides where there is one.
  return named ? (cls !== undefined ? `${el.tag}.${cls}` : `${el.tag}[${itemprop ?? type ?? ''}]`) : undefined;
}

/**
 * The kept blocks (indexes into `blocks`, in order) that open a post after the first: where a
 * boundary goes. Empty when the page marks no posts around the article's text.
 */
export function postStarts(tree: DomTree, blocks: readonly Block[], kept: readonly number[]): Set<number> {
  const members = new Map<string, Map<number, ElementNode>>();
  // Kept blocks share their ancestors: each element's signature is read once (null: none).
  const signatures = new Map<number, string | null>();
  const signatureOf = (el: ElementNode): string | undefined => {
    let sig = signatures.get(el.id);
    if (sig === undefined) signatures.set(el.id, (sig = postSignature(el) ?? null));
    return sig ?? undefined;
  };
  let total = 0;
  const charsIn = new Map<number, number>();
  for (const i of kept) {
    const b = blocks[i]!;
    if (b.kind !== 'text' || b.nodeIds.length === 0) continue;
    total += b.text.length;
    let id = b.elementId;
    for (let level = 0; level < MAX_LEVELS && id > 0; level++) {
      const n = tree.nodes[id]!;
      if (n.kind === 'element') {
        if (n.tag === 'body') break;
        const sig = signatureOf(n);
        if (sig !== undefined) {
          let m = members.get(sig);
          if (!m) members.set(sig, (m = new Map()));
          m.set(n.id, n);
          charsIn.set(n.id, (charsIn.get(n.id) ?? 0) + b.text.length);
        }
      }
      id = n.parent;
    }
  }
  let best: ElementNode[] = [];
  let bestChars = 0;
  let bestDepth = Infinity;
  for (const m of members.values()) {
    // The outermost members (a reply nested in a post is part of it here).
    const sorted = [...m.values()].sort((a, b) => a.id - b.id);
    const outer: ElementNode[] = [];
    for (const el of sorted) if (outer.length === 0 || el.id > outer[outer.length - 1]!.end) outer.push(el);
    if (outer.length < 2) continue;
    const chars = outer.reduce((s, el) => s + (charsIn.get(el.id) ?? 0), 0);
    const depth = outer[0]!.depth;
    if (chars > bestChars || (chars === bestChars && depth < bestDepth)) {
      best = outer;
      bestChars = chars;
      bestDepth = depth;
    }
  }
  const starts = new Set<number>();
  if (best.length < 2 || bestChars < MIN_POST_SHARE * total) return starts;
  let p = 0;
  let opened = 0;
  for (const i of kept) {
    const id = blocks[i]!.nodeIds.length > 0 ? blocks[i]!.elementId : -1;
    while (p < best.length && best[p]!.end < id) p++;
    if (p >= best.length) break;
    // The first kept block inside each post after the first opens it.
    if (p > opened && id >= best[p]!.id) {
      starts.add(i);
      opened = p;
    }
  }
  return starts;
}

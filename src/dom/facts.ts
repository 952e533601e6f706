/**
 * Per-node facts of a page's tree that later stages would otherwise re-derive by walking
 * ancestors or re-running regular expressions per block: typed arrays indexed by node id,
 * each group computed once per tree, on first use, in one linear pass (a parent precedes its
 * children in the node array, so forward passes inherit and backward passes sum).
 *
 * - structure: depth, position among the parent's children, and the tag path of every node as
 *   an id into the page's table of paths (a trie: one entry per distinct path, parents first);
 * - text: characters of visible text in each subtree (text inside hidden elements left out),
 *   all and non-white-space, and of those the ones inside links (`<a href>`);
 * - names: class tokens and `id` values, interned once into the page's string table.
 *
 * `treeFacts(tree)` memoises per tree object, so every stage reading a page shares one copy.
 */
import { MAX_TAG_PATH_TAGS, type DomTree } from './tree.js';
import { nonSpaceChars as countNonSpace } from './white-space.js';

/** The distinct tag paths of a page; path ids are numbered parents first. */
export interface TagPaths {
  /** Number of distinct paths. */
  readonly count: number;
  /** Per path: the path one tag shorter (-1 for a path of one tag). */
  readonly parent: Int32Array;
  /** Per path: its innermost tag. */
  readonly tag: readonly string[];
  /** Per path: its number of tags. */
  readonly length: Int32Array;
  /** The path as `tagPath` (dom/tree.ts) writes it, `html/body/div`; '' for -1 (the document). */
  text(path: number): string;
}

/** The class tokens and ids of a page's elements, interned. */
export interface NameTable {
  /** Each distinct class token and id value, once. */
  readonly strings: readonly string[];
  /** Element i's class tokens are `strings[classTokens[k]]` for k in [classStart[i], classStart[i + 1]). */
  readonly classStart: Int32Array;
  readonly classTokens: Int32Array;
  /** Per node: its `id` attribute (as written) as an index into `strings`; -1 when absent (and for text). */
  readonly idName: Int32Array;
  /** The index of a string in `strings`; -1 when no element's class or id holds it. */
  lookup(name: string): number;
}

export interface TreeFacts {
  /** Nodes in the tree: the length of every per-node array. */
  readonly size: number;
  /** Per node: depth below the document root (html = 1), as `node.depth`. */
  readonly depth: Int32Array;
  /** Per node: its position in its parent's `children` (-1 for the root). */
  readonly childIndex: Int32Array;
  /** Per node: its tag path (a text node: its parent's), an id into `paths`; -1 for the document. */
  readonly pathOf: Int32Array;
  readonly paths: TagPaths;
  /** `tagPath(tree, id)` (dom/tree.ts), memoised per distinct path. */
  tagPath(id: number): string;
  /** Per node: characters of text in its subtree (a text node: its own) outside hidden elements, white space included. */
  readonly textChars: Int32Array;
  /** The same, counting only characters that are not white space (as `\s` defines it). */
  readonly nonSpaceChars: Int32Array;
  /** Of `textChars`, those inside a link (`<a href>`). */
  readonly linkChars: Int32Array;
  /** Of `nonSpaceChars`, those inside a link (`<a href>`). */
  readonly linkNonSpaceChars: Int32Array;
  readonly names: NameTable;
}

interface Structure {
  readonly depth: Int32Array;
  readonly childIndex: Int32Array;
  readonly pathOf: Int32Array;
  readonly paths: TagPaths;
}

interface TextCounts {
  readonly textChars: Int32Array;
  readonly nonSpaceChars: Int32Array;
  readonly linkChars: Int32Array;
  readonly linkNonSpaceChars: Int32Array;
}

function pathTable(parent: readonly number[], tag: readonly string[], length: readonly number[]): TagPaths {
  const texts: (string | undefined)[] = [];
  const parentArr = Int32Array.from(parent);
  return {
    count: tag.length, parent: parentArr, tag, length: Int32Array.from(length),
    text(path: number): string {
      if (path < 0) return '';
      let s = texts[path];
      if (s !== undefined) return s;
      // Innermost MAX_TAG_PATH_TAGS tags, after `…` when there are more (as `tagPath`).
      const parts: string[] = [];
      let p = path;
      while (p >= 0 && parts.length < MAX_TAG_PATH_TAGS) {
        parts.push(tag[p]!);
        p = parentArr[p]!;
      }
      if (p >= 0) parts.push('…');
      s = parts.reverse().join('/');
      texts[path] = s;
      return s;
    },
  };
}

function structureOf(tree: DomTree): Structure {
  const nodes = tree.nodes;
  const n = nodes.length;
  const depth = new Int32Array(n);
  const childIndex = new Int32Array(n).fill(-1);
  const pathOf = new Int32Array(n).fill(-1);
  const pathParent: number[] = [];
  const pathTag: string[] = [];
  const pathLength: number[] = [];
  // Per path, its extensions by one tag; paths of one tag under `top`.
  const top = new Map<string, number>();
  const next: (Map<string, number> | undefined)[] = [];
  for (let id = 0; id < n; id++) {
    const node = nodes[id]!;
    depth[id] = node.depth;
    if (node.kind === 'text') {
      if (node.parent >= 0) pathOf[id] = pathOf[node.parent]!;
      continue;
    }
    const kids = node.children;
    for (let k = 0; k < kids.length; k++) childIndex[kids[k]!] = k;
    if (id === 0 || node.parent < 0) continue; // the document has no tag path
    const up = pathOf[node.parent]!;
    const table = up < 0 ? top : (next[up] ??= new Map());
    let path = table.get(node.tag);
    if (path === undefined) {
      path = pathTag.length;
      table.set(node.tag, path);
      pathParent.push(up);
      pathTag.push(node.tag);
      pathLength.push(up < 0 ? 1 : pathLength[up]! + 1);
    }
    pathOf[id] = path;
  }
  return { depth, childIndex, pathOf, paths: pathTable(pathParent, pathTag, pathLength) };
}

function textCountsOf(tree: DomTree): TextCounts {
  const nodes = tree.nodes;
  const n = nodes.length;
  const textChars = new Int32Array(n);
  const nonSpaceChars = new Int32Array(n);
  const linkChars = new Int32Array(n);
  const linkNonSpaceChars = new Int32Array(n);
  const inLink = new Uint8Array(n);
  // Forward: a text node's own counts, and which elements lie in a link.
  for (let id = 0; id < n; id++) {
    const node = nodes[id]!;
    const p = node.parent;
    if (node.kind === 'element') {
      inLink[id] = (p >= 0 && inLink[p] === 1) || (node.tag === 'a' && node.attrs['href'] !== undefined) ? 1 : 0;
      continue;
    }
    const parent = nodes[p];
    if (parent === undefined || parent.kind !== 'element' || parent.hidden) continue;
    const chars = node.text.length;
    const nonSpace = countNonSpace(node.text);
    textChars[id] = chars;
    nonSpaceChars[id] = nonSpace;
    if (inLink[p] === 1) {
      linkChars[id] = chars;
      linkNonSpaceChars[id] = nonSpace;
    }
  }
  // Backward: children before parents, so sums flow up (a hidden element's are all zero).
  for (let id = n - 1; id > 0; id--) {
    const p = nodes[id]!.parent;
    if (p < 0) continue;
    textChars[p] += textChars[id]!;
    nonSpaceChars[p] += nonSpaceChars[id]!;
    linkChars[p] += linkChars[id]!;
    linkNonSpaceChars[p] += linkNonSpaceChars[id]!;
  }
  return { textChars, nonSpaceChars, linkChars, linkNonSpaceChars };
}

const TOKEN_RE = /\S+/g;

function namesOf(tree: DomTree): NameTable {
  const nodes = tree.nodes;
  const n = nodes.length;
  const strings: string[] = [];
  const index = new Map<string, number>();
  const intern = (s: string): number => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      index.set(s, i);
      strings.push(s);
    }
    return i;
  };
  const classStart = new Int32Array(n + 1);
  const tokens: number[] = [];
  const idName = new Int32Array(n).fill(-1);
  for (let id = 0; id < n; id++) {
    classStart[id] = tokens.length;
    const node = nodes[id]!;
    if (node.kind !== 'element') continue;
    const cls = node.attrs['class'];
    if (cls) for (const m of cls.matchAll(TOKEN_RE)) tokens.push(intern(m[0]));
    const own = node.attrs['id'];
    if (own !== undefined) idName[id] = intern(own);
  }
  classStart[n] = tokens.length;
  return { strings, classStart, classTokens: Int32Array.from(tokens), idName, lookup: (s) => index.get(s) ?? -1 };
}

class LazyFacts implements TreeFacts {
  private structure: Structure | undefined;
  private counts: TextCounts | undefined;
  private nameTable: NameTable | undefined;

  constructor(private readonly tree: DomTree) {}

  get size(): number {
    return this.tree.nodes.length;
  }

  private get built(): Structure {
    return (this.structure ??= structureOf(this.tree));
  }

  private get text(): TextCounts {
    return (this.counts ??= textCountsOf(this.tree));
  }

  get depth(): Int32Array { return this.built.depth; }
  get childIndex(): Int32Array { return this.built.childIndex; }
  get pathOf(): Int32Array { return this.built.pathOf; }
  get paths(): TagPaths { return this.built.paths; }
  get textChars(): Int32Array { return this.text.textChars; }
  get nonSpaceChars(): Int32Array { return this.text.nonSpaceChars; }
  get linkChars(): Int32Array { return this.text.linkChars; }
  get linkNonSpaceChars(): Int32Array { return this.text.linkNonSpaceChars; }
  get names(): NameTable { return (this.nameTable ??= namesOf(this.tree)); }

  tagPath(id: number): string {
    const built = this.built;
    return built.paths.text(built.pathOf[id] ?? -1);
  }
}

const factsByTree = new WeakMap<DomTree, TreeFacts>();

/** The facts of a tree, made on first use and shared by every later reader of the same tree. */
export function treeFacts(tree: DomTree): TreeFacts {
  let facts = factsByTree.get(tree);
  if (facts === undefined) factsByTree.set(tree, (facts = new LazyFacts(tree)));
  return facts;
}

/** An element's class tokens, as `class.split(/\s+/)` without the empty ones. */
export function classTokensOf(facts: TreeFacts, id: number): string[] {
  const { strings, classStart, classTokens } = facts.names;
  const out: string[] = [];
  for (let k = classStart[id]!; k < classStart[id + 1]!; k++) out.push(strings[classTokens[k]!]!);
  return out;
}

/** Whether an element's class holds `token` (exactly, case included). */
export function hasClassToken(facts: TreeFacts, id: number, token: string): boolean {
  const { classStart, classTokens, lookup } = facts.names;
  const want = lookup(token);
  if (want < 0) return false;
  for (let k = classStart[id]!; k < classStart[id + 1]!; k++) if (classTokens[k] === want) return true;
  return false;
}

/**
 * The list-extraction study's repetition counts over a set of leaves given by their paths:
 * per path, the leaves whose path is exactly it (`exact`) and those whose path starts with it
 * (`prefix`, the seed's node prefix count); `prefix - exact` is its suffix count.
 */
export function pathLeafCounts(paths: TagPaths, leafPaths: Iterable<number>): { exact: Int32Array; prefix: Int32Array } {
  const exact = new Int32Array(paths.count);
  for (const p of leafPaths) if (p >= 0) exact[p] += 1;
  const prefix = Int32Array.from(exact);
  // Paths are numbered parents first: one backward sweep sums each path's extensions into it.
  for (let p = paths.count - 1; p >= 0; p--) {
    const up = paths.parent[p]!;
    if (up >= 0) prefix[up] += prefix[p]!;
  }
  return { exact, prefix };
}

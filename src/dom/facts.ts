/**
 * Per-node facts of a page's tree that later stages would otherwise re-derive by walking
 * ancestors: typed arrays indexed by node id, computed once per tree, on first use, in one
 * forward pass (a parent precedes its children in the node array): each node's position among
 * its parent's children, and its tag path as an id into the page's table of paths (a trie: one
 * entry per distinct path, parents first).
 *
 * `treeFacts(tree)` memoises per tree object, so every stage reading a page shares one copy.
 */
import type { DomTree } from './tree.js';
import { tagPathText } from './tag-path.js';

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

export interface TreeFacts {
  /** Nodes in the tree: the length of every per-node array. */
  readonly size: number;
  /** Per node: its position in its parent's `children` (-1 for the root). */
  readonly childIndex: Int32Array;
  /** Per node: its tag path (a text node: its parent's), an id into `paths`; -1 for the document. */
  readonly pathOf: Int32Array;
  readonly paths: TagPaths;
  /** `tagPath(tree, id)` (dom/tree.ts), memoised per distinct path. */
  tagPath(id: number): string;
}

interface Structure {
  readonly childIndex: Int32Array;
  readonly pathOf: Int32Array;
  readonly paths: TagPaths;
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
      s = tagPathText(path, (p) => tag[p]!, (p) => parentArr[p]!);
      texts[path] = s;
      return s;
    },
  };
}

function structureOf(tree: DomTree): Structure {
  const nodes = tree.nodes;
  const n = nodes.length;
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
  return { childIndex, pathOf, paths: pathTable(pathParent, pathTag, pathLength) };
}

class LazyFacts implements TreeFacts {
  private structure: Structure | undefined;

  constructor(private readonly tree: DomTree) {}

  get size(): number {
    return this.tree.nodes.length;
  }

  private get built(): Structure {
    return (this.structure ??= structureOf(this.tree));
  }

  get childIndex(): Int32Array { return this.built.childIndex; }
  get pathOf(): Int32Array { return this.built.pathOf; }
  get paths(): TagPaths { return this.built.paths; }

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

/**
 * parse5's HTML5 tree construction, with two changes that keep a page's cost bounded.
 *
 * A tree within a node budget, whatever the page's shape. Real pages stay far below it (the
 * largest of the 5 400 shared corpus pages has 28 000 nodes); a hostile one of 16 MiB of `<p>x`
 * would otherwise make eight million. Past PRUNE_FROM_NODES nodes in the tree, the cheapest
 * evidence is dropped as the parser finishes it (tree-budget.ts): a finished node is looked at
 * once, when its parent takes its next child or closes, so the work stays one step per node.
 * - from PRUNE_FROM_NODES: the content of hidden subtrees (`hidden`, inline `display:none` or
 *   `visibility:hidden`; not panels a reader opens in place nor React's streamed segments) and
 *   empty inline elements (`<i></i>`);
 * - from COLLAPSE_FROM_NODES: the content of every hidden subtree, every empty element but table
 *   cells, media and form controls, and inline elements holding only text, which give way to
 *   their text (repeated markup: `<span>a</span><span>b</span>` becomes the text `ab`);
 * - at MAX_TREE_NODES, the rest of the input is not read (the parser meets the end of the input
 *   there, closing what is open) and the result says so (`truncated`).
 * What was dropped is counted by reason (`dropped`). A hidden subtree's size can no longer push
 * a visible article out of the tree: its content is dropped as it is read.
 *
 * Script and style bodies are not spelt out. Those bodies are about a third of a typical page's characters (inline bundles, JSON state,
 * CSS), never text a reader sees, and parse5's tokenizer walks them one character at a time.
 * Skipping them saves about a quarter of parsing.
 *
 * The skip happens inside parse5's own tree construction, at the moment the parser switches
 * its tokenizer into a raw-text state for a `<script>` or `<style>` (or `<noembed>`,
 * `<noframes>`) in the HTML namespace; `<xmp>`'s text is shown, so it is read. So whether a tag opens raw text at all (inside `<svg>`
 * a `<style>` is markup; in a frameset a `<script>` is dropped) is decided by the parser, never
 * guessed from the bytes. From there the end of the body is where the tokenizer would find it:
 * - raw text ends at the first `</name` followed by white space, `/` or `>` (ASCII case-insensitive);
 * - script data ends there too unless a `<!--` comes first, which can enter the escaped states
 *   in which a `</script>` does not end the script: the skip then stops at the `<!--` and the
 *   tokenizer reads the rest itself.
 * The resulting tree is parse5's tree with those elements' text left out, and one more change:
 * a raw-text tag written self-closed inside a `<noscript>` (`<iframe src=".." />`) is an empty
 * element, as a reader with scripts on sees it, instead of swallowing the rest of the page.
 * test/dom/html-parser.test.ts checks the rest against plain parse5 on generated token soups.
 * JSON-LD scripts are kept whole: the features read them.
 */
import { TreeBudget, type DroppedNodes } from './tree-budget.js';
import { RunTokenizer } from './run-tokenizer.js';
import { Parser, TokenizerMode, defaultTreeAdapter, html, type DefaultTreeAdapterMap, type ParserOptions, type Token } from 'parse5';

const { NS, TAG_ID } = html;

/** Elements and text nodes a page's tree may hold; see above. */
export const MAX_TREE_NODES = 200_000;
/** Nodes in the tree from which hidden content and empty inline elements are dropped as they finish. */
export const PRUNE_FROM_NODES = 100_000;
/** Nodes in the tree from which all hidden content, empty elements and text-only inline markup are dropped. */
export const COLLAPSE_FROM_NODES = 150_000;

/** How far up the open elements a self-closed raw-text tag looks for its `<noscript>`. */
const NOSCRIPT_REACH = 16;

/** Elements whose raw-text body pith never reads, with the regular expression that finds where it ends. */
const BODY_END: ReadonlyMap<string, RegExp> = new Map([
  ['script', /<!--|<\/script[\t\n\f\r />]/gi],
  ...['style', 'noembed', 'noframes'].map((name) => [name, new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi')] as const),
]);

/** The scripts pith reads: the same test as the tree builder's (attribute values arrive decoded). */
export function isJsonLdScript(attrs: readonly Token.Attribute[]): boolean {
  const type = attrs.find((a) => a.name === 'type');
  return type !== undefined && type.value.toLowerCase().includes('ld+json');
}

type TokenizerState = (typeof TokenizerMode)[keyof typeof TokenizerMode];

export interface ParsedDocument {
  readonly document: DefaultTreeAdapterMap['document'];
  /** True when the page had more than MAX_TREE_NODES nodes and the rest was not read. */
  readonly truncated: boolean;
  /** Nodes dropped by the budget, by reason (all zero on pages within PRUNE_FROM_NODES). */
  readonly dropped: DroppedNodes;
  /** Elements and text nodes the parser made: the page's work, dropped ones included. */
  readonly nodesMade: number;
  /**
   * Whether some element has an `id` starting with `S:` (React's streamed segments,
   * streamed-segments.ts): noted as elements are made, so no page without one is scanned again.
   */
  readonly segmentIds: boolean;
}

type TreeAdapter = typeof defaultTreeAdapter;

/** What the tree adapter tells the parser as it builds. */
interface AdapterHooks {
  /** A text node was made (a run that extends the text node before it makes none). */
  textNode(): void;
  /** `parent` is about to take a new child node: its last child is finished, unless still open. */
  beforeChild(parent: DefaultTreeAdapterMap['parentNode']): void;
  /** `child` was attached under `parent`. */
  attached(child: DefaultTreeAdapterMap['childNode'], parent: DefaultTreeAdapterMap['parentNode']): void;
  /** An element was made with an `id` starting with `S:`. */
  segmentId(): void;
}

/**
 * parse5's default tree adapter, telling the parser of each text node it makes and of each
 * child a parent takes. A run of characters that extends the text node before it makes none:
 * the tokenizer hands over text in runs of white space and of the rest, two per word, so
 * counting runs would cut a page of plain prose at a tenth of its nodes (a page of 600 KB of
 * paragraphs).
 */
function budgetAdapter(hooks: AdapterHooks): TreeAdapter {
  const { isTextNode } = defaultTreeAdapter;
  return {
    ...defaultTreeAdapter,
    createElement(tagName, namespaceURI, attrs) {
      for (const a of attrs) if (a.name === 'id' && a.value.startsWith('S:')) hooks.segmentId();
      return defaultTreeAdapter.createElement(tagName, namespaceURI, attrs);
    },
    appendChild(parent, child) {
      hooks.beforeChild(parent);
      defaultTreeAdapter.appendChild(parent, child);
      hooks.attached(child, parent);
    },
    insertBefore(parent, child, reference) {
      hooks.beforeChild(parent);
      defaultTreeAdapter.insertBefore(parent, child, reference);
      hooks.attached(child, parent);
    },
    insertText(parent, text) {
      let last = parent.childNodes[parent.childNodes.length - 1];
      if (last !== undefined && !isTextNode(last)) {
        hooks.beforeChild(parent);
        last = parent.childNodes[parent.childNodes.length - 1];
      }
      if (last === undefined || !isTextNode(last)) hooks.textNode();
      defaultTreeAdapter.insertText(parent, text);
    },
    insertTextBefore(parent, text, reference) {
      // Text fostered out of a table goes before it, mostly its parent's last child: no scan then.
      const { childNodes } = parent;
      const at = childNodes[childNodes.length - 1] === reference ? childNodes.length - 1 : childNodes.indexOf(reference);
      const before = childNodes[at - 1];
      if (before === undefined || !isTextNode(before)) hooks.textNode();
      defaultTreeAdapter.insertTextBefore(parent, text, reference);
    },
  };
}

class PithParser extends Parser<DefaultTreeAdapterMap> {
  truncated = false;
  segmentIds = false;
  private readonly maxNodes: number;
  readonly budget: TreeBudget;

  constructor(options: ParserOptions<DefaultTreeAdapterMap>, maxNodes: number, readRuns: boolean) {
    // The adapter reports to this parser, which exists only once `super` returns.
    const self = { parser: undefined as PithParser | undefined };
    super({
      ...options,
      treeAdapter: budgetAdapter({
        textNode: () => self.parser?.countNode(),
        beforeChild: (parent) => self.parser?.budget.beforeChild(parent),
        attached: (child, parent) => self.parser?.budget.attached(child, parent),
        segmentId: () => {
          if (self.parser) self.parser.segmentIds = true;
        },
      }),
    });
    self.parser = this;
    if (readRuns) this.tokenizer = new RunTokenizer(this.options, this);
    this.maxNodes = maxNodes;
    this.budget = new TreeBudget(
      { pruneFrom: Math.round(maxNodes * (PRUNE_FROM_NODES / MAX_TREE_NODES)), collapseFrom: Math.round(maxNodes * (COLLAPSE_FROM_NODES / MAX_TREE_NODES)) },
      (element) => this.activeFormattingElements.getElementEntry(element) !== undefined,
    );
  }

  override onItemPush(node: DefaultTreeAdapterMap['parentNode'], tid: number, isTop: boolean): void {
    super.onItemPush(node, tid, isTop);
    this.budget.opened(node);
  }

  override onItemPop(node: DefaultTreeAdapterMap['parentNode'], isTop: boolean): void {
    super.onItemPop(node, isTop);
    this.budget.closed(node);
  }

  override _insertElement(token: Token.TagToken, ns: html.NS): void {
    super._insertElement(token, ns);
    this.countNode();
  }

  override _appendElement(token: Token.TagToken, ns: html.NS): void {
    super._appendElement(token, ns);
    this.countNode();
  }

  /** Whether a `<noscript>` is open within the innermost NOSCRIPT_REACH elements (bounded work per tag). */
  private inNoscript(): boolean {
    const { tagIDs, stackTop } = this.openElements;
    for (let i = stackTop; i >= 0 && i > stackTop - NOSCRIPT_REACH; i--) if (tagIDs[i] === TAG_ID.NOSCRIPT) return true;
    return false;
  }

  /** Past the limit, the tokenizer is moved to the end of the input: it reads no further. */
  countNode(): void {
    this.budget.added();
    const kept = this.budget.nodesKept();
    // The next node may cross the limit: from here text is read in parse5's own tokens.
    if (kept >= this.maxNodes && this.tokenizer instanceof RunTokenizer) this.tokenizer.joinsText = false;
    if (kept <= this.maxNodes || this.truncated) return;
    this.truncated = true;
    const input = this.tokenizer.preprocessor;
    input.pos = Math.max(input.pos, input.html.length - 1);
  }

  override _switchToTextParsing(token: Token.TagToken, state: TokenizerState): void {
    if (token.selfClosing && this.inNoscript()) {
      // `<noscript><iframe src=".." /></noscript>` (a tag manager's snippet written as JSX): with
      // scripting off the iframe's raw text would run to a `</iframe>` that never comes and swallow
      // the rest of the page; a reader (scripting on) sees the page. The element stays, empty.
      this._appendElement(token, NS.HTML);
      return;
    }
    super._switchToTextParsing(token, state);
    if (state !== TokenizerMode.RAWTEXT && state !== TokenizerMode.SCRIPT_DATA) return;
    const endRe = BODY_END.get(token.tagName);
    if (endRe === undefined || (token.tagName === 'script' && isJsonLdScript(token.attrs))) return;
    // The tokenizer stands on the start tag's '>': the body begins at the next character.
    const input = this.tokenizer.preprocessor;
    endRe.lastIndex = input.pos + 1;
    const end = endRe.exec(input.html);
    input.pos = Math.max(input.pos, (end === null ? input.html.length : end.index) - 1);
  }
}

/**
 * parse5's document for `html` (see above): script and style bodies left out, at most `maxNodes`
 * nodes. The input is read in runs (run-tokenizer.ts) unless `readRuns` is false (parse5's own
 * tokenizer, which the differential bench compares it with).
 */
export function parseDocument(html: string, options: ParserOptions<DefaultTreeAdapterMap> = {}, maxNodes = MAX_TREE_NODES, readRuns = true): ParsedDocument {
  const parser = new PithParser(options, maxNodes, readRuns);
  parser.tokenizer.write(html, true);
  return {
    document: parser.document, truncated: parser.truncated, dropped: parser.budget.dropped(), nodesMade: parser.budget.nodesMade(),
    segmentIds: parser.segmentIds,
  };
}

/**
 * parse5's tokenizer, reading runs of ordinary characters in one step.
 *
 * parse5 reads its input one code point at a time: each goes through the preprocessor, the
 * state dispatch and the state's function, only to be appended to the run of input that the
 * token being built already holds. This subclass lets parse5's own state function read the
 * first code point of a run as always; when that code point was an ordinary one for its state
 * (its text, attribute value, tag name or comment goes on), it scans on with a table lookup per
 * character to the next one that state would treat differently, and moves the input there in one
 * step, exactly as parse5 would have left it after reading each one:
 * - the pending run of input ends after the last character read (parse5 extends it per code point);
 * - a tag or attribute name gets the run lower-cased (ASCII only, as parse5's `toAsciiLower`);
 * - the preprocessor's position, line and line start move as `advance()` would move them.
 * A scan stops before anything parse5 reads specially: markup characters of the state, `&`, NUL,
 * CR (read as LF, a gap in the input), surrogates (pairs are gaps), control and non-characters
 * (parse errors), the end of the input, and in text a change between white space and the rest
 * (parse5 emits each as a token of its own) unless the parser's insertion mode treats the two
 * alike (in body, in a cell, in raw text...: one token for words and the spaces between them,
 * a third of the tokens of prose). Everything from there on is parse5's own code, so
 * the rarer states (character references, script data escapes, CDATA, DOCTYPE) are read as before.
 * Without source locations and parse-error reports, a plain tag (readPlainTag) is read whole at
 * its `<` and its token made through parse5's own token-building calls: one loop turn a tag.
 * bench/parse-differential.ts proves the trees identical to stock parse5's over every shared page;
 * test/dom/run-tokenizer.test.ts does so over hostile hand-made cases.
 */
import { InsertionMode, Parser, Token, Tokenizer, TokenizerMode, type DefaultTreeAdapterMap, type ParserOptions, type TokenHandler, type TokenizerOptions, type TreeAdapterTypeMap } from 'parse5';

/** The preprocessor's line bookkeeping, which parse5 declares private. */
interface PreprocessorLines {
  html: string;
  pos: number;
  line: number;
  lineStartPos: number;
  isEol: boolean;
  skipNextNewLine: boolean;
}

/** What the parser knows that decides whether a text run may span white space (parse5's own fields). */
interface ParserModes {
  insertionMode?: number;
  skipNextNewLine?: boolean;
}

/** The tag token parse5 declares protected as any token: the parts a scan writes. */
interface TagParts {
  currentToken: { tagName: string; selfClosing: boolean } | null;
}

/**
 * Where the parts of the tag readPlainTag last read lie in the input, in one buffer reused from
 * tag to tag (a tag's token is made from it before the next tag is read): no objects per tag.
 * Its size is fixed: a tag with more attributes is left to parse5, so a hostile tag of millions
 * of attributes cannot make it grow for the life of the process.
 */
const TAG_END = 0; // 1 for an end tag
const TAG_SELF_CLOSING = 1;
const TAG_NAME_START = 2;
const TAG_NAME_END = 3;
const TAG_NAME_UPPER = 4; // 1 when the name has an upper-case letter
const TAG_LINE_FEEDS = 5; // line feeds inside the tag
const TAG_LAST_LINE_FEED = 6;
const TAG_ATTR_COUNT = 7;
/** Per attribute, from TAG_ATTRS: name start, name end, name upper-case (1/0), value start, value end (-1 for none). */
const TAG_ATTRS = 8;
const ATTR_FIELDS = 5;
/** The most attributes a tag read in one step has (few real tags have more than a dozen). */
export const PLAIN_TAG_MAX_ATTRS = 64;
const tagParts = new Int32Array(TAG_ATTRS + ATTR_FIELDS * PLAIN_TAG_MAX_ATTRS);

function addTagAttr(index: number, nameStart: number, nameEnd: number, upper: boolean, valueStart: number, valueEnd: number): void {
  const at = TAG_ATTRS + index * ATTR_FIELDS;
  tagParts[at] = nameStart;
  tagParts[at + 1] = nameEnd;
  tagParts[at + 2] = upper ? 1 : 0;
  tagParts[at + 3] = valueStart;
  tagParts[at + 4] = valueEnd;
}

const TAB = 0x09;
const LF = 0x0a;
const FF = 0x0c;
const SPACE = 0x20;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SOLIDUS = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** Which characters each kind of run reads on over (bit set = goes on), for code units below 128. */
const TEXT = 1;
const WHITE = 2;
const DOUBLE_QUOTED = 4;
const SINGLE_QUOTED = 8;
const UNQUOTED = 16;
const TAG_NAME = 32;
const ATTR_NAME = 64;
const COMMENT = 128;

const ASCII_RUNS: Uint8Array = buildAsciiRuns();

function buildAsciiRuns(): Uint8Array {
  const table = new Uint8Array(128);
  const stopsEverything = (c: number) => (c < SPACE && !isWhite(c)) || c === 0x7f; // NUL, CR, controls
  for (let c = 0; c < 128; c++) {
    if (stopsEverything(c)) continue;
    const ch = String.fromCharCode(c);
    let bits = 0;
    if (!isWhite(c) && !'<&'.includes(ch)) bits |= TEXT;
    if (isWhite(c)) bits |= WHITE;
    if (!'"&'.includes(ch)) bits |= DOUBLE_QUOTED;
    if (!"'&".includes(ch)) bits |= SINGLE_QUOTED;
    if (!isWhite(c) && !'&>"\'<=`'.includes(ch)) bits |= UNQUOTED;
    if (!isWhite(c) && !'/>'.includes(ch)) bits |= TAG_NAME;
    if (!isWhite(c) && !'/>="\'<'.includes(ch)) bits |= ATTR_NAME;
    if (!'-<'.includes(ch)) bits |= COMMENT;
    table[c] = bits;
  }
  return table;
}

/**
 * Code units above ASCII that go on in every run but names (kept ASCII for the lower-casing):
 * parse5's common range, which needs no surrogate pairing and raises no parse error.
 */
function isPlainWide(c: number): boolean {
  return (c > 0x9f && c < 0xd800) || (c > 0xdfff && c < 0xfdd0);
}

/** Whether code unit `c` goes on in a run of `kind` (bits of ASCII_RUNS). */
function inRun(c: number, kind: number): boolean {
  return c < 128 ? (ASCII_RUNS[c]! & kind) !== 0 : isPlainWide(c);
}

const TEXT_STATES: ReadonlySet<number> = new Set([
  TokenizerMode.DATA, TokenizerMode.RCDATA, TokenizerMode.RAWTEXT, TokenizerMode.SCRIPT_DATA, TokenizerMode.PLAINTEXT,
]);

/**
 * Insertion modes that treat a white-space character token exactly as a character token that
 * follows a character token: both reconstruct the active formatting elements (where they do) and
 * insert the text, and the `frameset-ok` flag the character token clears is cleared by the first
 * one anyway. Not the modes where white space is special (initial, before html and head, in
 * head, in table, column group, frameset, after body...).
 */
const JOINING_MODES: Uint8Array = (() => {
  const table = new Uint8Array(32);
  for (const mode of [
    InsertionMode.IN_BODY, InsertionMode.IN_CAPTION, InsertionMode.IN_CELL, InsertionMode.IN_TEMPLATE,
    InsertionMode.TEXT, InsertionMode.IN_SELECT, InsertionMode.IN_SELECT_IN_TABLE,
  ]) table[mode] = 1;
  return table;
})();

/** HTML's white space as the tokenizer reads it (CR is read as LF before any state sees it). */
function isWhite(c: number): boolean {
  return c === SPACE || c === LF || c === TAB || c === FF;
}

/** Whether `c` goes on in an ASCII name run of `kind` (TAG_NAME or ATTR_NAME). */
function isNameChar(c: number, kind: number): boolean {
  return c < 128 && (ASCII_RUNS[c]! & kind) !== 0;
}

/** Whether the name scanName last read has an upper-case letter. */
let scannedNameHasUpper = false;

/** The end of the ASCII name run of `kind` from `from` (`from` itself when there is none). */
function scanName(html: string, from: number, kind: number): number {
  let upper = false;
  let i = from;
  for (; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (!isNameChar(c, kind)) break;
    if (c >= 0x41 && c <= 0x5a) upper = true;
  }
  scannedNameHasUpper = upper;
  return i;
}

/**
 * Reads the tag whose `<` is at `lt` when every part of it is in the shape parse5 reads without
 * a parse error, a character reference, a NUL, a CR or a surrogate (names in ASCII, values quoted
 * or plain, white space between attributes) and its `>` is in `html`: returns the `>`'s position,
 * the parts in `tagParts`; -1 otherwise (parse5 reads it as always). Duplicate attributes are left to parse5's own `_leaveAttrName`.
 */
function readPlainTag(html: string, lt: number): number {
  const n = html.length;
  let i = lt + 1;
  const end = html.charCodeAt(i) === SOLIDUS;
  if (end) i++;
  const first = html.charCodeAt(i);
  if (!((first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a))) return -1;
  let lineFeeds = 0;
  let lastLineFeed = -1;
  const nameStart = i;
  i = scanName(html, i, TAG_NAME);
  tagParts[TAG_END] = end ? 1 : 0;
  tagParts[TAG_SELF_CLOSING] = 0;
  tagParts[TAG_NAME_START] = nameStart;
  tagParts[TAG_NAME_END] = i;
  tagParts[TAG_NAME_UPPER] = scannedNameHasUpper ? 1 : 0;
  let attrCount = 0;
  for (;;) {
    // Before an attribute name (or after a value): white space, then `>`, `/>` or a name. A name
    // here follows white space (parse5 reports one that follows a value directly): a value ends
    // only at white space, `/` or `>`, and a name only at a character no name goes on over.
    for (; i < n; i++) {
      const c = html.charCodeAt(i);
      if (!isWhite(c)) break;
      if (c === LF) { lineFeeds++; lastLineFeed = i; }
    }
    if (i >= n) return -1;
    let c = html.charCodeAt(i);
    if (c === GREATER_THAN) break;
    if (c === SOLIDUS) {
      if (html.charCodeAt(i + 1) !== GREATER_THAN) return -1;
      tagParts[TAG_SELF_CLOSING] = 1;
      i++;
      break;
    }
    if (!isNameChar(c, ATTR_NAME) || attrCount === PLAIN_TAG_MAX_ATTRS) return -1;
    const attrStart = i;
    i = scanName(html, i, ATTR_NAME);
    const attrUpper = scannedNameHasUpper;
    if (i >= n) return -1;
    const attrEnd = i;
    c = html.charCodeAt(i);
    if (c !== EQUALS) {
      // Only white space, `/` and `>` end a name without a parse error.
      if (!isWhite(c) && c !== SOLIDUS && c !== GREATER_THAN) return -1;
      // White space after a name followed by `=` is legal but rare: parse5 reads it.
      let j = i;
      while (j < n && isWhite(html.charCodeAt(j))) j++;
      if (html.charCodeAt(j) === EQUALS) return -1;
      addTagAttr(attrCount++, attrStart, attrEnd, attrUpper, -1, -1);
      continue;
    }
    i++;
    const quote = html.charCodeAt(i);
    let valueStart: number;
    let valueEnd: number;
    if (quote === QUOTE || quote === APOSTROPHE) {
      const kind = quote === QUOTE ? DOUBLE_QUOTED : SINGLE_QUOTED;
      valueStart = ++i;
      for (; i < n; i++) {
        c = html.charCodeAt(i);
        if (!inRun(c, kind)) break;
        if (c === LF) { lineFeeds++; lastLineFeed = i; }
      }
      if (i >= n || c !== quote) return -1;
      valueEnd = i++;
      const after = html.charCodeAt(i);
      if (!isWhite(after) && after !== SOLIDUS && after !== GREATER_THAN) return -1;
    } else {
      valueStart = i;
      for (; i < n; i++) {
        if (!inRun(html.charCodeAt(i), UNQUOTED)) break;
      }
      valueEnd = i;
      // An empty unquoted value is parse5's missing-value error; a value ends at white space or `>`.
      if (valueEnd === valueStart || i >= n) return -1;
      c = html.charCodeAt(i);
      if (!isWhite(c) && c !== GREATER_THAN) return -1;
      // parse5 reads `/` after an unquoted value as part of the value (not reached: UNQUOTED includes it).
    }
    addTagAttr(attrCount++, attrStart, attrEnd, attrUpper, valueStart, valueEnd);
  }
  tagParts[TAG_ATTR_COUNT] = attrCount;
  tagParts[TAG_LINE_FEEDS] = lineFeeds;
  tagParts[TAG_LAST_LINE_FEED] = lastLineFeed;
  return i;
}

export class RunTokenizer extends Tokenizer {
  /**
   * Whether text runs may span white space where the parser's mode allows. A parser that stops
   * reading at a node budget turns it off before the node that would cross it: parse5 adds a
   * text node when its first token is processed, so a longer token would move where the input
   * is cut.
   */
  joinsText = true;

  /**
   * Whether a plain tag may be read in one step: not with source locations or parse-error
   * reports, which need each part's own position. The handler's error callback is read once, as
   * parse5's own tokenizer reads it for character references.
   */
  private readonly readsPlainTags: boolean;

  constructor(options: TokenizerOptions, handler: TokenHandler) {
    super(options, handler);
    this.readsPlainTags = !options.sourceCodeLocationInfo && !handler.onParseError;
  }

  /**
   * After parse5 read a `<` in the data state: when the tag it opens is plain (readPlainTag), makes
   * and emits its token in one step, as parse5's tag states would have made it one code point a
   * turn (about nine turns a tag). Called with the `<` just read in the data state (so no CR
   * before it is pending) and the state set to tag open.
   */
  private readPlainTag(): void {
    if (!this.readsPlainTags) return;
    const input = this.preprocessor as unknown as PreprocessorLines;
    const { html } = input;
    const close = readPlainTag(html, input.pos);
    if (close === -1) return;
    if (tagParts[TAG_END] === 1) this._createEndTagToken();
    else this._createStartTagToken();
    const token = (this as unknown as TagParts).currentToken!;
    const name = html.slice(tagParts[TAG_NAME_START], tagParts[TAG_NAME_END]);
    token.tagName = tagParts[TAG_NAME_UPPER] === 1 ? name.toLowerCase() : name;
    const attrCount = tagParts[TAG_ATTR_COUNT]!;
    for (let a = 0, at = TAG_ATTRS; a < attrCount; a++, at += ATTR_FIELDS) {
      this._createAttr('');
      const attrName = html.slice(tagParts[at], tagParts[at + 1]);
      this.currentAttr.name = tagParts[at + 2] === 1 ? attrName.toLowerCase() : attrName;
      this._leaveAttrName();
      const valueStart = tagParts[at + 3]!;
      const valueEnd = tagParts[at + 4]!;
      if (valueEnd > valueStart) {
        // The value as parse5's own pending run, appended to the attribute as parse5 appends it.
        this.runStart = valueStart;
        this.runEnd = valueEnd;
        this._flushRun('');
      }
    }
    token.selfClosing = tagParts[TAG_SELF_CLOSING] === 1;
    // The preprocessor onto the `>`, as advance() would have moved it.
    const lineFeeds = tagParts[TAG_LINE_FEEDS]!;
    if (lineFeeds > 0) {
      input.line += lineFeeds;
      input.lineStartPos = tagParts[TAG_LAST_LINE_FEED]! + 1;
    }
    input.pos = close;
    this.state = TokenizerMode.DATA;
    this.emitCurrentTagToken();
  }

  /**
   * The end of the run of `kind` that starts after the current code point, with the preprocessor
   * moved onto its last character as `advance()` would have moved it; -1 when there is none.
   */
  private readRun(kind: number): number {
    const input = this.preprocessor as unknown as PreprocessorLines;
    // After a CR an LF is skipped by the preprocessor: parse5 reads that itself.
    if (input.skipNextNewLine) return -1;
    const { html } = input;
    const from = input.pos + 1;
    let line = input.line;
    let lineStart = input.lineStartPos;
    let eol = input.isEol;
    let i = from;
    for (; i < html.length; i++) {
      const c = html.charCodeAt(i);
      if (!inRun(c, kind)) break;
      if (eol) {
        line++;
        lineStart = i;
        eol = false;
      }
      if (c === LF) eol = true;
    }
    if (i === from) return -1;
    input.pos = i - 1;
    input.line = line;
    input.lineStartPos = lineStart;
    input.isEol = eol;
    this.consumedAfterSnapshot += i - from;
    return i;
  }

  /** Reads on over the run the current code point's pending input run belongs to; whether it read anything. */
  private extendPendingRun(kind: number): boolean {
    const end = this.readRun(kind);
    if (end === -1) return false;
    this.runEnd = end;
    return true;
  }

  /**
   * Text: parse5 emits white space and the rest as tokens of their own, so a run is one or the
   * other, unless the parser's mode treats the two alike (`joinsSpace`): then words and the
   * spaces between them are one character token.
   */
  private extendText(cp: number): void {
    // The table test first: it turns away `<`, `&` and the like before the state lookup.
    if (!this.active || !inRun(cp, TEXT | WHITE)) return;
    const token = this.currentCharacterToken;
    if (token === null || !TEXT_STATES.has(this.state)) return;
    // The code point just read ended the pending run; a scan may only lengthen it.
    if (this.runEnd !== this.preprocessor.pos + 1) return;
    const white = cp < 128 && (ASCII_RUNS[cp]! & WHITE) !== 0;
    if (!this.joinsSpace(token)) {
      this.extendPendingRun(white ? WHITE : TEXT);
      return;
    }
    if (token.type === Token.TokenType.WHITESPACE_CHARACTER) {
      // White space first: its own run, then the rest only if text follows, the token turned into
      // a character token (which is what the parser would have read next).
      this.extendPendingRun(WHITE);
      const next = this.preprocessor.html.charCodeAt(this.preprocessor.pos + 1);
      if (!inRun(next, TEXT)) return;
      if (!this.extendPendingRun(TEXT | WHITE)) return;
      token.type = Token.TokenType.CHARACTER;
      return;
    }
    this.extendPendingRun(TEXT | WHITE);
  }

  /**
   * Whether a character token may take in white space and more text (see JOINING_MODES): read in
   * a joining mode or in foreign content (where both are inserted as they come), and for a token
   * of white space, not when the parser still drops a leading line feed (after `<pre>`,
   * `<listing>`, `<textarea>`), which only a white-space token has.
   */
  private joinsSpace(token: { type: Token.TokenType }): boolean {
    if (!this.joinsText) return false;
    const parser = this.handler as unknown as ParserModes;
    const mode = parser.insertionMode;
    if (mode === undefined || (!this.inForeignNode && JOINING_MODES[mode] !== 1)) return false;
    if (token.type === Token.TokenType.WHITESPACE_CHARACTER) return parser.skipNextNewLine === false;
    return token.type === Token.TokenType.CHARACTER;
  }

  /** After parse5 read `cp` in a state that appends it to the pending run, reads on while the state stays. */
  private extendInState(state: number, cp: number, kind: number): void {
    if (this.state !== state || !this.active || cp < 0) return;
    if (!inRun(cp, kind)) return;
    if (this.runEnd !== this.preprocessor.pos + 1) return;
    this.extendPendingRun(kind);
  }

  /** Whether the name run readName last read has an upper-case letter. */
  private nameHasUpper = false;

  /**
   * After parse5 added the current code point to a tag or attribute name, reads the ASCII run of
   * the name after it (no line breaks: no line bookkeeping) and returns its end, or -1.
   */
  private readName(kind: number): number {
    const input = this.preprocessor;
    const { html } = input;
    const from = input.pos + 1;
    const i = scanName(html, from, kind);
    if (i === from) return -1;
    input.pos = i - 1;
    this.consumedAfterSnapshot += i - from;
    this.nameHasUpper = scannedNameHasUpper;
    return i;
  }

  /**
   * `name` with the name run from `from` to `end` added, lower-cased as parse5 lower-cases (ASCII
   * only). A name read whole from the input is one slice of it, not a concatenation.
   */
  private withNameRun(name: string, from: number, end: number, whole: boolean): string {
    const run = this.preprocessor.html.slice(whole ? from - 1 : from, end);
    const lower = this.nameHasUpper || (whole && name !== run[0]) ? run.toLowerCase() : run;
    return whole ? lower : name + lower;
  }

  protected override _stateData(cp: number): void {
    super._stateData(cp);
    if (cp === LESS_THAN) this.readPlainTag();
    else this.extendText(cp);
  }

  protected override _stateRcdata(cp: number): void {
    super._stateRcdata(cp);
    this.extendText(cp);
  }

  protected override _stateRawtext(cp: number): void {
    super._stateRawtext(cp);
    this.extendText(cp);
  }

  protected override _stateScriptData(cp: number): void {
    super._stateScriptData(cp);
    this.extendText(cp);
  }

  protected override _statePlaintext(cp: number): void {
    super._statePlaintext(cp);
    this.extendText(cp);
  }

  protected override _stateAttributeValueDoubleQuoted(cp: number): void {
    const state = this.state;
    super._stateAttributeValueDoubleQuoted(cp);
    this.extendInState(state, cp, DOUBLE_QUOTED);
  }

  protected override _stateAttributeValueSingleQuoted(cp: number): void {
    const state = this.state;
    super._stateAttributeValueSingleQuoted(cp);
    this.extendInState(state, cp, SINGLE_QUOTED);
  }

  protected override _stateAttributeValueUnquoted(cp: number): void {
    const state = this.state;
    super._stateAttributeValueUnquoted(cp);
    this.extendInState(state, cp, UNQUOTED);
  }

  protected override _stateComment(cp: number): void {
    const state = this.state;
    super._stateComment(cp);
    this.extendInState(state, cp, COMMENT);
  }

  protected override _stateTagName(cp: number): void {
    const state = this.state;
    const token = (this as unknown as TagParts).currentToken;
    const whole = token !== null && token.tagName === '';
    super._stateTagName(cp);
    if (this.state !== state || !this.active || token === null || !isNameChar(cp, TAG_NAME)) return;
    const from = this.preprocessor.pos + 1;
    const end = this.readName(TAG_NAME);
    if (end !== -1) token.tagName = this.withNameRun(token.tagName, from, end, whole);
  }

  protected override _stateAttributeName(cp: number): void {
    const state = this.state;
    const attr = this.currentAttr;
    const whole = attr.name === '';
    super._stateAttributeName(cp);
    if (this.state !== state || !this.active || !isNameChar(cp, ATTR_NAME)) return;
    const from = this.preprocessor.pos + 1;
    const end = this.readName(ATTR_NAME);
    if (end !== -1) attr.name = this.withNameRun(attr.name, from, end, whole);
  }
}

/** parse5's parser reading with a RunTokenizer: `parse5.parse` and `parseFragment`, faster. */
export class RunParser<T extends TreeAdapterTypeMap = DefaultTreeAdapterMap> extends Parser<T> {
  constructor(options?: ParserOptions<T>, document?: T['document'], fragmentContext?: T['element'] | null) {
    super(options, document, fragmentContext);
    this.tokenizer = new RunTokenizer(this.options, this);
  }
}

/** The document parse5 builds for `html`, read with a RunTokenizer. */
export function parseWithRuns<T extends TreeAdapterTypeMap = DefaultTreeAdapterMap>(html: string, options?: ParserOptions<T>): T['document'] {
  return RunParser.parse(html, options) as T['document'];
}

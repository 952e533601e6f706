/**
 * HTML5 parsing that does not spell out the bodies of scripts and style sheets.
 *
 * Those bodies are about a third of a typical page's characters (inline bundles, JSON state,
 * CSS), never text a reader sees, and parse5's tokenizer walks them one character at a time.
 * Skipping them saves about a quarter of parsing.
 *
 * The skip happens inside parse5's own tree construction, at the moment the parser switches
 * its tokenizer into a raw-text state for a `<script>` or `<style>` (or `<xmp>`, `<noembed>`,
 * `<noframes>`) in the HTML namespace. So whether a tag opens raw text at all (inside `<svg>`
 * a `<style>` is markup; in a frameset a `<script>` is dropped) is decided by the parser, never
 * guessed from the bytes. From there the end of the body is where the tokenizer would find it:
 * - raw text ends at the first `</name` followed by white space, `/` or `>` (ASCII case-insensitive);
 * - script data ends there too unless a `<!--` comes first, which can enter the escaped states
 *   in which a `</script>` does not end the script: the skip then stops at the `<!--` and the
 *   tokenizer reads the rest itself.
 * The resulting tree is parse5's tree with those elements' text left out, and nothing else
 * changed; test/dom/raw-text.test.ts checks that against plain parse5 on generated token soups.
 * JSON-LD scripts are kept whole: the features read them.
 */
import { Parser, TokenizerMode, type DefaultTreeAdapterMap, type ParserOptions, type Token } from 'parse5';

/** Elements whose raw-text body pith never reads, with the regular expression that finds where it ends. */
const BODY_END: ReadonlyMap<string, RegExp> = new Map([
  ['script', /<!--|<\/script[\t\n\f\r />]/gi],
  ...['style', 'xmp', 'noembed', 'noframes'].map((name) => [name, new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi')] as const),
]);

/** The scripts pith reads: the same test as the tree builder's (attribute values arrive decoded). */
export function isJsonLdScript(attrs: readonly Token.Attribute[]): boolean {
  const type = attrs.find((a) => a.name === 'type');
  return type !== undefined && type.value.toLowerCase().includes('ld+json');
}

type TokenizerState = (typeof TokenizerMode)[keyof typeof TokenizerMode];

class BodySkippingParser extends Parser<DefaultTreeAdapterMap> {
  override _switchToTextParsing(token: Token.TagToken, state: TokenizerState): void {
    super._switchToTextParsing(token, state);
    if (state !== TokenizerMode.RAWTEXT && state !== TokenizerMode.SCRIPT_DATA) return;
    const endRe = BODY_END.get(token.tagName);
    if (endRe === undefined || (token.tagName === 'script' && isJsonLdScript(token.attrs))) return;
    // The tokenizer stands on the start tag's '>': the body begins at the next character.
    const input = this.tokenizer.preprocessor;
    endRe.lastIndex = input.pos + 1;
    const end = endRe.exec(input.html);
    input.pos = (end === null ? input.html.length : end.index) - 1;
  }
}

/** parse5's document for `html`, scripting off, with script and style bodies left out (see above). */
export function parseWithoutRawTextBodies(html: string, options: ParserOptions<DefaultTreeAdapterMap> = {}): DefaultTreeAdapterMap['document'] {
  return BodySkippingParser.parse(html, options) as DefaultTreeAdapterMap['document'];
}

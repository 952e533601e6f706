/**
 * Code in an article is content: a documentation page's examples are what its reader came
 * for, yet the model, trained mostly on news, gives a `<pre>` block of CSS or shell a middling
 * p(body). A text block inside `<pre>` (or whose own element is `<code>`, a block of code
 * outside `<pre>`) that lies inside the content region becomes body when its p(body) is above
 * `codeMinBody`. Comment sections are left out (code in a reply is the reply's).
 *
 * Measured (docs/quality.md): wcxb-dev's documentation pages keep 1006 of their 1010 visible
 * gold `<pre>` blocks (978 without the rule); its gold leaves some examples out (MDN's live
 * examples' source), which costs word F1 there.
 */
import { BODY } from '../blocks.js';
import type { DecodeRule } from '../rule.js';
import { INLINE_TAGS } from '../../segment/segment.js';

const IN_PRE = /(?:^|\/)pre(?:\/|$)/;

/**
 * `pre` anywhere on the path, or `code` as the block's own element placed as a block (its
 * parent not inline: NPR's `<b><code>&lt;iframe ...` "embed this" snippet is no example).
 */
function isCodeBlock(tagPath: string): boolean {
  if (IN_PRE.test(tagPath)) return true;
  const parts = tagPath.split('/');
  return parts[parts.length - 1] === 'code' && parts.length > 1 && !INLINE_TAGS.has(parts[parts.length - 2]!);
}

export const codeInRegion: DecodeRule = {
  name: 'code-in-region',
  doc: 'text blocks in `<pre>` (or a block-level `<code>`) inside the content region become body when p(body) is above `codeMinBody`',
  apply(s, cfg) {
    const { blocks, probs, labels, region, setAsideBlocks } = s;
    if (!region || !(cfg.codeMinBody < 1)) return;
    for (let i = region[0]; i <= region[1]; i++) {
      const b = blocks[i]!;
      if (labels[i] !== 'other' || b.kind !== 'text' || !b.text.trim() || setAsideBlocks?.[i]) continue;
      if (!isCodeBlock(b.tagPath) || !(probs[i]![BODY]! > cfg.codeMinBody)) continue;
      s.relabel(i, 'body', 'code inside the content region');
    }
  },
};

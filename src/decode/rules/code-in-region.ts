/**
 * Code in an article is content: a documentation page's examples are what its reader came
 * for, yet the model, trained mostly on news, gives a `<pre>` block of CSS or shell a middling
 * p(body). A text block inside `<pre>` (or whose own element is `<code>`, a block of code
 * outside `<pre>`) that lies inside the content region becomes body when its p(body) is above
 * `codeMinBody`. So does one between the title and a region that starts a few blocks below
 * it: a reference page's declaration under its heading (rustdoc's `pub enum Result<T, E>`),
 * which the description then explains. Comment sections are left out (code in a reply is the
 * reply's).
 */
import { BODY } from '../blocks.js';
import { BlockTag, type DecodeRule } from '../rule.js';
import { INLINE_TAGS } from '../../segment/segment.js';

const IN_PRE = /(?:^|\/)pre(?:\/|$)/;
/** Code between the title and the region counts when the region starts at most this many blocks below the title. */
const TITLE_GAP = 6;

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
  doc: 'text blocks in `<pre>` (or a block-level `<code>`) inside the content region, or between the title and a region starting at most 6 blocks below it, become body when p(body) is above `codeMinBody`',
  apply(s, _page, settings) {
    const { blocks, probs, labels, region } = s;
    if (!region || !(settings.codeMinBody < 1)) return;
    const title = labels.indexOf('title');
    const start = title >= 0 && title < region[0] && region[0] - title <= TITLE_GAP ? title + 1 : region[0];
    for (let i = start; i <= region[1]; i++) {
      const b = blocks[i]!;
      if (labels[i] !== 'other' || b.kind !== 'text' || !b.text.trim() || s.has(i, BlockTag.setAside)) continue;
      if (!isCodeBlock(b.tagPath) || !(probs[i]![BODY]! > settings.codeMinBody)) continue;
      s.relabel(i, 'body', i < region[0] ? 'code between the title and the content region' : 'code inside the content region');
    }
  },
};

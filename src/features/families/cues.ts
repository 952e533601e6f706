/**
 * Short text cues that mark a line as furniture around an article rather than its text, in
 * many languages: photo credits, gallery counters, licence lines, publication datelines,
 * lead-ins to related links, and a comment thread's buttons and headings. The bag of words
 * sees the words but not where they stand, and spreads one cue over a dozen languages'
 * spellings; here each cue is one attribute.
 */
import type { FeatureFamily } from '../family.js';
import { NONE } from '../family.js';
import { blockWordCounts } from './lexical.js';
import { AGENCY, COMMENTS_LINE, COUNTER, CREDIT_MARK, CREDIT_SIGN, DATELINE, LEAD_IN, LICENSE, REPLY, SAYS } from '../cue-words.js';

/** Blocks longer than this are prose; only credits at their very end are looked for. */
const SHORT_CHARS = 160;
/** Words of a lead-in line ("Auch interessant:", "Read more"). */
const LEAD_IN_WORDS = 6;
/** Words of a caption or credit line that carries a credit (`cue:short`). */
const CREDIT_LINE_WORDS = 12;

const DIGIT = /\d/;

const CUES = ['credit', 'counter', 'license', 'dateline', 'lead-in', 'reply', 'comments'] as const;
type Cue = (typeof CUES)[number];
/** Attribute names of each cue: the block's own, and the ones it gives its neighbours. */
const OWN_NAME = new Map(CUES.map((c) => [c, `cue:${c}`]));
const BEFORE_NAME = new Map(CUES.map((c) => [c, `cue-1:${c}`]));
const AFTER_NAME = new Map(CUES.map((c) => [c, `cue+1:${c}`]));

/** The cues of a block with none (most): one shared list. */
const NO_CUES: readonly Cue[] = Object.freeze([]);

function cuesOf(text: string, words: number): readonly Cue[] {
  // Made at the first cue found: most blocks have none.
  let out: Cue[] | undefined;
  const short = text.length <= SHORT_CHARS;
  // A long block is checked only at its end, where a caption's credit sits.
  const probe = short ? text : text.slice(-80);
  // Cheap tests first: most blocks have no colon, no copyright sign and no digit.
  const mayBeSign = probe.includes('©') || probe.includes('(') || probe.includes('opyright') || probe.includes('OPYRIGHT');
  if ((probe.includes(':') && CREDIT_MARK.test(probe)) || (mayBeSign && CREDIT_SIGN.test(probe)) || (short && AGENCY.test(probe))) {
    (out ??= []).push('credit');
  }
  if (!short) return out ?? NO_CUES;
  const digit = DIGIT.test(text);
  if (digit && COUNTER.test(text)) (out ??= []).push('counter');
  if (LICENSE.test(text)) (out ??= []).push('license');
  if (digit && DATELINE.test(text)) (out ??= []).push('dateline');
  if (words <= LEAD_IN_WORDS && (text.endsWith(':') || LEAD_IN.test(text))) (out ??= []).push('lead-in');
  if (REPLY.test(text) || (text.endsWith(':') && SAYS.test(text))) (out ??= []).push('reply');
  if (words <= LEAD_IN_WORDS && COMMENTS_LINE.test(text)) (out ??= []).push('comments');
  return out ?? NO_CUES;
}

/** Cues that also mark the blocks beside them: a caption's credit and counter, a comment's buttons. */
const NEIGHBOUR_CUES: ReadonlySet<Cue> = new Set(['credit', 'counter', 'reply']);

export const cuesFamily: FeatureFamily = {
  name: 'cues',
  doc: "Text cues of article furniture, in many languages: `cue:credit` (a photo or source credit: `Foto:`, `(Photo: ...)`, `©`, an agency name in a short line; in a long block only at its end), `cue:counter` (a gallery counter, `Bild 3 von 10`), `cue:license` (licence or rights line), `cue:dateline` (`Published: ...`, `Aktualisiert am ...` with a number), `cue:lead-in` (a short line leading to related links, `Auch interessant:`, `Read more`, or any short line ending in a colon), `cue:reply` (a comment's button or header: `Reply`, `Antworten`, `Report`, `Permalink`, `Anna says:`), `cue:comments` (the comment section's heading, count or form: `12 Comments`, `Kommentare (3)`, `Leave a Reply`); all but the credit only in blocks of 160 characters or less. `cue:short` marks a credit in a block of 12 words or less (a caption or credit line). `cue-1:<cue>` / `cue+1:<cue>` give the previous and next text block's credit, counter and reply cues, since a caption stands next to its credit and counter, and a comment between its header and its buttons. Column cue: the first cue or `_`.",
  columns: [{ name: 'cue', kind: 'symbolic' }],
  attributes: ['cue:*', 'cue-1:*', 'cue+1:*'],
  compute(ctx, out) {
    const words = blockWordCounts(ctx);
    const cues: (readonly Cue[])[] = ctx.blocks.map((b, i) => (b.kind === 'text' && b.text.length > 0 ? cuesOf(b.text, words[i]!) : NO_CUES));
    // Neighbouring text blocks, skipping images: a caption's credit may sit past its image.
    let prev = -1;
    for (let i = 0; i < cues.length; i++) {
      if (ctx.blocks[i]!.kind !== 'text') continue;
      const own = cues[i]!;
      for (const c of own) out.attr(i, OWN_NAME.get(c)!);
      if (own.includes('credit') && words[i]! <= CREDIT_LINE_WORDS) out.attr(i, 'cue:short');
      out.col(i, 0, own[0] ?? NONE);
      if (prev >= 0) {
        for (const c of cues[prev]!) if (NEIGHBOUR_CUES.has(c)) out.attr(i, BEFORE_NAME.get(c)!);
        for (const c of own) if (NEIGHBOUR_CUES.has(c)) out.attr(prev, AFTER_NAME.get(c)!);
      }
      prev = i;
    }
  },
};

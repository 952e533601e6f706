/**
 * Prose the model missed. A run is prose blocks (at least `fallbackMinWords` words, mostly not
 * link text, not the title, not in a comment section) with at most `proseGap` other text blocks
 * between them; its weight is sum(words x (p(body) + `prosePrior`)), so the model's doubt still
 * ranks the runs but a long article the model wholly missed beats a lone paragraph it half
 * believed. Runs at least `companionRunShare` of the heaviest one's weight go with it (parts of
 * the same text a box split apart; `content-region` still drops far ones). They become body when
 * the page has no body at all (an empty article is the worst result for a reader), or when the
 * body the model found is under `rescueShare` of their text (a chain stuck in `other` through a
 * whole post leaves only a stray list item or two as body); then blocks whose p(body) is under
 * `rescueMinBody` stay as they are.
 */
import { BlockTag, type DecodeRule } from '../rule.js';
import { BODY, isLinkText } from '../blocks.js';
import { countWordEquivalents } from '../../features/text-stats.js';

export const proseRescue: DecodeRule = {
  name: 'prose-rescue',
  doc: "the heaviest run of prose (with runs nearly as heavy) becomes body when the page has no body, or when the model's body is under `rescueShare` of its text",
  apply(s, _page, settings) {
    if (!(settings.fallbackMinWords > 0)) return;
    const { blocks, probs, labels } = s;
    const n = blocks.length;
    // This runs on every page: a block too short to hold fallbackMinWords words
    // (each word takes a character and a separator) is not split at all.
    const minChars = 2 * settings.fallbackMinWords - 1;
    const words = (i: number) => {
      const b = blocks[i]!;
      if (b.kind !== 'text' || labels[i] === 'title' || b.text.length < minChars || isLinkText(b) || s.has(i, BlockTag.setAside)) return 0;
      return countWordEquivalents(b.text);
    };
    let best: number[] = [];
    let bestWeight = 0;
    const runs: Array<{ blocks: number[]; weight: number }> = [];
    let run: number[] = [];
    let weight = 0;
    let gap = 0;
    const close = () => {
      if (run.length > 0) runs.push({ blocks: run, weight });
      if (weight > bestWeight) {
        bestWeight = weight;
        best = run;
      }
      run = [];
      weight = 0;
    };
    for (let i = 0; i < n; i++) {
      const w = words(i);
      if (w >= settings.fallbackMinWords) {
        run.push(i);
        weight += w * (probs[i]![BODY]! + settings.prosePrior);
        gap = 0;
      } else if (blocks[i]!.kind === 'text' && ++gap > settings.proseGap) {
        close();
      }
    }
    close();
    const companions = settings.companionRunShare > 0
      ? runs.filter((r) => r.blocks !== best && r.weight >= settings.companionRunShare * bestWeight).flatMap((r) => r.blocks)
      : [];
    best = [...best, ...companions].sort((a, b) => a - b);
    let bodyChars = 0;
    for (let i = 0; i < n; i++) if (labels[i] === 'body' && blocks[i]!.kind === 'text') bodyChars += blocks[i]!.text.length;
    if (bodyChars === 0) {
      for (const i of best) s.relabel(i, 'body', 'the page had no body: its heaviest run of prose');
    } else if (settings.rescueShare > 0) {
      const runChars = best.reduce((a, i) => a + blocks[i]!.text.length, 0);
      if (bodyChars < settings.rescueShare * runChars) {
        for (const i of best) {
          if (probs[i]![BODY]! >= settings.rescueMinBody) s.relabel(i, 'body', 'the body found was a small part of the heaviest run of prose');
        }
      }
    }
  },
};

/**
 * `npm run bench:errors`: what the noise pith keeps is made of (issue 25's error analysis).
 * Cross-site folds over the train corpora (the bundled recipe retrained per fold, as
 * bench:quality), every test page extracted; each block the extraction keeps (title, heading,
 * body) whose gold label is `other` is a false positive (on snippet gold, one that holds a
 * `without` snippet), sorted into one class by its text
 * and place: readers' comments, ads, captions and credits, licence lines, bylines and
 * datelines, related-story lead-ins and link lists, share lines, newsletter boxes, short
 * lines, prose the gold leaves out, and the rest. Counts and characters per corpus, and the
 * same for the body blocks the extraction loses (false negatives) by where they sit.
 * Env: FOLDS (5), LIMIT (pages per corpus), OUT (Markdown path).
 */
import { writeFile } from 'node:fs/promises';
import { computeFeatures } from '../src/features/index.js';
import { AD_LABEL, AGENCY, COMMENTS_LINE, CREDIT_MARK, CREDIT_SIGN, COUNTER, DATELINE, LEAD_IN, LICENSE, REPLY, SAYS } from '../src/features/cue-words.js';
import { trainOnSequences } from '../src/learn/train.js';
import { CROSS_SITE_PARAMS, DEFAULT_MODEL_RECIPE } from '../src/learn/default-model.js';
import type { LabeledSequence } from '../src/models/labeler.js';
import { commentSectionBlocks } from '../src/decode/comments.js';
import { adSlotBlocks } from '../src/decode/ads.js';
import { extractPage, inMemoryModel } from '../src/pipeline/extract.js';
import { loadForEval } from '../src/eval/load.js';
import type { LoadedPage, PageRef } from '../src/eval/runner.js';
import { crossSiteFolds, openCorpora } from './folds.js';
import type { Block } from '../src/segment/segment.js';

const folds = Number(process.env.FOLDS ?? 5);
const limit = process.env.LIMIT ? Number(process.env.LIMIT) : undefined;
const log = (s: string) => process.stderr.write(`[errors ${new Date().toISOString().slice(11, 19)}] ${s}\n`);

export const NOISE_CLASSES = [
  'comments', 'ads', 'captions & credits', 'licence & legal', 'bylines & datelines', 'related & link lists',
  'share lines', 'newsletter & subscribe', 'short lines', 'prose before the article', 'prose inside the article',
  'prose after the article', 'other',
] as const;
type NoiseClass = (typeof NOISE_CLASSES)[number];

const SHARE = /\b(?:share|tweet|facebook|twitter|linkedin|whatsapp|pinterest|reddit|e-?mail\s+this|teilen|partager|compartir|condividi)\b/iu;
const SUBSCRIBE = /\b(?:subscribe|newsletter|sign\s+up|abonn\w*|anmelden|inscri\w*|suscr\w*|iscriviti)\b/iu;
const BYLINE = /^(?:by|von|par|por|di|door|av)\s+\p{Lu}/u;
const norm = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();
const words = (s: string): number => s.split(/\s+/).filter(Boolean).length;

/** Where a block lies against the gold body: before its first block, between its blocks, after its last. */
type Place = 'before' | 'inside' | 'after';

function classify(b: Block, inComments: boolean, inAd: boolean, place: Place): NoiseClass {
  const t = b.text.trim();
  if (inComments || REPLY.test(t) || SAYS.test(t) || COMMENTS_LINE.test(t)) return 'comments';
  if (inAd || AD_LABEL.test(t)) return 'ads';
  if (b.kind !== 'text' || /(?:^|\/)fig(?:caption|ure)(?:\/|$)/.test(b.tagPath) || CREDIT_MARK.test(t) || AGENCY.test(t) || COUNTER.test(t)) return 'captions & credits';
  if (LICENSE.test(t) || CREDIT_SIGN.test(t)) return 'licence & legal';
  if (DATELINE.test(t) || (BYLINE.test(t) && words(t) <= 12)) return 'bylines & datelines';
  if (LEAD_IN.test(t) || (b.linkChars > 0.5 * t.length && t.length > 0)) return 'related & link lists';
  if (SHARE.test(t) && t.length < 80) return 'share lines';
  if (SUBSCRIBE.test(t) && words(t) < 40) return 'newsletter & subscribe';
  if (words(t) < 8) return 'short lines';
  if (words(t) >= 12) return `prose ${place === 'inside' ? 'inside' : place} the article` as NoiseClass;
  return 'other';
}

/** Where a lost body block sat: what kept the model from it. */
const MISS_CLASSES = ['inside comment sections', 'inside ad slots', 'captions & credits', 'link-heavy', 'short lines', 'prose'] as const;
type MissClass = (typeof MISS_CLASSES)[number];
function classifyMiss(b: Block, inComments: boolean, inAd: boolean): MissClass {
  const t = b.text.trim();
  if (inComments) return 'inside comment sections';
  if (inAd) return 'inside ad slots';
  if (b.kind !== 'text' || /(?:^|\/)fig(?:caption|ure)(?:\/|$)/.test(b.tagPath)) return 'captions & credits';
  if (b.linkChars > 0.5 * t.length && t.length > 0) return 'link-heavy';
  if (words(t) < 12) return 'short lines';
  return 'prose';
}

interface Tally { blocks: number; chars: number }
const tally = (): Tally => ({ blocks: 0, chars: 0 });

const { refs } = await openCorpora(DEFAULT_MODEL_RECIPE.corpora.filter((c) => c !== 'postlight-titles'), limit);
const features = DEFAULT_MODEL_RECIPE.features;
const seqs = new Map<PageRef, LabeledSequence | undefined>();
for (const [k, r] of refs.entries()) {
  try {
    const l = await loadForEval(r);
    const labels = l.gold.blockLabels;
    seqs.set(r, labels && labels.some((x) => x !== 'unknown') ? { ...computeFeatures(l.page, features), pageId: r.page.id, site: r.page.site, labels } : undefined);
  } catch (e) {
    log(`skipped ${r.corpus.name}/${r.page.id}: ${(e as Error).message}`);
  }
  if ((k + 1) % 500 === 0) log(`loaded ${k + 1}/${refs.length}`);
}

const fp = new Map<string, Map<NoiseClass, Tally>>();
const fn = new Map<string, Map<MissClass, Tally>>();
const kept = new Map<string, Tally>();
const split = crossSiteFolds(refs, folds);
for (const fold of split.folds) {
  const train = fold.train.map((i) => seqs.get(refs[i]!)).filter((s): s is LabeledSequence => s !== undefined);
  const file = trainOnSequences(train, { algorithm: 'maxent', params: { ...CROSS_SITE_PARAMS['maxent'] }, features });
  const model = inMemoryModel(file);
  for (const i of fold.test) {
    const r = refs[i]!;
    // Loaded again rather than kept: 2 000 parsed pages do not fit in the heap beside the features.
    const l: LoadedPage | undefined = seqs.get(r) ? await loadForEval(r) : undefined;
    const gold = l?.gold.blockLabels;
    if (!l || !gold) continue;
    // Snippet gold (trafilatura-eval) marks no block other: there a kept block holding one of the
    // page's `without` snippets is the noise; complete gold counts every kept `other` block.
    const without = l.gold.partial ? (l.gold.snippets?.without ?? []).map(norm).filter(Boolean) : undefined;
    if (without && without.length === 0) continue;
    const result = extractPage(l.page, model);
    const firstBody = gold.indexOf('body');
    const lastBody = gold.lastIndexOf('body');
    const comments = commentSectionBlocks(l.page.tree, l.page.blocks);
    const ads = adSlotBlocks(l.page.tree, l.page.blocks);
    const corpus = r.corpus.name;
    const fpc = fp.get(corpus) ?? new Map<NoiseClass, Tally>();
    const fnc = fn.get(corpus) ?? new Map<MissClass, Tally>();
    const k = kept.get(corpus) ?? tally();
    fp.set(corpus, fpc);
    fn.set(corpus, fnc);
    kept.set(corpus, k);
    l.page.blocks.forEach((b, j) => {
      const out = result.labels[j]!;
      const g = gold[j]!;
      const keptNow = out !== 'other';
      if (keptNow) {
        k.blocks++;
        k.chars += b.text.length;
      }
      const isNoise = without ? without.some((w) => norm(b.text).includes(w)) : g === 'other';
      if (keptNow && isNoise) {
        const c = classify(b, comments[j] === 1, ads[j] === 1, j < firstBody ? 'before' : j > lastBody ? 'after' : 'inside');
        const t = fpc.get(c) ?? tally();
        t.blocks++;
        t.chars += b.text.length;
        fpc.set(c, t);
      } else if (!keptNow && g === 'body') {
        const c = classifyMiss(b, comments[j] === 1, ads[j] === 1);
        const t = fnc.get(c) ?? tally();
        t.blocks++;
        t.chars += b.text.length;
        fnc.set(c, t);
      }
    });
  }
  log(`fold ${fold.index + 1}/${folds} done`);
}

const pct = (a: number, b: number): string => (b > 0 ? `${((a / b) * 100).toFixed(1)}%` : '–');
const lines: string[] = [`# What kept noise is made of\n\n${new Date().toISOString()}; ${folds} cross-site folds, the bundled recipe retrained per fold; a kept block (title, heading, body) whose gold is other is noise; on snippet gold (trafilatura-eval), a kept block holding one of the page's 'without' snippets (its lost body: the gold blocks aligned from its 'with' snippets).\n`];
for (const corpus of [...fp.keys()].sort()) {
  const fpc = fp.get(corpus)!;
  const total = [...fpc.values()].reduce((a, t) => a + t.chars, 0);
  const k = kept.get(corpus)!;
  lines.push(`## ${corpus}: noise is ${pct(total, k.chars)} of the kept characters\n`);
  lines.push('| class | blocks | characters | share of noise |\n|---|---:|---:|---:|');
  for (const c of [...NOISE_CLASSES].sort((a, b) => (fpc.get(b)?.chars ?? 0) - (fpc.get(a)?.chars ?? 0))) {
    const t = fpc.get(c);
    if (t) lines.push(`| ${c} | ${t.blocks} | ${t.chars} | ${pct(t.chars, total)} |`);
  }
  const fnc = fn.get(corpus)!;
  const lost = [...fnc.values()].reduce((a, t) => a + t.chars, 0);
  lines.push(`\nBody lost (gold body, not kept): ${lost} characters\n\n| where | blocks | characters | share |\n|---|---:|---:|---:|`);
  for (const c of MISS_CLASSES) {
    const t = fnc.get(c);
    if (t) lines.push(`| ${c} | ${t.blocks} | ${t.chars} | ${pct(t.chars, lost)} |`);
  }
  lines.push('');
}
const text = lines.join('\n');
console.log(text);
if (process.env.OUT) await writeFile(process.env.OUT, text);

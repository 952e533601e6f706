/**
 * The decoder's settings: the tuning values its rules read, each with a default. What the page
 * itself says (its masks, kind, containers, roles, declared texts) is not a setting: it is the
 * page's evidence (`PageEvidence`, evidence.ts). How each default was chosen: docs/decoder-tuning.md.
 */
import { PithError } from '../errors.js';
import { PARAGRAPH_WORDS } from './blocks.js';

export interface DecodeSettings {
  /** p(body) is weighed by this against the other labels before the rules run: under 1 keeps less (precision), over 1 more (recall). Default 1. */
  readonly bodyWeight: number;
  /** p(body) is also weighed by the page's kind (`KIND_BODY_WEIGHTS`, `body-weight`). Default true; a site model's labels are never weighed so. */
  readonly kindBodyWeight: boolean;
  /** Least title probability for a block to become the title. Default 0.05: a page whose best title block stays under 0.2 usually still has it as that block. */
  readonly titleThreshold: number;
  /** Cost of noise between two body clusters that splits them (1 per block + 1 per 100 non-link chars). Default 12. */
  readonly maxGapCost: number;
  /** A secondary cluster is kept when its text is at least this share of the main one's. Default 0.25. */
  readonly minClusterShare: number;
  /** ... or at least this many characters. Default 150. */
  readonly minClusterChars: number;
  /** `minClusterShare` on the kinds whose content comes in sections apart (`SECTIONED_KINDS`). Default 0.1, or `minClusterShare` when that is given. */
  readonly sectionedMinClusterShare: number;
  /** `minClusterChars` on `SECTIONED_KINDS`. Default 60, or `minClusterChars` when that is given. */
  readonly sectionedMinClusterChars: number;
  /** With no body at all, the fallback takes runs of prose blocks of at least this many words each. Default 12; 0 = no fallback. */
  readonly fallbackMinWords: number;
  /** The heaviest run of prose also becomes body when the model's body text is under this share of it. Default 1; 0 = off. */
  readonly rescueShare: number;
  /**
   * When the rescue (not the no-body fallback) fires, blocks of the run whose p(body) is under
   * this stay as they are: a sign-off, a licence line or a caption the model is sure of is not
   * let in with the post around it. Default 0.2. 0 = every block of the run, for a chain stuck
   * in `other` that gives them all a low p(body).
   */
  readonly rescueMinBody: number;
  /** Other text blocks a run of prose may span. Default 2. */
  readonly proseGap: number;
  /** Added to p(body) when weighing runs of prose. Default 0.05. */
  readonly prosePrior: number;
  /** Other runs of prose at least this share of the heaviest one's weight go with it. Default 0.3; 0 = the heaviest alone. */
  readonly companionRunShare: number;
  /**
   * Body blocks that are mostly link text, after the body's last paragraph of prose, become
   * other when together they are under this share of the body's prose characters: a short
   * link list trailing an article (tags, "more on this", archive links) is not its text, while
   * a listing page's long run of teasers is. Default 0.3; 0 = off.
   */
  readonly linkTailShare: number;
  /**
   * When the page has a paragraph of prose outside its comment sections (and customer reviews),
   * p(body) of every block inside them is multiplied by this (what it loses goes to `other`) and
   * they are left out of the prose runs the rescue weighs. Default 0.2; 1 = off (the comment
   * sections are then not looked for).
   */
  readonly commentBody: number;
  /** p(body) of advertising blocks is multiplied by this (what it loses goes to `other`). Default 0; 1 = off. */
  readonly adBody: number;
  /**
   * A lead image in a `<figure>` just before the content region is kept when its p(body) is at
   * least this (other images need 0.5): publishers mark their lead photos as figures. Default 0.3.
   */
  readonly leadFigureMinBody: number;
  /**
   * A text block inside `<pre>` (or a block-level `<code>`) inside the content region becomes
   * body when its p(body) is above this: code in an article is content, and the model gives a
   * documentation page's examples a middling p(body). Default 0.1; 1 = off.
   */
  readonly codeMinBody: number;
  /**
   * The article's container is the innermost element holding at least this share of the
   * body's characters (and two of its blocks); body blocks after it, outside it, become
   * other (`article-end`). Default 0.8; above 0.5 to act; 0 = off (the containers are then not built).
   */
  readonly containerShare: number;
  /** Lead-in lines ("Read more", "Auch interessant") and the teasers they introduce become other (`lead-ins`). Default 1; 0 = off. */
  readonly leadIns: number;
  /** Lines that only credit a picture or name a source ("Foto: dpa", "Quelle: ...") become other (`credit-lines`). Default 1; 0 = off. */
  readonly creditLines: number;
  /** Lines that are only a date ("03.04.2020", a short `<time>`) become other (`date-lines`). Default 1; 0 = off. */
  readonly dateLines: number;
}

/** Settings as a caller gives them: any left out take their default. */
export type DecodeOptions = Partial<DecodeSettings>;

/** A share of p(body): outside [0, 1] it would make probabilities negative. */
function checkShare(name: 'commentBody' | 'adBody' | 'codeMinBody', value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1)) {
    throw new PithError('BAD_OPTION', `${name} must be a number in 0..1, got ${String(value)}`, name);
  }
}

function checkBodyWeight(weight: number): number {
  if (!(weight > 0 && Number.isFinite(weight))) throw new PithError('BAD_OPTION', `bodyWeight must be a positive number, got ${String(weight)}`, 'bodyWeight');
  return weight;
}

/** The settings `o` gives, the defaults for the rest; keys that are no setting are ignored. Bad values are BAD_OPTION errors. */
export function resolveDecodeSettings(o: DecodeOptions = {}): DecodeSettings {
  checkShare('commentBody', o.commentBody);
  checkShare('adBody', o.adBody);
  checkShare('codeMinBody', o.codeMinBody);
  return Object.freeze({
    bodyWeight: checkBodyWeight(o.bodyWeight ?? 1),
    kindBodyWeight: o.kindBodyWeight ?? true,
    titleThreshold: o.titleThreshold ?? 0.05,
    maxGapCost: o.maxGapCost ?? 12,
    minClusterShare: o.minClusterShare ?? 0.25,
    minClusterChars: o.minClusterChars ?? 150,
    sectionedMinClusterShare: o.sectionedMinClusterShare ?? o.minClusterShare ?? 0.1,
    sectionedMinClusterChars: o.sectionedMinClusterChars ?? o.minClusterChars ?? 60,
    fallbackMinWords: o.fallbackMinWords ?? PARAGRAPH_WORDS,
    rescueShare: o.rescueShare ?? 1,
    rescueMinBody: o.rescueMinBody ?? 0.2,
    proseGap: o.proseGap ?? 2,
    prosePrior: o.prosePrior ?? 0.05,
    companionRunShare: o.companionRunShare ?? 0.3,
    linkTailShare: o.linkTailShare ?? 0.3,
    commentBody: o.commentBody ?? 0.2,
    adBody: o.adBody ?? 0,
    leadFigureMinBody: o.leadFigureMinBody ?? 0.3,
    codeMinBody: o.codeMinBody ?? 0.1,
    containerShare: o.containerShare ?? 0.8,
    leadIns: o.leadIns ?? 1,
    creditLines: o.creditLines ?? 1,
    dateLines: o.dateLines ?? 1,
  });
}

/** The default settings. */
export const DEFAULT_DECODE_SETTINGS: DecodeSettings = resolveDecodeSettings();

/** The numeric settings, by name (for tools that take them as text: `bench/tune.ts`). */
export const DECODE_NUMBERS: readonly string[] = Object.freeze(
  Object.entries(DEFAULT_DECODE_SETTINGS).filter(([, v]) => typeof v === 'number').map(([k]) => k),
);

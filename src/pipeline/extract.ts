/**
 * The whole pipeline for one page with a trained model:
 * page -> features -> model (probabilities) -> constraints -> article.
 * The CLI's `extract` and `batch`, evaluation and the annotation tool all call this.
 */
import type { FoundList } from '../models/lists/find-lists.js';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LABELS, type Label } from '../labels.js';
import type { Page } from '../page.js';
import { loadPage, type LoadOptions } from '../page.js';
import { computeFeatures, type FeatureOptions } from '../features/index.js';
import type { SequenceInstance } from '../features/types.js';
import type { FeatureContribution, Labeler, ModelFile, Prediction } from '../models/labeler.js';
import { loadModel, siteModelsOf } from '../models/model-file.js';
import { labelerFromModel } from '../models/registry.js';
import { pickSiteModel, type SiteLabeler } from '../models/site-labeler.js';
import { siteLabelersOf } from '../models/site-models.js';
import { pickSite, type SitePick, type TemplatedSite } from '../models/site-pick.js';
import { featureOptionsOf, predictPage } from '../models/page-prediction.js';
import { constrainLabels, DECODE_RULES, SITE_DECODE_RULES, type AddedText, type ConstrainOptions, type DecodeNote } from '../decode/constrain.js';
import { commentSectionBlocks } from '../decode/comments.js';
import { reviewSectionBlocks } from '../decode/reviews.js';
import { setAsideMarks } from '../decode/dialogs.js';
import { adSlotBlocks } from '../decode/ads.js';
import { blockContainers } from '../decode/containers.js';
import { blockRoles } from '../decode/roles.js';
import { detectPageTypeOf, kindBodyWeight, pageKindOf, type PageType } from '../decode/page-type.js';
import { walkJsonLdObjects } from '../dom/json-ld.js';
import { siteKeys } from '../util/site-name.js';
import { pageDescriptions, productDescriptions } from '../features/page-meta.js';
import { buildArticle, findComments, toHtml, toMarkdown, toText, toTei, toXml, type Article, type ArticleOptions } from '../article/index.js';
import { extractionJson, toExtraction, type Extraction } from './extraction.js';
import { judgeFound } from './found.js';
import { PithError } from '../errors.js';
import type { FieldExtraction, FieldWarning } from '../models/wrapper/fields.js';
import { fieldsCsv } from './fields-csv.js';

/** A model file made usable: its labeler and the feature options it was trained with. */
export interface LoadedModel {
  readonly file: ModelFile;
  readonly labeler: Labeler;
  readonly featureOptions: FeatureOptions;
  /** Where it was loaded from. */
  readonly path: string;
  /** Per-host site models stored beside the general model (docs/sites.md); absent for most models. */
  readonly sites?: readonly TemplatedSite[];
}

export { pickSiteModel, featureOptionsOf, type SiteLabeler };

export interface ExtractResult {
  readonly page: Page;
  readonly article: Article;
  /** Final labels after constraints. */
  readonly labels: readonly Label[];
  /** The model's per-block probabilities (LABELS order), before constraints. */
  readonly probs: readonly (readonly number[])[];
  readonly confidence: number;
  readonly notes: readonly DecodeNote[];
  /** Paragraphs the article got that no block holds, with the rule that found them (`product-description`). */
  readonly addedText?: AddedText;
  /** The block features by name (built on first read when the model took the encoded path). */
  readonly features: SequenceInstance;
  /**
   * With a model that holds site models: which labelled the page, the site model's algorithm
   * ('wrapper', 'maxent', ...) or 'general' (no site model for the host, or it did not recognise the page).
   */
  readonly extractor?: string;
  /** The site model that labelled the page and why it was picked (by host, by template with its fit, or named). */
  readonly site?: SiteChoice;
  /** A site model was picked but did not take the page (its template, or its rules, no longer fit): the general model labelled it. */
  readonly siteDrift?: SiteDrift;
  /** The page's kind as the decoder saw it (`website`: of unknown kind, but declared a website or a site's front page). */
  readonly pageKind: PageType | 'website';
  /** The weight p(body) was weighed by: `bodyWeight` times the kind's (`KIND_BODY_WEIGHTS`). */
  readonly bodyWeight: number;
  /** Named fields, records and drift warnings, when the page's site model has field rules (docs/fields.md). */
  readonly fields?: FieldExtraction;
}

/** `metadata.site`: the site model that labelled the page, how it was picked, the page's template fit where compared. */
export interface SiteChoice {
  readonly host: string;
  readonly by: SitePick['by'];
  readonly fit?: number;
}

/** `metadata.siteDrift`: the site model the page was meant for, and why it did not take it. */
export interface SiteDrift {
  readonly host: string;
  /** `template`: the page's skeleton no longer fits the site's templates; `rules`: its rules find no article on it. */
  readonly reason: 'template' | 'rules';
  readonly fit?: number;
}

export type OutputFormat = 'text' | 'markdown' | 'html' | 'json' | 'csv' | 'xml' | 'tei';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'markdown', 'html', 'json', 'csv', 'xml', 'tei'];
/** Other names a `--format` value may be given as (trafilatura's `txt`). */
const FORMAT_ALIASES: Readonly<Record<string, OutputFormat>> = Object.freeze({ txt: 'text' });

/** A `--format` value as an output format (aliases resolved), else undefined. */
export function outputFormatNamed(name: string): OutputFormat | undefined {
  const f = Object.hasOwn(FORMAT_ALIASES, name) ? FORMAT_ALIASES[name]! : name;
  return (OUTPUT_FORMATS as readonly string[]).includes(f) ? (f as OutputFormat) : undefined;
}

/** Walks up from this file to the package root (the folder with package.json). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return process.cwd();
}

/** The folder of the models the package ships (`models/`). */
export function shippedModelsDir(): string {
  return join(packageRoot(), 'models');
}

/** The bundled default model: `models/default.model.json.gz` in the package (PITH_MODEL overrides). */
export function bundledModelPath(): string {
  return process.env['PITH_MODEL'] ?? join(packageRoot(), 'models', 'default.model.json.gz');
}

/**
 * The model `--render` uses: `models/rendered.model.json.gz` (trained with the visual family on
 * rendered pages) when the package ships one, else the bundled model (PITH_RENDERED_MODEL overrides).
 */
export function renderedModelPath(): string {
  const explicit = process.env['PITH_RENDERED_MODEL'];
  if (explicit) return explicit;
  const shipped = join(packageRoot(), 'models', 'rendered.model.json.gz');
  return existsSync(shipped) ? shipped : bundledModelPath();
}

/**
 * What `--render` without `--model` should tell the user when no rendered model is there: the
 * bundled model reads no layout, so rendering then changes nothing but the time taken.
 */
export function renderedModelNote(): string | undefined {
  if (renderedModelPath() !== bundledModelPath()) return undefined;
  return 'no rendered model is installed (models/rendered.model.json.gz is not shipped): extracting with the bundled model, ' +
    'which reads no layout, so the text is what it would be without --render; give --model a model trained with the visual family (docs/render.md)';
}

export async function loadExtractionModel(path: string = bundledModelPath()): Promise<LoadedModel> {
  if (!existsSync(path)) {
    throw new PithError('BAD_MODEL', path === bundledModelPath() ? 'the bundled model is missing; rebuild it with `npm run model:build`' : 'no such model file', path);
  }
  const file = await loadModel(path);
  const labeler = labelerFromModel(file);
  const entries = siteModelsOf(file);
  let sites: TemplatedSite[] | undefined;
  if (entries.length > 0) {
    sites = siteLabelersOf(entries, path);
  }
  return Object.freeze({ file, labeler, featureOptions: featureOptionsOf(file, path), path, ...(sites ? { sites } : {}) });
}

/** A model file already in memory (a fold's, a benchmark's) made ready to extract with; site models it holds are not loaded. */
export function inMemoryModel(file: ModelFile): LoadedModel {
  return Object.freeze({ file, labeler: labelerFromModel(file), featureOptions: featureOptionsOf(file), path: '<memory>' });
}

export interface ExtractOptions extends ConstrainOptions {
  /** How the article is built from the labels (images, nesting, language detection). */
  readonly article?: ArticleOptions;
  /**
   * p(body) is weighed by this against the other labels before the decoder runs (the model's
   * probabilities are reported unchanged): under 1 keeps less (precision), over 1 more (recall).
   * Default 1.
   */
  readonly bodyWeight?: number;
  /**
   * false: p(body) is not also weighed by the page's kind (`KIND_BODY_WEIGHTS`: more on pages
   * that are not articles). Default true; a site model's labels are never weighed so.
   */
  readonly kindBodyWeight?: boolean;
  /** The site model to use, by host or `template:` name (`--site`), whatever the page's URL or template. */
  readonly site?: string;
  /** Also read the readers' comments of the page's comment sections into `article.comments` (`includeComments`). */
  readonly comments?: boolean;
}

const BODY = LABELS.indexOf('body');

/** Probabilities with p(body) multiplied by `weight` and each row summing to 1 again. */
export function weighBody(probs: readonly (readonly number[])[], weight: number): number[][] {
  checkBodyWeight(weight);
  return probs.map((row) => {
    const scaled = row.map((p, k) => (k === BODY ? p * weight : p));
    const sum = scaled.reduce((a, b) => a + b, 0);
    return sum > 0 ? scaled.map((p) => p / sum) : scaled;
  });
}

function checkBodyWeight(weight: number): number {
  if (!(weight > 0 && Number.isFinite(weight))) throw new PithError('BAD_OPTION', `bodyWeight must be a positive number, got ${String(weight)}`, 'bodyWeight');
  return weight;
}

/** Comment sections left to the model (`pith batch --keep-comments`): for forums, whose replies are the content. */
export const KEEP_COMMENTS: ExtractOptions = Object.freeze({ commentBody: 1 });

/** Declared headlines a page carries, for the title tie-break (never a replacement). */
export function declaredTitles(page: Page): string[] {
  const out: string[] = [];
  for (const m of page.tree.meta) if (m.key === 'og:title' || m.key === 'twitter:title' || m.key === 'headline') out.push(m.content);
  walkJsonLdObjects(page.tree, (o) => {
    const headline = o['headline'];
    if (typeof headline === 'string' && headline.trim()) out.push(headline);
  });
  if (page.tree.title) out.push(page.tree.title);
  return out;
}

/** What the page's site calls itself: its declared name (og:site_name, application-name) and its URL's host labels. */
export function declaredSiteKeys(page: Page): string[] {
  const name = page.tree.meta.find((m) => m.key === 'og:site_name' || m.key === 'application-name')?.content;
  return siteKeys(name, [page.url, siteUrlOf(page)]);
}

/** The text of the block the article builder takes the headline from (the first non-empty title block). */
function titleBlockText(page: Page, labels: readonly Label[]): string | undefined {
  const i = labels.findIndex((l, k) => l === 'title' && page.blocks[k]!.kind === 'text' && page.blocks[k]!.text.trim() !== '');
  return i >= 0 ? page.blocks[i]!.text : undefined;
}

export function extractPage(page: Page, model: LoadedModel, options: ExtractOptions = {}): ExtractResult {
  const { labeler, featureOptions } = model;
  let features: SequenceInstance | undefined;
  let general: Prediction | undefined;
  const predictGeneral = (): Prediction => {
    return (general ??= predictPage(page, labeler, featureOptions, () => (features ??= computeFeatures(page, featureOptions))));
  };
  const pageUrl = siteUrlOf(page);
  const pick = (model.sites && model.sites.length > 0) || options.site !== undefined ? pickSite(model.sites, pageUrl, page.tree, options.site) : undefined;
  const site = pick && !pick.drift ? pick.site : undefined;
  const sitePrediction = site?.labelPage(page, predictGeneral);
  const fields = site?.extractFields?.(page);
  const prediction = sitePrediction ?? predictGeneral();
  const extractor = model.sites && model.sites.length > 0 ? (sitePrediction ? site!.algorithm : 'general') : undefined;
  // A site model with field rules but no article rules took the page too: its fields, not drift.
  const siteMarks = pick ? siteMarksOf(pick, sitePrediction !== undefined || fields !== undefined) : {};
  const roles = options.blockRoles ?? blockRoles(page.tree, page.blocks);
  const detected = options.pageType === undefined ? detectPageTypeOf(page.tree, roles, page.blocks, pageUrl) : { type: options.pageType, byOpenGraph: false };
  const pageType = detected.type;
  const kindWeight = sitePrediction || options.kindBodyWeight === false ? 1 : kindBodyWeight(detected);
  const weight = checkBodyWeight(options.bodyWeight ?? 1) * kindWeight;
  let setAside: ReturnType<typeof setAsideMarks> | undefined;
  const setAsideOf = (): ReturnType<typeof setAsideMarks> => (setAside ??= setAsideMarks(page.tree, page.blocks));
  const commentMarks = options.commentBlocks ?? (options.commentBody === 1 && !options.comments ? undefined : commentSectionBlocks(page.tree, page.blocks));
  const constrained = constrainLabels(page.blocks, weight === 1 ? prediction.probs : weighBody(prediction.probs, weight), {
    ...options,
    blockRoles: roles,
    pageType,
    pageTypeByOpenGraph: options.pageTypeByOpenGraph ?? detected.byOpenGraph,
    declaredTitles: options.declaredTitles ?? declaredTitles(page),
    siteKeys: options.siteKeys ?? declaredSiteKeys(page),
    declaredDescriptions: options.declaredDescriptions ?? pageDescriptions(page.tree),
    productDescriptions: options.productDescriptions ?? (pageType === 'product' ? productDescriptions(page.tree) : undefined),
    commentBlocks: options.commentBody === 1 ? options.commentBlocks : commentMarks,
    reviewBlocks: options.reviewBlocks ?? (options.commentBody === 1 || (pageType !== 'product' && pageType !== 'unknown') ? undefined : reviewSectionBlocks(page.tree, page.blocks)),
    adBlocks: options.adBlocks ?? (options.adBody === 1 ? undefined : adSlotBlocks(page.tree, page.blocks)),
    dialogBlocks: options.dialogBlocks ?? setAsideOf().dialogBlocks,
    footerBlocks: options.footerBlocks ?? setAsideOf().footerBlocks,
    asideBlocks: options.asideBlocks ?? setAsideOf().asideBlocks,
    noContentBlocks: options.noContentBlocks ?? setAsideOf().noContentBlocks,
    // With hidden text asked for (or revealed: the page hides nearly all of it), none is set aside.
    hiddenBlocks: options.hiddenBlocks ?? (page.includesHidden ? undefined : setAsideOf().hiddenBlocks),
    blockContainers: options.blockContainers ?? (options.containerShare === 0 ? undefined : blockContainers(page.tree, page.blocks)),
  }, sitePrediction && !site!.decodesAsGeneral ? SITE_DECODE_RULES : DECODE_RULES);
  const built = buildArticle(page, constrained.labels, { includeHidden: page.includesHidden, ...options.article }, constrained.addedText);
  // The site's conventions that do not depend on its template (its <title> pattern) apply to a drifted page too.
  const conventions = pick?.site;
  const titled = conventions?.headline ? { ...built, title: conventions.headline(page, built.title, titleBlockText(page, constrained.labels), sitePrediction !== undefined) } : built;
  const article = options.comments && commentMarks ? { ...titled, comments: Object.freeze(findComments(page.tree, page.blocks, commentMarks)) } : titled;
  return {
    page, article, labels: constrained.labels, probs: prediction.probs, confidence: constrained.confidence,
    notes: constrained.notes, ...(extractor !== undefined ? { extractor } : {}), ...siteMarks, ...(constrained.addedText ? { addedText: constrained.addedText } : {}),
    pageKind: pageKindOf(detected), bodyWeight: weight, ...(fields ? { fields } : {}),
    get features() {
      return (features ??= computeFeatures(page, featureOptions));
    },
  };
}

/** What the result says of the site model picked: the one that labelled the page, or the drift that sent it to the general model. */
function siteMarksOf(pick: SitePick, labelled: boolean): { site?: SiteChoice; siteDrift?: SiteDrift } {
  const fit = pick.fit !== undefined ? { fit: pick.fit } : {};
  if (labelled) return { site: { host: pick.site.host, by: pick.by, ...fit } };
  return { siteDrift: { host: pick.site.host, reason: pick.drift ?? 'rules', ...fit } };
}

/**
 * The URL a site model is picked by: the caller's, else the one the page gives for itself
 * (`<base href>`, `og:url`, a canonical link), so that saved pages of a site find its model
 * without `--url`.
 */
export function siteUrlOf(page: Page): string | undefined {
  if (page.url) return page.url;
  const tree = page.tree;
  if (tree.baseUrl) return tree.baseUrl;
  const og = tree.meta.find((m) => m.key === 'og:url')?.content.trim();
  if (og) return og;
  for (const n of tree.nodes) {
    if (n.kind === 'element' && n.tag === 'link' && /(?:^|\s)canonical(?:\s|$)/i.test(n.attrs['rel'] ?? '') && n.attrs['href']) return n.attrs['href'];
  }
  return undefined;
}

export function extractBytes(bytes: Uint8Array, model: LoadedModel, load: LoadOptions = {}, options: ExtractOptions = {}, subject?: string): ExtractResult {
  return extractPage(loadPage(bytes, load, subject), model, options);
}

export interface BlockExplanation {
  readonly index: number;
  readonly kind: string;
  readonly label: Label;
  /** The model's label before constraints, when different. */
  readonly modelLabel: Label;
  readonly p: number;
  readonly text: string;
  readonly features: readonly FeatureContribution[];
  /** Why the decoder last changed the block's label, and the rule that did (`DECODE_RULES`). */
  readonly note?: string;
  readonly rule?: string;
}

/** For every block: final label, probability, and the features that weighed most. */
export function explainExtraction(result: ExtractResult, model: LoadedModel, top = 5): BlockExplanation[] {
  const notes = new Map(result.notes.map((n) => [n.block, n]));
  return result.page.blocks.map((b, i) => {
    const probs = result.probs[i]!;
    let best = 0;
    for (let k = 1; k < probs.length; k++) if (probs[k]! > probs[best]!) best = k;
    const label = result.labels[i]!;
    const note = notes.get(i);
    return {
      index: i, kind: b.kind, label, modelLabel: LABELS[best]!, p: probs[LABELS.indexOf(label)]!,
      text: b.kind === 'text' ? b.text : `[${b.kind}] ${b.src ?? ''}`,
      features: model.labeler.explain(result.features, i, top),
      ...(note ? { note: note.reason, rule: note.rule } : {}),
    };
  });
}

/**
 * What the JSON metadata says of how the article was made, beside what the page says of itself:
 * with site models, which labelled the page (`extractor`), the site model and why it was picked
 * (`site`), or why the one picked did not take the page (`siteDrift`); the rule that added text no block
 * holds (`addedBy`).
 */
export function extractionMarks(result: ExtractResult): { extractor?: string; site?: SiteChoice; siteDrift?: SiteDrift; addedBy?: string; fieldWarnings?: readonly FieldWarning[] } {
  return {
    ...(result.extractor !== undefined ? { extractor: result.extractor } : {}),
    ...(result.site !== undefined ? { site: result.site } : {}), ...(result.siteDrift !== undefined ? { siteDrift: result.siteDrift } : {}),
    ...(result.addedText !== undefined ? { addedBy: result.addedText.rule } : {}),
    ...(result.fields && result.fields.warnings.length > 0 ? { fieldWarnings: result.fields.warnings } : {}),
  };
}

/**
 * The named fields as output carries them (docs/fields.md): `fields` (per field its values),
 * `fieldConfidence` (the same shape, each value's confidence) and `records` (list pages);
 * empty when the page's site model has no fields.
 */
export function fieldsToJson(result: ExtractResult): { fields?: Record<string, string[]>; fieldConfidence?: Record<string, number[]>; records?: Record<string, string>[] } {
  const f = result.fields;
  if (!f) return {};
  const names = Object.keys(f.fields);
  return {
    fields: Object.fromEntries(names.map((n) => [n, f.fields[n]!.map((v) => v.value)])),
    fieldConfidence: Object.fromEntries(names.map((n) => [n, f.fields[n]!.map((v) => v.confidence)])),
    records: f.records,
  };
}

/** What `--explain` says of the site model: which labelled the page and why, or why the one picked did not; undefined without site models. */
export function siteExplanation(result: ExtractResult): string | undefined {
  const fit = (x: number | undefined): string => (x !== undefined ? `template fit ${x.toFixed(3)}` : '');
  if (result.site) {
    const { host, by } = result.site;
    const why = by === 'forced' ? 'named by --site' : by === 'host' ? `the page's URL host${result.site.fit !== undefined ? `, ${fit(result.site.fit)}` : ''}` : `its template (${fit(result.site.fit)})`;
    return `site model ${host} (${result.extractor}), picked by ${why}`;
  }
  if (result.siteDrift) {
    const { host, reason } = result.siteDrift;
    return `site model ${host} not used (drift: ${reason === 'template' ? `the page no longer fits its template, ${fit(result.siteDrift.fit)}` : 'its rules find no article on the page'}): the general model labelled the page`;
  }
  return result.extractor !== undefined ? 'no site model fits the page (by URL host or template): the general model labelled it' : undefined;
}

/** The library's `Extraction` of a result: its article, marks, named fields and found judgement. */
export function resultExtraction(result: ExtractResult): Extraction {
  return toExtraction(result.article, result.confidence, extractionMarks(result), fieldsToJson(result), judgeFound(result.page.tree, result.article));
}

/** The page's blocks with their labels and the probability of each label (`--blocks`). */
export function resultBlocks(result: ExtractResult): { label: Label; text: string; p: number }[] {
  return result.page.blocks.map((b, i) => ({ label: result.labels[i]!, text: b.text, p: +result.probs[i]![LABELS.indexOf(result.labels[i]!)]!.toFixed(4) }));
}

/** The JSON document of every output (schema/extraction.schema.json); `blocks` with `--blocks`, `lists` with `--lists`. */
export function resultToJson(result: ExtractResult, withBlocks = false, lists?: readonly FoundList[]): Record<string, unknown> {
  return extractionJson(resultExtraction(result), { ...(withBlocks ? { blocks: resultBlocks(result) } : {}), ...(lists !== undefined ? { lists } : {}) });
}

export function renderResult(result: ExtractResult, format: OutputFormat, withBlocks = false, lists?: readonly FoundList[]): string {
  switch (format) {
    case 'text': {
      const t = result.article.title;
      const body = toText(result.article);
      return (t ? `${t}\n\n` : '') + body + (body.endsWith('\n') ? '' : '\n');
    }
    case 'markdown':
      return toMarkdown(result.article);
    case 'html':
      return toHtml(result.article);
    case 'xml':
      return toXml(result.article);
    case 'tei':
      return toTei(result.article);
    case 'json':
      return JSON.stringify(resultToJson(result, withBlocks, lists), null, 2) + '\n';
    case 'csv': {
      // The page's records, one row each, or one row of its fields (only the URL without field rules).
      const f = fieldsToJson(result);
      return fieldsCsv([{ url: siteUrlOf(result.page) ?? '', ...(f.fields ? { fields: f.fields } : {}), ...(f.records ? { records: f.records } : {}) }], { url: true });
    }
  }
}

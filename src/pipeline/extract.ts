/**
 * The whole pipeline for one page with a trained model:
 * page -> features -> model (probabilities) -> constraints -> article.
 * The CLI's `extract` and `batch`, evaluation and the annotation tool all call this.
 */
import type { FoundList } from '../models/lists/find-lists.js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LABELS, type Label } from '../labels.js';
import type { Page } from '../page.js';
import { loadPage, type LoadOptions } from '../page.js';
import { computeFeatures, type FeatureOptions } from '../features/index.js';
import type { SequenceInstance } from '../features/types.js';
import type { FeatureContribution, Labeler, ModelFile, Prediction } from '../models/labeler.js';
import { decodeModelFile, loadModel, readModelBytes, siteModelsOf } from '../models/model-file.js';
import { compiledModelName, decodeCompiledModel, sha256Hex, type CompiledModel } from '../models/model-binary.js';
import { labelerFromModel } from '../models/registry.js';
import { pickSiteModel, type SiteLabeler } from '../models/site-labeler.js';
import { siteLabelersOf } from '../models/site-models.js';
import { labelWithSite, pickSite, type SitePick, type TemplatedSite } from '../models/site-pick.js';
import { featureOptionsOf, predictPage } from '../models/page-prediction.js';
import {
  bodyWeightOf, constrainLabels, DECODE_RULES, pageEvidence, resolveDecodeSettings, SELF_TRAINED_DECODE_RULES, SITE_DECODE_RULES,
  type AddedText, type ConstrainedLabels, type DecodeNote, type DecodeOptions,
} from '../decode/constrain.js';
import { declaredSiteKeys as siteKeysDeclared, type PageEvidence } from '../decode/evidence.js';
import type { DecodeRule } from '../decode/rule.js';
import type { PageType } from '../decode/page-type.js';
import { buildArticle, findComments, toHtml, toMarkdown, toText, toTei, toXml, type Article, type ArticleOptions } from '../article/index.js';
import { commentSectionBlocks } from '../decode/comments.js';
import { extractionJson, toExtraction, type Extraction, type SiteChoice, type SiteDrift } from './extraction.js';
import type { OutputFormat } from './output-formats.js';
import { judgeFound } from './found.js';
import { PithError } from '../errors.js';
import type { FieldExtraction, FieldWarning } from '../models/wrapper/fields.js';
import { fieldsCsv, type FieldsCsvPage } from './fields-csv.js';

/** A model file made usable: its labeler and the feature options it was trained with. */
export interface LoadedModel {
  readonly file: ModelFile;
  readonly labeler: Labeler;
  readonly featureOptions: FeatureOptions;
  /** Where it was loaded from. */
  readonly path: string;
  /** Per-host site models stored beside the general model (docs/sites.md); absent for most models. */
  readonly sites?: readonly TemplatedSite[];
  /** Read from its compiled form (`compiledModelPath`) rather than the JSON file. */
  readonly fromCompiled?: true;
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

export type { SiteChoice, SiteDrift } from './extraction.js';

export { OUTPUT_FORMATS, outputFormatNamed, type OutputFormat } from './output-formats.js';

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

/**
 * The model at `path`, read from its compiled form (src/models/model-binary.ts) when the build
 * made one from these very bytes (`compiledModelPath`), else from the JSON file.
 */
export async function loadExtractionModel(path: string = bundledModelPath()): Promise<LoadedModel> {
  return loadExtractionModelFrom(path, compiledModelPath(path));
}

/**
 * The compiled form the build makes of a model the package ships: `dist/models/NAME.bin` for
 * `models/NAME.json.gz`. It serves only the JSON bytes it was made from (checked by their
 * SHA-256), so another file of the same name is read as JSON. PITH_COMPILED_MODELS=0 turns it off.
 */
export function compiledModelPath(path: string): string | undefined {
  if (process.env['PITH_COMPILED_MODELS'] === '0') return undefined;
  return join(packageRoot(), 'dist', 'models', compiledModelName(basename(path)));
}

/**
 * The model at `path`, from the compiled form at `compiled` when there is one made from its
 * bytes; a compiled form that is stale, unreadable or damaged is passed over for the JSON.
 */
export async function loadExtractionModelFrom(path: string, compiled: string | undefined): Promise<LoadedModel> {
  if (!existsSync(path)) {
    throw new PithError('BAD_MODEL', path === bundledModelPath() ? 'the bundled model is missing; rebuild it with `npm run model:build`' : 'no such model file', path);
  }
  if (compiled === undefined || !existsSync(compiled)) return extractionModelOf(await loadModel(path), path);
  const bytes = await readModelBytes(path);
  const fromCompiled = await readCompiledModel(compiled, bytes);
  if (fromCompiled) return Object.freeze({ ...extractionModelOf(fromCompiled.file, path, fromCompiled.labeler), fromCompiled: true });
  return extractionModelOf(decodeModelFile(bytes, path), path);
}

/** The compiled model at `compiled` made from `jsonBytes`; undefined when it is another's, unreadable or damaged (it only ever saves time). */
async function readCompiledModel(compiled: string, jsonBytes: Uint8Array): Promise<CompiledModel | undefined> {
  try {
    return decodeCompiledModel(await readFile(compiled), sha256Hex(jsonBytes), compiled);
  } catch {
    return undefined;
  }
}

/**
 * A model file already read and validated (`loadModel`) made usable, with its site models:
 * what loadExtractionModel does after reading; batch workers call it on the main thread's copy.
 * `labeler`: the file's labeler when it is built already (a compiled model's).
 */
export function extractionModelOf(file: ModelFile, path: string, labeler: Labeler = labelerFromModel(file)): LoadedModel {
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

/**
 * How to extract: the decoder's settings (`DecodeOptions`: `bodyWeight`, `kindBodyWeight` and
 * the tuning values of src/decode/settings.ts), how the article is built, and the site model.
 */
export interface ExtractOptions extends DecodeOptions {
  /** How the article is built from the labels (images, nesting, language detection). */
  readonly article?: ArticleOptions;
  /** The site model to use, by host or `template:` name (`--site`), whatever the page's URL or template. */
  readonly site?: string;
  /** Also read the readers' comments of the page's comment sections into `article.comments` (`includeComments`). */
  readonly comments?: boolean;
}

/** Comment sections left to the model (`--keep-comments`): for forums, whose replies are the content. */
export const KEEP_COMMENTS: ExtractOptions = Object.freeze({ commentBody: 1 });

export { declaredTitles } from '../decode/evidence.js';

/** What the page's site calls itself: its declared name (og:site_name, application-name) and its URLs' host labels. */
export function declaredSiteKeys(page: Page): string[] {
  return siteKeysDeclared(page, siteUrlOf(page));
}

/** The text of the block the article builder takes the headline from (the first non-empty title block). */
function titleBlockText(page: Page, labels: readonly Label[]): string | undefined {
  const i = labels.findIndex((l, k) => l === 'title' && page.blocks[k]!.kind === 'text' && page.blocks[k]!.text.trim() !== '');
  return i >= 0 ? page.blocks[i]!.text : undefined;
}

/** How the page was labelled: by a site model or the general model, and what the site models say of it. */
interface PageLabelling {
  readonly prediction: Prediction;
  /** The site model that labelled the page, when one did. */
  readonly labelledBy?: TemplatedSite;
  /** The site model picked for the page (which may have drifted), when the model has site models or one was named. */
  readonly pick?: SitePick;
  readonly fields?: FieldExtraction;
  /** With site models: the site model's algorithm, or 'general'. */
  readonly extractor?: string;
  /** The page's features (computed once, on first need). */
  readonly features: () => SequenceInstance;
}

/** Labels the page with the site model that takes it (`site`: one named), else the general model. */
function labelPage(page: Page, model: LoadedModel, siteName: string | undefined): PageLabelling {
  const { labeler, featureOptions } = model;
  let computed: SequenceInstance | undefined;
  const features = (): SequenceInstance => (computed ??= computeFeatures(page, featureOptions));
  let general: Prediction | undefined;
  const predictGeneral = (): Prediction => (general ??= predictPage(page, labeler, featureOptions, features));
  const hasSites = model.sites !== undefined && model.sites.length > 0;
  const picked = hasSites || siteName !== undefined ? pickSite(model.sites, siteUrlOf(page), page, siteName) : undefined;
  const { pick, site, prediction: sitePrediction } = labelWithSite(picked, page, predictGeneral);
  const fields = site?.extractFields?.(page);
  return {
    prediction: sitePrediction ?? predictGeneral(),
    ...(sitePrediction ? { labelledBy: site } : {}),
    ...(pick ? { pick } : {}),
    ...(fields ? { fields } : {}),
    ...(hasSites ? { extractor: sitePrediction ? site!.algorithm : 'general' } : {}),
    features,
  };
}

/** The article of the decoded labels, its headline by the picked site's conventions where it has them. */
function articleOf(page: Page, decoded: ConstrainedLabels, options: ArticleOptions | undefined, labelling: PageLabelling): Article {
  const built = buildArticle(page, decoded.labels, { includeHidden: page.includesHidden, ...options }, decoded.addedText);
  // The site's conventions that do not depend on its template (its <title> pattern) apply to a drifted page too.
  const conventions = labelling.pick?.site;
  if (!conventions?.headline) return built;
  return { ...built, title: conventions.headline(page, built.title, titleBlockText(page, decoded.labels), labelling.labelledBy !== undefined) };
}

/** The article with the readers' comments of the page's comment sections (`includeComments`), each with its author and date. */
function withComments(article: Article, page: Page, evidence: PageEvidence): Article {
  // With comment sections left to the model (`commentBody` 1) the evidence has no marks: find them all the same.
  const marks = evidence.commentBlocks ?? commentSectionBlocks(page.tree, page.blocks);
  return { ...article, comments: Object.freeze(findComments(page.tree, page.blocks, marks)) };
}

/** The decode options for a site model's labels: never weighed by the page's kind. */
function siteDecodeOptions(options: ExtractOptions): ExtractOptions {
  return { ...options, kindBodyWeight: false };
}

/**
 * The decode rules for a page's labels: the general ones for the general model and for site
 * models whose labels are a general learner's; the site rules for a wrapper learned from a
 * person's labels; for one learned without labels the general ones less `comment-sections`,
 * unless the caller gives a `commentBody` (which then holds, as for any page).
 */
function decodeRulesOf(site: TemplatedSite | undefined, options: ExtractOptions): readonly DecodeRule[] {
  if (!site) return DECODE_RULES;
  if (!site.decodesAsGeneral) return SITE_DECODE_RULES;
  return site.templates?.selfTrained && options.commentBody === undefined ? SELF_TRAINED_DECODE_RULES : DECODE_RULES;
}

export function extractPage(page: Page, model: LoadedModel, options: ExtractOptions = {}): ExtractResult {
  const labelling = labelPage(page, model, options.site);
  const { prediction, labelledBy, pick, fields, extractor } = labelling;
  // A site model's labels are never weighed by the page's kind.
  const settings = resolveDecodeSettings(labelledBy ? siteDecodeOptions(options) : options);
  const evidence = pageEvidence(page, settings, siteUrlOf(page));
  const rules = decodeRulesOf(labelledBy, options);
  const constrained = constrainLabels(page.blocks, prediction.probs, evidence, settings, rules);
  const built = articleOf(page, constrained, options.article, labelling);
  const article = options.comments ? withComments(built, page, evidence) : built;
  // A site model with field rules but no article rules took the page too: its fields, not drift.
  const siteMarks = pick ? siteMarksOf(pick, labelledBy !== undefined || fields !== undefined) : {};
  return {
    page, article, labels: constrained.labels, probs: prediction.probs, confidence: constrained.confidence,
    notes: constrained.notes, ...(extractor !== undefined ? { extractor } : {}), ...siteMarks, ...(constrained.addedText ? { addedText: constrained.addedText } : {}),
    pageKind: evidence.pageKind, bodyWeight: bodyWeightOf(evidence, settings), ...(fields ? { fields } : {}),
    get features() {
      return labelling.features();
    },
  };
}

/** What the result says of the site model picked: the one that labelled the page, or the drift that sent it to the general model. */
function siteMarksOf(pick: SitePick, labelled: boolean): { site?: SiteChoice; siteDrift?: SiteDrift } {
  const fit = pick.fit !== undefined ? { fit: pick.fit } : {};
  const site: SiteChoice = { host: pick.site.host, by: pick.by, ...fit, ...(pick.share !== undefined ? { share: pick.share } : {}) };
  if (labelled && !pick.drift) return { site };
  const lengths = pick.bodyChars !== undefined && pick.usualChars !== undefined ? { bodyChars: pick.bodyChars, usualChars: pick.usualChars } : {};
  const drift: SiteDrift = { host: pick.site.host, reason: pick.drift ?? 'rules', ...fit, ...lengths };
  // A page recognised by its site's chrome, not its template: the site is named, and the drift says why the general model read it.
  return pick.by === 'chrome' ? { site, siteDrift: drift } : { siteDrift: drift };
}

/**
 * True when a site model labelled the page: `site` is set and no `siteDrift` (a page recognised
 * by its site's chrome whose site model found no article has both, and the general model's labels).
 */
export function siteLabelled<R extends { readonly site?: SiteChoice; readonly siteDrift?: SiteDrift }>(result: R): result is R & { readonly site: SiteChoice } {
  return result.site !== undefined && result.siteDrift === undefined;
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

/**
 * A page's CSV values beside its id and URL: its fields and records (`fieldsToJson`), and its
 * found lists when they were asked for (`--lists`). `pith extract` and a batch's --out-dir
 * file both write these, each after its own id and URL.
 */
export function fieldsCsvPage(result: ExtractResult, lists: readonly FoundList[] | undefined): Pick<FieldsCsvPage, 'fields' | 'records' | 'lists'> {
  const f = fieldsToJson(result);
  return { ...(f.fields ? { fields: f.fields } : {}), ...(f.records ? { records: f.records } : {}), ...(lists !== undefined ? { lists } : {}) };
}

/** What `--explain` says of the site model: which labelled the page and why, or why the one picked did not; undefined without site models. */
export function siteExplanation(result: ExtractResult): string | undefined {
  const fit = (x: number | undefined): string => (x !== undefined ? `template fit ${x.toFixed(3)}` : '');
  if (result.site?.by === 'chrome') {
    const { host, share } = result.site;
    const chrome = `its chrome (${((share ?? 0) * 100).toFixed(1)}% of the page's navigation and footer lines are the site's${result.site.fit !== undefined ? `; ${fit(result.site.fit)}` : ''})`;
    if (!result.siteDrift) return `site model ${host} (${result.extractor}), picked by ${chrome}`;
    const why = result.siteDrift.reason === 'short' ? 'the body it finds is far shorter than its usual' : 'its rules find no article on the page';
    return `site ${host} recognised by ${chrome}, but ${why}: the general model labelled the page`;
  }
  if (result.site) {
    const { host, by } = result.site;
    const why = by === 'forced' ? 'named by --site' : by === 'host' ? `the page's URL host${result.site.fit !== undefined ? `, ${fit(result.site.fit)}` : ''}` : `its template (${fit(result.site.fit)})`;
    return `site model ${host} (${result.extractor}), picked by ${why}`;
  }
  if (result.siteDrift) {
    const { host, reason } = result.siteDrift;
    const why = reason === 'template' ? `the page no longer fits its template, ${fit(result.siteDrift.fit)}`
      : reason === 'short' ? `the body it finds, ${result.siteDrift.bodyChars} characters, is far shorter than the ${result.siteDrift.usualChars} of the shortest page it was learned from`
        : 'its rules find no article on the page';
    return `site model ${host} not used (drift: ${why}): the general model labelled the page`;
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

/** The result written in one output format (text, Markdown, HTML, XML, JSON); not `src/render`, which draws pages in Chromium. */
export function formatResult(result: ExtractResult, format: OutputFormat, withBlocks = false, lists?: readonly FoundList[]): string {
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
      // The page's records, one row each, or one row of its fields (only the URL without field rules); its list items with `--lists`.
      return fieldsCsv([{ url: siteUrlOf(result.page) ?? '', ...fieldsCsvPage(result, lists) }], { url: true });
    }
  }
}

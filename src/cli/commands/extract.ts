/** `pith extract <file|url|->`: one page to an article with the bundled (or a given) model. */
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command, type CommandIO } from '../command.js';
import { readPageSource, type PageSource } from '../input.js';
import { PithError } from '../../errors.js';
import {
  explainExtraction, extractBytes, siteExplanation, extractPage, loadExtractionModel, OUTPUT_FORMATS, outputFormatNamed, formatResult, renderedModelNote, renderedModelPath, resultToJson, type ExtractResult, type LoadedModel, type OutputFormat,
} from '../../pipeline/extract.js';
import { pipelineOptions, withShapedArticle, type ExtractionOptions } from '../../pipeline/library.js';
import { isAbsoluteUrl } from '../../pipeline/extraction-options.js';
import { ARTICLE_CHOICE_OPTIONS, readArticleChoices } from '../article-choices.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { judgeFound } from '../../pipeline/found.js';
import { formatStyledResult } from '../../article/index.js';
import type { FieldExtraction } from '../../models/wrapper/fields.js';
import { METADATA_FIELDS, RESULT_FIELDS, fieldsText, parseExtractFields, pickFields } from '../../pipeline/extract-fields.js';

/** `--fields`: the named values only, one a line, or as a JSON object with --format json. */
function formatFields(result: ExtractResult, names: readonly string[], format: OutputFormat): string {
  const picked = pickFields(resultToJson(result), names);
  return format === 'json' ? JSON.stringify(picked, null, 2) + '\n' : fieldsText(picked);
}

const HELP = `Usage: pith extract <file|url|-> [options]

Extracts the article (title, headings, body) of one page.

Options:
  --format F       text | markdown | html | json | csv | xml | tei (default text; txt is
                   text); json carries the named fields (fields, fieldConfidence, records)
                   when the model has field rules for the page's site; csv writes them: one
                   row per record, or one row of fields (docs/fields.md); xml is a <doc> with
                   the metadata as attributes, tei a TEI P5 document (docs/cli.md)
  --fields LIST    only these values, in this order (like Defuddle's -p), e.g. title,author,date:
                   one a line (a list one element a line, an absent value an empty line), or
                   a JSON object of them with --format json (null where absent). Names:
                   ${RESULT_FIELDS.slice(0, 7).join(', ')},
                   ${RESULT_FIELDS.slice(7).join(', ')},
                   and metadata's ${METADATA_FIELDS.join(', ')}
  --model PATH     model file (default: the bundled model)
  --explain        print every block with its label, probability and strongest features
                   (and, with field rules, which rule gave each field or failed)
  --blocks         with --format json: include per-block labels and probabilities
  --lists          with --format json: also the page's main repeated list, found without
                   examples by the bundled list model (list-extraction study, docs/lists.md), as
                   "lists": [{"items": [{"text", "href"}]}] ([] when the page has none); with
                   --format csv: one row per list item (columns url, list, item, text, href;
                   after the field columns and rows where the model has field rules)
  --list-model PATH  the list model for --lists (default models/lists.model.json.gz)
  --favor F        precision | balanced | recall (default balanced): where the model is unsure,
                   keep less noise or lose less text
  --include-comments  also give readers' comments, each with its author and date: "comments"
                   in JSON, a Comments section in Markdown; the article stays without them
                   (docs/comments.md)
  --keep-comments  leave comment sections to the model instead of discounting them (forums
                   whose replies are the content; as pith batch --keep-comments)
  --no-images      leave out images, figures and embeds
  --no-tables      leave out tables
  --no-links       keep links' text, not the links
  -o, --out FILE   write the result to FILE (atomically) instead of standard output
  --url URL        the page's URL when reading a file or stdin (resolves links and images)
  --site NAME      with a model holding site models: use this one (a host, or template:...),
                   whatever the page's URL or template (docs/sites.md)
  --timeout MS     time limit when fetching a URL (default 15000)
  --render         draw the page in headless Chromium first (no network, scripts off) and use
                   its layout; needs Chromium (docs/render.md). Only a model trained with the
                   visual family reads the layout: no such model is shipped, so without --model
                   the text is the bundled model's, as without --render (a note on stderr says so)
  --layouts DIR    read the page's layout from a 'pith render' folder (rendering it there
                   with --render when missing)
  --styled         with --format html: a standalone page keeping the original look (the kept
                   elements' computed fonts, sizes, colours and spacing); implies --render
  --scripts        with --render: run the page's scripts before reading the layout

Input: at most 16 MiB of page (a file, stdin or a URL body; after gunzip too): bigger input
is refused (TOO_LARGE). Past 100 000 nodes a page's hidden content and empty or text-only
inline markup are dropped as it is read (metadata.dropped); past 200 000 after that, the
rest is not read (metadata.truncated). Only regular files are read; a device, FIFO or
socket is refused (NOT_A_FILE): pipe such input to 'pith extract -'.

No article: --format json says "found": false with a "reason" (empty, not-html, error-page,
directory-listing, form, no-prose; docs/found.md). Empty input (no text at all) is also said
on stderr, after the (empty) result, with exit code 3.

Examples:
  pith extract page.html
  pith extract https://example.com/news/story --format markdown
  pith extract page.html --fields title,author,date
  curl -s https://example.com/a | pith extract - --format json
`;

/**
 * Why a rule tried before the one used gave nothing: the best rule found nothing at all; a later
 * one stands in only with values like the examples, so it may have found values and set them aside.
 */
function failedRuleNote(rank: number): string {
  return rank === 0 ? 'found nothing' : 'found nothing like the examples';
}

/** What a user does about a field warning: the feedback loop of docs/fields.md. */
const FIELD_CORRECTION_HINT = '# a wrong or missing value: put this page in the training folder (html/) with the right values in fields/<name>.json ([] where the page has none) and run pith train again';

/** Why a site model picked for the page did not take it (its `siteDrift`), in words. */
function driftReason(drift: NonNullable<ExtractResult['siteDrift']>): string {
  if (drift.reason === 'template') return `the page no longer fits its template${drift.fit !== undefined ? ` (template fit ${drift.fit.toFixed(3)})` : ''}`;
  return drift.reason === 'short' ? 'the body it finds on the page is far shorter than its usual' : 'its rules find no article on the page';
}

/**
 * Why `--format csv` has nothing to write for a page, and what to do: a page of a site with
 * field rules that drifted names the site and why; otherwise a model with field rules for other
 * sites names them (a page that declares no URL and whose template has changed more than the
 * match allows is taken by `--site`).
 */
function noCsvRowsMessage(model: LoadedModel, result: ExtractResult): string {
  const fieldSites = (model.sites ?? []).filter((s) => s.hasFieldRules).map((s) => s.host);
  const drift = result.siteDrift;
  const what = drift && fieldSites.includes(drift.host)
    ? `the page is of ${drift.host}, but that site model did not take it (drift: ${driftReason(drift)}), so its field rules were not applied; --site ${drift.host} applies them anyway, pith sites check MODEL PAGES... says how many pages drifted, and this page with its values in the training folder (docs/fields.md) and pith train again fits the rules to it`
    : fieldSites.length === 0
      ? 'the model has no field rules for this page; add --lists for its main list as CSV, train field rules with pith train DIR --model wrapper and pass --model (docs/fields.md)'
      : `the model's field rules are for ${fieldSites.join(', ')}, and this page is of none of them (by its URL host or its template: --explain says which site model fits); --site ${fieldSites[0]} applies that site's rules anyway, --lists gives the page's main list as CSV`;
  return `--format csv writes named fields or list items: ${what}, or use --format json`;
}

/** The field rules' part of `--explain`: per field the rules that found nothing, the one that gave its values, and warnings. */
export function explainFields(f: FieldExtraction): string {
  let out = '# fields by the site model\'s rules (how to read a rule: docs/fields.md, "Rules")\n';
  for (const [name, t] of Object.entries(f.trace)) {
    const values = f.fields[name] ?? [];
    out += `# field ${name}: ${values.length ? values.map((v) => `${JSON.stringify(v.value)} (${v.confidence})`).join(', ') : 'no value'}\n`;
    for (const [k, r] of t.failed.entries()) out += `    failed: ${r}   (${failedRuleNote(k)})\n`;
    if (t.used) out += `    used:   ${t.used}\n`;
    for (const w of f.warnings.filter((x) => x.field === name)) out += `    warning: ${w.reason}${w.value !== undefined ? ` ${JSON.stringify(w.value)}` : ''}: ${w.detail}\n`;
  }
  if (f.warnings.length > 0) out += `${FIELD_CORRECTION_HINT}\n`;
  for (const [i, r] of f.records.entries()) out += `# record ${i + 1}: ${JSON.stringify(r)}\n`;
  return out;
}

/** How the page is drawn, if at all: `render` draws it in Chromium, `layoutsDir` reads (and keeps) drawn layouts. */
interface SourceChoice {
  readonly render: boolean;
  readonly styled: boolean;
  readonly scripts: boolean;
  readonly layoutsDir?: string;
  /** `--keep-comments`: comment sections left to the model (forums, whose replies are the content). */
  readonly keepComments: boolean;
}

/** The page extracted from its bytes, or, with a layout, from the page as Chromium drew it. */
async function extractSource(src: PageSource, model: LoadedModel, chosen: ExtractionOptions, how: SourceChoice): Promise<ExtractResult> {
  const load = { id: src.id, url: src.url, transportCharset: src.transportCharset };
  const options = pipelineOptions(how.keepComments ? { ...chosen, keepComments: true } : chosen);
  if (!how.render && !how.layoutsDir) return extractBytes(src.bytes, model, load, options, src.subject);
  // The browser and layout code is loaded only for a page drawn (or its layout read).
  const [{ loadRenderedPage }, { LayoutCache }, { Renderer }] = await Promise.all([import('../../batch/render-page.js'), import('../../render/cache.js'), import('../../render/renderer.js')]);
  const cache = how.layoutsDir ? await LayoutCache.open(how.layoutsDir, how.render) : undefined;
  // Chromium starts only if the page's layout is not cached.
  const renderer = how.render ? await Renderer.prepare({ styles: how.styled, scripts: how.scripts }) : undefined;
  try {
    const page = await loadRenderedPage(src.bytes, { ...(renderer ? { renderer } : {}), ...(cache ? { cache, store: true } : {}) }, load, src.subject);
    // Styled output needs each article node's source element, to look its computed style up.
    return extractPage(page, model, how.styled ? { ...options, article: { ...options.article, sources: true } } : options);
  } finally {
    await renderer?.close();
  }
}

/** `--explain`: one line per block (label, probability, the model's label where a rule changed it, text, strongest features), then what the page lost or gained. */
function writeExplanation(io: CommandIO, result: ExtractResult, model: LoadedModel): void {
  io.stdout.write(`# ${result.page.blocks.length} blocks, confidence ${result.confidence.toFixed(3)}, model ${model.file.algorithm}, page kind ${result.pageKind}, body weight ${+result.bodyWeight.toFixed(3)}\n`);
  const sitePicked = siteExplanation(result);
  if (sitePicked) io.stdout.write(`# ${sitePicked}\n`);
  io.stdout.write('  idx  label    p     model    text | strongest features\n');
  for (const e of explainExtraction(result, model)) {
    const text = e.text.replace(/\s+/g, ' ');
    const feats = e.features.map((f) => `${f.feature}${f.weight >= 0 ? '+' : ''}${f.weight.toFixed(2)}`).join(' ');
    const changed = e.label !== e.modelLabel ? e.modelLabel : '';
    io.stdout.write(`${String(e.index).padStart(5)}  ${e.label.padEnd(7)}  ${e.p.toFixed(2)}  ${changed.padEnd(7)}  ${text.length > 70 ? text.slice(0, 69) + '…' : text}${e.note ? `  (${e.rule}: ${e.note})` : ''}\n         ${feats}\n`);
  }
  const { truncated, dropped } = result.article.metadata;
  if (dropped) io.stdout.write(`# the page's budget dropped ${dropped.hidden} hidden node(s), ${dropped.empty} empty element(s) and unwrapped ${dropped.unwrapped} inline element(s)\n`);
  if (truncated) io.stdout.write('# the page was longer than pith reads: the rest of it was not read (metadata.truncated)\n');
  const added = result.addedText;
  if (added) io.stdout.write(`# added after block ${added.after}: ${added.paragraphs.length} paragraph(s) no block holds (${added.rule}: ${added.reason})\n`);
  if (result.fields) io.stdout.write(explainFields(result.fields));
}

/** The result on stdout, or written atomically to `out`. */
async function writeOutput(io: CommandIO, out: string | undefined, text: string): Promise<void> {
  if (out === undefined) {
    io.stdout.write(text);
    return;
  }
  await writeFileAtomic(out, text, 'the result');
}

export const command: Command = {
  name: 'extract',
  summary: 'extract the article of a page (file, URL or stdin) as text, markdown, html, json, csv (named fields, lists), xml or tei',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      format: { type: 'string' }, model: { type: 'string' }, explain: { type: 'boolean' }, blocks: { type: 'boolean' },
      url: { type: 'string' }, timeout: { type: 'string' }, 'keep-comments': { type: 'boolean' },
      'include-comments': { type: 'boolean' }, ...ARTICLE_CHOICE_OPTIONS, out: { type: 'string', short: 'o' },
      render: { type: 'boolean' }, layouts: { type: 'string' }, styled: { type: 'boolean' }, scripts: { type: 'boolean' },
      site: { type: 'string' }, lists: { type: 'boolean' }, 'list-model': { type: 'string' }, fields: { type: 'string' },
    });
    if (positionals.length !== 1) throw new PithError('BAD_OPTION', 'expected exactly one page (file, URL or -)');
    const formatName = optString(values, 'format') ?? 'text';
    const format = outputFormatNamed(formatName);
    if (format === undefined) throw new PithError('BAD_OPTION', `--format must be one of ${OUTPUT_FORMATS.join(', ')} (txt: text), got '${formatName}'`);
    const fieldList = optString(values, 'fields');
    const fields = fieldList !== undefined ? parseExtractFields(fieldList) : undefined;
    if (fields && format !== 'text' && format !== 'json') throw new PithError('BAD_OPTION', `--fields writes text or json, not --format ${format}`);
    if (fields && (optBool(values, 'explain') || optBool(values, 'styled') || optBool(values, 'lists') || optBool(values, 'blocks'))) {
      throw new PithError('BAD_OPTION', '--fields does not go with --explain, --styled, --lists or --blocks');
    }
    // A switch that would be silently ignored is refused, as --lists and --styled are.
    if (optBool(values, 'blocks') && format !== 'json') throw new PithError('BAD_OPTION', '--blocks needs --format json (--explain prints every block as text)');
    if (optBool(values, 'explain') && optString(values, 'format') !== undefined && format !== 'text') throw new PithError('BAD_OPTION', `--explain prints text; it does not go with --format ${format} (--blocks adds the blocks to --format json)`);
    const wantLists = optBool(values, 'lists');
    if (wantLists && format !== 'json' && format !== 'csv') throw new PithError('BAD_OPTION', '--lists needs --format json or csv');
    if (optString(values, 'list-model') !== undefined && !wantLists) throw new PithError('BAD_OPTION', '--list-model needs --lists');
    const lists = wantLists ? await import('../../pipeline/lists.js') : undefined;
    const listModel = lists ? await lists.loadListModel(optString(values, 'list-model')) : undefined;
    const url = optString(values, 'url');
    // As the library's `url` option: a relative one would resolve nothing and name no site.
    const urlProblem = url !== undefined ? isAbsoluteUrl(url) : undefined;
    if (urlProblem !== undefined) throw new PithError('BAD_OPTION', `--url ${urlProblem}`);
    const src = await readPageSource(positionals[0]!, io.stdin, { ...(url ? { url } : {}), timeoutMs: optInt(values, 'timeout', 15000, 1) });
    const styled = optBool(values, 'styled');
    if (styled && format !== 'html') throw new PithError('BAD_OPTION', '--styled needs --format html');
    const render = optBool(values, 'render') || styled;
    const layoutsDir = optString(values, 'layouts');
    const modelPath = optString(values, 'model') ?? (render ? renderedModelPath() : undefined);
    const note = render && optString(values, 'model') === undefined ? renderedModelNote() : undefined;
    if (note) io.stderr.write(`pith extract: ${note}\n`);
    const model = await loadExtractionModel(...(modelPath ? [modelPath] : []));
    const chosen: ExtractionOptions = {
      ...readArticleChoices(values), includeComments: optBool(values, 'include-comments'),
      ...(optString(values, 'site') !== undefined ? { site: optString(values, 'site')! } : {}),
    };
    const extracted = await extractSource(src, model, chosen, { render, styled, scripts: optBool(values, 'scripts'), keepComments: optBool(values, 'keep-comments'), ...(layoutsDir ? { layoutsDir } : {}) });
    const result = withShapedArticle(extracted, chosen);
    if (optBool(values, 'explain')) {
      writeExplanation(io, result, model);
      return EXIT.ok;
    }
    if (format === 'csv' && !result.fields && !wantLists) throw new PithError('BAD_OPTION', noCsvRowsMessage(model, result));
    const pageLists = lists && listModel ? lists.pageLists(result.page.tree, listModel) : undefined;
    const rendered = fields ? formatFields(result, fields, format) : styled ? formatStyledResult(result) : formatResult(result, format, optBool(values, 'blocks'), pageLists);
    await writeOutput(io, optString(values, 'out'), rendered);
    // Empty input has no page to read: said on stderr and in the exit code, not only by an empty result.
    if (isEmptyPage(result)) {
      io.stderr.write(`pith extract: ${src.subject} is empty: no page to extract (found: false, reason: empty; exit ${EXIT.input})\n`);
      return EXIT.input;
    }
    return EXIT.ok;
  },
};

function isEmptyPage(result: ExtractResult): boolean {
  const j = judgeFound(result.page.tree, result.article);
  return !j.found && j.reason === 'empty';
}

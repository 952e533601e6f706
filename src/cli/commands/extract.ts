/** `pith extract <file|url|->`: one page to an article with the bundled (or a given) model. */
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command } from '../command.js';
import { readPageSource } from '../input.js';
import { PithError } from '../../errors.js';
import {
  explainExtraction, extractBytes, extractPage, loadExtractionModel, OUTPUT_FORMATS, renderResult, renderedModelPath, type OutputFormat,
} from '../../pipeline/extract.js';
import { loadRenderedPage } from '../../pipeline/render-page.js';
import { LayoutCache } from '../../render/cache.js';
import { Renderer } from '../../render/renderer.js';
import { FAVORS, pipelineOptions, shapeArticle, type ExtractionOptions, type Favor } from '../../pipeline/library.js';
import { writeFileAtomic } from '../../corpus/index.js';
import { renderStyledResult } from '../../article/index.js';

const HELP = `Usage: pith extract <file|url|-> [options]

Extracts the article (title, headings, body) of one page.

Options:
  --format F       text | markdown | html | json (default text)
  --model PATH     model file (default: the bundled model)
  --explain        print every block with its label, probability and strongest features
  --blocks         with --format json: include per-block labels and probabilities
  --favor F        precision | balanced | recall (default balanced): where the model is unsure,
                   keep less noise or lose less text
  --include-comments  leave readers' comment sections to the model instead of discounting them
                   (for forums and Q&A pages, whose replies are the content; also --keep-comments)
  --no-images      leave out images, figures and embeds
  --no-tables      leave out tables
  --no-links       keep links' text, not the links
  -o, --out FILE   write the result to FILE (atomically) instead of standard output
  --url URL        the page's URL when reading a file or stdin (resolves links and images)
  --timeout MS     time limit when fetching a URL (default 15000)
  --render         draw the page in headless Chromium first (no network, scripts off) and use
                   its layout: the rendered model (models/rendered.model.json.gz) when no
                   --model is given; needs Chromium (docs/render.md)
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

Examples:
  pith extract page.html
  pith extract https://example.com/news/story --format markdown
  curl -s https://example.com/a | pith extract - --format json
`;

export const command: Command = {
  name: 'extract',
  summary: 'extract the article of a page (file, URL or stdin) as text, markdown, html or json',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      format: { type: 'string' }, model: { type: 'string' }, explain: { type: 'boolean' }, blocks: { type: 'boolean' },
      url: { type: 'string' }, timeout: { type: 'string' }, 'keep-comments': { type: 'boolean' },
      'include-comments': { type: 'boolean' }, favor: { type: 'string' }, 'no-images': { type: 'boolean' },
      'no-tables': { type: 'boolean' }, 'no-links': { type: 'boolean' }, out: { type: 'string', short: 'o' },
      render: { type: 'boolean' }, layouts: { type: 'string' }, styled: { type: 'boolean' }, scripts: { type: 'boolean' },
    });
    if (positionals.length !== 1) throw new PithError('BAD_OPTION', 'expected exactly one page (file, URL or -)');
    const format = (optString(values, 'format') ?? 'text') as OutputFormat;
    if (!OUTPUT_FORMATS.includes(format)) throw new PithError('BAD_OPTION', `--format must be one of ${OUTPUT_FORMATS.join(', ')}, got '${format}'`);
    const url = optString(values, 'url');
    const src = await readPageSource(positionals[0]!, io.stdin, { ...(url ? { url } : {}), timeoutMs: optInt(values, 'timeout', 15000, 1) });
    const styled = optBool(values, 'styled');
    if (styled && format !== 'html') throw new PithError('BAD_OPTION', '--styled needs --format html');
    const render = optBool(values, 'render') || styled;
    const layoutsDir = optString(values, 'layouts');
    const modelPath = optString(values, 'model') ?? (render ? renderedModelPath() : undefined);
    const model = await loadExtractionModel(...(modelPath ? [modelPath] : []));
    const favor = (optString(values, 'favor') ?? 'balanced') as Favor;
    if (!FAVORS.includes(favor)) throw new PithError('BAD_OPTION', `--favor must be one of ${FAVORS.join(', ')}, got '${favor}'`);
    const chosen: ExtractionOptions = {
      favor, includeComments: optBool(values, 'include-comments') || optBool(values, 'keep-comments'),
      includeImages: !optBool(values, 'no-images'), includeTables: !optBool(values, 'no-tables'), includeLinks: !optBool(values, 'no-links'),
    };
    const load = { id: src.id, url: src.url, transportCharset: src.transportCharset };
    let extracted;
    if (render || layoutsDir) {
      const cache = layoutsDir ? await LayoutCache.open(layoutsDir, render) : undefined;
      const renderer = render ? await Renderer.launch({ styles: styled, scripts: optBool(values, 'scripts') }) : undefined;
      try {
        const page = await loadRenderedPage(src.bytes, { ...(renderer ? { renderer } : {}), ...(cache ? { cache, store: true } : {}) }, load, src.subject);
        const options = pipelineOptions(chosen);
        // Styled output needs each article node's source element, to look its computed style up.
        extracted = extractPage(page, model, styled ? { ...options, article: { ...options.article, sources: true } } : options);
      } finally {
        await renderer?.close();
      }
    } else {
      extracted = extractBytes(src.bytes, model, load, pipelineOptions(chosen), src.subject);
    }
    // Descriptors, not a spread: a spread would read the lazy `features` getter.
    const result = Object.create(null, {
      ...Object.getOwnPropertyDescriptors(extracted), article: { value: shapeArticle(extracted.article, chosen), enumerable: true },
    }) as typeof extracted;
    if (optBool(values, 'explain')) {
      io.stdout.write(`# ${result.page.blocks.length} blocks, confidence ${result.confidence.toFixed(3)}, model ${model.file.algorithm}, page kind ${result.pageKind}, body weight ${+result.bodyWeight.toFixed(3)}\n`);
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
      return EXIT.ok;
    }
    const rendered = styled ? renderStyledResult(result) : renderResult(result, format, optBool(values, 'blocks'));
    const out = optString(values, 'out');
    if (out === undefined) io.stdout.write(rendered);
    else {
      try {
        await writeFileAtomic(out, rendered);
      } catch (e) {
        const why = ((e as Error).cause as Error | undefined)?.message ?? (e as Error).message;
        throw new PithError('IO', `cannot write the result (${why})`, out, { cause: e });
      }
    }
    return EXIT.ok;
  },
};

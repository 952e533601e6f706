/** `pith render <corpus|dir|file>... -o layouts/`: draws pages in headless Chromium once and caches their layouts. */
import { stat } from 'node:fs/promises';
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command } from '../command.js';
import { Progress } from '../progress.js';
import { PithError } from '../../errors.js';
import { detectCorpusFormat, openCorpus } from '../../corpus/open.js';
import { collectPageFiles } from '../../batch/batch.js';
import { renderPagesToCache } from '../../batch/render-page.js';
import { DEFAULT_RENDER_TIMEOUT_MS, DEFAULT_VIEWPORT } from '../../render/renderer.js';
import type { Size } from '../../render/layout.js';

const HELP = `Usage: pith render <corpus|dir|file>... -o <layouts-dir> [options]

Draws every page in headless Chromium (rendered-view study's rendered view) and writes its layout
(per element: box, visibility, font size and weight, text contrast; docs/render.md) to the
layout folder, one file per page named by the hash of its bytes. Training (--layouts),
evaluation and extraction (--layouts, --render) read layouts from there instead of
rendering again. A corpus folder renders its pages; any other folder its page files.

Pages are drawn without network or file access: the page's own HTML only, every request it
makes refused. Scripts are off unless --scripts. A page that hangs, crashes the renderer or
is not HTML is listed with its error and the run goes on (the browser is restarted).

Options:
  -o, --out DIR      layout folder (created when missing)
  --scripts          run the pages' scripts (slower; off by default)
  --styles           also keep computed styles (for --styled output)
  --viewport WxH     window size (default ${DEFAULT_VIEWPORT.width}x${DEFAULT_VIEWPORT.height})
  --timeout MS       per-page limit (default ${DEFAULT_RENDER_TIMEOUT_MS})
  --limit N          the first N pages only
  --force            render pages whose layout is already in the folder
  --json             the summary as JSON
`;

function parseViewport(spec: string | undefined): Size {
  if (spec === undefined) return DEFAULT_VIEWPORT;
  const m = /^(\d{3,5})x(\d{3,5})$/.exec(spec);
  if (!m) throw new PithError('BAD_OPTION', `--viewport must look like 1280x800, got '${spec}'`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** Page files of the inputs: a recognised corpus gives its pages, anything else its page files. */
async function inputFiles(inputs: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  const plain: string[] = [];
  for (const input of inputs) {
    const isDir = await stat(input).then((s) => s.isDirectory(), () => false);
    if (isDir && (await detectCorpusFormat(input))) {
      const corpus = await openCorpus(input);
      files.push(...corpus.pages.map((p) => p.htmlPath));
    } else plain.push(input);
  }
  if (plain.length > 0) files.push(...(await collectPageFiles(plain)));
  return [...new Set(files)];
}

export const command: Command = {
  name: 'render',
  summary: 'draw pages in headless Chromium and cache their layouts (for visual features and --styled)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      out: { type: 'string', short: 'o' }, scripts: { type: 'boolean' }, styles: { type: 'boolean' }, viewport: { type: 'string' },
      timeout: { type: 'string' }, limit: { type: 'string' }, force: { type: 'boolean' }, json: { type: 'boolean' },
    });
    if (positionals.length === 0) throw new PithError('BAD_OPTION', 'render needs at least one corpus, folder or page');
    const out = optString(values, 'out');
    if (!out) throw new PithError('BAD_OPTION', 'render needs -o <layouts-dir>');
    const viewport = parseViewport(optString(values, 'viewport'));
    const timeoutMs = optInt(values, 'timeout', DEFAULT_RENDER_TIMEOUT_MS, 100);
    let files = await inputFiles(positionals);
    if (values['limit'] !== undefined) files = files.slice(0, optInt(values, 'limit', files.length, 1));
    if (files.length === 0) throw new PithError('NOT_FOUND', 'no pages found', positionals.join(' '));
    const progress = new Progress('render', files.length, io.stderr);
    const summary = await renderPagesToCache(files, out, {
      scripts: optBool(values, 'scripts'), styles: optBool(values, 'styles'), viewport, timeoutMs, force: optBool(values, 'force'),
      onPage: () => progress.tick(),
    });
    progress.finish();
    if (optBool(values, 'json')) {
      io.stdout.write(JSON.stringify({ out, ...summary }, null, 2) + '\n');
    } else {
      io.stdout.write(`rendered ${summary.rendered}, already cached ${summary.cached}, failed ${summary.failed.length} of ${summary.pages} pages into ${out}\n`);
      if (summary.rendered > 0) {
        io.stdout.write(`  per page: median ${summary.medianMs.toFixed(0)} ms, p90 ${summary.p90Ms.toFixed(0)} ms; lowest element mapping ${(summary.minMapped * 100).toFixed(1)}%; browser restarts ${summary.restarts}\n`);
      }
      for (const f of summary.failed) io.stdout.write(`  FAILED ${f.code} ${f.message}\n`);
    }
    return summary.failed.length > 0 ? EXIT.input : EXIT.ok;
  },
};

/** `pith experiment <name>`: research experiments that write a report (docs/experiment-memory-based.md). */
import { join } from 'node:path';
import { runStudy, writeStudy } from '../../experiments/memory-based/index.js';
import { runRenderedStudy, writeRenderedStudy } from '../../experiments/rendered/index.js';
import { PithError } from '../../errors.js';
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command } from '../command.js';

const HELP = `Usage: pith experiment memory-based [options]
       pith experiment rendered --layouts DIR [options]

Reruns the memory-based study (Arizaleta 2009, chapter 6) with pith's IB1 / IGTREE learners, for the memory-based study's
text/tail units and pith's block features side by side: within-site, merged and
cross-site cross-validation (per-label P/R/F, micro and macro over sites), the feature
weight table, a sweep over algorithm x k x weighting, learning curves and the
post-processing checks as an error detector. Data: l3s-gn1 (title, body), cleaneval and
wcxb-dev (headings), read from ../shared/corpora. Writes DIR/report.md and SVG charts;
progress goes to stderr. The full run takes about 20 minutes on two cores.

Options:
  --out DIR       output folder (default out/memory-based)
  --corpora DIR   folder holding l3s-gn1, cleaneval and wcxb-dev (default ../shared/corpora)
  --limit N       at most N pages per corpus (quick development runs)
  --quick         smaller samples, fewer folds (a few minutes)
  --folds N       folds of the main cross-validation (default 4)

rendered: the rendered-view study's experiments on msv-big9 (docs/render.md): train on pages of one news
site, test on the four other sites; title and body accuracy of the SVM subtree selector
beside MaxEnt (with and without visual features) trained on the same pages and the bundled
model; a learning curve over 1-40 pages of one site. Needs the pages' layouts:
'pith render ../shared/corpora/msv-big9 -o DIR' first. Writes DIR/report.md,
learning-curve.svg and study.json (default out/rendered).
  --layouts DIR   the layout folder (required)
  --corpus DIR    the msv-big9 folder (default ../shared/corpora/msv-big9)
  --sizes LIST    training pages per site (default 1,2,5,10,20,40)
`;

export const command: Command = {
  name: 'experiment',
  summary: 'research experiments (memory-based: the memory-based study; rendered: the rendered-view study on msv-big9)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      out: { type: 'string' },
      corpora: { type: 'string' },
      limit: { type: 'string' },
      quick: { type: 'boolean' },
      folds: { type: 'string' },
      layouts: { type: 'string' },
      corpus: { type: 'string' },
      sizes: { type: 'string' },
    });
    const [name, ...rest] = positionals;
    if (name !== 'memory-based' && name !== 'rendered') throw new PithError('BAD_OPTION', name ? `unknown experiment '${name}' (known: memory-based, rendered)` : 'expected an experiment name (memory-based, rendered)');
    if (rest.length) throw new PithError('BAD_OPTION', `unexpected argument '${rest[0]}'`);
    if (name === 'rendered') {
      const layouts = optString(values, 'layouts');
      if (!layouts) throw new PithError('BAD_OPTION', "rendered needs --layouts DIR (make it with 'pith render ../shared/corpora/msv-big9 -o DIR')");
      const sizesArg = optString(values, 'sizes');
      const sizes = sizesArg?.split(',').map((x) => Number(x));
      if (sizes && sizes.some((k) => !Number.isInteger(k) || k < 1)) throw new PithError('BAD_OPTION', `--sizes must be positive integers, got '${sizesArg}'`);
      const started = Date.now();
      const study = await runRenderedStudy({
        corpus: optString(values, 'corpus') ?? join('..', 'shared', 'corpora', 'msv-big9'), layouts, ...(sizes ? { sizes } : {}),
        onProgress: (m) => io.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${m}\n`),
      });
      const out = optString(values, 'out') ?? join('out', 'rendered');
      await writeRenderedStudy(study, out);
      io.stdout.write(`${join(out, 'report.md')}\n`);
      return EXIT.ok;
    }
    const out = optString(values, 'out') ?? join('out', 'memory-based');
    const limit = values['limit'] !== undefined ? optInt(values, 'limit', 0, 5) : undefined;
    const folds = values['folds'] !== undefined ? optInt(values, 'folds', 4, 2) : undefined;
    const started = Date.now();
    const result = await runStudy({
      corporaRoot: optString(values, 'corpora') ?? join('..', 'shared', 'corpora'),
      ...(limit !== undefined ? { limit } : {}),
      ...(folds !== undefined ? { folds } : {}),
      quick: optBool(values, 'quick'),
      onProgress: (m) => io.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${m}\n`),
    });
    const files = await writeStudy(result, out);
    io.stderr.write(`wrote ${files.length} files to ${out} in ${((Date.now() - started) / 1000).toFixed(0)}s\n`);
    io.stdout.write(`${join(out, 'report.md')}\n`);
    return EXIT.ok;
  },
};

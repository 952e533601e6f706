/** `pith eval <corpus...>`: scores extractors on corpora with every metric their gold supports. */
import { modelPathExtractor } from '../../eval/model-extractor.js';
import { bundledModelPath } from '../../pipeline/extract.js';
import { openCorpus, writeFileAtomic } from '../../corpus/index.js';
import { reportSkippedPages } from '../skipped-pages.js';
import { DEFAULT_EXTRACTORS, resolveExtractors, type ExtractorFactory } from '../../eval/extractor-spec.js';
import { evaluateCorpora } from '../../eval/runner.js';
import { toJSON, toMarkdown } from '../../eval/report.js';
import { PithError } from '../../errors.js';
import { EXIT, optBool, optInt, optString, optStrings, parseCommandArgs, type Command } from '../command.js';
import { Progress } from '../progress.js';

const HELP = `Usage: pith eval <corpus>... [options]

Runs extractors over corpora (pith's format or any folder in ../shared/corpora) and prints
a Markdown table of every metric the corpus' gold supports: title accuracy, shingle P/R/F1
and exact accuracy (article-extraction-benchmark), word F1 (WCXB), snippet P/R/F
(trafilatura-eval), block P/R/F per label (micro, macro over sites) and document-level
Content scores (block-labelling study).

Options:
  --extractor LIST  comma-separated extractors (default ${DEFAULT_EXTRACTORS}):
                      all-text     every text block is body, title = <title>
                      readability  Mozilla Readability (needs the dev dependencies)
                      oracle       the gold block labels (the ceiling segmentation allows)
                      model:PATH   a trained model file; 'model:' alone = the bundled model
  --model PATH      score this model file too (repeatable; 'bundled' = the bundled model);
                    with --model and no --extractor, the models run beside all-text and readability
  --limit N         at most N pages per corpus (the first N)
  --json            print the results as JSON instead of Markdown
  --pages           with --json: include every page's scores
  --out FILE        also write the Markdown report to FILE
`;

/** Kinds of `kind:argument` extractors. */
const FACTORIES: Readonly<Record<string, ExtractorFactory>> = Object.freeze({
  // `model:path/to/model.json.gz`, or `model:` alone for the bundled model.
  model: (path: string) => modelPathExtractor(path || bundledModelPath()),
});

export const command: Command = {
  name: 'eval',
  summary: 'score extractors (baselines, models) on corpora',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      extractor: { type: 'string' },
      model: { type: 'string', multiple: true },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      pages: { type: 'boolean' },
      out: { type: 'string' },
    });
    if (positionals.length === 0) throw new PithError('BAD_OPTION', 'expected at least one corpus folder');
    const models = optStrings(values, 'model').map((m) => `model:${m === 'bundled' ? '' : m}`);
    const base = optString(values, 'extractor') ?? (models.length ? 'all-text,readability' : DEFAULT_EXTRACTORS);
    const extractors = await resolveExtractors([base, ...models].filter(Boolean).join(','), FACTORIES);
    const limit = values['limit'] !== undefined ? optInt(values, 'limit', 0, 1) : undefined;
    const corpora = [];
    for (const p of positionals) corpora.push(await openCorpus(p, limit !== undefined ? { limit } : {}));
    reportSkippedPages('eval', corpora, io.stderr);
    const progress = new Map<string, Progress>();
    const result = await evaluateCorpora(corpora, extractors, {
      onProgress: (e) => {
        let bar = progress.get(e.corpus);
        if (!bar) progress.set(e.corpus, (bar = new Progress(`eval ${e.corpus}`, e.total, io.stderr)));
        bar.tick();
        if (e.done === e.total) bar.finish();
      },
    });
    const markdown = toMarkdown(result);
    const out = optString(values, 'out');
    if (out) {
      try {
        await writeFileAtomic(out, markdown);
      } catch (e) {
        const why = ((e as Error).cause as Error | undefined)?.message ?? (e as Error).message;
        throw new PithError('IO', `cannot write the report (${why})`, out, { cause: e });
      }
    }
    io.stdout.write(optBool(values, 'json') ? JSON.stringify(toJSON(result, { pages: optBool(values, 'pages') }), null, 2) + '\n' : markdown);
    return EXIT.ok;
  },
};

/** `pith harvest <warc|dir>... -o corpus`: a labelled pith corpus from pages whose JSON-LD articleBody matches what they show. */
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command } from '../command.js';
import { PithError } from '../../errors.js';
import { HARVEST_DEFAULTS, HARVEST_REJECT_REASONS, harvestToCorpus } from '../../corpus/harvest.js';

const HELP = `Usage: pith harvest <warc|file|dir>... -o <corpus-dir> [options]

Harvests training data from crawled pages (docs/harvest.md). Reads every page under the
inputs: WARC / WARC.gz files (their HTML response records), and any other file as one page,
folders recursively. A page is kept when its publisher's JSON-LD articleBody (at least
--min-words words, not cut off with "...") aligns with the page's blocks: at least
--min-coverage of its words found in the blocks and at least --min-precision of the
labelled blocks' words inside it. Kept pages are written, byte for byte, to a new pith
corpus (use: train) with their labels: blocks holding the articleBody body, heading
elements between them heading, the block showing the JSON-LD headline title, everything
else other. Pages not kept are counted by reason; bad input is skipped, never fatal.

Options:
  -o, --out DIR          the pith corpus to create (must not exist yet)
  --name NAME            corpus name (default: the folder's name)
  --limit N              stop after N kept pages
  --min-words N          fewest words in articleBody (default ${HARVEST_DEFAULTS.minWords})
  --min-coverage X       least share of articleBody words found in the page (default ${HARVEST_DEFAULTS.minCoverage})
  --min-precision X      least share of labelled blocks' words inside articleBody (default ${HARVEST_DEFAULTS.minPrecision})
  --json                 the report as JSON
`;

function optShare(values: Record<string, unknown>, name: string, fallback: number): number {
  const v = values[name];
  if (typeof v !== 'string') return fallback;
  const x = Number(v);
  if (!Number.isFinite(x) || x < 0 || x > 1) throw new PithError('BAD_OPTION', `--${name} must be a number from 0 to 1, got '${v}'`);
  return x;
}

export const command: Command = {
  name: 'harvest',
  summary: 'a labelled corpus from crawled pages whose JSON-LD articleBody matches their text',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      out: { type: 'string', short: 'o' },
      name: { type: 'string' },
      limit: { type: 'string' },
      'min-words': { type: 'string' },
      'min-coverage': { type: 'string' },
      'min-precision': { type: 'string' },
      json: { type: 'boolean' },
    });
    if (positionals.length === 0) throw new PithError('BAD_OPTION', 'harvest needs at least one WARC file, page or folder');
    const out = optString(values, 'out');
    if (!out) throw new PithError('BAD_OPTION', 'harvest needs -o <corpus-dir>');
    const limit = values['limit'] !== undefined ? optInt(values, 'limit', 0, 1) : undefined;
    const name = optString(values, 'name');
    const report = await harvestToCorpus(positionals, out, {
      ...(name ? { name } : {}),
      ...(limit !== undefined ? { limit } : {}),
      minWords: optInt(values, 'min-words', HARVEST_DEFAULTS.minWords, 1),
      minCoverage: optShare(values, 'min-coverage', HARVEST_DEFAULTS.minCoverage),
      minPrecision: optShare(values, 'min-precision', HARVEST_DEFAULTS.minPrecision),
    });
    const outside = report.rejected['outside-root'];
    if (outside > 0) io.stderr.write(`harvest: warning: ${outside} symbolic link${outside === 1 ? '' : 's'} leading outside their input folder, not read\n`);
    if (optBool(values, 'json')) {
      io.stdout.write(JSON.stringify({ out, ...report }, null, 2) + '\n');
      return EXIT.ok;
    }
    io.stdout.write(`harvested ${report.kept} of ${report.seen} pages into ${out} (${report.withArticleBody} with a JSON-LD articleBody)\n`);
    for (const r of HARVEST_REJECT_REASONS) if (report.rejected[r] > 0) io.stdout.write(`  rejected ${r}: ${report.rejected[r]}\n`);
    const warc = Object.entries(report.warcSkipped);
    if (warc.length > 0) io.stdout.write(`  WARC records without a page: ${warc.map(([r, n]) => `${r} ${n}`).join(', ')}\n`);
    return EXIT.ok;
  },
};

/** `pith sites check MODEL PAGES...`: drift of a model's site models on some pages. */
import { EXIT, optBool, parseCommandArgs, type Command } from '../command.js';
import { PithError } from '../../errors.js';
import { loadExtractionModel } from '../../pipeline/extract.js';
import { collectPages } from '../../batch/batch.js';
import { loadPagesForLearning } from '../../wrapper/learn-sites.js';
import { checkSites, formatSitesReport, siteDrifted, sitesReportJson } from '../../wrapper/sites-check.js';

const HELP = `Usage: pith sites check MODEL <pages|folders...> [--json]

Reports how MODEL's site models take the pages (docs/sites.md, "Drift"): per site model, the
pages it labelled (picked by URL host or by template, with the lowest template fit) and the
pages meant for it that went to the general model because they no longer fit its template or
its rules (drift); the pages whose named fields gave warnings (a field rule found nothing or a
value unlike the examples: docs/fields.md); and the pages no site model was picked for. Exit 0;
5 when a site drifted on more pages than it labelled.

Options:
  --json     the report as JSON
`;

/** Exit code when a site model drifted on most of its pages. */
export const EXIT_SITE_DRIFTED = 5;

export const command: Command = {
  name: 'sites',
  summary: 'check site models against pages (drift)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, { json: { type: 'boolean' } });
    const [sub, modelPath, ...inputs] = positionals;
    if (sub !== 'check') throw new PithError('BAD_OPTION', `expected 'check' (pith sites check MODEL PAGES...), got ${sub === undefined ? 'nothing' : `'${sub}'`}`);
    if (!modelPath || inputs.length === 0) throw new PithError('BAD_OPTION', 'expected a model file and at least one page or folder');
    const model = await loadExtractionModel(modelPath);
    if (!model.sites || model.sites.length === 0) throw new PithError('BAD_MODEL', 'the model holds no site models', modelPath);
    const found = await collectPages(inputs);
    const { pages, failed } = await loadPagesForLearning(found.files, found.roots);
    for (const f of failed) io.stderr.write(`sites: skipped ${f.path}: ${f.reason}\n`);
    const report = checkSites(model, pages);
    io.stdout.write(optBool(values, 'json') ? sitesReportJson(report) : formatSitesReport(report));
    const drifted = report.sites.some(siteDrifted);
    return drifted ? EXIT_SITE_DRIFTED : EXIT.ok;
  },
};

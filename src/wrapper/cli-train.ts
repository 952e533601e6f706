/**
 * `pith train FOLDER... --model wrapper -o MODEL`: site models learned from labelled pages,
 * stored beside a general model (the bundled one unless `--general` names another).
 */
import { PithError } from '../errors.js';
import { openCorpora } from '../learn/dataset.js';
import { saveModel } from '../models/model-file.js';
import { bundledModelPath, loadExtractionModel } from '../pipeline/extract.js';
import { withSiteEntries } from '../models/model-file.js';
import { trainedSiteEntry, trainSites, type SiteTraining } from './train.js';

export interface WrapperTrainRequest {
  readonly corpora: readonly string[];
  readonly out: string;
  readonly site?: string;
  readonly general?: string;
  readonly limit?: number;
}

/** Trains, writes the model file and reports on `log`; returns the exit code (0). */
export async function trainWrapperCommand(req: WrapperTrainRequest, log: NodeJS.WritableStream): Promise<number> {
  // Site models are per-site learning, the use research corpora allow (never a bundled model),
  // so eval-only corpora are accepted here.
  const corpora = await openCorpora(req.corpora);
  const general = await loadExtractionModel(req.general ?? bundledModelPath());
  const t0 = performance.now();
  const trained = await trainSites(corpora, {
    ...(req.site !== undefined ? { site: req.site } : {}),
    ...(req.limit !== undefined ? { limit: req.limit } : {}),
  });
  const ms = performance.now() - t0;
  const usable = trained.filter((t) => t.used.length > 0);
  for (const t of trained) log.write(t.model.describe() + '\n' + namingLines(t));
  if (usable.length === 0) {
    throw new PithError('BAD_CORPUS', 'no labelled page could be used (see the notes above): no site model written', req.corpora.join(', '));
  }
  const pages = trained.reduce((a, t) => a + t.used.length, 0);
  await saveModel(req.out, withSiteEntries(general.file, usable.map((t) => trainedSiteEntry(t))));
  log.write(`train: wrapper, ${usable.length} site model(s) (${usable.map((t) => t.model.host).join(', ')}) from ${pages} page(s), ${(ms / Math.max(1, pages)).toFixed(1)} ms per page to load and learn; general model ${general.file.algorithm} from ${general.path} -> ${req.out}\n`);
  return 0;
}

/** How the report says a site got its name, and the templates it is recognised by. */
export function namingLines(t: SiteTraining): string {
  const lines: string[] = [];
  if (t.namedBy === 'template') lines.push(`  named by its template: no page declares a URL (--site HOST names it)`);
  const n = t.template.templates.length;
  if (n > 0) lines.push(`  template: ${n === 1 ? 'one skeleton' : `${n} skeletons`} (${t.template.templates.map((x) => `${x.paths.length} paths, ${x.pages} page(s)`).join('; ')}); pages without a URL of the site are matched by it`);
  return lines.map((l) => l + '\n').join('');
}

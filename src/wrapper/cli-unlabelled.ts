/**
 * `pith train PAGES... --model wrapper --unlabelled -o MODEL`: site models learned from pages
 * without labels (learn-sites.ts), stored beside a general model like labelled ones.
 */
import { PithError } from '../errors.js';
import { collectPages } from '../batch/batch.js';
import { saveModel, withSiteEntries } from '../models/model-file.js';
import { bundledModelPath, loadExtractionModel } from '../pipeline/extract.js';
import { describeLearned, learnSites, loadPagesForLearning } from './learn-sites.js';

export interface UnlabelledTrainRequest {
  readonly inputs: readonly string[];
  readonly out: string;
  readonly site?: string;
  readonly general?: string;
  readonly minPages?: number;
}

export async function trainUnlabelledCommand(req: UnlabelledTrainRequest, log: NodeJS.WritableStream): Promise<number> {
  const general = await loadExtractionModel(req.general ?? bundledModelPath());
  const found = await collectPages(req.inputs);
  const { pages, failed } = await loadPagesForLearning(found.files, found.roots);
  for (const f of failed) log.write(`  skipped ${f.path}: ${f.reason}\n`);
  if (pages.length === 0) throw new PithError('BAD_CORPUS', 'no page could be read: no site model written', req.inputs.join(', '));
  const learned = learnSites(pages, { ...general, sites: undefined } as typeof general, {
    always: true, minPages: req.minPages ?? 1, ...(req.site !== undefined ? { site: req.site } : {}),
  });
  for (const s of learned) {
    log.write(describeLearned(s) + '\n');
    for (const n of s.notes ?? []) log.write(`  note: ${n}\n`);
  }
  const entries = learned.flatMap((s) => (s.entry ? [s.entry] : []));
  if (entries.length === 0) throw new PithError('BAD_CORPUS', 'no site had enough pages to learn: no site model written', req.inputs.join(', '));
  await saveModel(req.out, withSiteEntries(general.file, entries));
  log.write(`train: wrapper without labels, ${entries.length} site model(s) (${entries.map((e) => e.host).join(', ')}) from ${pages.length} page(s); general model ${general.file.algorithm} from ${general.path} -> ${req.out}\n`);
  return 0;
}

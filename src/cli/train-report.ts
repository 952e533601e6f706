/**
 * A trainer's report (trainers/trainer.ts, plain data) as the lines `pith train` prints on
 * stderr: what comes before the model is written (notes, pages left out, what each site
 * model learned), then the summary and the first pages not used.
 */
import type { TrainingReport, UnusedPage } from '../index.js';
import { skippedPagesLines } from './skipped-pages.js';

export interface ReportText {
  /** Printed whether or not a model is written. */
  readonly before: readonly string[];
  /** Printed after the model is written: the summary line first. */
  readonly after: readonly string[];
}

/** How many unused pages a general model's report lists. */
const UNUSED_SHOWN = 5;

const unusedLine = (u: UnusedPage): string => `  skipped ${u.page}: ${u.reason}`;

type Formatters = { readonly [K in TrainingReport['kind']]: (report: Extract<TrainingReport, { kind: K }>, out: string) => ReportText };

const FORMATTERS: Formatters = {
  'block-learner': (r, out) => ({
    before: [
      ...skippedPagesLines('train', r.leftOut),
      ...(r.visualWithoutLayouts ? ['train: the visual family reads layouts; without --layouts DIR every page is vis:unrendered'] : []),
    ],
    after: [
      `train: ${r.pages} pages (${r.blocks} blocks), ${r.unused.length} skipped; features ${r.seconds.dataset.toFixed(1)}s, training ${r.seconds.training.toFixed(1)}s -> ${out}`,
      ...r.unused.slice(0, UNUSED_SHOWN).map(unusedLine),
    ],
  }),
  'site-learner': (r, out) => ({
    before: r.unused.map(unusedLine),
    after: [
      `train: site ${r.host}: ${r.algorithm} from ${r.pages} page(s), features ${r.seconds.dataset.toFixed(1)}s, training ${r.seconds.training.toFixed(1)}s; general model ${r.general.algorithm} from ${r.general.path} -> ${out}`,
    ],
  }),
  svm: (r, out) => {
    const t = r.training;
    return {
      before: [r.description],
      after: [
        `train: svm on ${r.pages} pages (${r.rendered} with a layout), ${r.unused.length} skipped; ` +
          `body model from ${t.bodyPages} pages${t.bodyPartialSkipped ? ` (${t.bodyPartialSkipped} with partial body gold left to the title model)` : ''} (${t.body.examples} candidates, ${t.body.supportVectors} support vectors${t.body.converged ? '' : ', SMO stopped at its iteration guard'}), ` +
          `title model from ${t.titlePages} pages (${t.title.examples} candidates, ${t.title.supportVectors} support vectors); ` +
          `loading ${r.loadingSeconds.toFixed(1)}s, training ${t.seconds.toFixed(1)}s -> ${out}`,
        ...r.unused.slice(0, UNUSED_SHOWN).map(unusedLine),
      ],
    };
  },
  wrapper: (r, out) => {
    const stored = r.sites.filter((s) => s.pages > 0);
    return {
      before: r.sites.flatMap((s) => [s.description, ...namingLines(s)]),
      after: [
        `train: wrapper, ${stored.length} site model(s) (${stored.map((s) => s.host).join(', ')}) from ${r.pages} page(s), ${r.msPerPage.toFixed(1)} ms per page to load and learn; general model ${r.general.algorithm} from ${r.general.path} -> ${out}`,
      ],
    };
  },
  'wrapper-unlabelled': (r, out) => ({
    before: [...r.unreadable.map(unusedLine), ...r.sites.flatMap((s) => [s.description, ...s.notes.map((n) => `  note: ${n}`)])],
    after: [
      `train: wrapper without labels, ${r.hosts.length} site model(s) (${r.hosts.join(', ')}) from ${r.pages} page(s); general model ${r.general.algorithm} from ${r.general.path} -> ${out}`,
    ],
  }),
};

/** How a wrapper site got its name, and the templates it is recognised by. */
function namingLines(s: Extract<TrainingReport, { kind: 'wrapper' }>['sites'][number]): string[] {
  const lines: string[] = [];
  if (s.namedBy === 'template') lines.push(`  named by its template: no page declares a URL (--site HOST names it)`);
  const n = s.templates.length;
  if (n > 0) lines.push(`  template: ${n === 1 ? 'one skeleton' : `${n} skeletons`} (${s.templates.map((x) => `${x.paths} paths, ${x.pages} page(s)`).join('; ')}); pages without a URL of the site are matched by it`);
  return lines;
}

/** The report's lines; `out` is the model file's path as given. */
export function trainingReportText(report: TrainingReport, out: string): ReportText {
  return (FORMATTERS[report.kind] as (r: TrainingReport, out: string) => ReportText)(report, out);
}

/** The rendered study as Markdown tables and an SVG learning curve. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lineChart } from '../memory-based/svg.js';
import { BODY_CORRECT_F1, RENDERED_EXTRACTORS, rates, type RenderedExtractor, type RenderedStudy } from './study.js';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function pooled(study: RenderedStudy, size: number, extractor: RenderedExtractor) {
  return rates(study.cells.filter((c) => c.size === size && c.extractor === extractor).flatMap((c) => c.outcomes));
}

export function renderedReport(study: RenderedStudy): string {
  const top = study.sizes[study.sizes.length - 1]!;
  const out: string[] = [];
  out.push(`# The rendered-view study's experiments: one training site, the other sites as tests\n`);
  out.push(`msv-big9: ${study.sites.map((s) => `${s} (${study.pagesPerSite[s]} pages)`).join(', ')}; ${pct(study.renderedShare)} of the pages with a layout. Each site in turn trains on a fixed random draw of its pages; the pages of the four other sites are the test. Title: the headline exactly; body: a page whose body shingle F1 against the gold is at least ${BODY_CORRECT_F1} (rendered-view study's "accuracy" counts correct extractions), and the mean body F1. \`svm\`: the rendered-view study's subtree selector (spatial + content features, RBF SVM, Platt probabilities); \`maxent\`: the bundled recipe's learner and features trained on the same pages; \`maxent+visual\`: the same with the visual family; \`bundled\`: the bundled model, which saw no msv-big9 page.\n`);
  out.push(`## Trained on ${top} pages of one site (rendered-view study's Table 2)\n`);
  out.push(`| training site | ${RENDERED_EXTRACTORS.map((e) => `${e} title | ${e} body | ${e} body F1`).join(' | ')} |`);
  out.push(`|---|${RENDERED_EXTRACTORS.map(() => '---:|---:|---:').join('|')}|`);
  for (const site of study.sites) {
    const cells = RENDERED_EXTRACTORS.map((e) => rates(study.cells.find((c) => c.trainSite === site && c.size === top && c.extractor === e)!.outcomes));
    out.push(`| ${site} | ${cells.map((r) => `${pct(r.title)} | ${pct(r.body)} | ${r.bodyF1.toFixed(3)}`).join(' | ')} |`);
  }
  const all = RENDERED_EXTRACTORS.map((e) => pooled(study, top, e));
  out.push(`| **all** | ${all.map((r) => `**${pct(r.title)}** | **${pct(r.body)}** | **${r.bodyF1.toFixed(3)}**`).join(' | ')} |\n`);
  out.push(`## Learning curve: pages of one site (pooled over training sites)\n`);
  out.push(`| pages | ${RENDERED_EXTRACTORS.map((e) => `${e} title | ${e} body F1`).join(' | ')} | svm train ms |`);
  out.push(`|---:|${RENDERED_EXTRACTORS.map(() => '---:|---:').join('|')}|---:|`);
  for (const k of study.sizes) {
    const rs = RENDERED_EXTRACTORS.map((e) => pooled(study, k, e));
    const svmMs = study.cells.filter((c) => c.size === k && c.extractor === 'svm');
    out.push(`| ${k} | ${rs.map((r) => `${pct(r.title)} | ${r.bodyF1.toFixed(3)}`).join(' | ')} | ${(svmMs.reduce((a, c) => a + c.trainMs, 0) / Math.max(1, svmMs.length)).toFixed(0)} |`);
  }
  out.push(`\n![learning curve](learning-curve.svg)\n`);
  return out.join('\n');
}

export function learningCurveSvg(study: RenderedStudy): string {
  const series = RENDERED_EXTRACTORS.filter((e) => e !== 'bundled').flatMap((e) => [
    { name: `${e} title`, points: study.sizes.map((k) => [k, pooled(study, k, e).title] as const) },
    { name: `${e} body F1`, points: study.sizes.map((k) => [k, pooled(study, k, e).bodyF1] as const), dashed: true },
  ]);
  return lineChart(series, { title: 'Trained on k pages of one site, tested on the other sites', xLabel: 'training pages (one site)', yLabel: 'title exact / body F1', logX: true, yMin: 0, yMax: 1 });
}

export async function writeRenderedStudy(study: RenderedStudy, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files = [join(dir, 'report.md'), join(dir, 'learning-curve.svg'), join(dir, 'study.json')];
  await writeFile(files[0]!, renderedReport(study));
  await writeFile(files[1]!, learningCurveSvg(study));
  await writeFile(files[2]!, JSON.stringify(study.cells.map((c) => ({ ...c, rates: rates(c.outcomes), outcomes: undefined })), null, 1));
  return files;
}

/** Writes a study's report.md and its SVG charts into a folder (each file atomically). */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../corpus/index.js';
import { charts, toMarkdown } from './report.js';
import type { StudyResult } from './study.js';

export async function writeStudy(result: StudyResult, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const list = charts(result);
  const written: string[] = [];
  for (const c of list) {
    const p = join(dir, c.file);
    await writeFileAtomic(p, c.svg);
    written.push(p);
  }
  const report = join(dir, 'report.md');
  await writeFileAtomic(report, toMarkdown(result, list));
  written.push(report);
  return written;
}

/** What a command says about pages a corpus reader left out (Corpus.skipped), instead of dropping them silently. */
import type { Corpus } from '../corpus/types.js';

/** How many left-out pages are listed per corpus; the rest are counted. */
export const SKIPPED_SHOWN = 5;

/**
 * For each corpus whose reader left pages out, `<command>: <corpus>: N page(s) left out by
 * the corpus reader` and the first few as `  <id> (<file>): <reason>`.
 */
export function skippedPagesLines(command: string, corpora: readonly Pick<Corpus, 'name' | 'skipped'>[], shown = SKIPPED_SHOWN): string[] {
  const lines: string[] = [];
  for (const c of corpora) {
    const skipped = c.skipped ?? [];
    if (skipped.length === 0) continue;
    lines.push(`${command}: ${c.name}: ${skipped.length} page${skipped.length === 1 ? '' : 's'} left out by the corpus reader`);
    for (const s of skipped.slice(0, shown)) lines.push(`  ${s.id} (${s.path}): ${s.reason}`);
    if (skipped.length > shown) lines.push(`  ... and ${skipped.length - shown} more`);
  }
  return lines;
}

/** Writes `skippedPagesLines` to `out`. */
export function reportSkippedPages(command: string, corpora: readonly Pick<Corpus, 'name' | 'skipped'>[], out: NodeJS.WritableStream, shown = SKIPPED_SHOWN): void {
  for (const line of skippedPagesLines(command, corpora, shown)) out.write(line + '\n');
}

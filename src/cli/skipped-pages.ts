/** What a command says about pages a corpus reader left out (Corpus.skipped), instead of dropping them silently. */
import type { Corpus } from '../corpus/types.js';

/** How many left-out pages are listed per corpus; the rest are counted. */
export const SKIPPED_SHOWN = 5;

/**
 * Writes, for each corpus whose reader left pages out, `<command>: <corpus>: N page(s) left
 * out by the corpus reader` and the first few as `  <id> (<file>): <reason>`.
 */
export function reportSkippedPages(command: string, corpora: readonly Corpus[], out: NodeJS.WritableStream, shown = SKIPPED_SHOWN): void {
  for (const c of corpora) {
    const skipped = c.skipped ?? [];
    if (skipped.length === 0) continue;
    out.write(`${command}: ${c.name}: ${skipped.length} page${skipped.length === 1 ? '' : 's'} left out by the corpus reader\n`);
    for (const s of skipped.slice(0, shown)) out.write(`  ${s.id} (${s.path}): ${s.reason}\n`);
    if (skipped.length > shown) out.write(`  ... and ${skipped.length - shown} more\n`);
  }
}

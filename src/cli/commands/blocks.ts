/** `pith blocks <page>`: the block sequence with tag paths, a debugging view; with gold labels for corpus pages. */
import { loadPage, type Page } from '../../page.js';
import { linkDensity } from '../../segment/segment.js';
import type { GoldLabel } from '../../labels.js';
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command, type CommandIO } from '../command.js';
import { readPageSource } from '../input.js';
import { PithError } from '../../errors.js';
import { alignGold, corpusPage, loadCorpusPage, openCorpus } from '../../corpus/index.js';

const HELP = `Usage: pith blocks <file|url|-> [options]
       pith blocks --corpus DIR --page ID [options]

Prints the page's block sequence: index, kind, tag path, link density and text.
With --corpus and --page, the page comes from a corpus (any layout 'pith corpus'
reads) and each block also shows its gold label, aligned from the corpus' gold.

Options:
  --json            one JSON object per block instead of a table
  --url URL         the page's URL (resolves relative image links)
  --width N         characters of text shown per block (default 100; 0 = all)
  --include-hidden  keep text hidden by 'hidden' or display:none
  --corpus DIR      read the page from this corpus (with --page)
  --page ID         the corpus page to show
`;

export interface BlockViewOptions {
  readonly json?: boolean;
  /** Characters of text per row; 0 = all. Default 100. */
  readonly width?: number;
  /** Gold labels to show beside each block. */
  readonly labels?: readonly GoldLabel[];
}

/** Writes a page's blocks as a table (or JSON lines), with gold labels when given. */
export function writeBlocks(io: Pick<CommandIO, 'stdout'>, page: Page, options: BlockViewOptions = {}): void {
  const width = options.width ?? 100;
  for (const b of page.blocks) {
    const label = options.labels?.[b.index];
    if (options.json) {
      io.stdout.write(JSON.stringify({
        index: b.index, kind: b.kind, tagPath: b.tagPath, linkDensity: +linkDensity(b).toFixed(3), text: b.text, src: b.src,
        ...(label !== undefined ? { gold: label } : {}),
      }) + '\n');
      continue;
    }
    const text = (b.kind === 'text' ? b.text : `[${b.kind}] ${b.src ?? ''} ${b.alt ?? ''}`).replace(/\n/g, ' / ');
    const shown = width > 0 && text.length > width ? text.slice(0, width - 1) + '…' : text;
    const goldCol = options.labels ? `${(label ?? '').padEnd(7)}  ` : '';
    io.stdout.write(`${String(b.index).padStart(4)}  ${goldCol}${b.kind.padEnd(5)}  ${linkDensity(b).toFixed(2)}  ${b.tagPath.split('/').slice(-4).join('/').padEnd(28)}  ${shown}\n`);
  }
}

export const command: Command = {
  name: 'blocks',
  summary: 'show a page as pith segments it (tag paths, link density, text; gold labels for corpus pages)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      json: { type: 'boolean' },
      url: { type: 'string' },
      width: { type: 'string' },
      'include-hidden': { type: 'boolean' },
      corpus: { type: 'string' },
      page: { type: 'string' },
    });
    const width = optInt(values, 'width', 100);
    const includeHidden = optBool(values, 'include-hidden');
    const corpusDir = optString(values, 'corpus');
    const pageId = optString(values, 'page');
    if (corpusDir !== undefined || pageId !== undefined) {
      if (corpusDir === undefined || pageId === undefined) throw new PithError('BAD_OPTION', '--corpus and --page go together');
      if (positionals.length > 0) throw new PithError('BAD_OPTION', 'give either a page or --corpus/--page, not both');
      const corpus = await openCorpus(corpusDir, { id: pageId });
      const cp = corpusPage(corpus, pageId);
      const page = await loadCorpusPage(corpus, cp, { includeHidden });
      const labels = alignGold(page, cp.gold).labels;
      writeBlocks(io, page, { json: optBool(values, 'json'), width, labels });
      return EXIT.ok;
    }
    if (positionals.length !== 1) throw new PithError('BAD_OPTION', 'expected exactly one page (file, URL or -)');
    const url = optString(values, 'url');
    const src = await readPageSource(positionals[0]!, io.stdin, url ? { url } : {});
    const page = loadPage(src.bytes, { id: src.id, url: src.url, transportCharset: src.transportCharset, includeHidden }, src.subject);
    writeBlocks(io, page, { json: optBool(values, 'json'), width });
    return EXIT.ok;
  },
};

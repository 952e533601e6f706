/** `pith blocks <page>`: the block sequence with tag paths, a debugging view. */
import { loadPage } from '../../page.js';
import { linkDensity } from '../../segment/segment.js';
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command } from '../command.js';
import { readPageSource } from '../input.js';
import { PithError } from '../../errors.js';

const HELP = `Usage: pith blocks <file|url|-> [options]

Prints the page's block sequence: index, kind, tag path, link density and text.

Options:
  --json            one JSON object per block instead of a table
  --url URL         the page's URL (resolves relative image links)
  --width N         characters of text shown per block (default 100; 0 = all)
  --include-hidden  keep text hidden by 'hidden' or display:none
`;

export const command: Command = {
  name: 'blocks',
  summary: 'show a page as pith segments it (tag paths, link density, text)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      json: { type: 'boolean' },
      url: { type: 'string' },
      width: { type: 'string' },
      'include-hidden': { type: 'boolean' },
    });
    if (positionals.length !== 1) throw new PithError('BAD_OPTION', 'expected exactly one page (file, URL or -)');
    const width = optInt(values, 'width', 100);
    const url = optString(values, 'url');
    const src = await readPageSource(positionals[0]!, io.stdin, url ? { url } : {});
    const page = loadPage(src.bytes, { id: src.id, url: src.url, transportCharset: src.transportCharset, includeHidden: optBool(values, 'include-hidden') }, src.subject);
    for (const b of page.blocks) {
      if (optBool(values, 'json')) {
        io.stdout.write(JSON.stringify({ index: b.index, kind: b.kind, tagPath: b.tagPath, linkDensity: +linkDensity(b).toFixed(3), text: b.text, src: b.src }) + '\n');
        continue;
      }
      const text = (b.kind === 'text' ? b.text : `[${b.kind}] ${b.src ?? ''} ${b.alt ?? ''}`).replace(/\n/g, ' / ');
      const shown = width > 0 && text.length > width ? text.slice(0, width - 1) + '…' : text;
      io.stdout.write(`${String(b.index).padStart(4)}  ${b.kind.padEnd(5)}  ${linkDensity(b).toFixed(2)}  ${b.tagPath.split('/').slice(-4).join('/').padEnd(28)}  ${shown}\n`);
    }
    return EXIT.ok;
  },
};

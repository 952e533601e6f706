/**
 * The peer of `pith batch` for bench/speed.ts's whole-process measurement: Readability.js on
 * linkedom over a list of page files, one JSON line per page, in one process as a user would
 * write it (read the file, gunzip, decode, parse with linkedom's DOMParser, Readability.parse,
 * JSON.stringify, append). Its line carries what Readability gives (title, byline, excerpt,
 * content HTML, textContent ...), about the volume of pith's default line (text, markdown, HTML).
 *
 * node dist/bench/readability-batch.js LIST_FILE OUT_JSONL
 */
import { readFile, open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { basename } from 'node:path';
import { DOMParser } from 'linkedom';
import { Readability } from '@mozilla/readability';

const [listFile, out] = process.argv.slice(2);
const files = (await readFile(listFile!, 'utf8')).split('\n').filter(Boolean);
const parser = new DOMParser();
const decoder = new TextDecoder('utf-8');
const handle = await open(out!, 'w');
let ok = 0;
let failed = 0;
for (const path of files) {
  const id = basename(path).replace(/\.gz$/i, '').replace(/\.x?html?$/i, '');
  let line: string;
  try {
    const raw = await readFile(path);
    const html = decoder.decode(path.endsWith('.gz') ? gunzipSync(raw) : raw);
    const article = new Readability(parser.parseFromString(html, 'text/html') as unknown as Document).parse();
    line = JSON.stringify({ id, url: null, ...article });
    ok++;
  } catch (e) {
    line = JSON.stringify({ id, url: null, error: { code: 'INTERNAL', message: (e as Error).message } });
    failed++;
  }
  await handle.appendFile(line + '\n');
}
await handle.close();
process.stderr.write(`readability-batch: ${ok} extracted, ${failed} failed -> ${out}\n`);

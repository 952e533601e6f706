/**
 * The floor under any parse5-based batch, for bench/speed.ts's whole-process measurement: the
 * same page files as `pith batch` and bench/readability-batch.js, each read, gunzipped, decoded
 * with pith's own byte decoder and parsed by plain parse5, one short JSON line a page. Nothing
 * is extracted, so no extractor built on parse5's tree can run faster than this process; the
 * ratio Readability.js / this floor is the most such an extractor could reach.
 *
 * node dist/bench/parse-floor-batch.js LIST_FILE OUT_JSONL
 */
import { readFile, open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { basename } from 'node:path';
import { parse } from 'parse5';
import { decodeHtml } from '../src/dom/bytes.js';

const [listFile, out] = process.argv.slice(2);
const files = (await readFile(listFile!, 'utf8')).split('\n').filter(Boolean);
const handle = await open(out!, 'w');
let ok = 0;
for (const path of files) {
  const id = basename(path).replace(/\.gz$/i, '').replace(/\.x?html?$/i, '');
  const raw = await readFile(path);
  const html = decodeHtml(path.endsWith('.gz') ? gunzipSync(raw) : raw).text;
  const document = parse(html);
  await handle.appendFile(JSON.stringify({ id, url: null, children: document.childNodes.length }) + '\n');
  ok++;
}
await handle.close();
process.stderr.write(`parse-floor-batch: ${ok} parsed -> ${out}\n`);

/**
 * `npm run bench:parse`: decode + parse + segment over every shared page, beside parse5's
 * bare parse of the same decoded text in the same run. Target: segmentation (everything
 * pith adds: decode, tree conversion, blocks) costs at most 50% on top of the bare parse.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { decodeHtml } from '../src/dom/bytes.js';
import { parseHtml } from '../src/dom/parse.js';
import { segment } from '../src/segment/segment.js';
import { listPageFiles } from './page-files.js';
import { median } from './cpu-time.js';

const root = process.argv[2] ?? join(process.cwd(), '..', 'shared', 'corpora');

const files = await listPageFiles(root);
// Pre-read bytes so disk time is not measured.
const pages: Uint8Array[] = [];
for (const f of files) {
  const raw = await readFile(f);
  pages.push(f.endsWith('.gz') ? gunzipSync(raw) : raw);
}
const totalMB = pages.reduce((a, b) => a + b.length, 0) / 1e6;
const bare: number[] = [];
const pith: number[] = [];
let blocks = 0;
let failures = 0;
const rounds = Number(process.env.ROUNDS ?? 2);
for (let r = 0; r < rounds; r++) {
  for (const bytes of pages) {
    // Interleave the two per page so machine noise hits both alike.
    const text = decodeHtml(bytes).text;
    let t = performance.now();
    parse(text);
    const tb = performance.now() - t;
    t = performance.now();
    try {
      const tree = parseHtml(decodeHtml(bytes).text);
      blocks += segment(tree).blocks.length;
    } catch {
      failures++;
    }
    const tp = performance.now() - t;
    if (r === rounds - 1) {
      bare.push(tb);
      pith.push(tp);
    }
  }
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const ratio = sum(pith) / sum(bare);
console.log(`pages: ${pages.length} (${totalMB.toFixed(1)} MB), rounds: ${rounds} (last one timed), failures: ${failures}`);
console.log('| step | median ms/page | mean ms/page | MB/s |');
console.log('|---|---:|---:|---:|');
console.log(`| parse5 parse (bare) | ${median(bare).toFixed(2)} | ${(sum(bare) / bare.length).toFixed(2)} | ${(totalMB / (sum(bare) / 1000)).toFixed(1)} |`);
console.log(`| pith decode+parse+segment | ${median(pith).toFixed(2)} | ${(sum(pith) / pith.length).toFixed(2)} | ${(totalMB / (sum(pith) / 1000)).toFixed(1)} |`);
console.log(`\npith / bare parse = ${ratio.toFixed(2)}x (target <= 1.50x): ${ratio <= 1.5 ? 'PASS' : 'FAIL'}`);
process.exitCode = ratio <= 1.5 ? 0 : 1;

/** Shared set-up for the annotation tests: a temporary pith corpus with the two fixture pages. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { createPithCorpus } from '../../src/corpus/pith-format.js';
import { addToCorpus } from '../../src/annotate/add-pages.js';
import type { Predictor } from '../../src/annotate/predictor.js';
import { LABELS, type Label } from '../../src/labels.js';
import { fixture } from '../helpers/paths.js';

export async function tempCorpus(pages = ['article.html', 'second.html']): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'pith-annotate-'));
  await createPithCorpus(dir, { name: 'test', use: 'train' });
  const r = await addToCorpus(dir, pages.map((p) => fixture('annotate', p)));
  if (r.added.length !== pages.length) throw new Error(`fixtures not added: ${JSON.stringify(r.skipped)}`);
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  json(): any;
}

/** A plain HTTP request to the test server; `headers` replace the defaults. */
export function http(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent: false, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A predictor for tests: h1 -> title, h2 -> heading, p -> body, else other; links lower the confidence. */
export const ruleP: Predictor = {
  name: 'rules-for-tests',
  predict(page) {
    const labels: Label[] = page.blocks.map((b) => {
      const tag = b.tagPath.split('/').pop() ?? '';
      return tag === 'h1' ? 'title' : tag === 'h2' ? 'heading' : tag === 'p' || tag === 'b' ? 'body' : 'other';
    });
    const probs = labels.map((l, i) => {
      const top = page.blocks[i]!.linkChars > 0 ? 0.4 : 0.9;
      return LABELS.map((x) => (x === l ? top : (1 - top) / 3));
    });
    return { labels, probs };
  },
};

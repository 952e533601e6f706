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
import { Workspace } from '../../src/annotate/workspace.js';
import { startLabelServer, type LabelServer } from '../../src/annotate/server.js';

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

/** Saves rule labels (h1 title, h2 heading, p body, else other) for every page of the corpus at `dir`. */
export async function labelEveryPage(dir: string): Promise<number> {
  const { Workspace } = await import('../../src/annotate/workspace.js');
  const ws = await Workspace.open(dir, { predictor: ruleP });
  let n = 0;
  for (const p of await ws.queue()) {
    const v = await ws.view(p.id);
    if (v.revision > 0) continue;
    await ws.save(p.id, v.blocks.map((b) => b.label), 0);
    n++;
  }
  return n;
}

/** A long hand-made article page (headline, `blocks` paragraphs with a heading every 7, link lists), varied by `k`. */
export function longArticle(k: number, blocks: number): string {
  const words = 'seal harbour estuary count colony volunteer spring sandbank pollution river coast tide survey water'.split(' ');
  let h = `<!DOCTYPE html><html><head><title>Page ${k}</title></head><body><div class="nav"><a href="/">Home</a> <a href="/n">News</a></div><article><h1>Headline ${k}</h1>`;
  for (let i = 0; i < blocks; i++) {
    if (i % 7 === 0) h += `<h2>Section ${i} ${words[(i + k) % words.length]}</h2>`;
    h += `<p>${Array.from({ length: 12 + (i % 9) }, (_, j) => words[(i * 7 + j * 3 + k) % words.length]! + (j % 5 === 0 ? i : '')).join(' ')}.</p>`;
    if (i % 11 === 0) h += `<ul class="related"><li><a href="/x${i}">Related ${i}</a></li></ul>`;
  }
  return `${h}</article><footer>Footer</footer></body></html>`;
}

/** A label server over a fresh corpus, for one test file's tests; `close` stops it and removes the corpus. */
export interface LabelServerFixture {
  readonly dir: string;
  readonly srv: LabelServer;
  /** The credential header. */
  readonly auth: Record<string, string>;
  /** Headers of a write: credential, same origin, JSON. */
  readonly write: Record<string, string>;
  close(): Promise<void>;
}

export async function startLabelFixture(makeCorpus: () => Promise<{ dir: string; cleanup: () => Promise<void> }>): Promise<LabelServerFixture> {
  const { dir, cleanup } = await makeCorpus();
  const srv = await startLabelServer(await Workspace.open(dir));
  const auth = { ...srv.authHeaders };
  return {
    dir, srv, auth,
    write: { ...auth, origin: srv.origin, 'content-type': 'application/json' },
    async close() {
      await srv.close();
      await cleanup();
    },
  };
}

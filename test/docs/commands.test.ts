/**
 * Every `pith ...` command shown in a code block of README.md and docs/cli.md runs and exits 0
 * (issue 61: docs in step). The commands are read from the files, so a new one shows up here:
 * each is either run, with its placeholders (`page.html`, `pages/`, `<id>`) given real fixtures
 * and corpora, optional `[...]` parts left out and shared corpora read with a page limit, or
 * skipped for a reason given in `SKIPPED` (network, Redis, Chromium, a server, long training).
 *
 * All run in this process through the CLI's `main` (one model load, no process start-ups).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { main } from '../../src/cli/main.js';
import { openCorpus } from '../../src/corpus/index.js';
import { fixture, haveSharedCorpora, repoRoot } from '../helpers/paths.js';
import { httpResponse, warcFile, warcRecord } from '../batch/warc-builder.js';

/** Commands not run here, each with why (matched on the command's start). */
const SKIPPED: readonly (readonly [string, string])[] = [
  ['pith extract https://', 'fetches from the network'],
  ['pith extract page.html --render', 'draws the page in Chromium (test/cli/render.test.ts)'],
  ['pith extract page.html --format html --styled', 'needs computed styles from Chromium (test/article/styled-browser.test.ts)'],
  ['pith extract page.html --layouts', 'reads layouts `pith render` wrote with Chromium'],
  ['pith batch --urls', 'fetches from the network (loopback fetching: test/pipeline)'],
  ['pith batch --sitemap', 'fetches from the network'],
  ['pith batch pages/ --render', 'draws every page in Chromium'],
  ['pith render', 'draws pages in Chromium (test/cli/render.test.ts)'],
  ['pith serve', 'a server that runs until stopped (test/service/server.test.ts)'],
  ['pith queue', 'needs Redis (test/queue)'],
  ['pith worker', 'needs Redis (test/queue)'],
  ['pith label', 'an interactive labelling server, and it fetches a URL'],
  ['pith train ../shared/corpora/wcxb-dev', 'trains a CRF on a whole corpus (minutes)'],
  ['pith corpus stats ../shared/corpora/*', 'opens all nine shared corpora (6 s of CPU, most of this test\'s); the glob over folders and a file: test/cli/docs-match.test.ts'],
];

/** Placeholders that stand for something else in one command (matched on its start). */
const OVERRIDES: readonly (readonly [string, Readonly<Record<string, string>>])[] = [
  // A model with site models: the wrapper model the README's lines train.
  ['pith sites check', { 'my.model.json.gz': 'books.model.json.gz' }],
];

/** Corpora read with this many pages at most, where the command takes `--limit`. */
const PAGE_LIMIT = '2';

/** The `pith ...` lines of the fenced code blocks of a Markdown file (a `$ ` prompt and a `cat x |` feed kept). */
export function docCommands(markdown: string): string[] {
  const out: string[] = [];
  for (const block of markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)) {
    for (const raw of block[1]!.split('\n')) {
      const line = raw.trim().replace(/^\$\s+/, '');
      if (/^pith\s/.test(line) || /^cat\s+\S+\s*\|\s*pith\s/.test(line)) out.push(line);
    }
  }
  return out;
}

/** Shell words of a line: quotes removed, a `# comment` and `[optional parts]` left out. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let cur = '';
  let quote: string | undefined;
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else if (c === '#' && !inWord) break;
    else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  // Optional parts: from a word starting with '[' to the one ending with ']'.
  const kept: string[] = [];
  let depth = 0;
  for (const w of words) {
    if (w.startsWith('[')) depth++;
    if (depth === 0) kept.push(w);
    if (w.endsWith(']')) depth = Math.max(0, depth - 1);
  }
  return kept;
}

interface Prepared { readonly argv: string[]; readonly stdin?: Buffer; readonly stdoutFile?: string }

/** What the docs' placeholders stand for here. */
function placeholders(tmp: string): Record<string, string> {
  const pages = join(tmp, 'pages');
  return {
    'page.html': fixture('pages', 'news-article.html'),
    'forum-thread.html': fixture('pages', 'forum-thread.html'),
    'listing.html': fixture('pages', 'listing-cards.html'),
    'list.html': fixture('pages', 'tents-list.html'),
    'pages/': pages,
    'saved-pages/': pages,
    'crawl.warc.gz': join(tmp, 'crawl.warc.gz'),
    'results.jsonl': join(tmp, 'results.jsonl'),
    'my.model.json.gz': join(repoRoot, 'models', 'default.model.json.gz'),
    'knn.model.json.gz': join(tmp, 'knn.model.json.gz'),
    'my-corpus/': join(tmp, 'my-corpus'),
    'wcxb-pith': join(tmp, 'my-corpus'),
    'books': join(tmp, 'books'),
    'books.model.json.gz': join(tmp, 'books.model.json.gz'),
    'tents.model.json.gz': join(tmp, 'tents.model.json.gz'),
    'models/default.model.json.gz': join(repoRoot, 'models', 'default.model.json.gz'),
  };
}

/** The argv a doc line runs as here: placeholders replaced, shared corpora given a page limit, a glob expanded. */
async function prepare(line: string, tmp: string): Promise<Prepared> {
  const base = placeholders(tmp);
  const override = OVERRIDES.find(([start]) => line.startsWith(start))?.[1] ?? {};
  const p: Record<string, string> = { ...base, ...Object.fromEntries(Object.entries(override).map(([k, v]) => [k, base[v] ?? v])) };
  let stdin: Buffer | undefined;
  let text = line;
  const feed = /^cat\s+(\S+)\s*\|\s*/.exec(text);
  if (feed) {
    stdin = readFileSync(p[feed[1]!] ?? feed[1]!);
    text = text.slice(feed[0].length);
  }
  let words = shellWords(text).slice(1);
  let stdoutFile: string | undefined;
  const redirect = words.indexOf('>');
  if (redirect >= 0) {
    stdoutFile = join(tmp, words[redirect + 1]!);
    words = words.slice(0, redirect);
  }
  const argv: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    if (w === '<id>') {
      const corpus = words.slice(0, k).reverse().find((x) => x.includes('shared/corpora/'))!;
      argv.push((await openCorpus(join(repoRoot, corpus))).pages[0]!.id);
    } else if (w.endsWith('/*') && w.includes('shared/corpora')) {
      const dir = join(repoRoot, w.slice(0, -2));
      argv.push(...readdirSync(dir).sort().map((f) => join(dir, f)));
    } else if (w.startsWith('../shared/corpora')) argv.push(join(repoRoot, w));
    else argv.push(p[w] ?? w);
  }
  // Corpora are read with a page limit where the command takes one.
  const li = argv.indexOf('--limit');
  if (li >= 0) argv[li + 1] = PAGE_LIMIT;
  else if (takesLimit(argv)) argv.push('--limit', PAGE_LIMIT);
  return { argv, ...(stdin ? { stdin } : {}), ...(stdoutFile ? { stdoutFile } : {}) };
}

function takesLimit(argv: readonly string[]): boolean {
  return (argv[0] === 'corpus' && ['import', 'import-fields', 'stats'].includes(argv[1]!)) || argv[0] === 'eval';
}

/** Runs the CLI in this process with the given stdin; stdout and stderr captured. */
async function run(argv: readonly string[], stdin?: Buffer): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (b: Buffer) => out.push(b));
  stderr.on('data', (b: Buffer) => err.push(b));
  const code = await main(argv, { stdout, stderr, stdin: Readable.from(stdin ? [stdin] : []) });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

const skipReason = (line: string): string | undefined => SKIPPED.find(([start]) => line.replace(/^\$\s+/, '').startsWith(start))?.[1];

test('docCommands and shellWords read the doc lines as a shell would', () => {
  assert.deepEqual(docCommands('x\n```sh\n$ pith a b   # c\ncat p | pith d -\nnot pith\n```\npith outside\n'), ['pith a b   # c', 'cat p | pith d -']);
  assert.deepEqual(shellWords("pith x 'a (b)/c' --o [--w N] [--k] y # note"), ['pith', 'x', 'a (b)/c', '--o', 'y']);
});

test('every pith command in README.md and docs/cli.md runs offline and exits 0, or is skipped for a stated reason', { skip: haveSharedCorpora ? false : 'needs ../shared/corpora', timeout: 120_000 }, async () => {
  const lines = ['README.md', join('docs', 'cli.md')].flatMap((f) => docCommands(readFileSync(join(repoRoot, f), 'utf8')));
  assert.ok(lines.length >= 30, `${lines.length} commands found`);
  const tmp = mkdtempSync(join(tmpdir(), 'pith-doc-commands-'));
  try {
    const pages = join(tmp, 'pages');
    mkdirSync(pages);
    for (const f of ['news-article.html', 'blog-with-comments.html']) copyFileSync(fixture('pages', f), join(pages, f));
    const story = readFileSync(fixture('pages', 'news-article.html'));
    writeFileSync(join(tmp, 'crawl.warc.gz'), warcFile([warcRecord({ type: 'response', id: 'urn:uuid:1', url: 'https://news.example/a', block: httpResponse(story) })], true));
    // The commands that make files run before those that read them: the docs' order, with corpus import first.
    const ordered = [...lines.filter((l) => l.startsWith('pith corpus import')), ...lines.filter((l) => !l.startsWith('pith corpus import'))];
    const ran: string[] = [];
    const skipped = new Set<string>();
    for (const line of ordered) {
      const why = skipReason(line);
      if (why) {
        skipped.add(SKIPPED.find(([s]) => line.replace(/^\$\s+/, '').startsWith(s))![0]);
        continue;
      }
      const { argv, stdin, stdoutFile } = await prepare(line, tmp);
      const r = await run(argv, stdin);
      assert.equal(r.code, 0, `${line}\n  ran as: pith ${argv.join(' ')}\n  stderr: ${r.stderr.slice(0, 2000)}`);
      if (stdoutFile) writeFileSync(stdoutFile, r.stdout);
      ran.push(line);
    }
    assert.ok(ran.length >= 20, `${ran.length} run`);
    // Every skip reason is still used: a skip whose command left the docs goes from the list.
    assert.deepEqual(SKIPPED.map(([s]) => s).filter((s) => !skipped.has(s)), [], 'skip entries that match no doc command');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

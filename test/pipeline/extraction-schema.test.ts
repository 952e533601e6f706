/**
 * One result schema: the library's extract(), `pith extract --format json`, `pith batch` lines
 * and `pith serve`'s /extract all validate against schema/extraction.schema.json, and all four
 * write the same JSON for the same page (batch adds id and url).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from '../../src/pipeline/library.js';
import { extractionJson } from '../../src/pipeline/extraction.js';
import { toJson } from '../../src/article/to-json.js';
import { startService } from '../../src/service/server.js';
import { fixture, repoRoot } from '../helpers/paths.js';
import { validate } from '../helpers/json-schema.js';
import { postJson } from '../service/helpers.js';

const schema = JSON.parse(readFileSync(join(repoRoot, 'schema', 'extraction.schema.json'), 'utf8')) as Record<string, unknown>;
const PAGES = [fixture('pages', 'news-article.html'), fixture('pages', 'blog-with-comments.html'), fixture('found', 'nginx-404.html'), fixture('found', 'sign-in.html')];
const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

function assertValid(value: unknown, what: string): void {
  assert.deepEqual(validate(schema, value), [], what);
}

test('the schema validator rejects what the schema forbids (so the checks below can fail)', () => {
  const good = { found: true, title: '', headings: [], body: '', markdown: '', html: '', metadata: { dir: 'ltr' }, confidence: 0.5 };
  assert.deepEqual(validate(schema, good), []);
  assert.ok(validate(schema, { ...good, metadata: { dir: 'ltr', lang: null } }).length > 0, 'lang: null');
  assert.ok(validate(schema, { ...good, found: undefined }).length > 0, 'no found');
  assert.ok(validate(schema, { ...good, extra: 1 }).length > 0, 'unknown key');
  assert.ok(validate(schema, { ...good, reason: 'bored' }).length > 0, 'unknown reason');
  assert.ok(validate(schema, { ...good, confidence: 2 }).length > 0, 'confidence above 1');
  assert.deepEqual(validate(schema, { ...good, comments: [{ author: 'Ann', date: '2012', text: 'Hi' }, { text: 'Yo' }] }), []);
  assert.ok(validate(schema, { ...good, comments: [{ author: 'Ann' }] }).length > 0, 'a comment without text');
  assert.ok(validate(schema, { ...good, comments: [{ text: 'x', likes: 3 }] }).length > 0, 'an unknown comment key');
});

test('with comments asked for: library, extract --include-comments and /extract give the same comments, in the schema', { timeout: 60_000 }, async () => {
  const page = fixture('pages', 'blog-with-comments.html');
  const html = readFileSync(page, 'utf8');
  const json = JSON.parse(JSON.stringify(extractionJson(await extract(html, { includeComments: true })))) as Record<string, unknown>;
  assertValid(json, 'library with comments');
  assert.equal((json['comments'] as unknown[]).length, 12);
  const cli = pith('extract', page, '--format', 'json', '--include-comments');
  assert.equal(cli.status, 0, cli.stderr);
  assert.deepEqual(JSON.parse(cli.stdout), json, 'extract --include-comments = library');
  const svc = await startService({ port: 0, workers: 1 });
  try {
    const reply = await postJson(svc.port, { html, includeComments: true });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.json(), json, '/extract includeComments = library');
  } finally {
    await svc.close();
  }
});

test('library, extract --format json, batch lines and /extract: one schema, the same JSON', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-schema-'));
  const svc = await startService({ port: 0, workers: 1 });
  try {
    const library = new Map<string, Record<string, unknown>>();
    for (const page of PAGES) {
      const html = readFileSync(page, 'utf8');
      const e = await extract(html);
      // The library's object itself (less its article tree) is in the schema too.
      const { article: _tree, ...plain } = Object.fromEntries(Object.entries(e)) as Record<string, unknown>;
      assertValid(JSON.parse(JSON.stringify({ ...plain, confidence: +e.confidence.toFixed(4) })), `library ${page}`);
      const json = JSON.parse(JSON.stringify(extractionJson(e))) as Record<string, unknown>;
      assertValid(json, `extractionJson ${page}`);
      library.set(page, json);

      const cli = pith('extract', page, '--format', 'json');
      assert.equal(cli.status, 0, cli.stderr);
      const cliJson = JSON.parse(cli.stdout) as unknown;
      assertValid(cliJson, `extract --format json ${page}`);
      assert.deepEqual(cliJson, json, `extract --format json = library, ${page}`);

      // With blocks and lists on an article and on a page that is not one (a process each: two of the four pages).
      if (page === PAGES[0] || page === PAGES[2]) {
        const withBlocks = JSON.parse(pith('extract', page, '--format', 'json', '--blocks', '--lists').stdout) as unknown;
        assertValid(withBlocks, `extract --blocks --lists ${page}`);
      }

      const reply = await postJson(svc.port, { html });
      assert.equal(reply.status, 200);
      assertValid(reply.json(), `/extract ${page}`);
      assert.deepEqual(reply.json(), json, `/extract = library, ${page}`);
      copyFileSync(page, join(dir, page.split('/').pop()!));
    }
    const out = join(dir, 'out.jsonl');
    const run = pith('batch', dir, '--out', out, '--workers', '1');
    assert.equal(run.status, 0, run.stderr);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(lines.length, PAGES.length);
    for (const line of lines) {
      const { id, url: _url, ...rest } = line;
      assertValid(rest, `batch line ${String(id)}`);
      const page = PAGES.find((p) => p.endsWith(`/${String(id)}.html`))!;
      assert.deepEqual(rest, library.get(page), `batch line = library, ${String(id)}`);
    }
  } finally {
    await svc.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an article's own JSON (toJson) is the extraction's JSON less what only extraction knows (found, reason), with and without comments", async () => {
  for (const page of PAGES) {
    for (const includeComments of [false, true]) {
      const e = await extract(readFileSync(page, 'utf8'), { includeComments });
      const { found: _found, reason: _reason, ...json } = JSON.parse(JSON.stringify(extractionJson(e))) as Record<string, unknown>;
      const own = JSON.parse(JSON.stringify(toJson(e.article, { confidence: e.confidence }))) as Record<string, unknown>;
      assert.deepEqual(own, json, `toJson = extractionJson less found, ${page}${includeComments ? ' with comments' : ''}`);
      assertValid({ found: true, ...own }, `toJson ${page}`);
    }
  }
});

test("the schema's reasons are the library's, and /openapi.json's Extraction names only the schema's keys", async () => {
  const { NOT_FOUND_REASONS } = await import('../../src/pipeline/found.js');
  const { openApiDocument } = await import('../../src/service/openapi.js');
  const props = schema['properties'] as Record<string, Record<string, unknown>>;
  assert.deepEqual(props['reason']!['enum'], [...NOT_FOUND_REASONS]);
  const schemas = (openApiDocument({ maxBodyBytes: 1, timeoutMs: 1 })['components'] as { schemas: Record<string, { properties: Record<string, unknown> }> }).schemas;
  for (const k of Object.keys(schemas['Extraction']!.properties)) assert.ok(k in props, `openapi Extraction.${k} is in the schema`);
  const meta = ((schema['$defs'] as Record<string, { properties: Record<string, unknown> }>)['metadata']!).properties;
  for (const k of Object.keys(schemas['Metadata']!.properties)) assert.ok(k in meta, `openapi Metadata.${k} is in the schema`);
});

test('extractionJson makes no rendering it is told to leave out, and keeps the key order otherwise', async () => {
  const e = await extract(readFileSync(PAGES[0]!));
  const all = extractionJson(e);
  const reads: string[] = [];
  const watched = new Proxy(e, {
    get(target, key, receiver) {
      if (key === 'markdown' || key === 'html') reads.push(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const lean = extractionJson(watched, { omitRenderings: new Set(['markdown', 'html'] as const) });
  assert.deepEqual(reads, [], 'no rendering read');
  assert.deepEqual(Object.keys(lean), Object.keys(all).filter((k) => k !== 'markdown' && k !== 'html'));
  const noHtml = extractionJson(e, { omitRenderings: new Set(['html'] as const) });
  assert.deepEqual(Object.keys(noHtml), Object.keys(all).filter((k) => k !== 'html'));
  assert.equal(noHtml['markdown'], all['markdown']);
});

/** `found` with a reason (issue 61's cases), and isProbablyArticle. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract } from '../../src/pipeline/library.js';
import { isProbablyArticle, judgeFound, MAX_SHELL_PROSE_WORDS, proseStats } from '../../src/pipeline/found.js';
import { parseHtml } from '../../src/dom/parse.js';
import type { Article, ArticleNode } from '../../src/article/types.js';
import { fixture, repoRoot } from '../helpers/paths.js';

const page = (...p: string[]): string => readFileSync(fixture(...p), 'utf8');
const pith = (input: string, ...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'extract', '-', ...args], { input, encoding: 'utf8' });

const NOT_ARTICLES: readonly [string, string, string][] = [
  ['an nginx 404 page', page('found', 'nginx-404.html'), 'error-page'],
  ["a site's own 404 page, with navigation and a list of links", page('found', 'site-404.html'), 'error-page'],
  ['an Apache directory index', page('found', 'apache-index.html'), 'directory-listing'],
  ['a python http.server directory listing', page('found', 'python-index.html'), 'directory-listing'],
  ['a sign-in form', page('found', 'sign-in.html'), 'form'],
  ['a landing page without prose', page('found', 'landing.html'), 'no-prose'],
  ['a listing of headlines', page('found', 'link-listing.html'), 'no-prose'],
  ['empty input', '', 'empty'],
  ['white space only', ' \n\t\n', 'empty'],
  ['plain text', page('found', 'plain.txt'), 'not-html'],
  ['JSON', '{"a":1}', 'not-html'],
];

for (const [what, html, reason] of NOT_ARTICLES) {
  test(`found: false, reason ${reason}: ${what}`, async () => {
    const e = await extract(html);
    assert.equal(e.found, false);
    assert.equal(e.reason, reason);
    assert.equal(isProbablyArticle(html), false, 'isProbablyArticle');
  });
}

test('articles are found, with no reason', async () => {
  for (const f of ['news-article.html', 'npr-story.html', 'blog-with-comments.html', 'forum-thread.html']) {
    const html = page('pages', f);
    const e = await extract(html);
    assert.equal(e.found, true, f);
    assert.equal('reason' in e, false, f);
    assert.equal(isProbablyArticle(html), true, `isProbablyArticle ${f}`);
  }
});

test('an article about errors, with a sign-in box, is still an article', async () => {
  const para = 'When a server cannot find the page a reader asked for, it answers with a status code that browsers show as an error page, and search engines count how often that happens on every site they visit over the year. ';
  const html = `<html><head><title>Why 404 Not Found pages hurt your search ranking</title></head><body><header><form><input type="password"><button>Sign in</button></form></header>
    <article><h1>Why 404 Not Found pages hurt your search ranking</h1>${Array.from({ length: 5 }, () => `<p>${para}</p>`).join('')}</article></body></html>`;
  const e = await extract(html);
  assert.equal(e.found, true);
  assert.equal(isProbablyArticle(html), true);
});

test('not found changes only found and reason: the text kept is the same', async () => {
  const e = await extract(page('found', 'site-404.html'));
  assert.equal(e.found, false);
  assert.ok(e.body.length > 0, 'the 404 page still has its text');
});

test('pith extract: empty input says so on stderr and exits 3; JSON carries found false', () => {
  const run = pith('', '--format', 'json');
  assert.equal(run.status, 3);
  assert.match(run.stderr, /is empty: no page to extract/);
  const json = JSON.parse(run.stdout) as { found: boolean; reason: string };
  assert.deepEqual([json.found, json.reason], [false, 'empty']);
  const text = pith('{"a":1}', '--format', 'json');
  assert.equal(text.status, 0, 'not-html is a result, not an input error');
  assert.equal((JSON.parse(text.stdout) as { reason: string }).reason, 'not-html');
});

test('isProbablyArticle: anything but a string is not an article', () => {
  assert.equal(isProbablyArticle(undefined as unknown as string), false);
  assert.equal(isProbablyArticle(42 as unknown as string), false);
});

test('isProbablyArticle on a deeply nested page stays linear (CPU time, generous bound)', () => {
  const deep = '<div>'.repeat(20000) + 'x' + '</div>'.repeat(20000);
  const start = process.cpuUsage();
  assert.equal(isProbablyArticle(deep), false);
  const cpu = process.cpuUsage(start);
  assert.ok((cpu.user + cpu.system) / 1e6 < 10, `${(cpu.user + cpu.system) / 1e6} s of CPU`);
});

/** An article of `n` paragraphs of `words` words each, counting how many paragraphs' content is read. */
function countedArticle(n: number, words: number): { article: Article; read: () => number } {
  let read = 0;
  const text = Array.from({ length: words }, (_, k) => `word${k}`).join(' ');
  const content: ArticleNode[] = Array.from({ length: n }, () => ({
    kind: 'paragraph' as const,
    get content() {
      read++;
      return [{ kind: 'text' as const, text }];
    },
  }));
  return { article: { title: 'A title', content, metadata: {} as Article['metadata'] }, read: () => read };
}

test('judgeFound reads a long article only up to the prose its verdict needs, with the full count\'s verdict', () => {
  const tree = parseHtml('<html><body><p>an article</p></body></html>');
  const long = countedArticle(10_000, 20);
  assert.deepEqual(judgeFound(tree, long.article), { found: true });
  assert.ok(long.read() <= 2, `${long.read()} of 10 000 paragraphs read`);
  assert.deepEqual(proseStats(countedArticle(10_000, 20).article), { words: 200_000, longest: 20 });
  // An error page's shell needs more prose than a plain page (MAX_SHELL_PROSE_WORDS) before it reads as an article.
  const errorTree = parseHtml('<html><head><title>404 Not Found</title></head><body><p>gone</p></body></html>');
  const shellShort = countedArticle(7, 20);
  assert.deepEqual(judgeFound(errorTree, shellShort.article), { found: false, reason: 'error-page' });
  const shellLong = countedArticle(10_000, 20);
  assert.deepEqual(judgeFound(errorTree, shellLong.article), { found: true });
  assert.ok(shellLong.read() <= Math.ceil((MAX_SHELL_PROSE_WORDS + 1) / 20), `${shellLong.read()} paragraphs read`);
  // Short paragraphs only: every one is read, and the verdict is no prose.
  const teasers = countedArticle(500, 5);
  assert.deepEqual(judgeFound(tree, teasers.article), { found: false, reason: 'no-prose' });
  assert.equal(teasers.read(), 500);
});

/** Post boundaries: a forum's replies and a Q&A page's answers are set apart; an article in one post is not cut. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage } from '../../src/page.js';
import { postStarts } from '../../src/article/posts.js';
import { extract } from '../../src/pipeline/library.js';
import { fixture } from '../helpers/paths.js';

/** Boundaries when every text block is kept. */
function startsOf(html: string): string[] {
  const page = loadPage(Buffer.from(html, 'utf8'));
  const kept = page.blocks.map((b, i) => (b.kind === 'text' ? i : -1)).filter((i) => i >= 0);
  return [...postStarts(page.tree, page.blocks, kept)].sort((a, b) => a - b).map((i) => page.blocks[i]!.text);
}

const prose = (n: number) => `Reply number ${n} says something useful about the question in enough words to count.`;

test('postStarts: the first kept block of each post after the first; nested replies stay in their post', () => {
  const posts = [1, 2, 3].map((n) => `<div class="post" id="p${n}"><div class="author">user${n}</div><p>${prose(n)}</p>${n === 2 ? `<div class="post" id="p9"><p>${prose(9)}</p></div>` : ''}</div>`).join('');
  assert.deepEqual(startsOf(`<body><h1>Thread</h1>${posts}</body>`), ['user2', 'user3']);
  assert.deepEqual(startsOf(`<body><div class="post"><h1>One article</h1><p>${prose(1)}</p><p>${prose(2)}</p></div></body>`), [], 'one post: no boundary');
  const parts = [1, 2].map((n) => `<div class="post-content"><p>${prose(n)}</p></div>`).join('');
  assert.deepEqual(startsOf(`<body>${parts}</body>`), [], 'parts of a post are not posts');
  const few = `<body><p>${prose(1).repeat(6)}</p><div class="comment"><p>short one</p></div><div class="comment"><p>short two</p></div></body>`;
  assert.deepEqual(startsOf(few), [], 'posts holding little of the text: no boundaries');
});

test('forum thread and Q&A page: a rule between posts in Markdown and HTML; the text is unchanged', async () => {
  const forum = await extract(readFileSync(fixture('pages', 'forum-thread.html'), 'utf8'));
  assert.equal(forum.markdown.split('\n---\n').length, 4, forum.markdown);
  assert.match(forum.markdown, /\n---\n\n\[velo\\_mike\]/);
  assert.equal(forum.html.split('<hr>').length, 4);
  assert.ok(!forum.body.includes('---'));
  const qa = await extract(readFileSync(fixture('markdown', 'qa-answers.html'), 'utf8'));
  assert.equal(qa.markdown.split('\n---\n').length, 3, qa.markdown);
  assert.match(qa.markdown, /answered by lin\\_k\n\n---\n\nIf you only forgot a file/);
});

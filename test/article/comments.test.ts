/**
 * Readers' comments as structure: every comment of a thread with its author, date and text,
 * found by repetition in three markups (an old blog's `commentlist`, WordPress's threaded
 * `comment-list`, a Disqus-like `post-list`) and a thread with no wrapper at all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage } from '../../src/page.js';
import { commentSectionBlocks } from '../../src/decode/comments.js';
import { findComments } from '../../src/article/comments.js';
import { extract } from '../../src/pipeline/library.js';
import { fixture } from '../helpers/paths.js';

function commentsOf(html: string) {
  const page = loadPage(Buffer.from(html, 'utf8'));
  return findComments(page.tree, page.blocks, commentSectionBlocks(page.tree, page.blocks));
}
const read = (...parts: string[]) => readFileSync(fixture(...parts), 'utf8');

test('blog-with-comments: all 12 comments, each with its commenter and the date written after the name', () => {
  const comments = commentsOf(read('pages', 'blog-with-comments.html'));
  assert.equal(comments.length, 12);
  assert.deepEqual(comments[0], { author: 'Heather', date: 'October 23rd, 2012 at 1:10 pm', text: 'I have used a white noise machine for years and I still cannot sleep without it, even on holiday when the hotel is perfectly quiet.' });
  assert.deepEqual(comments.map((c) => c.author), ['Heather', 'Kate', 'Marco', 'Priya', 'Jonas', 'Aiko', 'Sam', 'Lena', 'Olu', 'Rosa', 'Tom', 'Ines']);
  assert.equal(comments[11]!.date, 'October 23rd, 2012 at 1:43 pm');
  for (const c of comments) assert.ok(!/Reply|Responses|Leave a/.test(c.text), c.text);
});

test('WordPress threaded: a reply nested in a comment is a comment of its own; names from .fn, dates from <time datetime>', () => {
  const comments = commentsOf(read('comments', 'wordpress-threaded.html'));
  assert.deepEqual(comments.map((c) => [c.author, c.date]), [
    ['Peter Novak', '2021-05-03T18:22:10+00:00'], ['Mira Lindqvist', '2021-05-03T20:05:41+00:00'], ['Sara', '2021-05-05T07:41:00+00:00'],
  ]);
  assert.match(comments[0]!.text, /^Which bush varieties did you pick\?.*week\.$/);
  assert.ok(!comments[0]!.text.includes('dwarf variety'), 'the reply is not in its parent');
  assert.match(comments[1]!.text, /^I went with a dwarf variety/);
});

test('Disqus-like: author span, the date in the "5 years ago" link\'s title, two paragraphs kept apart, votes and buttons left out', () => {
  const comments = commentsOf(read('comments', 'disqus-like.html'));
  assert.equal(comments.length, 2);
  assert.deepEqual(comments[0], {
    author: 'tomek_k', date: 'Tuesday, March 5, 2019 3:40 PM',
    text: 'I commute on this line every day and the dwell times are exactly the problem. Doors stay open for minutes while people squeeze on.\n\nLonger trains at peak would fix half of it.',
  });
  assert.deepEqual([comments[1]!.author, comments[1]!.date], ['Lin Okafor', 'Tuesday, March 5, 2019 5:02 PM']);
});

test('no wrapper: a "3 Responses" heading and sibling comments; a section where nothing repeats is one comment', () => {
  const article = '<h1>Post</h1><p>' + 'The post itself has a paragraph of prose that is long enough to count. '.repeat(2) + '</p>';
  const flat = commentsOf(`<body><div class="content">${article}<h3>3 Responses</h3>
    <div class="c"><p class="who"><span class="author-name">Ann</span> said on 2 May 2020:</p><p>First comment, with enough words to be a comment.</p></div>
    <div class="c"><p class="who"><span class="author-name">Bo</span> said on 3 May 2020:</p><p>Second comment, also with enough words here.</p></div>
    <div class="c"><p class="who"><span class="author-name">Cy</span> said on 4 May 2020:</p><p>Third comment, and the last one of them.</p></div></div></body>`);
  assert.deepEqual(flat.map((c) => [c.author, c.date, c.text]), [
    ['Ann', '2 May 2020', 'First comment, with enough words to be a comment.'],
    ['Bo', '3 May 2020', 'Second comment, also with enough words here.'],
    ['Cy', '4 May 2020', 'Third comment, and the last one of them.'],
  ]);
  const single = commentsOf(`<body>${article}<div id="comments"><h3>1 Comment</h3><div class="author">Dee</div><p>The only comment on this post, quite short.</p></div></body>`);
  assert.deepEqual(single, [{ author: 'Dee', text: 'The only comment on this post, quite short.' }]);
  assert.deepEqual(commentsOf(`<body>${article}</body>`), [], 'no comment section, no comments');
});

test('includeComments: comments in the JSON and a Comments section in Markdown; the article, its author and date are the post\'s', async () => {
  const html = read('pages', 'blog-with-comments.html');
  const plain = await extract(html);
  const e = await extract(html, { includeComments: true });
  assert.equal(plain.comments, undefined, 'only when asked');
  assert.equal(e.comments?.length, 12);
  assert.equal(e.body, plain.body, 'the article stays without the comments');
  assert.ok(!e.body.includes('white noise'));
  assert.equal(e.metadata.author, undefined, 'no commenter as the author');
  assert.equal(e.metadata.date, 'October 23, 2012');
  const [article, comments] = e.markdown.split('\n## Comments\n');
  assert.ok(comments !== undefined && !article!.includes('Heather'), e.markdown);
  assert.match(comments!, /^\n\*\*Heather\*\* · October 23rd, 2012 at 1:10 pm\n\nI have used a white noise machine/);
  assert.equal(comments!.split('\n---\n').length, 12);
  for (const name of ['Kate', 'Ines']) assert.ok(comments!.includes(`**${name}**`), name);
});

test('hostile nesting: 20 000 nested elements in a comment section are read in bounded work, without recursion', () => {
  const depth = 20_000;
  const html = `<body><h1>T</h1><p>${'Prose of the post itself, long enough to be a paragraph. '.repeat(3)}</p><div id="comments">${'<div class="c">x '.repeat(depth)}${'</div>'.repeat(depth)}</div></body>`;
  const page = loadPage(Buffer.from(html, 'utf8'));
  const marks = commentSectionBlocks(page.tree, page.blocks);
  const before = process.cpuUsage();
  const comments = findComments(page.tree, page.blocks, marks);
  const used = process.cpuUsage(before);
  assert.ok(comments.length > 0);
  // Generous: the work is linear in the section (a quadratic walk would take minutes).
  assert.ok(used.user + used.system < 20_000_000, `${used.user + used.system} µs of CPU`);
});

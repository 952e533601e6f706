import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commentSectionBlocks } from '../../src/decode/comments.js';
import { loadPage } from '../../src/page.js';

const enc = (s: string) => new TextEncoder().encode(s);

/** The text of each block with its mark, for readable assertions. */
function marks(html: string): Array<[string, number]> {
  const page = loadPage(enc(html));
  const m = commentSectionBlocks(page.tree, page.blocks);
  return page.blocks.map((b, i) => [b.text, m[i]!]);
}

test('blocks inside elements whose class or id names a comment section are marked', () => {
  const html = `<body class="single-post has-comments no-comments">
    <article><h1>Headline</h1><p>The post itself.</p></article>
    <div id="comments"><h3>3 Responses</h3>
      <ol class="commentlist"><li class="comment even depth-1"><p>First reader.</p></li></ol>
    </div>
    <div class="post"><div class="comment-body"><p>Drupal reader.</p></div></div>
    <div id="disqus_thread"><p>Disqus reader.</p></div>
    <form id="respond"><label>Leave a reply</label></form>
    <div class="CommentList"><p>Camel-case list.</p></div>
    <aside class="widget" id="recent-comments-2"><ul><li class="recentcomments">Ann on Earplugs</li></ul></aside>
    <div class="trackbacks"><h3 class="trackbacks-header">TrackBack</h3><p>Listed below are links to weblogs that reference the post:</p></div>
  </body>`;
  assert.deepEqual(marks(html), [
    ['Headline', 0], ['The post itself.', 0],
    ['3 Responses', 1], ['First reader.', 1],
    ['Drupal reader.', 1], ['Disqus reader.', 1], ['Leave a reply', 1], ['Camel-case list.', 1], ['Ann on Earplugs', 1],
    ['TrackBack', 1], ['Listed below are links to weblogs that reference the post:', 1],
  ]);
});

test('a class that only mentions comments in passing does not make a comment section', () => {
  const html = `<html class="flag-unfollowComments-on"><body class="comments-open">
    <div class="testimonials-comments-comment"><p>A product testimonial.</p></div>
    <div class="widget_recent_comments"><p>Sidebar widget.</p></div>
    <div class="commentary"><p>An opinion column.</p></div>
    <div class="post" itemprop="comment"><p>A forum reply marked up with schema.org.</p></div>
    <div class="${'flag-x '.repeat(80)}comment"><p>A feature-flag dump.</p></div>
  </body></html>`;
  assert.deepEqual(marks(html).map(([, m]) => m), [0, 0, 0, 0, 0]);
});

test('100 000 nested elements inside a comment section are marked without overflowing the stack', () => {
  const html = '<body><p>Before the thread.</p><div class="comments">' + '<div>'.repeat(100_000) + 'deep reply' + '</div>'.repeat(100_000) + '</div></body>';
  assert.deepEqual(marks(html), [['Before the thread.', 0], ['deep reply', 1]]);
});

test('an empty page has no marks', () => {
  const page = loadPage(enc(''));
  assert.equal(commentSectionBlocks(page.tree, page.blocks).length, page.blocks.length);
});

test('a page that declares itself a discussion has no comment sections: its replies are its content', () => {
  const thread = '<p>The question asked.</p><div class="comments"><p>An answer.</p></div>';
  assert.deepEqual(marks(`<body>${thread}</body>`).map(([, m]) => m), [0, 1]);
  const jsonLd = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"QAPage","mainEntity":{}}</script>';
  assert.deepEqual(marks(`<head>${jsonLd}</head><body>${thread}</body>`).map(([, m]) => m), [0, 0]);
  const microdata = `<body><div itemscope itemtype="https://schema.org/DiscussionForumPosting">${thread}</div></body>`;
  assert.deepEqual(marks(microdata).map(([, m]) => m), [0, 0]);
  // An article that merely has a comment count in its markup is no discussion.
  const article = `<body><article itemscope itemtype="https://schema.org/NewsArticle">${thread}</article></body>`;
  assert.deepEqual(marks(article).map(([, m]) => m), [0, 1]);
  // The type may sit in a list, inside @graph, or as a full URL; a string that merely names it does not count.
  const graph = '{"@graph":[{"@type":"WebSite"},{"@type":["WebPage","https://schema.org/QAPage"]}]}';
  assert.deepEqual(marks(`<head><script type="application/ld+json">${graph}</script></head><body>${thread}</body>`).map(([, m]) => m), [0, 0]);
  const mention = '{"@type":"NewsArticle","headline":"What a QAPage is"}';
  assert.deepEqual(marks(`<head><script type="application/ld+json">${mention}</script></head><body>${thread}</body>`).map(([, m]) => m), [0, 1]);
});

const POST = '<p>The post itself, a paragraph of prose long enough to read as one, written before its thread.</p>';

test('a heading naming a comment thread opens a section that runs to the end of its parent', () => {
  // An old blog: no element around the thread, each comment a sibling of the heading.
  const html = `<body><div class="content"><h1>Cool weather</h1>${POST}
    <p class="posted">Posted by laurie</p>
    <div class="title"><h2>27 Comments</h2></div>
    <div><p>First reader's comment.</p></div><p class="posted">Posted by: Ellen</p>
    <h3>Leave a Reply</h3><p>Your name</p>
  </div><div class="sidebar"><p>Archives</p></div></body>`;
  assert.deepEqual(marks(html), [
    ['Cool weather', 0], [POST.slice(3, -4), 0], ['Posted by laurie', 0],
    ['27 Comments', 1], ["First reader's comment.", 1], ['Posted by: Ellen', 1], ['Leave a Reply', 1], ['Your name', 1],
    ['Archives', 0],
  ]);
});

test('headings that only look like comment headings open no section', () => {
  const html = `<body><h2>Responses</h2><p>A box of responses at the top precedes the article.</p>${POST}
    <h2>Comment choisir son barbecue ?</h2><p>Des barbecues, il en existe un tas.</p>
    <h2>Discussion</h2><p>The paper's discussion section.</p>
    <h3>Response</h3><p>The Response interface of the Fetch API.</p></body>`;
  assert.ok(marks(html).every(([, m]) => m === 0));
});

test('comment headings in many languages and forms', () => {
  for (const heading of ['Comments', '3 comments', '12 Responses to “Cool weather”', 'Reader comments (4)', '27 commentaires', 'Kommentare', 'Post a comment', 'Trackbacks/Pingbacks', 'TrackBack']) {
    const got = marks(`<body><div>${POST}<h3>${heading}</h3><p>A reader.</p></div></body>`);
    assert.deepEqual(got.map(([, m]) => m), [0, 1, 1], heading);
  }
});

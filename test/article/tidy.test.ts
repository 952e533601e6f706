/**
 * Markdown noise (issue 61, item 5) on small hand-made pages: permalink glyphs of a
 * documentation generator, a newsletter box and a script notice in a blog post, emphasis
 * wrapping whole headings, the same image twice, a caption that repeats the standfirst.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tidyContent, unwrapWholeEmphasis } from '../../src/article/tidy.js';
import type { ArticleNode, Inline } from '../../src/article/types.js';
import { extract } from '../../src/pipeline/library.js';
import { isReaderAppeal } from '../../src/decode/rules/reader-appeals.js';
import { SCRIPT_NOTICE } from '../../src/features/cue-words.js';
import { fixture } from '../helpers/paths.js';

const text = (t: string): Inline => ({ kind: 'text', text: t });
const para = (t: string): ArticleNode => ({ kind: 'paragraph', content: [text(t)] });
const figure = (src: string, caption?: string): ArticleNode => ({ kind: 'figure', images: [{ src, alt: '' }], ...(caption !== undefined ? { caption: [text(caption)] } : {}) });
const page = (name: string) => readFileSync(fixture('markdown', name), 'utf8');

test('unwrapWholeEmphasis: strong or emphasis around the whole heading goes; partial emphasis stays', () => {
  assert.deepEqual(unwrapWholeEmphasis([{ kind: 'strong', children: [text('Testing setup')] }]), [text('Testing setup')]);
  assert.deepEqual(unwrapWholeEmphasis([text(' '), { kind: 'emphasis', children: [{ kind: 'strong', children: [text('Both')] }] }, text(' ')]), [text('Both')]);
  const partial: Inline[] = [{ kind: 'strong', children: [text('Step 1:')] }, text(' install')];
  assert.equal(unwrapWholeEmphasis(partial), partial);
});

test('tidyContent: a repeated image goes (not one with a caption of its own), a caption repeating a paragraph goes; else the same nodes', () => {
  const lead = 'A practical guide to testing components.';
  const nodes: ArticleNode[] = [para(lead), figure('https://e.com/a.png', lead), para('Body text.'), figure('https://e.com/a.png'), figure('https://e.com/a.png', 'A new caption'), figure('https://e.com/b.png', 'Other')];
  assert.deepEqual(tidyContent(nodes), [
    para(lead), { kind: 'figure', images: [{ src: 'https://e.com/a.png', alt: '' }] }, para('Body text.'),
    { kind: 'figure', images: [], caption: [text('A new caption')] }, figure('https://e.com/b.png', 'Other'),
  ]);
  const clean = [para('x'), figure('https://e.com/c.png', 'y')];
  assert.equal(tidyContent(clean), clean, 'nothing to tidy: the same array');
  const nested: ArticleNode[] = [{ kind: 'list', ordered: false, items: [{ children: [{ kind: 'heading', level: 3, content: [{ kind: 'strong', children: [text('H')] }] }] }] }];
  assert.deepEqual(tidyContent(nested), [{ kind: 'list', ordered: false, items: [{ children: [{ kind: 'heading', level: 3, content: [text('H')] }] }] }]);
});

test('docs page: no ¶ permalink in headings or after signatures, in any rendering', async () => {
  const e = await extract(page('python-docs.html'));
  for (const out of [e.markdown, e.body, e.html, e.title]) assert.ok(!out.includes('¶'), out);
  assert.ok(!/\]\(#/.test(e.markdown), e.markdown);
  assert.match(e.markdown, /^textwrap\.wrap\(\*text\*, \*width=70\*\)$/m);
  assert.match(e.markdown, /^## Notes$/m);
});

test('blog post: newsletter box, script notice, doubled heading emphasis and the repeated image are gone; the article stays', async () => {
  const e = await extract(page('blog-notices.html'));
  const md = e.markdown;
  assert.ok(!/newsletter|Sign up|JavaScript is required/i.test(md), md);
  assert.match(md, /^## Testing setup$/m);
  assert.match(md, /^## Mocking network calls$/m);
  assert.equal(md.split('vitest-hero.png').length - 1, 1, 'the image once');
  assert.equal(md.split('A practical guide to testing React components').length - 1, 1, 'the standfirst once (not again as a caption)');
  assert.match(md, /Keep the mocked responses next to the tests/);
});

test('the notices as lines: sign-up appeals after symbols, newsletter blurbs, a labelled script notice; not prose about newsletters', () => {
  assert.ok(isReaderAppeal('🚀 Sign up for The Replay newsletter'));
  assert.ok(isReaderAppeal('The Replay is a weekly newsletter for dev and engineering leaders.'));
  assert.ok(!isReaderAppeal('Newsletters were a niche until email clients started to filter them into tabs, which changed how editors wrote.'));
  assert.ok(SCRIPT_NOTICE.test('Notice: JavaScript is required for this content.'));
  assert.ok(!SCRIPT_NOTICE.test('Note: JavaScript arrays are objects.'));
});

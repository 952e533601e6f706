/**
 * Issue 25's output defects, each on a small hand-made page, with the bundled model: what a
 * reader needs kept on a news story with a photo and a teaser inset (NPR's layout), on a
 * listing of cards each wrapped in one link (BBC's), on a chart whose cards the learner drops
 * (IMDb's), on a forum thread (XenForo's), and on a photo blog's post that is its headline,
 * pictures and one line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fixture } from '../helpers/paths.js';
import { extractBytes, loadExtractionModel, formatResult } from '../../src/pipeline/extract.js';

interface Extracted { title: string; headings: string[]; body: string; markdown: string }

async function extractFixture(name: string, url: string): Promise<Extracted> {
  const model = await loadExtractionModel();
  const result = extractBytes(await readFile(fixture('pages', name)), model, { url });
  return { ...(JSON.parse(formatResult(result, 'json')) as Omit<Extracted, 'markdown'>), markdown: formatResult(result, 'markdown') };
}

test('NPR-style story: the lead photo and its caption are kept; caption toggles, credits and the teaser inset are not', async () => {
  const a = await extractFixture('npr-story.html', 'https://www.npr.org/sections/health-shots/2026/03/08/sleep');
  assert.equal(a.title, 'How to sleep better when the clocks change');
  assert.match(a.markdown, /!\[A woman yawns beside an alarm clock\]\(https:\/\/media\.npr\.org\/assets\/img\/2026\/03\/08\/sleep-clock_wide\.jpg\)/);
  assert.match(a.body, /Losing an hour of sleep can leave you groggy/);
  for (const noise of ['hide caption', 'toggle caption', 'Getty Images', 'Life Kit', 'science-backed tips', 'lifekit-sleep']) {
    assert.ok(!a.markdown.includes(noise), `'${noise}' is not in the article`);
  }
  assert.deepEqual(a.headings, ['What about the kids?']);
  assert.match(a.body, /Keeping mealtimes and other routines consistent/);
});

test('listing of cards wrapped in links: every teaser headline links to its story', async () => {
  const a = await extractFixture('listing-cards.html', 'https://www.bbc.co.uk/news/technology');
  const stories = ['Chip makers race to build smaller transistors', 'Why your next phone may have no charging port', 'Gamers rally to save a shuttered online world'];
  for (const [k, headline] of stories.entries()) {
    const id = [1001, 1002, 1006][k];
    assert.ok(a.markdown.includes(`[${headline}](https://www.bbc.co.uk/news/technology-${id})`), `'${headline}' links to its story:\n${a.markdown}`);
  }
  assert.match(a.body, /Fans have rebuilt the servers/);
  assert.ok(!a.body.includes('Terms of Use'));
});

test('chart of ranked cards: each card keeps its rank, linked title, details and rating; menus, buttons and the footer do not come', async () => {
  const a = await extractFixture('chart-list.html', 'https://shelfwise.example/charts/week');
  assert.equal(a.title, 'Most read books this week');
  const order = ['#1', 'The Glass Orchard', '2025 · 352 pages', '4.6 (12K)', '#6', 'Small Hours', '2024 · 240 pages', '4.1 (3.2K)'];
  let at = 0;
  for (const text of order) {
    const found = a.body.indexOf(text, at);
    assert.ok(found >= 0, `'${text}' in the body after position ${at}:\n${a.body}`);
    at = found + text.length;
  }
  assert.ok(a.markdown.includes('[A Map of Quiet Rivers](https://shelfwise.example/book/102/)'), a.markdown);
  for (const noise of ['Add to shelf', 'Rate', 'Browse by genre', 'Community', 'Privacy', 'All rights reserved']) {
    assert.ok(!a.body.includes(noise), `'${noise}' is not in the body:\n${a.body}`);
  }
});

test('forum thread: each post keeps its author, and a quote its "X said:" line; avatars and Like buttons do not come', async () => {
  const a = await extractFixture('forum-thread.html', 'https://forums.example.org/threads/slipping.1/');
  assert.equal(a.title, 'Rear derailleur slipping on friction shifters');
  const order = ['dave_k', 'I have been restoring', 'velo_mike', 'dave_k said:', 'Friction shifters rely', 'anna.r', 'Also check the derailleur hanger', 'dave_k', 'velo_mike said:', 'Tightening the lever screw did it'];
  let at = 0;
  for (const text of order) {
    const found = a.body.indexOf(text, at);
    assert.ok(found >= 0, `'${text}' in the body after position ${at}:\n${a.body}`);
    at = found + text.length;
  }
  assert.deepEqual(a.headings, [], 'user names are not headings');
  assert.ok(!/avatars|like\.png|!\[Like\]/.test(a.markdown), a.markdown);
  assert.ok(!a.body.includes('You must log in'));
});

test("photo post: a headline with pictures and one line keeps them; the byline, the comment form and the sidebar's about-me do not come", async () => {
  const a = await extractFixture('photo-post.html', 'https://curiousbrain.example/2012/11/zombie-logos/');
  assert.equal(a.title, 'Logos Re-imagined for the Zombie Apocalypse');
  assert.equal(a.body, 'Created by UK-based designer Ben Fellowes! Via designtaxi');
  assert.ok(a.markdown.includes('![A fast-food logo with a zombie mascot](https://curiousbrain.example/img/zombie-logo-1.jpg)'), a.markdown);
  for (const noise of ['thebrainbehind', 'Comments (0)', 'Leave a comment', 'collects the odd', 'All rights reserved']) {
    assert.ok(!a.markdown.includes(noise), `'${noise}' is not in the article`);
  }
});

test('boxes a class hides stay out (a promo bar, a newsletter pop-up, raw product fields, the mobile menu, a video\'s description for screen readers); an FAQ answer that opens in place is kept', async () => {
  const a = await extractFixture('hidden-boxes.html', 'https://hearthside.example/guides/small-kitchen-kettle');
  assert.equal(a.title, 'How to choose a kettle for a small kitchen');
  assert.match(a.body, /A small kitchen asks more of a kettle/);
  assert.match(a.body, /double walls keep the noise down/);
  assert.match(a.body, /a smaller volume of water reaches the boil sooner/);
  for (const noise of ['Free delivery', 'Join eighty thousand readers', 'never share your address', 'Before you go', 'KT-1001', 'sku_code', 'Toasters', 'A hand lifts a small white kettle']) {
    assert.ok(!a.markdown.includes(noise), `'${noise}' is not in the article`);
  }
});

test('a page that declares itself a website weighs p(body) double: it keeps all an article would, and the blocks the model was unsure of', async () => {
  const model = await loadExtractionModel();
  const html = await readFile(fixture('pages', 'landing-page.html'), 'utf8');
  const asArticle = html.replace('content="website"', 'content="article"');
  const enc = (s: string) => new TextEncoder().encode(s);
  const website = extractBytes(enc(html), model);
  const article = extractBytes(enc(asArticle), model);
  const unweighed = extractBytes(enc(html), model, {}, { kindBodyWeight: false });
  assert.deepEqual([website.pageKind, website.bodyWeight], ['website', 2]);
  assert.deepEqual([article.pageKind, article.bodyWeight], ['article', 1]);
  assert.deepEqual([unweighed.pageKind, unweighed.bodyWeight], ['website', 1]);
  assert.deepEqual(website.probs, article.probs, 'the model says the same of both; the decoder weighs it');
  const kept = (r: typeof website) => r.labels.flatMap((l, i) => (l === 'body' ? [r.page.blocks[i]!.text] : []));
  assert.deepEqual(kept(unweighed), kept(article));
  assert.ok(kept(article).every((t) => kept(website).includes(t)), 'nothing an article keeps is lost');
  assert.ok(kept(website).length > kept(article).length, `more kept: ${kept(website).join(' | ')}`);
  assert.match(formatResult(website, 'text'), /Check the sorted payments once a week\./);
  for (const noise of ['Careers', 'Log in', '© 2026']) assert.ok(!formatResult(website, 'text').includes(noise), noise);
  const precise = extractBytes(enc(html), model, {}, { bodyWeight: 0.5 });
  assert.equal(precise.bodyWeight, 1, "the caller's weight and the kind's multiply");
});

/** headlineText: a kicker inside the headline element is cut only when markup names it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { headlineText } from '../../src/article/headline.js';
import { buildArticle } from '../../src/article/build-article.js';

/** The headline of a page whose first block is its `<h1>`. */
function headline(h1Inner: string): string {
  const p = loadPage(new TextEncoder().encode(`<h1>${h1Inner}</h1><p>Body text.</p>`), {});
  assert.equal(p.blocks[0]!.kind, 'text');
  return headlineText(p.tree, p.blocks[0]!);
}

test('a kicker named by its class is cut, with the separator after it', () => {
  assert.equal(headline('<span class="article-heading__kicker">Climate</span> Drilling until it gets hot'), 'Drilling until it gets hot');
  assert.equal(headline('<span class="dachzeile">Interne Unterlagen</span><span>Daten gehackt</span>'), 'Daten gehackt');
  assert.equal(headline('<span class="ts-overline">Rules</span> : How firms protect staff'), 'How firms protect staff');
  assert.equal(headline('<span class="label label--blue">Patch Notes</span> Patch 4.47 released'), 'Patch 4.47 released');
  // The mark may sit on an element inside the leading child.
  assert.equal(headline('<a href="/t"><span class="kicker">Topic</span></a> – The story'), 'The story');
});

test('screen-reader labels and leading dates are cut', () => {
  assert.equal(headline('<span class="visuallyhidden">Headline:</span> Energy and change'), 'Energy and change');
  assert.equal(headline('<span class="sr-only">Collection:</span> Sennheiser'), 'Sennheiser');
  assert.equal(headline('<time datetime="2025-12-18">Dec 18 2025</time> Preparing a transition'), 'Preparing a transition');
});

test('an unnamed <small> is cut only before a longer headline', () => {
  assert.equal(headline('<small>Tunesien</small> Große Aufgaben für die neue Regierung'), 'Große Aufgaben für die neue Regierung');
  assert.equal(headline('<small>A long leading line of small print</small> Short'), 'A long leading line of small print Short');
});

test('a trailing deck or date named by markup is cut', () => {
  assert.equal(headline('<span class="entry-title-primary">Demo unreported</span> <span class="entry-subtitle">A deck line</span>'), 'Demo unreported');
  assert.equal(headline('Fish Cakes, Hot and Fresh <small class="article-subtitle"><span>Welcome to the capital</span></small>'), 'Fish Cakes, Hot and Fresh');
  assert.equal(headline('Fans return to the arenas<br><small>02.02.2022 • Association, Press</small>'), 'Fans return to the arenas');
  assert.equal(headline('Porting a parser <span class="title-date">/ Dec 2025</span>'), 'Porting a parser');
  // Both ends at once.
  assert.equal(headline('<span class="kicker">Topic</span> The story <time>Dec 2025</time>'), 'The story');
  // A trailing word in plain or emphasised markup stays.
  assert.equal(headline('Recoverable Errors with <code>Result</code>'), 'Recoverable Errors with Result');
  assert.equal(headline('Leslie Clio<br><span style="font-size:19px">Brave New Woman</span>'), 'Leslie Clio Brave New Woman');
});

test('anything else keeps the whole text', () => {
  // Emphasis is part of the headline (a book title, a series name).
  assert.equal(headline('<i>Fantastic Beasts</i>: A Nice Place to Visit'), 'Fantastic Beasts: A Nice Place to Visit');
  assert.equal(headline('<span class="story-title">Grads find work</span> 87'), 'Grads find work 87');
  // Text before the element: the element does not lead.
  assert.equal(headline('Daten <span class="kicker">x</span> gehackt'), 'Daten x gehackt');
  // The kicker is all there is, or only punctuation follows.
  assert.equal(headline('<span class="kicker">Only a kicker</span>'), 'Only a kicker');
  assert.equal(headline('<span class="kicker">Kicker</span> –'), 'Kicker –');
  // The permalink glyph is still dropped.
  assert.equal(headline('Monitoring Guide<a class="headerlink" href="#m">¶</a>'), 'Monitoring Guide');
});

test('the article title is the headline without its kicker', () => {
  const p = loadPage(new TextEncoder().encode('<h1><span class="overline">Die Zukunft der Arbeit</span>"Wir dekorieren um"</h1><p>Text.</p>'), {});
  assert.equal(buildArticle(p, ['title', 'body']).title, '"Wir dekorieren um"');
});

/** Hand-made pages of three sites of different templates (site models by template, issue 58). */
import { loadPage, type Page } from '../../src/page.js';

export const STORIES = ['harbour', 'railway', 'orchard', 'library', 'bridge', 'market', 'theatre'];
export const sentence = (topic: string, k: number) =>
  `The ${topic} plan, part ${k}, was discussed at length by the council on Tuesday evening, and residents said the changes would affect how they travel, shop and spend their weekends in the town.`;

/** A page of "site A": a masthead with a menu, the story in div.story, a promo and a footer that every page repeats. */
export function siteA(topic: string, url?: string): Page {
  return loadPage(Buffer.from(siteAHtml(topic)), { id: topic, ...(url ? { url } : {}) });
}

export function siteAHtml(topic: string): string {
  return `<html><head><title>${topic} news | Site A</title></head><body>
<div id="masthead" class="hdr"><ul class="menu"><li><a href="/">Home</a></li><li><a href="/world">World</a></li><li><a href="/sport">Sport</a></li></ul>
<p class="tagline">Your daily paper since 1901, read by the whole county every morning</p></div>
<div id="page" class="wrap"><div class="story"><h1 class="headline">Council debates the ${topic} plan</h1>
${[1, 2, 3, 4].map((k) => `<p class="para">${sentence(topic, k)}</p>`).join('\n')}</div>
<div class="promo"><p>Subscribe to the weekly edition and get the county guide free with your first order</p></div></div>
<div class="footer"><p class="legal">Copyright Site A Newspapers Limited, all rights reserved, registered in the county</p></div></body></html>`;
}

/** A page of "site C": sections and articles, a sidebar of links. */
export function siteCHtml(topic: string): string {
  return `<html><head><title>${topic} - The C Times</title></head><body><header class="site-head"><nav class="primary"><a href="/">C Times</a> <a href="/politics">Politics</a></nav></header>
<main class="layout"><article class="post"><h1 class="post-title">What the ${topic} means for us</h1><section class="post-body">
${[1, 2, 3, 4, 5].map((k) => `<p>${sentence(topic, k)}</p>`).join('\n')}</section></article>
<aside class="rail"><h3>Most read</h3><ul><li><a href="/1">Weather warning for the coast this weekend</a></li></ul></aside></main>
<footer class="site-foot"><p>The C Times, an independent paper of the coast and its people</p></footer></body></html>`;
}

/** A page of "site B": a table layout, other classes. */
export function siteB(topic: string, url?: string): Page {
  return loadPage(Buffer.from(siteBHtml(topic)), { id: `b-${topic}`, ...(url ? { url } : {}) });
}

export function siteBHtml(topic: string): string {
  return `<html><head><title>Site B: ${topic}</title></head><body><table class="layout"><tr><td class="side"><a href="/">Front page</a><br><a href="/archive">Archive</a></td>
<td class="content"><span class="kicker">Local</span><h2 class="title">A report on the ${topic}</h2>
${[1, 2, 3].map((k) => `<div class="txt">${sentence(topic, k)}</div>`).join('\n')}</td></tr></table>
<address class="imprint">Site B is published by the Valley Press Group in the valley</address></body></html>`;
}


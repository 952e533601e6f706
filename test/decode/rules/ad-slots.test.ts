import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adSlots } from '../../../src/decode/rules/ad-slots.js';
import { adSlotBlocks } from '../../../src/decode/ads.js';
import { parseHtml } from '../../../src/dom/parse.js';
import { segment } from '../../../src/segment/segment.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('ad-slots: advertising blocks lose p(body) to other and are relabelled; adBody 1 is off', () => {
  const doc = new BlockBuilder().text(para(40), 'body').text('Advertisement', 'body', 0.6).image('body', 0.8).text(para(40), 'body').build();
  const marks = Uint8Array.from([0, 1, 1, 0]);
  const s = runRule(adSlots, doc, { adBlocks: marks });
  assert.deepEqual(s.labels, ['body', 'other', 'other', 'body']);
  assert.deepEqual(noteRows(s), [
    [1, 'body', 'other', 'ad-slots', 'advertising'],
    [2, 'body', 'other', 'ad-slots', 'advertising'],
  ]);
  assert.equal(s.probs[1]![2], 0, 'no p(body) left for later rules');
  assert.equal(s.probs[0], doc.probs[0]);
  assert.deepEqual(runRule(adSlots, doc, { adBlocks: marks, adBody: 1 }).notes, []);
  assert.deepEqual(runRule(adSlots, doc).notes, [], 'no marks, no change');
});

test('ad-slots: an ad label the model took for a heading is other too', () => {
  const doc = new BlockBuilder().text(para(40), 'body').text('Advertisement', 'heading', 0.66).text(para(40), 'body').build();
  const s = runRule(adSlots, doc, { adBlocks: Uint8Array.from([0, 1, 0]) });
  assert.deepEqual(s.labels, ['body', 'other', 'body']);
  assert.equal(s.probs[1]![1], 0, 'no p(heading) left');
});

test('adSlotBlocks: small elements named as ad slots and lone ad labels; not address, admin or a whole ad-free article', () => {
  const html = `<article class="ad-free story"><p>${para(30)}</p>
    <div class="ad ad-inline"><span>Advertisement</span><a href="https://ads.example/c"><img src="https://ads.example/b.gif"></a></div>
    <p>${para(30)}</p><p>- Anzeige -</p><div id="taboola-below-article"><a href="/x">Sponsored story</a></div>
    <address class="address">12 Harbour Road</address><div class="admin-note">Edited by the desk.</div>
    <div class="adsbygoogle"></div><p>Ad hoc committees met.</p></article>`;
  const page = segment(parseHtml(html));
  const marked = adSlotBlocks(page.tree, page.blocks);
  const byText = page.blocks.map((b, i) => [b.kind === 'text' ? b.text.slice(0, 20) : b.kind, marked[i]]);
  assert.deepEqual(byText.filter(([, m]) => m === 1).map(([t]) => t), ['Advertisement', 'image', '- Anzeige -', 'Sponsored story']);
  assert.ok(byText.some(([t, m]) => t === '12 Harbour Road' && m === 0));
  assert.ok(byText.some(([t, m]) => t === 'Edited by the desk.' && m === 0));
  assert.ok(byText.some(([t, m]) => t === 'Ad hoc committees me' && m === 0));
});

test('adSlotBlocks: an ad label with a colon, and a line an ad opens with its label in capitals; not a sentence about advertising', () => {
  const html = `<article><p>${para(30)}</p><span>Advertisement:</span><p>${para(30)}</p>
    <p><b>ANZEIGE - Heute mal ausgehen/bestellen? Wie wäre es mit:</b></p>
    <p>Anzeige gegen Unbekannt: die Polizei ermittelt.</p><p>Advertisement revenue fell by a third.</p></article>`;
  const page = segment(parseHtml(html));
  const marked = adSlotBlocks(page.tree, page.blocks);
  const hits = page.blocks.filter((b, i) => marked[i] === 1).map((b) => b.text.slice(0, 20));
  assert.deepEqual(hits, ['Advertisement:', 'ANZEIGE - Heute mal ']);
});

test("adSlotBlocks: a placed ad's card, around its network's disclosure link, is advertising; the product's own lines and an ad's neighbouring story are not", () => {
  const card = (title: string, price: string, seller: string) => `<li><div class="card"><h3><a href="/itm/${seller}">${title}</a></h3>
    <span>Pre-owned · Private</span><span>${price}</span><span>+ $23.93 delivery</span></div>
    <div class="meta"><span>Sponsored</span><button><span>Why you're seeing this ad</span></button><span>Advertiser: ${seller}</span><a href="/help">Help &amp; report</a></div></li>`;
  const html = `<main><h1>Ladies top, 3 pack, size 6</h1><ul class="specs"><li>Condition: New</li><li>Size: 6</li></ul>
    <section><h2>Similar items</h2><ul>${card('Vintage floral top', '$20.12', 'ewka27')}${card('Seamless vest, 3 pack', '$26.81', 'bmb85')}
    <li><h3><a href="/itm/c">Linen shirt</a></h3>$14.50 + $5 delivery<div><span>Why this ad?</span></div></li></ul></section>
    <div class="story"><p>${para(30)}</p><table><tr><td><a href="https://ads.example/c"><span>AdChoices</span></a></td></tr></table><p>${para(30)}</p><p>${para(30)}</p></div></main>`;
  const page = segment(parseHtml(html));
  const marked = adSlotBlocks(page.tree, page.blocks);
  const hits = page.blocks.filter((b, i) => marked[i] === 1).map((b) => b.text);
  assert.deepEqual(hits, [
    'Vintage floral top', 'Pre-owned · Private$20.12+ $23.93 delivery', 'Sponsored', "Why you're seeing this ad", 'Advertiser: ewka27Help & report',
    'Seamless vest, 3 pack', 'Pre-owned · Private$26.81+ $23.93 delivery', 'Sponsored', "Why you're seeing this ad", 'Advertiser: bmb85Help & report',
    'Linen shirt', '$14.50 + $5 delivery', 'Why this ad?',
    'AdChoices',
  ]);
});

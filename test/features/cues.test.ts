import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { computeFeatures } from '../../src/features/registry.js';

/** The cue attributes of each text block, keyed by the block's text. */
function cuesByText(html: string): Map<string, string[]> {
  const page = loadPage(new TextEncoder().encode(html), { id: 'cues' });
  const seq = computeFeatures(page, { families: ['cues'] });
  const out = new Map<string, string[]>();
  page.blocks.forEach((b, i) => {
    if (b.kind === 'text') out.set(b.text, seq.items[i]!.attrs.filter((a) => a.startsWith('cue')).sort());
  });
  return out;
}

test('credits, counters, licence lines, datelines and lead-ins are named in several languages', () => {
  const long = 'The council met on Tuesday and voted to keep the bridge open to cyclists for another year, '.repeat(3);
  const c = cuesByText(`<body>
    <p>Bild 3 von 10</p><img src="a.jpg"><p>Die grösste Lawine der Woche (Foto: U. Tischhauser)</p>
    <p>Titelbild: Geyres Christophe/ABACA/picture-alliance</p>
    <p>${long}</p>
    <p>${long}(Photo: Getty Images)</p>
    <p>Dieser Text wurde veröffentlicht unter der Lizenz CC-BY-NC-ND-4.0-DE.</p>
    <p>Publiziert: 03.04.2020, 12:35</p>
    <p>Auch interessant:</p><p>Lire aussi</p>
    <p>A photo essay about the coast and its people.</p>
  </body>`);
  assert.deepEqual(c.get('Bild 3 von 10'), ['cue+1:credit', 'cue:counter']);
  assert.deepEqual(c.get('Die grösste Lawine der Woche (Foto: U. Tischhauser)'), ['cue+1:credit', 'cue-1:counter', 'cue:credit', 'cue:short']);
  assert.deepEqual(c.get('Titelbild: Geyres Christophe/ABACA/picture-alliance'), ['cue-1:credit', 'cue:credit', 'cue:short']);
  // A long paragraph: only a credit at its very end counts, and it is not a short credit line.
  assert.deepEqual(c.get(long.trim()), ['cue+1:credit', 'cue-1:credit']);
  assert.deepEqual(c.get(`${long}(Photo: Getty Images)`), ['cue:credit']);
  assert.deepEqual(c.get('Dieser Text wurde veröffentlicht unter der Lizenz CC-BY-NC-ND-4.0-DE.'), ['cue-1:credit', 'cue:license']);
  assert.deepEqual(c.get('Publiziert: 03.04.2020, 12:35'), ['cue:dateline']);
  assert.deepEqual(c.get('Auch interessant:'), ['cue:lead-in']);
  assert.deepEqual(c.get('Lire aussi'), ['cue:lead-in']);
  // "photo" as a plain word is no credit.
  assert.deepEqual(c.get('A photo essay about the coast and its people.'), []);
});

test("a comment's buttons and header, and the comment section's heading, mark the blocks around them", () => {
  const c = cuesByText(`<body>
    <p>Anna Smith says:</p><p>Great post, thanks for sharing this with all of us.</p><a href="/r">Reply</a>
    <h3>12 Comments</h3><h3>Leave a Reply</h3><p>Kommentare (3)</p><p>Antworten</p>
    <p>She says the bridge will stay open: the council agreed on it last night.</p>
  </body>`);
  assert.deepEqual(c.get('Anna Smith says:'), ['cue:lead-in', 'cue:reply']);
  assert.deepEqual(c.get('Great post, thanks for sharing this with all of us.'), ['cue+1:reply', 'cue-1:reply']);
  assert.deepEqual(c.get('12 Comments'), ['cue-1:reply', 'cue:comments']);
  assert.deepEqual(c.get('Leave a Reply'), ['cue:comments']);
  assert.deepEqual(c.get('Kommentare (3)'), ['cue+1:reply', 'cue:comments']);
  // "says" inside a sentence is no comment header.
  assert.deepEqual(c.get('She says the bridge will stay open: the council agreed on it last night.'), ['cue-1:reply']);
});

test('a lone block has no neighbour cues; a huge block is probed only at its end', () => {
  const c = cuesByText('<p>©</p>');
  assert.deepEqual(c.get('©'), ['cue:credit', 'cue:short']);
  // A 200 000-character block without punctuation runs the patterns once, at its end.
  const big = cuesByText(`<p>${'word '.repeat(40_000)}Foto: dpa</p>`);
  assert.deepEqual([...big.values()][0], ['cue:credit']);
});

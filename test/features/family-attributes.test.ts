/** Each family's declared attribute names, and extraction skipping the families a vocabulary never names. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage, type Page } from '../../src/page.js';
import { blockFamilies, computeEncodedFeatures, computeFeatures, familiesNamedIn } from '../../src/features/registry.js';
import { DEFAULT_FAMILIES, FAMILY_NAMES, resolveFeatureOptions, type FamilyName, type FeatureOptions } from '../../src/features/config.js';
import { matchesAttributePattern, namedOutput } from '../../src/features/family.js';
import { PageContext } from '../../src/features/page-context.js';
import { buildFeatureIndex } from '../../src/models/linear/feature-index.js';
import { encodeSequences } from '../../src/models/linear/encode.js';
import { fixture } from '../helpers/paths.js';

const INLINE = `<html lang="en"><head><title>Bridge reopens after repairs | Town News</title>
<meta property="og:title" content="Bridge reopens after repairs">
<script type="application/ld+json">{"@type":"NewsArticle","headline":"Bridge reopens after repairs","articleBody":"The old bridge over the river reopened on Monday after two years of repairs, the town said."}</script>
</head><body>
<nav class="main-menu"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul></nav>
<main><article itemscope itemtype="https://schema.org/NewsArticle">
<h1 itemprop="headline">Bridge reopens after repairs</h1>
<p class="byline">Published: 12 March 2024 by Anna Smith</p>
<figure><img src="/b.jpg" alt="The bridge"><figcaption>Foto: Max Muster / dpa</figcaption></figure>
<div itemprop="articleBody"><p>The old bridge over the river reopened on Monday after two years of repairs, the town said.</p>
<p>Traffic was <b>light</b> in the morning, and <a href="/more">more buses</a> will run from June 1, costing $2.50 or 15% less.</p>
<video src="/v.mp4"></video>
<p>RESIDENTS WELCOMED THE NEWS AT THE MEETING ON TUESDAY EVENING.</p></div>
</article></main>
<aside class="related-box"><h2>Read more:</h2><a href="/x"><img src="/x.jpg"></a><p><a href="/y">Another story about bridges</a></p></aside>
<section id="comments"><h3>12 Comments</h3><p>Anna says:</p><p>Great news for the town!</p><p>Reply</p></section>
<footer role="contentinfo"><p>© 2024 Town News. All rights reserved.</p></footer>
</body></html>`;

const pages: Page[] = [
  ...['article.html', 'german.html', 'chinese.html', 'no-title.html'].map((name) =>
    loadPage(new Uint8Array(readFileSync(fixture('features', name))), { id: name, url: `https://example.com/${name}` })),
  loadPage(new TextEncoder().encode(INLINE), { id: 'inline', url: 'https://town.example/news/bridge' }),
];

/** Every name each family emits on the pages, by family. */
function emittedByFamily(options: FeatureOptions): Map<FamilyName, Set<string>> {
  const out = new Map<FamilyName, Set<string>>();
  const config = resolveFeatureOptions(options);
  for (const page of pages) {
    const ctx = new PageContext(page, config);
    for (const family of blockFamilies(options)) {
      const names = out.get(family.name) ?? new Set<string>();
      out.set(family.name, names);
      const sink = namedOutput((_i, name) => { names.add(name); }, () => {});
      family.compute(ctx, sink);
    }
  }
  return out;
}

test('every name a family emits is among its declared attributes, and among no other family\'s', () => {
  const families = blockFamilies({ families: FAMILY_NAMES });
  for (const options of [{ families: FAMILY_NAMES }, { families: FAMILY_NAMES, words: 'hashed' }] as const) {
    const emitted = emittedByFamily(options);
    for (const family of families) {
      const names = emitted.get(family.name)!;
      assert.ok(names.size > 0, `the pages make ${family.name} emit something`);
      for (const name of names) {
        assert.ok(matchesAttributePattern(family.attributes, name), `${family.name} emits '${name}', which its attributes do not declare`);
        for (const other of families) {
          if (other !== family) assert.ok(!matchesAttributePattern(other.attributes, name), `'${name}' of ${family.name} is also declared by ${other.name}`);
        }
      }
    }
  }
});

test('attribute patterns: exact names and prefixes', () => {
  assert.ok(matchesAttributePattern(['anchor', 'anchor=*'], 'anchor'));
  assert.ok(matchesAttributePattern(['anchor', 'anchor=*'], 'anchor=3'));
  assert.ok(!matchesAttributePattern(['anchor', 'anchor=*'], 'tanchor=none'));
  assert.ok(!matchesAttributePattern(['anchor'], 'anchors'));
  assert.ok(!matchesAttributePattern([], 'anchor'));
});

test('a vocabulary naming a few families reaches exactly those, and encodes as the named features do', () => {
  const named = pages.map((p) => computeFeatures(p));
  const all = buildFeatureIndex(named, 1, 'none').names;
  const kept = all.filter((n) => n.startsWith('cls:') || n.startsWith('box=') || n === 'tmatch');
  const vocab = new Map(kept.map((n, k) => [n, k] as const));
  assert.deepEqual([...familiesNamedIn(vocab)].sort(), ['ancestors', 'markup-tokens', 'title-match']);
  const index = { ...buildFeatureIndex(named, 1, 'none'), names: kept, lookup: vocab };
  pages.forEach((page, k) => {
    const want = encodeSequences(index, [named[k]!]);
    const got = computeEncodedFeatures(page, {}, vocab);
    assert.deepEqual([...got.itemStart], [...want.itemStart], page.id);
    assert.deepEqual([...got.ids], [...want.ids], page.id);
    assert.deepEqual(got.vals && [...got.vals], want.vals && [...want.vals], page.id);
  });
  assert.equal(familiesNamedIn(new Map()).size, 0);
  assert.deepEqual([...familiesNamedIn(new Map(all.map((n, k) => [n, k] as const)))].sort(), [...DEFAULT_FAMILIES].sort(), 'every default family names something on these pages');
});

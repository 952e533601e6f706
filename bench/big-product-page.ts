/**
 * The "12 MB product page" of issue 60 (docs/quality.md, "Bad input"): a shop's product page of
 * 60 000 paragraphs whose JSON-LD `Product` declares a 19 000-character description that the
 * page does not show. Generated, never stored: the same page for the same size on every run
 * (a fixed pseudo-random sequence), so its cost can be compared across runs and sizes.
 *
 * The paragraphs and the description draw their words from two vocabularies with no word in
 * common, so the page shows none of the description: `product-description` reads every kept
 * word, looks for the description's lines in every block, finds none, and adds the description
 * under the title (its whole course). No two paragraphs are the same text.
 */

/** Paragraphs of the page the issue names (about 12 MB). */
export const BIG_PRODUCT_PARAGRAPHS = 60_000;
/** Characters of the declared description (under `MAX_FRAGMENT_CHARS`, 20 000, so it is read). */
export const DESCRIPTION_CHARS = 19_000;

/** The page's paragraphs: a shop's words for its products, shipping and care. */
const PAGE_WORDS = [
  'jacket', 'waterproof', 'breathable', 'membrane', 'seams', 'taped', 'hood', 'adjustable', 'zipper',
  'pockets', 'fleece', 'lining', 'shell', 'recycled', 'nylon', 'polyester', 'weight', 'grams', 'packs',
  'into', 'its', 'own', 'pocket', 'trail', 'mountain', 'rain', 'wind', 'snow', 'cold', 'warm', 'layer',
  'fit', 'regular', 'slim', 'sleeves', 'cuffs', 'hem', 'drawcord', 'collar', 'chin', 'guard', 'storm',
  'of', 'the', 'and', 'with', 'for', 'on', 'in', 'a', 'to', 'colour', 'black', 'navy', 'olive', 'red',
  'size', 'small', 'medium', 'large', 'care', 'machine', 'wash', 'tumble', 'low', 'heat', 'iron',
];
/** The declared description: words the page never shows. */
const DESCRIPTION_WORDS = [
  'crafted', 'alpine', 'expeditions', 'engineered', 'seamless', 'comfort', 'summit', 'ridge', 'glacier',
  'ascent', 'traverse', 'bivouac', 'uncompromising', 'protection', 'ventilation', 'articulated',
  'elbows', 'helmet', 'compatible', 'harness', 'friendly', 'laminate', 'abrasion', 'resistant',
  'reinforced', 'shoulders', 'backpack', 'straps', 'microclimate', 'regulates', 'moisture', 'vapour',
  'transmission', 'rating', 'hydrostatic', 'head', 'millimetres', 'certified', 'bluesign', 'partner',
  'fluorocarbon', 'treatment', 'lifetime', 'warranty', 'repairs', 'guaranteed', 'by', 'our', 'workshop',
];

/** A fixed pseudo-random sequence (a linear congruential generator): the same page every run. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

function sentence(next: () => number, words: number, vocabulary: readonly string[]): string {
  const out: string[] = [];
  for (let k = 0; k < words; k++) out.push(vocabulary[next() % vocabulary.length]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** The declared description: paragraphs of HTML, `chars` characters in all. */
export function productDescription(chars: number, seed = 7): string {
  const next = sequence(seed);
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const p = `<p>${sentence(next, 12 + (next() % 10), DESCRIPTION_WORDS)} ${sentence(next, 8 + (next() % 8), DESCRIPTION_WORDS)}</p>`;
    parts.push(p);
    length += p.length;
  }
  return parts.join('').slice(0, chars);
}

/** One of the page's paragraphs: two sentences, about 200 bytes with its markup. */
function paragraph(next: () => number): string {
  return `<p>${sentence(next, 14 + (next() % 6), PAGE_WORDS)} ${sentence(next, 12 + (next() % 6), PAGE_WORDS)}</p>\n`;
}

/** The product page with `paragraphs` paragraphs (60 000 for the 12 MB page). */
export function bigProductPage(paragraphs: number, descriptionChars = DESCRIPTION_CHARS): string {
  const next = sequence(11);
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org', '@type': 'Product', name: 'Trail Jacket',
    sku: 'TJ-100', description: productDescription(descriptionChars),
    offers: { '@type': 'Offer', price: '129.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  });
  const body: string[] = [];
  for (let k = 0; k < paragraphs; k++) body.push(paragraph(next));
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Trail Jacket | Example Shop</title>',
    '<meta property="og:type" content="product">',
    `<script type="application/ld+json">${jsonLd}</script></head><body>`,
    '<header><nav><a href="/">Home</a> <a href="/men">Men</a> <a href="/jackets">Jackets</a></nav></header>',
    '<main><h1>Trail Jacket</h1><p class="price">€129.00</p><button>Add to cart</button>',
    '<section class="details">', ...body, '</section></main>',
    '<footer><p>© Example Shop</p><a href="/terms">Terms</a></footer></body></html>',
  ].join('\n');
}

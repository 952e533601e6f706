/** Hand-made product pages of one shop (shop.example) for the field-mode tests: one template, a sale price on one page. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPithPage, createPithCorpus } from '../../src/corpus/pith-format.js';

export interface ProductSpec {
  readonly id: string;
  readonly title: string;
  readonly author: string;
  readonly price: string;
  /** A struck-out former price shown before the price (the rules take it until corrected). */
  readonly was?: string;
}

export const PRODUCTS: readonly ProductSpec[] = [
  { id: 'p1-tides', title: 'The Book of Tides', author: 'Ann Marsh', price: '$12.50' },
  { id: 'p2-gulls', title: 'Gulls of the Estuary', author: 'Bob Heron', price: '$8.99' },
  { id: 'p3-seals', title: 'Counting Seals', author: 'Cara Tern', price: '$15.00', was: '$20.00' },
];

export function productHtml(s: ProductSpec): string {
  const was = s.was ? `<span class="price">${s.was}</span> ` : '';
  return `<!DOCTYPE html><html><head><title>${s.title} | Shop</title></head><body>
<div class="nav"><a href="/">Home</a> <a href="/books">Books</a></div>
<div class="product"><h1>${s.title}</h1>
<ul class="specs"><li><b>Author:</b> ${s.author}</li><li><b>Binding:</b> Paperback</li></ul>
<div class="buy">${was}<span class="price">${s.price}</span></div>
<p>Free delivery on orders over $25.00.</p></div>
<div class="footer"><p>Copyright the Shop</p></div></body></html>`;
}

/** A temporary pith corpus `name` holding pages (id, HTML), each at `urlBase` + its id, no labels, no fields. */
async function corpusOf(name: string, urlBase: string, pages: readonly (readonly [id: string, html: string])[]): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `pith-fields-${name}-`));
  await createPithCorpus(dir, { name, use: 'train' });
  for (const [id, html] of pages) await addPithPage(dir, id, Buffer.from(html), { url: urlBase + id });
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A temporary pith corpus holding the shop's pages (with their URLs), no labels, no fields. */
export function shopCorpus(pages: readonly ProductSpec[] = PRODUCTS): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  return corpusOf('shop', 'https://shop.example/books/', pages.map((s) => [s.id, productHtml(s)] as const));
}

/** Books whose title stands whole only in the cover image's alt (the heading shows its last word): values read from an attribute. */
export const BOOKS: readonly (readonly [id: string, title: string])[] = [['b1', 'The Book of Tides'], ['b2', 'Gulls of the Estuary'], ['b3', 'Counting Seals']];

export function bookHtml(title: string): string {
  return `<!DOCTYPE html><html><head><title>Shop</title></head><body><div class="nav"><a href="/">Home</a></div>
<div class="product"><figure class="cover"><img src="/c.jpg" alt="${title}" width="200" height="300"><figcaption>Front cover</figcaption></figure>
<h1>${title.split(' ').slice(-1)[0]}</h1><p>A book we like, in paperback.</p></div></body></html>`;
}

/** A temporary pith corpus of the books (books.example), no labels, no fields. */
export function bookCorpus(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  return corpusOf('books', 'https://books.example/b/', BOOKS.map(([id, title]) => [id, bookHtml(title)] as const));
}

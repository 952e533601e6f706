/**
 * Mozilla Readability (the Firefox reader view) as a peer baseline: the decoded HTML is
 * parsed by linkedom's DOMParser (a fresh document per page: Readability mutates the
 * document it is given), and Readability's article HTML is segmented by pith itself, so
 * its paragraphs and headings come out on their own lines exactly as pith's own output
 * does and the text metrics compare like with like.
 *
 * linkedom builds its tree with htmlparser2, which does not apply the HTML5 tree rules (a
 * page without <html>/<body>, like CleanEval's `<text>`-wrapped files, gets no body and
 * Readability crashes). So the HTML is first put through parse5 and serialised: Readability
 * then sees the tree a browser would give it, as in Firefox.
 *
 * linkedom and @mozilla/readability are development dependencies: they are loaded on first
 * use and a missing package is a clear error, not a crash at start-up.
 */
import { parse, serialize } from 'parse5';
import { PithError } from '../../errors.js';
import { parseHtml } from '../../dom/parse.js';
import { segment } from '../../segment/segment.js';
import { alignGold } from '../../corpus/align.js';
import type { Label } from '../../labels.js';
import type { Page } from '../../page.js';
import type { ExtractorOutput, Extractor } from '../extractor.js';

interface ReadabilityArticle {
  title?: string | null;
  content?: string | null;
}
interface Peers {
  parse(html: string): unknown;
  readability(doc: unknown): ReadabilityArticle | null;
}

let peers: Promise<Peers> | undefined;

async function loadPeers(): Promise<Peers> {
  try {
    const linkedom = (await import('linkedom')) as unknown as { DOMParser: new () => { parseFromString(html: string, type: string): unknown } };
    const mod = (await import('@mozilla/readability')) as unknown as { Readability: new (doc: unknown, opts?: object) => { parse(): ReadabilityArticle | null } };
    const parser = new linkedom.DOMParser();
    return {
      parse: (html) => parser.parseFromString(serialize(parse(html)), 'text/html'),
      readability: (doc) => new mod.Readability(doc).parse(),
    };
  } catch (e) {
    peers = undefined;
    throw new PithError('BAD_OPTION', 'the readability extractor needs the packages linkedom and @mozilla/readability (npm install --include=dev)', 'readability', { cause: e });
  }
}

const HEADING_RE = /(?:^|\/)h[1-6](?:\/|$)/;

/** Readability's article HTML -> ExtractorOutput, through pith's own segmentation. */
export function articleHtmlToExtraction(title: string, contentHtml: string): ExtractorOutput {
  const blocks = segment(parseHtml(contentHtml)).blocks.filter((b) => b.kind === 'text' && b.text);
  const headings = blocks.filter((b) => HEADING_RE.test(b.tagPath)).map((b) => b.text);
  return Object.freeze({
    title: title.replace(/\s+/g, ' ').trim(),
    headings: Object.freeze(headings),
    body: blocks.map((b) => b.text).join('\n\n'),
  });
}

/**
 * Block labels for Readability's output, so that it gets block metrics too: its text is
 * aligned to pith's blocks exactly as a corpus' gold text is (src/corpus/align.ts). The
 * labels are only as good as that alignment.
 */
export function alignExtraction(page: Page, e: ExtractorOutput): Label[] {
  const { labels } = alignGold(page, { title: e.title, mainText: e.body.replace(/\n\n+/g, '\n'), headings: e.headings });
  return labels.map((l) => (l === 'unknown' ? 'other' : l));
}

export const readabilityExtractor: Extractor = Object.freeze<Extractor>({
  name: 'readability',
  async extract({ page, html }) {
    const p = await (peers ??= loadPeers());
    const article = p.readability(p.parse(html));
    // Readability gives up on pages it finds no article in: an empty extraction, as a reader would see.
    if (!article) return Object.freeze({ title: '', headings: Object.freeze([]), body: '', blockLabels: Object.freeze(page.blocks.map((): Label => 'other')) });
    const e = articleHtmlToExtraction(article.title ?? '', article.content ?? '');
    return Object.freeze({ ...e, blockLabels: Object.freeze(alignExtraction(page, e)) });
  },
});

/**
 * Writes src/models/common-chrome.ts: the chrome candidates (short lines of two words or more,
 * site-template.ts) that pages of COMMON_MIN_SITES different sites or more show, in the corpora
 * the bundled model may be trained on (trafilatura-eval, wcxb-dev, readability-test-pages; never
 * msv-big9, where site picking is measured). Such lines ("Contact Us", "Related Stories") say
 * nothing of which site a page is.
 *
 *   node dist/bench/sites-common-chrome.js [--min-sites 3] [--dry-run]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCorpus, loadCorpusPage } from '../src/corpus/open.js';
import { chromeLine, commonLineHash } from '../src/models/site-template.js';
import { argValue } from './args.js';
import { SHARED_CORPORA } from './folds.js';

const CORPORA = ['trafilatura-eval', 'wcxb-dev', 'readability-test-pages'];
const minSites = Number(argValue('min-sites', '3'));
/** Most lines kept (those of most sites first): a few KiB of source. */
const MOST = 1500;

const sitesOf = new Map<number, { sites: Set<string>; text: string }>();
let pages = 0;
for (const name of CORPORA) {
  const corpus = await openCorpus(join(SHARED_CORPORA, name));
  for (const entry of corpus.pages) {
    let page;
    try {
      page = await loadCorpusPage(corpus, entry);
    } catch {
      continue;
    }
    pages++;
    const site = `${name}:${entry.site}`;
    for (const b of page.blocks) {
      if (b.kind !== 'text') continue;
      const line = chromeLine(b.text);
      if (line === undefined) continue;
      const h = commonLineHash(line);
      let v = sitesOf.get(h);
      if (!v) sitesOf.set(h, (v = { sites: new Set(), text: line.toLowerCase() }));
      v.sites.add(site);
    }
  }
}
const common = [...sitesOf].filter(([, v]) => v.sites.size >= minSites).sort((a, b) => b[1].sites.size - a[1].sites.size || a[0] - b[0]).slice(0, MOST);
console.log(`${pages} pages; ${common.length} lines on ${minSites}+ sites; the most shared:`);
for (const [, v] of common.slice(0, 40)) console.log(`  ${v.sites.size} ${JSON.stringify(v.text)}`);
const hashes = common.map(([h]) => h).sort((a, b) => a - b);
const source = `/**
 * Lines every kind of site shows ("Contact Us", "Privacy Policy", "Sign up"): never a site's own
 * chrome (site-template.ts, pageChromeTexts). Written by bench/sites-common-chrome.ts: the
 * ${hashes.length} lower-cased short lines (commonLineHash) that pages of ${minSites} or more sites show in
 * ${CORPORA.join(', ')} (${pages} pages); msv-big9 is not among them.
 */
export const COMMON_CHROME: ReadonlySet<number> = new Set<number>([
${hashes.map((h) => `0x${h.toString(16).padStart(8, '0')}`).join(',').replace(/(.{1,99})(,|$)/g, '  $1$2\n')}]);
`;
if (!process.argv.includes('--dry-run')) writeFileSync(join(process.cwd(), 'src', 'models', 'common-chrome.ts'), source);

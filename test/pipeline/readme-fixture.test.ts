/** The README's own example page comes out as a reader wants it (issue 25's first output defect). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { extract } from '../../src/index.js';
import { fixture } from '../helpers/paths.js';

test('news-article.html: no "Advertisement" and no ad image; the lead photo and its caption kept', async () => {
  const a = await extract(readFileSync(fixture('pages', 'news-article.html')), { url: 'https://saltmouth.example/news/mill' });
  assert.ok(!/Advertisement/.test(a.body), a.body);
  assert.ok(!a.markdown.includes('ads.example'), a.markdown);
  assert.match(a.markdown, /!\[The tidal mill at low water\]\(https:\/\/saltmouth\.example\/images\/mill-2026\.jpg\)/);
  assert.match(a.body, /The mill has stood empty since the sluice gates failed in 1998\./);
  assert.equal(a.metadata.image, 'https://saltmouth.example/images/mill-2026.jpg', 'the lead image, not the ad');
  assert.match(a.body, /Residents can see the full plans/);
  assert.ok(!/Related stories|12 comments/.test(a.body));
});

/** Template fingerprints (issue 58): a template holds its own pages, not another site's. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bestTemplateFit, checkSiteTemplates, groupByTemplate, pageSkeleton, templateName, TEMPLATE_MATCH_THRESHOLD, templateOf } from '../../src/models/site-template.js';
import { siteA, siteAHtml, siteB, STORIES } from '../helpers/site-template-pages.js';
import { loadPage } from '../../src/page.js';

test('a template holds its pages and not another site\'s', () => {
  const a = STORIES.map((t) => pageSkeleton(siteA(t).tree));
  const b = STORIES.map((t) => pageSkeleton(siteB(t).tree));
  const ta = templateOf(a.slice(0, 3));
  for (const s of a.slice(3)) assert.ok(bestTemplateFit({ templates: [ta] }, s).fit >= TEMPLATE_MATCH_THRESHOLD);
  for (const s of b) assert.ok(bestTemplateFit({ templates: [ta] }, s).fit < TEMPLATE_MATCH_THRESHOLD);
  assert.deepEqual(groupByTemplate([...a.slice(0, 3), ...b.slice(0, 3)]), [[0, 1, 2], [3, 4, 5]]);
  assert.equal(checkSiteTemplates({ templates: [ta] }), undefined);
  assert.match(checkSiteTemplates({ templates: [{ ...ta, weights: [2] }] }) ?? '', /differ|shares/);
});

test('a template\'s name is its paths\' hash; a masthead class that varies changes one path only', () => {
  const t = templateOf([pageSkeleton(siteA('harbour').tree)]);
  assert.match(templateName(t), /^template:[0-9a-f]{8}$/);
  assert.equal(templateName(t), templateName(templateOf([pageSkeleton(siteA('harbour').tree)])));
  const a = pageSkeleton(siteA('harbour').tree);
  const html = siteAHtml('harbour').replace('class="hdr"', 'class="hdr section-politics"');
  assert.notEqual(html, siteAHtml('harbour'));
  const relabelled = pageSkeleton(loadPage(Buffer.from(html)).tree);
  const changed = [...a].filter((h) => !relabelled.has(h)).length + [...relabelled].filter((h) => !a.has(h)).length;
  assert.equal(changed, 2, 'the masthead\'s own path, not its descendants\'');
  const fit = bestTemplateFit({ templates: [templateOf([a])] }, relabelled).fit;
  assert.ok(fit > TEMPLATE_MATCH_THRESHOLD && fit < 1, String(fit));
  assert.equal(bestTemplateFit({ templates: [] }, a).fit, 0);
});

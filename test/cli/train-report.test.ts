/** `pith train`'s printed report: a trainer's plain-data report as lines, before and after the model is written. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trainingReportText } from '../../src/cli/train-report.js';

const general = { algorithm: 'maxent', path: '/m/default.model.json.gz' };

test('a block learner: the corpus reader notes and the visual warning first; the summary, then at most five unused pages', () => {
  const unused = Array.from({ length: 7 }, (_, i) => ({ page: `c/p${i}`, reason: 'unreadable' }));
  const text = trainingReportText({
    kind: 'block-learner', algorithm: 'maxent', pages: 3, blocks: 40, unused, seconds: { dataset: 1.25, training: 0.5 },
    leftOut: [{ name: 'c', skipped: [{ id: 'x', path: 'pages/x.html', reason: 'no gold' }] }, { name: 'd' }], visualWithoutLayouts: true,
  }, 'out.json');
  assert.deepEqual(text.before, [
    'train: c: 1 page left out by the corpus reader',
    '  x (pages/x.html): no gold',
    'train: the visual family reads layouts; without --layouts DIR every page is vis:unrendered',
  ]);
  assert.equal(text.after[0], 'train: 3 pages (40 blocks), 7 skipped; features 1.3s, training 0.5s -> out.json');
  assert.deepEqual(text.after.slice(1), unused.slice(0, 5).map((u) => `  skipped ${u.page}: unreadable`));
});

test('the wrapper: each site described with how it was named; the summary counts only the sites stored', () => {
  const text = trainingReportText({
    kind: 'wrapper', pages: 2, msPerPage: 12.34, general,
    sites: [
      { host: 'template:abc', description: 'site template:abc: wrapper, 2 rules from 2 page(s)', namedBy: 'template', templates: [{ paths: 10, pages: 2 }], pages: 2 },
      { host: 'b.example', description: 'site b.example: no rules', namedBy: 'host', templates: [], pages: 0 },
    ],
  }, 'o.json');
  assert.deepEqual(text.before, [
    'site template:abc: wrapper, 2 rules from 2 page(s)',
    '  named by its template: no page declares a URL (--site HOST names it)',
    '  template: one skeleton (10 paths, 2 page(s)); pages without a URL of the site are matched by it',
    'site b.example: no rules',
  ]);
  assert.deepEqual(text.after, [
    'train: wrapper, 1 site model(s) (template:abc) from 2 page(s), 12.3 ms per page to load and learn; general model maxent from /m/default.model.json.gz -> o.json',
  ]);
});

test('without labels: unreadable pages and each site with its notes, then the summary', () => {
  const text = trainingReportText({
    kind: 'wrapper-unlabelled', unreadable: [{ page: 'a.html', reason: 'not HTML' }], pages: 3, hosts: ['n.example'], general,
    sites: [{ description: 'site n.example: learned without labels from 3 page(s) in 5 ms', notes: ['one note'] }],
  }, 'o.json');
  assert.deepEqual(text.before, ['  skipped a.html: not HTML', 'site n.example: learned without labels from 3 page(s) in 5 ms', '  note: one note']);
  assert.match(text.after[0]!, /^train: wrapper without labels, 1 site model\(s\) \(n\.example\) from 3 page\(s\); general model maxent from/);
});

/**
 * Golden fixtures: test/fixtures/article/<case>/ holds input.html and labels.json
 * (see label-rules.ts) and the expected writer outputs expected.md, expected.txt,
 * expected.html and expected.json (title, headings, metadata). Regenerate with UPDATE=1;
 * a missing expected file fails. Every case also checks HTML safety and that the page
 * is not mutated.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from '../helpers/paths.js';
import { loadPage } from '../../src/page.js';
import { buildArticle } from '../../src/article/build-article.js';
import { toText } from '../../src/article/to-text.js';
import { toMarkdown } from '../../src/article/to-markdown.js';
import { toHtml } from '../../src/article/to-html.js';
import { toJson } from '../../src/article/to-json.js';
import { labelsFromSpec, type LabelSpec } from './label-rules.js';
import { htmlProblems } from './html-safety.js';

const root = fixture('article');
const update = process.env['UPDATE'] === '1';
const cases = existsSync(root) ? readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort() : [];

function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

test('article fixtures exist', () => {
  assert.ok(cases.length >= 8, `expected at least 8 fixture cases in ${root}, found ${cases.length}`);
});

for (const name of cases) {
  test(`article fixture: ${name}`, () => {
    const dir = join(root, name);
    const spec = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as LabelSpec;
    const page = loadPage(readFileSync(join(dir, 'input.html')), { id: name, ...(spec.url ? { url: spec.url } : {}) });
    const labels = labelsFromSpec(page, spec);
    const before = JSON.stringify({ tree: page.tree, blocks: page.blocks });
    const labelsBefore = labels.join();
    const article = buildArticle(page, labels, spec.options ?? {});
    const json = toJson(article, { confidence: 1 });
    const outputs: Record<string, string> = {
      'expected.md': toMarkdown(article),
      'expected.txt': toText(article) + '\n',
      'expected.html': toHtml(article),
      'expected.json': JSON.stringify({ title: json.title, headings: json.headings, metadata: json.metadata }, null, 2) + '\n',
    };
    assert.equal(JSON.stringify({ tree: page.tree, blocks: page.blocks }), before, 'page was mutated');
    assert.equal(labels.join(), labelsBefore, 'labels were mutated');
    assert.deepEqual(htmlProblems(outputs['expected.html']!), [], 'unsafe HTML');
    assert.equal(json.body, toText(article));
    for (const [file, actual] of Object.entries(outputs)) {
      const path = join(dir, file);
      if (update) {
        writeAtomic(path, actual);
        continue;
      }
      assert.ok(existsSync(path), `${name}/${file} is missing: run the tests with UPDATE=1 to create it, then review it`);
      assert.equal(actual, readFileSync(path, 'utf8'), `${name}/${file} differs`);
    }
  });
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage, type Page } from '../../src/page.js';
import { computeUnitWindows, unitWindowSchema, unitLabelsFromBlockLabels, blockLabelsFromUnitLabels } from '../../src/features/unit-windows.js';
import { featureSchema } from '../../src/features/registry.js';
import type { GoldLabel, Label } from '../../src/labels.js';
import { PithError } from '../../src/errors.js';
import { fixture } from '../helpers/paths.js';

const html = (s: string): Page => loadPage(new TextEncoder().encode(s), { id: 'inline' });
const col = (name: string): number => {
  const k = unitWindowSchema().columns.findIndex((c) => c.name === name);
  assert.ok(k >= 0, name);
  return k;
};

test('items are the text/tail units, with the schema columns', () => {
  const page = html('<html><body><h1>TITLE HERE</h1><p>First <b>bold</b> tail text.</p></body></html>');
  const { instance, units } = computeUnitWindows(page);
  assert.equal(instance.items.length, units.length);
  // h1, p, b: a text and a tail each; a tail comes after the element's subtree.
  assert.deepEqual(units.map((u) => u.part), ['text', 'tail', 'text', 'text', 'tail', 'tail']);
  const schema = unitWindowSchema();
  assert.equal(schema.name, 'seed000-units');
  assert.notEqual(schema.hash, featureSchema().hash);
  for (const it of instance.items) assert.equal(it.columns.length, schema.columns.length);
  const h1 = instance.items[0]!;
  assert.equal(h1.columns[col('part')], 'text');
  assert.equal(h1.columns[col('tag')], 'h1');
  assert.equal(h1.columns[col('tag+1')], 'p');
  assert.equal(h1.columns[col('tag+2')], 'b');
  assert.equal(h1.columns[col('tag+3')], '_');
  assert.equal(h1.columns[col('tag-1')], '_');
  assert.equal(h1.columns[col('textLen')], Math.log2(1 + 'TITLE HERE'.length));
  assert.ok(Number.isNaN(h1.columns[col('textLen-1')] as number));
  assert.equal(h1.columns[col('textUpper')], 1);
  assert.ok(h1.attrs.includes('textUpper'));
  assert.equal(h1.columns[col('textEnd')], 'none');
  // The <b>'s tail " tail text." ends with a dot; the <p>'s text "First" does not.
  const b = instance.items[3]!;
  assert.equal(units[3]!.part, 'text');
  assert.equal(b.columns[col('tag')], 'b');
  assert.equal(b.columns[col('tailEnd')], 'dot');
  assert.equal(b.columns[col('textEnd-1')], 'none');
  assert.ok(b.attrs.includes('tailEnd=dot') && b.attrs.includes('tag-1=p'));
});

test('block labels -> unit labels -> block labels round-trips on a simple page', () => {
  const page = loadPage(new Uint8Array(readFileSync(fixture('features', 'article.html'))), { id: 'a' });
  const blockLabels: GoldLabel[] = page.blocks.map((b) =>
    b.text.startsWith('Council') ? 'title' : b.text.startsWith('What it') ? 'heading' : /^(The city|The project|The old)/.test(b.text) ? 'body' : b.kind === 'image' && b.alt === 'The old bridge' ? 'body' : 'other',
  );
  const { units } = computeUnitWindows(page);
  const unitLabels = unitLabelsFromBlockLabels(page, units, blockLabels);
  assert.equal(unitLabels.length, units.length);
  // The h1's text unit is the title; the figure image's (empty) text unit is body through its block.
  const h1 = units.findIndex((u) => u.part === 'text' && u.text.startsWith('Council'));
  assert.equal(unitLabels[h1], 'title');
  const img = units.findIndex((u) => u.part === 'text' && page.tree.nodes[u.elementId]!.kind === 'element' && (page.tree.nodes[u.elementId] as { attrs: Record<string, string> }).attrs['alt'] === 'The old bridge');
  assert.equal(unitLabels[img], 'body');
  // Empty units (no visible text) default to other.
  assert.ok(units.some((u, k) => u.text === '' && unitLabels[k] === 'other'));
  const back = blockLabelsFromUnitLabels(page, units, unitLabels as Label[]);
  assert.deepEqual(back, blockLabels);
});

test('a unit covering blocks with different labels takes the label with most characters', () => {
  // "<br><br>" splits the div's text into two blocks, but it is one text unit... up to the first child.
  const page = html('<div>Short one<br><br>A much longer second block of text here</div>');
  assert.equal(page.blocks.length, 2);
  const { units } = computeUnitWindows(page);
  const labels = unitLabelsFromBlockLabels(page, units, ['other', 'body']);
  const first = units.findIndex((u) => u.part === 'text' && u.text.startsWith('Short'));
  assert.equal(labels[first], 'other'); // the div's text is "Short one" only: the first child is <br>
  const brTail = units.findIndex((u) => u.part === 'tail' && u.text.startsWith('A much'));
  assert.equal(labels[brTail], 'body');
  assert.deepEqual(blockLabelsFromUnitLabels(page, units, labels as Label[]), ['other', 'body']);
  assert.deepEqual(unitLabelsFromBlockLabels(page, units, ['unknown', 'body'], { emptyLabel: 'unknown' }).filter((l) => l === 'other'), []);
});

test('label counts must match: PithError BAD_OPTION', () => {
  const page = html('<p>one</p><p>two</p>');
  const { units } = computeUnitWindows(page);
  assert.throws(() => unitLabelsFromBlockLabels(page, units, ['body']), (e: unknown) => e instanceof PithError && e.code === 'BAD_OPTION');
  assert.throws(() => blockLabelsFromUnitLabels(page, units, []), (e: unknown) => e instanceof PithError && e.code === 'BAD_OPTION');
});

test('empty pages and deep nesting', () => {
  const empty = computeUnitWindows(html(''));
  assert.ok(empty.instance.items.every((it) => it.columns.length === unitWindowSchema().columns.length));
  const deep = computeUnitWindows(html('<div>'.repeat(5000) + 'x' + '</div>'.repeat(5000)));
  assert.ok(deep.instance.items.length >= 5000);
  assert.equal(unitWindowSchema().hash, unitWindowSchema().hash);
});

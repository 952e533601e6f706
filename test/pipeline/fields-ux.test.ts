/**
 * What a user of a field model sees beyond the values: --explain says why a rule gave nothing
 * and how to correct a value, --format csv on a page of another site names the model's sites,
 * pith batch counts the pages whose rules stopped fitting, and --csv rows come in page order.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { command as trainCommand } from '../../src/cli/commands/train.js';
import { command as extractCommand } from '../../src/cli/commands/extract.js';
import { command as batchCommand, writeBatchCsv } from '../../src/cli/commands/batch.js';
import { command as modelCommand } from '../../src/cli/commands/model.js';
import { command as sitesCommand } from '../../src/cli/commands/sites.js';
import { bundledListModelPath } from '../../src/pipeline/lists.js';
import { runInProcess } from '../helpers/command-io.js';


const book = (id: string, title: string, isbn: string, publisher?: string): string =>
  `<base href="http://www.books.example/product/${id}"/><html><head><title>${title} - Books</title></head><body>
  <div id="top"><a href="/">Home</a></div>
  <div class="details"><h2>${title}</h2>
  <ul class="info"><li><strong>ISBN-13</strong>: ${isbn}</li>${publisher ? `<li><strong>Publisher</strong>: ${publisher}</li>` : ''}<li><strong>Pages</strong>: 300</li></ul></div>
  <div class="about"><p>${title} is a book of some length that people read with pleasure, and this paragraph says so at length so that a page has some body text.</p></div>
  </body></html>`;

let dir: string;
let model: string;
let pages: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pith-fields-ux-'));
  const train = join(dir, 'train');
  mkdirSync(join(train, 'html'), { recursive: true });
  mkdirSync(join(train, 'fields'));
  for (const [id, t, i, p] of [['1', 'First Book', '9780000000011', 'Acme Press'], ['2', 'Second Book', '9780000000022', 'Zed House']] as const) {
    writeFileSync(join(train, 'html', `${id}.html`), book(id, t, i, p));
    writeFileSync(join(train, 'fields', `${id}.json`), JSON.stringify({ title: [t], isbn: [i], publisher: [p] }));
  }
  model = join(dir, 'books.model.json.gz');
  const r = await runInProcess(trainCommand, [train, '--model', 'wrapper', '-o', model]);
  assert.equal(r.code, 0, r.stderr);
  pages = join(dir, 'pages');
  mkdirSync(pages);
  writeFileSync(join(pages, 'p10.html'), book('10', 'Tenth Book', '9780000000100', 'Quill'));
  writeFileSync(join(pages, 'p2.html'), book('2', 'No Publisher Here', '9780000000002'));
  writeFileSync(join(dir, 'other.html'), `<base href="http://www.other.example/news/5"/><html><head><title>Else</title></head><body><nav><a href="/">Front</a></nav><article><h1>Else</h1><p>${'A plain news story of another site, in words enough to be its body text. '.repeat(4)}</p></article></body></html>`);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('--explain: a later rule that found only values unlike the examples is said so, and a warning says how to correct a value', async () => {
  const r = await runInProcess(extractCommand, [join(pages, 'p2.html'), '--model', model, '--explain']);
  assert.equal(r.code, 0);
  const part = r.stdout.slice(r.stdout.indexOf('# fields by'));
  assert.match(part, /^# fields by the site model's rules \(how to read a rule: docs\/fields\.md, "Rules"\)\n/);
  // The label rule found nothing; the rules after it take the next line ("300", after "Pages"), unlike the examples.
  assert.match(part, /# field publisher: no value\n {4}failed: label "publisher" \(strong\) -> li text#1 {3}\(found nothing\)\n {4}failed: .* {3}\(found nothing like the examples\)\n/);
  assert.match(part, /warning: no-value/);
  assert.match(part, /\n# a wrong or missing value: put this page in the training folder \(html\/\) with the right values in fields\/<name>\.json \(\[\] where the page has none\) and run pith train again\n/);
  const fine = await runInProcess(extractCommand, [join(pages, 'p10.html'), '--model', model, '--explain']);
  assert.ok(!fine.stdout.includes('# a wrong or missing value'), 'no hint where no rule stopped fitting');
});

test('--format csv on a page of another site: the message names the sites the model has field rules for, and --site', async () => {
  await assert.rejects(runInProcess(extractCommand, [join(dir, 'other.html'), '--model', model, '--format', 'csv']), (e: Error & { code?: string }) => {
    assert.equal(e.code, 'BAD_OPTION');
    assert.match(e.message, /the model's field rules are for books\.example, and this page is of none of them .*--site books\.example applies that site's rules anyway/);
    return true;
  });
  const forced = await runInProcess(extractCommand, [join(dir, 'other.html'), '--model', model, '--format', 'csv', '--site', 'books.example']);
  assert.equal(forced.code, 0);
  assert.match(forced.stdout, /^url,/);
});

test('--format csv on a page of the model\'s site that drifted: the message names the site, the template fit, --site and pith sites check', async () => {
  const drifted = join(dir, 'drifted.html');
  writeFileSync(drifted, `<base href="http://www.books.example/blog/7"/><html><head><title>News</title></head><body><nav><a href="/">Front</a> <a href="/blog">Blog</a></nav><main><article><header><h1>Our shop moved</h1><time>May 2</time></header><section><p>${'The shop is in a new street now, and this page tells its readers so in words enough to be a body. '.repeat(4)}</p></section></article></main><footer><p>Books Inc.</p></footer></body></html>`);
  const explained = await runInProcess(extractCommand, [drifted, '--model', model, '--explain']);
  assert.match(explained.stdout, /site model books\.example not used \(drift: the page no longer fits its template, template fit [\d.]+\)/);
  await assert.rejects(runInProcess(extractCommand, [drifted, '--model', model, '--format', 'csv']), (e: Error & { code?: string }) => {
    assert.equal(e.code, 'BAD_OPTION');
    assert.match(e.message, /the page is of books\.example, but that site model did not take it \(drift: the page no longer fits its template \(template fit [\d.]+\)\), so its field rules were not applied; --site books\.example applies them anyway, pith sites check MODEL PAGES\.\.\. says how many pages drifted/);
    assert.ok(!/this page is of none of them/.test(e.message));
    return true;
  });
});

test('pith batch counts the pages with field warnings; --csv rows in page id order (p2 before p10), whatever order the lines came in', async () => {
  const out = join(dir, 'out.jsonl');
  const csv = join(dir, 'out.csv');
  const r = await runInProcess(batchCommand, [pages, '--out', out, '--model', model, '--workers', '1', '--csv', csv]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /batch: 1 page\(s\) with field warnings: a field rule found nothing or a value unlike the examples/);
  assert.deepEqual(readFileSync(csv, 'utf8').split('\r\n').slice(1, -1).map((row) => row.split(',')[0]), ['p2', 'p10']);
  // Lines in another order (as workers finish them) give the same file.
  const lines = readFileSync(out, 'utf8').trim().split('\n');
  const shuffled = join(dir, 'shuffled.jsonl');
  writeFileSync(shuffled, [...lines].reverse().join('\n') + '\n');
  const again = join(dir, 'again.csv');
  await writeBatchCsv(shuffled, again);
  assert.equal(readFileSync(again, 'utf8'), readFileSync(csv, 'utf8'));
});

/** A listing of `n` cards, each a name and a price, in a grid. */
const listing = (n: number, kind: string): string => `<html><head><title>${kind}</title></head><body><nav><a href="/">Home</a> <a href="/tents">Tents</a></nav>
  <main><h1>${kind}</h1><ul class="grid">${Array.from({ length: n }, (_, i) => `<li class="card"><h3 class="name"><a href="/p/${i}">${kind} model ${i + 1}, "Ultralight"</a></h3><div class="price-box"><span class="price">$${i + 10}.99</span></div></li>`).join('')}</ul></main></body></html>`;

test('pith train PAGE --example F=VALUE: two example records given on the command line find every record, in page order, on another page of the template', async () => {
  const page = join(dir, 'tents.html');
  writeFileSync(page, listing(20, 'Tent'));
  const m = join(dir, 'tents.model.json.gz');
  const r = await runInProcess(trainCommand, [page, '--model', 'wrapper', '--example', 'name=Tent model 1, "Ultralight"', '--example', 'name=Tent model 2, "Ultralight"', '--example', 'price=$10.99', '--example', 'price=$11.99', '-o', m]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /field name: \d rule\(s\)/);
  const own = await runInProcess(extractCommand, [page, '--model', m, '--format', 'json', '--fields', 'records']);
  assert.deepEqual((JSON.parse(own.stdout) as { records: unknown[] }).records, Array.from({ length: 20 }, (_, i) => ({ name: `Tent model ${i + 1}, "Ultralight"`, price: `$${i + 10}.99` })));
  const packs = join(dir, 'packs.html');
  writeFileSync(packs, listing(7, 'Pack'));
  const csv = await runInProcess(extractCommand, [packs, '--model', m, '--format', 'csv']);
  assert.equal(csv.stdout, 'url,name,price\r\n' + Array.from({ length: 7 }, (_, i) => `,"Pack model ${i + 1}, ""Ultralight""",$${i + 10}.99\r\n`).join(''));
});

test('pith train --example refuses what it cannot use, saying what to do', async () => {
  const page = join(pages, 'p10.html');
  const refused = async (argv: string[], re: RegExp): Promise<void> => {
    await assert.rejects(runInProcess(trainCommand, [...argv, '-o', join(dir, 'x.model.json')]), (e: Error & { code?: string }) => {
      assert.match(e.message, re);
      return true;
    });
  };
  await refused([page, '--model', 'wrapper', '--example', 'title'], /--example takes FIELD=VALUE/);
  await refused([page, '--model', 'wrapper', '--example', '=x'], /--example takes FIELD=VALUE/);
  await refused([page, '--example', 'title=Tenth Book'], /use it with --model wrapper/);
  await refused([pages, '--model', 'wrapper', '--example', 'title=Tenth Book'], /one page file, and this is not a file .*fields\/<name>\.json/);
  await refused([page, page, '--model', 'wrapper', '--example', 'title=Tenth Book'], /name one page file \(got 2 inputs/);
  // An empty value was read as "the page has no title": the field learned nothing, without a word.
  await refused([page, '--model', 'wrapper', '--example', 'title='], /--example title= gives no value: give the value as the page shows it/);
  await refused([page, '--model', 'wrapper', '--example', 'title=Tenth Book', '--example', 'isbn= '], /--example isbn= gives no value/);
  await refused([page, '--model', 'wrapper', '--example', '__proto__=Tenth Book'], /--example: a field may not be named __proto__; give the field another name/);
});

test('pith train --example takes field names that are names of object members (constructor, toString)', async () => {
  const page = join(dir, 'members.html');
  writeFileSync(page, listing(3, 'Tent'));
  const m = join(dir, 'members.model.json.gz');
  const r = await runInProcess(trainCommand, [page, '--model', 'wrapper', '--example', 'constructor=Tent model 1, "Ultralight"', '--example', 'toString=$10.99', '-o', m]);
  assert.equal(r.code, 0, r.stderr);
  const got = await runInProcess(extractCommand, [page, '--model', m, '--format', 'json']);
  const fields = (JSON.parse(got.stdout) as { fields: Record<string, string[]> }).fields;
  assert.deepEqual([fields.constructor, fields.toString], [['Tent model 1, "Ultralight"'], ['$10.99']]);
});

test('pith model show --sites prints the field rules alone; without it the header says where they are', async () => {
  const alone = await runInProcess(modelCommand, ['show', model, '--sites']);
  assert.equal(alone.code, 0);
  assert.match(alone.stdout, /^site books\.example: wrapper/);
  assert.match(alone.stdout, /field publisher: \d rule\(s\)\n\s+label "publisher" \(strong\) -> li text#1/);
  assert.ok(!alone.stdout.includes('maxent model'), 'no general model weights');
  const whole = await runInProcess(modelCommand, ['show', model]);
  assert.match(whole.stdout, /\nsite models books\.example \(at the end; --sites shows them alone\)\n/);
  assert.ok(whole.stdout.endsWith(alone.stdout), 'the same site part at the end of the whole');
});

test('pith model show --sites with the list model (--lists, or its file) is refused, not ignored', async () => {
  await assert.rejects(runInProcess(modelCommand, ['show', '--lists', '--sites']), /--sites shows the site models of a model file .*the list model \(--lists\) has none/);
  await assert.rejects(runInProcess(modelCommand, ['show', bundledListModelPath(), '--sites']), (e: Error & { code?: string }) => {
    assert.equal(e.code, 'BAD_OPTION');
    assert.match(e.message, /a list model holds no site models: --sites shows those of an extraction model/);
    return true;
  });
});

test('pith batch --csv with --fields that leave the named fields out is refused before any page', async () => {
  const out = join(dir, 'lean.jsonl');
  await assert.rejects(runInProcess(batchCommand, [pages, '--out', out, '--model', model, '--workers', '1', '--fields', 'id,title', '--csv', join(dir, 'lean.csv')]), (e: Error & { code?: string }) => {
    assert.equal(e.code, 'BAD_OPTION');
    assert.match(e.message, /--csv writes the named fields the lines carry, and --fields leaves them out: add fields to --fields \(and records, for list pages\)/);
    return true;
  });
  assert.ok(!existsSync(out), 'no page was extracted');
  const kept = await runInProcess(batchCommand, [pages, '--out', out, '--model', model, '--workers', '1', '--fields', 'id,fields', '--csv', join(dir, 'lean.csv')]);
  assert.equal(kept.code, 0, kept.stderr);
  assert.match(readFileSync(join(dir, 'lean.csv'), 'utf8'), /^id,url,isbn,publisher,title\r\np2,/);
});

test('pith sites check counts the pages whose field rules stopped fitting, by field and reason, and names them', async () => {
  const r = await runInProcess(sitesCommand, ['check', model, pages]);
  assert.equal(r.code, 0, 'the pages fit the site model: field warnings are reported, not a drifted site');
  assert.match(r.stdout, /books\.example \(wrapper\): fits: 2 page\(s\) labelled .*; field warnings on 1 page\(s\) \(publisher no-value 1; pith extract PAGE --model MODEL --explain names the rule\): \S*p2\.html\n/);
  const json = JSON.parse((await runInProcess(sitesCommand, ['check', model, pages, '--json'])).stdout) as { sites: { fieldWarned: number; fieldWarnings: Record<string, number> }[] };
  assert.deepEqual([json.sites[0]!.fieldWarned, json.sites[0]!.fieldWarnings], [1, { 'publisher no-value': 1 }]);
});

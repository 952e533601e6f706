/** `pith train --model LEARNER --site HOST`: learners trained on one site's pages as site models beside the general model. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';
import { decodeModelFile, encodeModelFile, loadModel, siteModelsOf } from '../../src/models/model-file.js';
import type { ModelFile } from '../../src/models/labeler.js';
import { extractPage, loadExtractionModel } from '../../src/pipeline/extract.js';
import { LearnerSiteModel } from '../../src/models/site-learner.js';
import { loadPage } from '../../src/page.js';
import { extract as extractByLibrary } from '../../src/pipeline/library.js';

const fixtures = join(repoRoot, 'test', 'fixtures', 'wrapper');
const site = join(fixtures, 'site');
const newPage = join(fixtures, 'new-page.html');
const gold = readFileSync(join(fixtures, 'new-page.txt'), 'utf8').trim().split('\n');
const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

interface Extracted { title: string; body: string; metadata: { extractor?: string } }
function extract(model: string, page: string, url: string): Extracted {
  const r = pith('extract', page, '--model', model, '--url', url, '--format', 'json');
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Extracted;
}

/**
 * The same through the library (what `pith extract --model --url` calls): each test runs the
 * CLI once for the behaviour and the library for the other pages, as a process costs ~0.35 s.
 */
async function extractLib(model: string, page: string, url: string): Promise<Extracted> {
  return (await extractByLibrary(readFileSync(page), { model, url })) as unknown as Extracted;
}

function withTempDir(fn: (dir: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-site-learner-'));
    try {
      await fn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

for (const learner of ['maxent', 'ripper']) {
  test(`pith train --model ${learner} --site: a site model of the host, the general model elsewhere`, withTempDir(async (dir) => {
    const out = join(dir, 'm.model.json.gz');
    const r = pith('train', site, '--model', learner, '--site', 'www.News.Example.com', '-o', out);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`site news\\.example\\.com: ${learner} from 3 page\\(s\\)`));
    const file = await loadModel(out);
    const bundled = await loadModel(join(repoRoot, 'models', 'default.model.json.gz'));
    assert.equal(file.algorithm, bundled.algorithm, 'the general model stays the bundled one');
    assert.deepEqual(file.body, bundled.body);
    const entries = siteModelsOf(file);
    assert.deepEqual(entries.map((s) => [s.host, s.algorithm, s.pages]), [['news.example.com', learner, 3]]);
    const body = entries[0]!.body as ModelFile;
    assert.equal(body.format, 'pith-model');
    assert.equal(body.version, 1);
    assert.equal(body.algorithm, learner);
    assert.deepEqual([...body.featureSchema.families], [...bundled.featureSchema.families], "the bundled recipe's features");

    const own = extract(out, newPage, 'http://news.example.com/story/4');
    assert.equal(own.metadata.extractor, learner);
    assert.equal(own.title, gold[0]);
    assert.deepEqual(own.body.split(/\n+/).filter(Boolean), gold.slice(1));
    const sub = await extractLib(out, newPage, 'https://www.sport.news.example.com/story/5');
    assert.equal(sub.metadata.extractor, learner, 'a subdomain is the host');
    const other = await extractLib(out, join(fixtures, 'other-site.html'), 'http://elsewhere.org/a');
    assert.equal(other.metadata.extractor, 'general');
    assert.ok(other.body.length > 0);

    // The pipeline's probabilities are the site learner's, not the general model's.
    const model = await loadExtractionModel(out);
    const page = loadPage(readFileSync(newPage), { url: 'http://news.example.com/story/4' });
    const result = extractPage(page, model);
    assert.deepEqual(result.probs, new LearnerSiteModel('news.example.com', body).labelPage(page).probs);
    assert.notDeepEqual(result.probs, extractPage(page, { ...model, sites: [] }).probs);
  }));
}

test('pith train --site twice: a wrapper and a maxent site model for two hosts in one file, each used for its host', withTempDir(async (dir) => {
  const wrapper = join(dir, 'w.model.json.gz');
  const both = join(dir, 'both.model.json');
  assert.equal(pith('train', site, '--model', 'wrapper', '-o', wrapper).status, 0);
  const r = pith('train', site, '--model', 'maxent', '--site', 'mirror.example.org', '--general', wrapper, '-o', both);
  assert.equal(r.status, 0, r.stderr);
  const entries = siteModelsOf(await loadModel(both));
  assert.deepEqual(entries.map((s) => [s.host, s.algorithm]), [['news.example.com', 'wrapper'], ['mirror.example.org', 'maxent']]);
  const w = extract(both, newPage, 'http://news.example.com/story/4');
  const m = await extractLib(both, newPage, 'http://mirror.example.org/story/4');
  assert.deepEqual([w.metadata.extractor, m.metadata.extractor], ['wrapper', 'maxent']);
  for (const x of [w, m]) {
    assert.equal(x.title, gold[0]);
    assert.deepEqual(x.body.split(/\n+/).filter(Boolean), gold.slice(1));
  }
  // Another host: both stored templates fit the page equally; a tie goes to the first site model, the wrapper.
  assert.equal((await extractLib(both, newPage, 'http://elsewhere.org/a')).metadata.extractor, 'wrapper');
  // The same host trained again is replaced, the other kept.
  const again = join(dir, 'again.model.json');
  assert.equal(pith('train', site, '--model', 'ripper', '--site', 'news.example.com', '--general', both, '-o', again).status, 0);
  assert.deepEqual(siteModelsOf(await loadModel(again)).map((s) => [s.host, s.algorithm]), [['mirror.example.org', 'maxent'], ['news.example.com', 'ripper']]);
}));

test('a corrupt learner site model is refused by its host, at load and at extraction', withTempDir(async (dir) => {
  const good = join(dir, 'm.model.json');
  assert.equal(pith('train', site, '--model', 'maxent', '--site', 'news.example.com', '-o', good).status, 0);
  const file = JSON.parse(readFileSync(good, 'utf8')) as ModelFile & { sites: { body: Record<string, unknown> }[] };
  const corrupt = (edit: (body: Record<string, unknown>) => void): string => {
    const copy = JSON.parse(JSON.stringify(file)) as typeof file;
    edit(copy.sites[0]!.body);
    const path = join(dir, `bad-${Math.random().toString(36).slice(2)}.model.json`);
    writeFileSync(path, encodeModelFile(copy));
    return path;
  };
  const refused = (path: string, pattern: RegExp) => {
    const r = pith('extract', newPage, '--model', path, '--url', 'http://news.example.com/a');
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /site model news\.example\.com \(maxent\)/);
    assert.match(r.stderr, pattern);
  };
  const refusedByLibrary = (path: string, pattern: RegExp) =>
    assert.rejects(extractLib(path, newPage, 'http://news.example.com/a'), (e: Error) => /site model news\.example\.com \(maxent\)/.test(e.message) && pattern.test(e.message));
  // The header of the nested model file is checked when the file is read.
  const noSchema = corrupt((b) => delete b['featureSchema']);
  assert.throws(() => decodeModelFile(readFileSync(noSchema), 'm'), /m: site model news\.example\.com \(maxent\): featureSchema must have/);
  refused(noSchema, /featureSchema must have/);
  await refusedByLibrary(corrupt((b) => (b['version'] = 99)), /version 99 is newer/);
  await refusedByLibrary(corrupt((b) => (b['algorithm'] = 'crf')), /its body is a 'crf' model, the entry says 'maxent'/);
  // The learner's own body is checked when the site model is made.
  await refusedByLibrary(corrupt((b) => (b['body'] = { weights: 'none' })), /cannot load its maxent model/);
  // A site algorithm this pith does not know is refused by name.
  const unknown = JSON.parse(JSON.stringify(file)) as typeof file;
  (unknown.sites[0] as unknown as Record<string, unknown>)['algorithm'] = 'oracle';
  assert.throws(() => decodeModelFile(encodeModelFile(unknown), 'm'), /unknown site model algorithm "oracle"/);
}));

test('pith train --model maxent without --site: a general model as before (eval-only corpora refused unless allowed), no site models', withTempDir(async (dir) => {
  const out = join(dir, 'g.model.json');
  assert.match(pith('train', site, '--model', 'maxent', '-o', out).stderr, /may be used for evaluation only/);
  const r = pith('train', site, '--model', 'maxent', '--allow-eval-only', '-o', out);
  assert.equal(r.status, 0, r.stderr);
  const file = await loadModel(out);
  assert.equal(file.algorithm, 'maxent');
  assert.deepEqual(siteModelsOf(file), []);
  assert.deepEqual(file.trainingCorpora.map((c) => c.pages), [3]);
}));

test('pith train --model svm --site: refused with a clear error, nothing written', withTempDir(async (dir) => {
  const out = join(dir, 's.model.json');
  const r = pith('train', site, '--model', 'svm', '--site', 'news.example.com', '-o', out);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /svm site models are not supported/);
  assert.ok(!existsSync(out));
}));

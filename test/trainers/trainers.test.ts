/** The page trainers: one registry, one interface; a trainer returns a model and a plain-data report and writes nothing. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';
import { blockLearners } from '../../src/models/registry.js';
import { findTrainer, pageTrainers, trainerNames } from '../../src/trainers/registry.js';
import { TrainingPages } from '../../src/trainers/training-pages.js';
import { PithError } from '../../src/errors.js';
import { openCorpus } from '../../src/corpus/index.js';

const corpus = join(repoRoot, 'test', 'fixtures', 'eval', 'pith-corpus');
const site = join(repoRoot, 'test', 'fixtures', 'wrapper', 'site');

test('the registry holds every block learner, then the SVM and the wrapper, each once', () => {
  assert.deepEqual(trainerNames(), [...blockLearners(), 'svm', 'wrapper']);
  assert.equal(new Set(trainerNames()).size, pageTrainers().length);
  assert.deepEqual(pageTrainers().filter((t) => t.learnsUnlabelled).map((t) => t.name), ['wrapper']);
  assert.equal(findTrainer('nope'), undefined);
  for (const t of pageTrainers()) assert.equal(findTrainer(t.name), t);
});

test('a block learner trains on a corpus of pages: the model file and a report, the page it could not read named', async () => {
  const before = readdirSync(corpus);
  const stages = new Set<string>();
  const trained = await findTrainer('maxent')!.train(TrainingPages.at([corpus]), { params: { maxIterations: 5 }, onProgress: (e) => stages.add(e.stage) });
  assert.equal(trained.failure, undefined);
  assert.equal(trained.model?.algorithm, 'maxent');
  assert.deepEqual(trained.model?.trainingCorpora.map((c) => c.pages), [2]);
  const r = trained.report;
  assert.equal(r.kind, 'block-learner');
  if (r.kind !== 'block-learner') return;
  assert.equal(r.pages, 2);
  assert.ok(r.blocks > 2);
  assert.deepEqual(r.unused.map((u) => u.page), ['eval-fixture/broken']);
  assert.equal(r.visualWithoutLayouts, false);
  assert.deepEqual([...stages], ['features', 'train maxent']);
  assert.deepEqual(readdirSync(corpus), before, 'nothing written');
});

test('the SVM trains on the same pages; as a site model it is refused before any page is read', async () => {
  const svm = findTrainer('svm')!;
  // Corpora already opened (as a benchmark holds them) train the same way as paths.
  const trained = await svm.train(TrainingPages.ofCorpora([await openCorpus(corpus)]), { params: { c: 5 } });
  assert.equal(trained.model?.algorithm, 'svm');
  assert.equal(trained.report.kind, 'svm');
  await assert.rejects(svm.train(TrainingPages.at(['/nonexistent']), { site: 'example.com' }), (e) => e instanceof PithError && e.code === 'BAD_OPTION');
});

test('the wrapper: labelled pages give site models beside the general model; pages it cannot read give a failure with the report', async () => {
  const wrapper = findTrainer('wrapper')!;
  const trained = await wrapper.train(TrainingPages.at([site]));
  assert.equal(trained.report.kind, 'wrapper');
  assert.deepEqual((trained.model as { sites?: Array<{ host: string }> }).sites?.map((s) => s.host), ['news.example.com']);
  const dir = mkdtempSync(join(tmpdir(), 'pith-trainers-'));
  try {
    writeFileSync(join(dir, 'a.html'), Buffer.from([0, 1, 2, 3, 0, 0, 255, 254]));
    const none = await wrapper.train(TrainingPages.at([dir]), { unlabelled: true });
    assert.equal(none.model, undefined);
    assert.equal(none.failure?.code, 'BAD_CORPUS');
    assert.match(none.failure?.message ?? '', /no page could be read/);
    assert.equal(none.report.kind, 'wrapper-unlabelled');
    if (none.report.kind === 'wrapper-unlabelled') assert.equal(none.report.unreadable.length, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

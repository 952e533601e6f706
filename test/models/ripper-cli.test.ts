/** `pith train --model ripper`, `pith model dump` and `pith extract --explain` on a tiny pith corpus. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

test('pith train --model ripper, model dump shows the rules, extract --explain names the rule that fired', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-ripper-'));
  try {
    const model = join(dir, 'm.json');
    const t = pith('train', join(repoRoot, 'test', 'fixtures', 'eval', 'pith-corpus'), '--model', 'ripper', '--set', 'seed=3', '-o', model);
    assert.equal(t.status, 0, t.stderr);
    const d = pith('model', 'dump', model);
    assert.equal(d.status, 0, d.stderr);
    assert.match(d.stdout, /algorithm {2}ripper/);
    assert.match(d.stdout, /seed = 3/);
    assert.match(d.stdout, /^ {2}1\. body :- .+\. \[\d+\/\d+\]/m);
    assert.match(d.stdout, /^other :- true\. \[\d+\/\d+\]/m);
    const e = pith('extract', join(repoRoot, 'test', 'fixtures', 'pages', 'news-article.html'), '--model', model, '--explain');
    assert.equal(e.status, 0, e.stderr);
    assert.match(e.stdout + e.stderr, /rule 1: body :- /);
    assert.match(e.stdout + e.stderr, /default: other \(no rule fired\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

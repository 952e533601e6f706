/** The README's "Named fields by example" commands, run as written, give the CSV it shows. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, sharedCorpora } from '../helpers/paths.js';

const swde = join(sharedCorpora, 'swde-book');

/** The README's fenced block that starts with `$ pith corpus import-fields`: its commands and the output after them. */
function readmeFieldsExample(): { commands: string[][]; output: string } {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const block = /```sh\n(\$ pith corpus import-fields[\s\S]*?)```/.exec(readme);
  assert.ok(block, "README has the fields example");
  const lines = block[1]!.trimEnd().split('\n');
  const commands = lines.filter((l) => l.startsWith('$ pith ')).map((l) => shellWords(l.slice('$ pith '.length).replace(/\s+#.*$/, '')));
  return { commands, output: lines.filter((l) => !l.startsWith('$ ')).join('\n') + '\n' };
}

/** Splits a command line on spaces, keeping single-quoted words whole. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

test("README: the fields example's commands give the CSV it shows", { skip: !existsSync(swde) && `${swde} absent` }, () => {
  const { commands, output } = readmeFieldsExample();
  assert.equal(commands.length, 3);
  const dir = mkdtempSync(join(tmpdir(), 'pith-readme-fields-'));
  try {
    let last = '';
    for (const args of commands) {
      // Paths in the README are relative to the checkout (../shared beside it); outputs go to the temp folder.
      const resolved = args.map((a) => (a.startsWith('../shared/') ? join(repoRoot, a) : a));
      const r = spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...resolved], { cwd: dir, encoding: 'utf8' });
      assert.equal(r.status, 0, `pith ${args.join(' ')}: ${r.stderr}`);
      last = r.stdout;
    }
    assert.equal(last.replaceAll('\r\n', '\n'), output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The package as a user installs it: `npm pack` of this checkout (its build is fresh: npm test
 * builds first, so prepack's second build is skipped), installed into a scratch project.
 * Dependencies come from npm's cache (`npm ci` filled it).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './paths.js';

export const run = promisify(execFile);
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** A temporary folder holding the packed tarball and `project/`, a scratch ESM project with pith installed; the caller removes `dir`. */
export async function packAndInstall(prefix: string): Promise<{ dir: string; project: string }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await run(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: repoRoot });
  const tarball = (await readdir(dir)).find((f) => f.endsWith('.tgz'));
  assert.ok(tarball, 'npm pack wrote a tarball');
  const project = join(dir, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  await run(npm, ['install', join(dir, tarball), '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--silent'], { cwd: project });
  return { dir, project };
}

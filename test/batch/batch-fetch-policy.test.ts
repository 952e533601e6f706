/**
 * `pith batch --urls` under the fetch policy (src/util/fetch-policy.ts): a "public" page that
 * redirects into loopback is an error line URL_NOT_ALLOWED and the private server sees no
 * request, unless private URLs are allowed; the CLI refuses loopback without
 * --allow-private-urls. Loopback only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatch } from '../../src/batch/batch.js';
import { bundledModelPath } from '../../src/pipeline/extract.js';
import { repoRoot } from '../helpers/paths.js';
import { frontIsPublic, SECRET_TITLE, startRedirectServers } from '../helpers/redirect-servers.js';

type Line = { id: string; url: string | null; title?: string; error?: { code: string; message: string } };
const jsonl = (path: string): Line[] => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);

test('batch --urls: redirects from a public page into loopback are URL_NOT_ALLOWED lines and reach nothing; allowed, they are followed', { timeout: 120_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-policy-'));
  const servers = await startRedirectServers();
  t.after(async () => {
    await servers.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const urls = ['/public', '/by-ip', '/by-name', '/chain'].map((p) => `${servers.front}${p}`);
  const base = { workers: 1, modelPath: bundledModelPath(), urls };
  const refusedOut = join(dir, 'refused.jsonl');
  const refused = await runBatch([], { ...base, out: refusedOut, fetch: { hostDelayMs: 0, addressPolicy: frontIsPublic } });
  assert.deepEqual({ extracted: refused.extracted, failed: refused.failed }, { extracted: 1, failed: 3 });
  const byId = new Map(jsonl(refusedOut).map((l) => [l.id, l]));
  assert.equal(byId.get(urls[0]!)?.title, 'Public notice');
  for (const u of urls.slice(1)) {
    assert.equal(byId.get(u)?.error?.code, 'URL_NOT_ALLOWED', u);
    assert.match(byId.get(u)!.error!.message, /loopback, private.*--allow-private-urls/);
  }
  assert.deepEqual(servers.secretHits, [], 'the private server saw no request');
  const allowedOut = join(dir, 'allowed.jsonl');
  const allowed = await runBatch([], { ...base, out: allowedOut, fetch: { hostDelayMs: 0, allowPrivateUrls: true } });
  assert.deepEqual({ extracted: allowed.extracted, failed: allowed.failed }, { extracted: 4, failed: 0 });
  for (const l of jsonl(allowedOut).filter((x) => x.id !== urls[0])) assert.equal(l.title, SECRET_TITLE, l.id);
  assert.equal(servers.secretHits.filter((path) => path !== '/robots.txt').length, 3, 'three pages (robots.txt asked besides, once per origin)');
  // The CLI: loopback refused by default (exit 4, its line says why), fetched with --allow-private-urls.
  writeFileSync(join(dir, 'urls.txt'), `${urls[1]}\n`);
  // Not spawnSync: the servers answer from this process's event loop.
  const pith = async (...args: string[]): Promise<{ status: number | null; stderr: string }> => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'batch', '--urls', join(dir, 'urls.txt'), '--workers', '1', '--host-delay-ms', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const [status] = (await once(child, 'close')) as [number | null];
    return { status, stderr };
  };
  const cli = await pith('--out', join(dir, 'cli.jsonl'));
  assert.equal(cli.status, 4, cli.stderr);
  assert.equal(jsonl(join(dir, 'cli.jsonl'))[0]?.error?.code, 'URL_NOT_ALLOWED');
  const cliOpen = await pith('--out', join(dir, 'cli-open.jsonl'), '--allow-private-urls');
  assert.equal(cliOpen.status, 0, cliOpen.stderr);
  assert.equal(jsonl(join(dir, 'cli-open.jsonl'))[0]?.title, SECRET_TITLE);
});

/** `pith extract <url>` as people run it, against a real HTTP server on 127.0.0.1. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fixture, repoRoot } from '../helpers/paths.js';

// Asynchronous: the server answers from this process while the CLI runs.
function pith(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

test('pith extract <url>: the page is fetched and extracted; a non-HTML URL is a clear error naming it', async () => {
  const page = readFileSync(fixture('pages', 'news-article.html'));
  const server = createServer((req, res) => {
    if (req.url === '/story') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    else res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const ok = await pith('extract', `${base}/story`, '--format', 'json');
    assert.equal(ok.code, 0, ok.err);
    const json = JSON.parse(ok.out) as { title: string; body: string; metadata: { url?: string } };
    assert.equal(json.title, 'Harbour town votes to restore its tidal mill');
    assert.ok(json.body.length > 200);
    const pdf = await pith('extract', `${base}/report.pdf`);
    assert.notEqual(pdf.code, 0);
    assert.match(pdf.err, /not an HTML page \(Content-Type: application\/pdf\)/);
    assert.ok(pdf.err.includes(`${base}/report.pdf`), pdf.err);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/**
 * docs/service.md's /extract examples, sent to a real service: each reply is the one the page
 * shows (issue 61, item 9), so the docs cannot drift from what the server answers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startService } from '../../src/service/server.js';
import { repoRoot } from '../helpers/paths.js';
import { http } from './helpers.js';

interface Example {
  readonly command: string;
  readonly output: string[];
}

/** The `$ curl ... /extract` examples of the Examples section, each with the lines shown under it. */
function extractExamples(doc: string): Example[] {
  const section = doc.slice(doc.indexOf('## Examples'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  const out: Example[] = [];
  const lines = block.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('$ ')) continue;
    let command = lines[i]!.slice(2);
    while (command.endsWith('\\')) command = command.slice(0, -1) + ' ' + lines[++i]!.trim();
    const output: string[] = [];
    while (i + 1 < lines.length && !lines[i + 1]!.startsWith('$ ')) output.push(lines[++i]!);
    while (output.length > 0 && output[output.length - 1] === '') output.pop();
    if (command.startsWith('curl') && command.includes('/extract')) out.push({ command, output });
  }
  return out;
}

test("docs/service.md: every /extract example's reply is what the server answers", { timeout: 60_000 }, async () => {
  const doc = await readFile(join(repoRoot, 'docs', 'service.md'), 'utf8');
  const examples = extractExamples(doc);
  assert.ok(examples.length >= 3, `found ${examples.length} examples`);
  const svc = await startService({ port: 0, workers: 1 });
  try {
    for (const ex of examples) {
      const target = /'http:\/\/127\.0\.0\.1:8080(\/extract[^']*)'|http:\/\/127\.0\.0\.1:8080(\/extract\S*)/.exec(ex.command)!;
      const path = target[1] ?? target[2]!;
      const file = /--data-binary @(\S+)/.exec(ex.command)?.[1];
      const json = /-d '([^']*)'/.exec(ex.command)?.[1];
      const reply = file !== undefined
        ? await http(svc.port, 'POST', path, { headers: { 'content-type': 'text/html' }, body: await readFile(join(repoRoot, file)) })
        : await http(svc.port, 'POST', path, { headers: { 'content-type': 'application/json' }, body: json! });
      const head = /\| head -(\d+)/.exec(ex.command)?.[1];
      const shown = head !== undefined ? reply.text.split('\n').slice(0, Number(head)) : [reply.text];
      assert.deepEqual(shown, ex.output, ex.command);
    }
  } finally {
    await svc.close();
  }
});

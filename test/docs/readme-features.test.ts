/**
 * The README's feature list ("What it does") names what trafilatura's users reach for (issue
 * 61: inputs, outputs, metadata, comments, filters), and every option it names is one its
 * command takes: the list is read from the README, each `pith CMD --option` checked against
 * CMD's own help, each output format named against the formats `--format` accepts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';
import { outputFormatNamed } from '../../src/pipeline/extract.js';
import type { Command } from '../../src/cli/command.js';

/** The README's section under `## What it does`, up to the next `## `. */
function featureSection(): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## What it does\n');
  assert.ok(start >= 0, 'README has a "What it does" section');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** `pith CMD --option` spans of the section (a span may wrap a line), as [command, option]. */
function namedOptions(section: string): [string, string][] {
  const out: [string, string][] = [];
  for (const span of section.matchAll(/`pith\s+([a-z]+)((?:\s+--[a-z-]+)+)/g)) {
    for (const opt of span[2]!.trim().split(/\s+/)) out.push([span[1]!, opt]);
  }
  return out;
}

async function helpOf(name: string): Promise<string> {
  const mod = (await import(`../../src/cli/commands/${name}.js`)) as { command: Command };
  return mod.command.help;
}

test("the README's feature list names trafilatura's inputs, outputs, metadata and filters", () => {
  const section = featureSection();
  const wanted = [
    // inputs and fetching
    'URL', 'WARC', 'sitemap', 'RSS', 'Atom', 'robots.txt',
    // outputs
    'txt', 'Markdown', 'HTML', 'JSON', 'CSV', 'XML', 'XML-TEI',
    // what is extracted and kept
    'author', 'date', 'site name', 'language', 'comments', 'tables', 'images', 'links', 'lists', 'quotes', 'code',
    // across a batch
    'target language', 'duplicate',
  ];
  const missing = wanted.filter((w) => !section.includes(w));
  assert.deepEqual(missing, [], 'every feature is named');
});

test('every option the feature list names is one its command takes, and every format it names is accepted', async () => {
  const section = featureSection();
  const named = namedOptions(section);
  assert.ok(named.length >= 10, `the list names its options (${named.length} found)`);
  const helps = new Map<string, string>();
  for (const [cmd, opt] of named) {
    if (!helps.has(cmd)) helps.set(cmd, await helpOf(cmd));
    assert.match(helps.get(cmd)!, new RegExp(`(^|\\s)${opt}(\\s|$|,)`, 'm'), `pith ${cmd} takes ${opt}`);
  }
  for (const format of ['txt', 'markdown', 'html', 'json', 'csv', 'xml', 'tei']) assert.ok(outputFormatNamed(format), `--format ${format}`);
});

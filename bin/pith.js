#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// A closed pipe (`pith ... | head`) is a normal way to stop reading, not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); throw e; });
const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  console.error('pith: not built yet; run `npm install && npm run build` first');
  process.exit(1);
}
const { main: run } = await import(main.href);
process.exitCode = await run(process.argv.slice(2));

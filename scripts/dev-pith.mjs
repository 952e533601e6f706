#!/usr/bin/env node
// Runs the CLI from another build folder: node scripts/dev-pith.mjs /tmp/build-x <command> ...
// (helpers building into their own outDir use this instead of bin/pith.js).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const [dir, ...args] = process.argv.slice(2);
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); throw e; });
const { main } = await import(pathToFileURL(resolve(dir, 'src/cli/main.js')).href);
process.exitCode = await main(args);

/**
 * Compiles the models the package ships (run by `npm run build`, before the CLI bundle is made):
 * `models/NAME.json.gz` -> `dist/models/NAME.bin` (src/models/model-binary.ts), the form
 * `loadExtractionModel` reads them in without parsing each entry. A model that cannot be
 * compiled (not a linear one) is said and left to its JSON; a compiled file left from a model
 * no longer shipped is removed.
 *
 * node dist/scripts/compile-models.js
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compiledModelName, encodeCompiledModel } from '../src/models/model-binary.js';
import { PithError } from '../src/errors.js';
import { writeFileAtomic } from '../src/util/atomic-write.js';

/** The models `loadExtractionModel` reads by default: the bundled one and, when shipped, the rendered one. */
const COMPILED = ['default.model.json.gz', 'rendered.model.json.gz'] as const;

const root = process.cwd();
const outDir = join(root, 'dist', 'models');
const targetOf = (name: string): string => join(outDir, compiledModelName(name));

for (const name of COMPILED) {
  const source = join(root, 'models', name);
  const target = targetOf(name);
  if (!existsSync(source)) {
    rmSync(target, { force: true });
    continue;
  }
  try {
    const bytes = encodeCompiledModel(readFileSync(source), source);
    mkdirSync(outDir, { recursive: true });
    await writeFileAtomic(target, bytes, 'compiled model');
    console.log(`compiled ${join('models', name)} -> ${relative(root, target)} (${bytes.length} bytes)`);
  } catch (e) {
    if (!(e instanceof PithError)) throw e;
    rmSync(target, { force: true });
    console.log(`not compiled: ${e.message}`);
  }
}
// Compiled files of models not in the list above are never read: none is left behind.
if (existsSync(outDir)) {
  const kept = new Set(COMPILED.map((n) => targetOf(n)));
  for (const f of readdirSync(outDir)) if (f.endsWith('.bin') && !kept.has(join(outDir, f))) rmSync(join(outDir, f));
}

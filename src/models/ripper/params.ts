/** RIPPER's training parameters, declared once (defaults, ranges, help). */
import type { ParamSpec } from '../labeler.js';

export const RIPPER_PARAMS: readonly ParamSpec[] = Object.freeze([
  { name: 'optimisations', type: 'integer', default: 2, min: 0, max: 10, help: 'Optimisation passes over each rule set (Cohen\'s k: replacement and revision rules chosen by description length; RIPPER2 is k=2, IREP* alone is 0)' },
  { name: 'pruneFraction', type: 'number', default: 0.33, min: 0.05, max: 0.9, help: 'Share of the examples held out (per pass, at random) to prune each grown rule on; the rest grows it' },
  { name: 'seed', type: 'integer', default: 1, min: 0, max: 2 ** 31 - 1, help: 'Seed of the random grow/prune splits: the same data, parameters and seed give the same rules' },
  { name: 'minCoverage', type: 'integer', default: 2, min: 1, max: 1_000_000, help: 'Fewest growing-set positives a condition may leave a rule covering' },
  { name: 'mdlSlack', type: 'number', default: 64, min: 0, max: 10_000, help: 'Stop adding rules once the rule set\'s description length exceeds the smallest seen by this many bits (Cohen 1995: 64)' },
  { name: 'features', type: 'string', default: 'parse-tree', choices: ['parse-tree', 'all', 'seed003'], help: 'Features: parse-tree (the list-extraction study\'s nineteen parse-tree node features, docs/ripper.md; `seed003` is its old name) or all (every column of the schema, plus the set-valued ancestor and descendant tags)' },
  { name: 'maxExamples', type: 'integer', default: 300_000, min: 100, max: 100_000_000, help: 'Examples kept for training (a seeded sample when there are more): bounds time and memory' },
]);

/** `pith model dump <model>`: a model file as readable text. */
import { PithError } from '../../errors.js';
import { loadModel } from '../../models/model-file.js';
import { isDescribable, labelerFromModel } from '../../models/registry.js';
import { EXIT, optInt, parseCommandArgs, type Command } from '../command.js';

const HELP = `Usage: pith model dump <model.json|model.json.gz> [options]

Prints a model file as readable text: the header (format, version, algorithm, labels,
feature schema, training corpora, date), the training parameters, then the learner's
own view (for CRF, MaxEnt and MEMM: sizes, training summary, the attributes weighing
most for and against each label, and the transition weights; for RIPPER: the rules in
decision order, 'label :- test, test. [right/wrong]', and the default).

Options:
  --top N    attributes shown per label and direction (default 15)
`;

export const command: Command = {
  name: 'model',
  summary: 'inspect a model file (model dump)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, { top: { type: 'string' } });
    const [sub, path, ...extra] = positionals;
    if (sub !== 'dump') throw new PithError('BAD_OPTION', sub ? `unknown subcommand '${sub}' (expected: dump)` : 'expected a subcommand: dump');
    if (!path || extra.length) throw new PithError('BAD_OPTION', 'expected exactly one model file');
    const top = optInt(values, 'top', 15);
    const file = await loadModel(path);
    const labeler = labelerFromModel(file);
    const fs = file.featureSchema;
    const lines = [
      `format     ${file.format} v${file.version}`,
      `algorithm  ${file.algorithm}`,
      `labels     ${file.labels.join(' ')}`,
      `features   ${fs.name} v${fs.version}, hash ${fs.hash}, families ${fs.families.join(' ') || '-'}, ${fs.columns.length} columns`,
      `created    ${file.createdAt}`,
      `trained on ${file.trainingCorpora.map((c) => `${c.name} (${c.pages} pages, ${c.hash})`).join(', ') || '-'}`,
      'parameters',
      ...Object.entries(file.params).map(([k, v]) => `  ${k} = ${String(v)}`),
      '',
    ];
    io.stdout.write(lines.join('\n') + '\n');
    io.stdout.write(isDescribable(labeler) ? labeler.describe(top) : `(no readable view for '${file.algorithm}' models)\n`);
    return EXIT.ok;
  },
};

/** `pith model dump|show <model>`: a model file (block model or list model) as readable text. */
import { gunzipSync } from 'node:zlib';
import { PithError } from '../../errors.js';
import { loadModel, readModelBytes, siteModelsOf } from '../../models/model-file.js';
import { describeSiteEntry } from '../../models/site-models.js';
import { isDescribable, labelerFromModel } from '../../models/registry.js';
import { decodeListModel, LIST_MODEL_FORMAT, MAX_LIST_MODEL_BYTES, type ListModel } from '../../models/lists/list-model.js';
import { bundledListModelPath } from '../../pipeline/lists.js';
import { EXIT, optBool, optInt, parseCommandArgs, type Command } from '../command.js';

const HELP = `Usage: pith model dump|show <model.json|model.json.gz> [options]
       pith model show --lists

Prints a model file as readable text: the header (format, version, algorithm, labels,
feature schema, training corpora, date), the training parameters, then the learner's
own view (for CRF, MaxEnt and MEMM: sizes, training summary, the attributes weighing
most for and against each label, and the transition weights; for RIPPER: the rules in
decision order, 'label :- test, test. [right/wrong]', and the default), then each site
model the file holds (a wrapper's rules, field rules included: docs/sites.md, docs/fields.md).

A list model (format '${LIST_MODEL_FORMAT}', docs/lists.md) prints its RIPPER rules over the
parse-tree node features: 'item :- test, test. [right/wrong]' in decision order, then (version 2)
its group rules, 'list :- ...', which pick the list where the item rules mark none, and
(version 3) its group ranker's weights or trees, which pick among the candidate groups where
neither finds a list.
'show' is another name for 'dump'.

Options:
  --top N    attributes shown per label and direction (default 15)
  --lists    the bundled list model (models/lists.model.json.gz), when no file is given
  --sites    only the site models the file holds (a wrapper's rules, named fields included),
             without the general model before them
`;

/** Is the file a list model? Read by its format field, so a block model goes its own way. */
async function readListModel(path: string): Promise<ListModel | undefined> {
  let bytes: Buffer;
  try {
    // Bounded as a list model is (a device or FIFO refused, not read forever): a larger file is a block model's.
    bytes = await readModelBytes(path, MAX_LIST_MODEL_BYTES, 'list model');
  } catch {
    return undefined; // the block model loader reports the error
  }
  let text: string;
  try {
    text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes, { maxOutputLength: MAX_LIST_MODEL_BYTES }) : bytes).subarray(0, 4096).toString('utf8');
  } catch {
    return undefined;
  }
  return text.includes(`"format":"${LIST_MODEL_FORMAT}"`) ? decodeListModel(bytes, path) : undefined;
}

function describeListModel(model: ListModel): string {
  const f = model.file;
  return [
    `format     ${f.format} v${f.version}`,
    `algorithm  ripper (two classes: ${f.ruleSets[0]!.positive} / ${f.ruleSets[0]!.negative}), ${f.ruleSets.length} rule set${f.ruleSets.length === 1 ? '' : 's'}${f.ruleSets.length > 1 ? ': an element is an item when most of them say so' : ''}`,
    `features   ${f.featureSchema.name} v${f.featureSchema.version}, hash ${f.featureSchema.hash}`,
    `created    ${f.createdAt}`,
    `trained on ${f.trainingCorpora.map((c) => `${c.name} (${c.pages} pages)`).join(', ') || '-'}`,
    'parameters',
    ...Object.entries(f.params).map(([k, v]) => `  ${k} = ${String(v)}`),
    '',
  ].join('\n') + '\n' + model.ruleSets.map((r, k) => (model.ruleSets.length > 1 ? `## rule set ${k + 1} of ${model.ruleSets.length}\n` : '') + r.describe()).join('\n')
    + describeGroupRules(model) + describeRanker(model);
}

/** A version 3 model's group ranker: where neither rule kind finds a list, it picks among the candidate groups. */
function describeRanker(model: ListModel): string {
  return model.ranker ? `\nranker: where neither the item rules nor the group rules find a list\n${model.ranker.describe()}` : '';
}

/** A version 2 model's group rule sets: which candidate group is the list where the item rules mark none. */
function describeGroupRules(model: ListModel): string {
  const n = model.groupRuleSets.length;
  if (n === 0) return '';
  const head = `\ngroup rules: where the item rules mark no list, the candidate group (3 or more rows on one tag path, read by its first row) that ${n > 1 ? 'these rule sets give' : 'this rule set gives'} the highest mean probability is the list, when it is ${model.groupThreshold} or more\n`;
  return head + model.groupRuleSets.map((r, k) => `## group rule set ${k + 1} of ${n}\n` + r.describe()).join('\n');
}

export const command: Command = {
  name: 'model',
  summary: 'inspect a model file (model dump / model show; --lists: the list model)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, { top: { type: 'string' }, lists: { type: 'boolean' }, sites: { type: 'boolean' } });
    const [sub, given, ...extra] = positionals;
    if (sub !== 'dump' && sub !== 'show') throw new PithError('BAD_OPTION', sub ? `unknown subcommand '${sub}' (expected: dump, show)` : 'expected a subcommand: dump or show');
    const lists = optBool(values, 'lists');
    const sitesOnly = optBool(values, 'sites');
    if (lists && given !== undefined) throw new PithError('BAD_OPTION', '--lists shows the bundled list model: give no file with it');
    if (lists && sitesOnly) throw new PithError('BAD_OPTION', '--sites shows the site models of a model file (pith train --model wrapper writes them); the list model (--lists) has none: give one of the two');
    const path = lists ? bundledListModelPath() : given;
    if (!path || extra.length) throw new PithError('BAD_OPTION', 'expected exactly one model file (or --lists)');
    const top = optInt(values, 'top', 15);
    const listModel = await readListModel(path);
    if (listModel) {
      if (sitesOnly) throw new PithError('BAD_OPTION', 'a list model holds no site models: --sites shows those of an extraction model (pith train --model wrapper writes them)', path);
      io.stdout.write(describeListModel(listModel));
      return EXIT.ok;
    }
    if (lists) throw new PithError('BAD_MODEL', 'not a list model', path);
    const file = await loadModel(path);
    const sites = siteModelsOf(file);
    if (sitesOnly) {
      // A site model's rules (named fields included) without the general model's weights before them.
      io.stdout.write(sites.length === 0 ? `${path} holds no site models (pith train --model wrapper writes them: docs/sites.md)\n` : sites.map((site) => describeSiteEntry(site, path) + '\n').join('\n'));
      return EXIT.ok;
    }
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
      ...(sites.length > 0 ? [`site models ${sites.map((site) => site.host).join(', ')} (at the end; --sites shows them alone)`] : []),
      '',
    ];
    io.stdout.write(lines.join('\n') + '\n');
    io.stdout.write(isDescribable(labeler) ? labeler.describe(top) : `(no readable view for '${file.algorithm}' models)\n`);
    for (const site of sites) {
      io.stdout.write('\n' + describeSiteEntry(site, path) + '\n');
    }
    return EXIT.ok;
  },
};

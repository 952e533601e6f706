/** `--lists` and `--list-model`, as `pith batch` and `pith worker` read them (light: the list model's code is loaded only when lists are wanted). */
import { resolve } from 'node:path';
import { PithError } from '../errors.js';
import type { BatchField } from '../batch/batch-fields.js';
import type { ListModel } from '../models/lists/list-model.js';
import { optBool, optString, type ParsedCommandArgs } from './command.js';

/** The list settings of a batch (or queue worker) and the list model, read once here. */
export interface ListChoice {
  /** `--lists` and `--list-model` as the batch's options (the model's path made absolute for the threads). */
  readonly options: { withLists?: true; listModelPath?: string };
  /** The list model, when lists are wanted (`--lists`, or `lists` among `--fields`): a bad one stops the command before any page. */
  readonly model: ListModel | undefined;
}

/** Lists are wanted with `--lists` or a `lists` field; `--list-model` without either is refused. */
export async function readListChoice(values: ParsedCommandArgs['values'], fields: readonly BatchField[] | undefined): Promise<ListChoice> {
  const path = optString(values, 'list-model');
  const wanted = optBool(values, 'lists') || (fields?.includes('lists') ?? false);
  if (path !== undefined && !wanted) throw new PithError('BAD_OPTION', '--list-model needs --lists');
  const model = wanted ? await import('../pipeline/lists.js').then(({ loadListModel }) => loadListModel(path)) : undefined;
  const options = { ...(optBool(values, 'lists') ? { withLists: true as const } : {}), ...(path !== undefined ? { listModelPath: resolve(path) } : {}) };
  return { options, model };
}

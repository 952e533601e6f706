/**
 * The page's main repeated list (list-extraction study, docs/lists.md) as the library and the CLI give it:
 * computed only when asked (`includeLists`, `pith extract --lists`), with the bundled list model
 * `models/lists.model.json.gz` (PITH_LIST_MODEL overrides) or one the caller loaded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PithError } from '../errors.js';
import type { DomTree } from '../dom/tree.js';
import { detectLists, type FoundList } from '../models/lists/find-lists.js';
import { decodeListModel, loadListModel as loadListModelFile, type ListModel } from '../models/lists/list-model.js';
import { packageRoot } from './extract.js';

/** The bundled list model's path (PITH_LIST_MODEL overrides). */
export function bundledListModelPath(): string {
  return process.env['PITH_LIST_MODEL'] ?? join(packageRoot(), 'models', 'lists.model.json.gz');
}

let bundled: { path: string; model: ListModel } | undefined;

/** The bundled list model, read once per process (synchronously: it is a few kilobytes). */
export function bundledListModel(): ListModel {
  const path = bundledListModelPath();
  if (bundled?.path === path) return bundled.model;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new PithError('BAD_MODEL', 'the bundled list model is missing; rebuild it with `WRITE_MODEL=models/lists.model.json.gz npm run bench:lists`', path, { cause: e });
  }
  const model = decodeListModel(bytes, path);
  bundled = { path, model };
  return model;
}

/** A list model file (default: the bundled one). */
export async function loadListModel(path?: string): Promise<ListModel> {
  return path === undefined ? bundledListModel() : loadListModelFile(path);
}

/** The page's main list (an empty array when it has none). */
export function pageLists(tree: DomTree, model: ListModel = bundledListModel()): FoundList[] {
  return [...detectLists(tree, model).lists];
}

/**
 * The list model file (`models/lists.model.json.gz`, docs/lists.md): two-class RIPPER rule
 * sets over the list-extraction study's parse-tree node features (one per training seed), which mark the
 * elements that are items of a page's main repeated list by majority; from version 2 also
 * group rule sets, which say which candidate group (rows sharing a tag path) is the page's
 * list where the item rules mark none; from version 3 also a group ranker (group-ranker.ts)
 * that picks among the candidate groups where neither finds a list; plus the header saying
 * what they were trained on.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { PithError } from '../../errors.js';
import { readModelBytes } from '../model-file.js';
import { TREE_NODE_COLUMNS, TREE_NODE_SCHEMA, TREE_NODE_SETS } from '../../features/tree-nodes.js';
import { twoClassFromJSON, type TwoClassBody, type TwoClassRules } from '../ripper/two-class.js';
import { groupRankerFromJSON, type GroupRanker, type GroupRankerBody } from './group-ranker.js';

export const LIST_MODEL_FORMAT = 'pith-lists';

export interface ListModelFile {
  readonly format: typeof LIST_MODEL_FORMAT;
  /** 1: item rule sets only; 2: also group rule sets; 3: also a group ranker. */
  readonly version: 1 | 2 | 3;
  /** Name, version and hash of the node features the rules read (`tree-nodes`). */
  readonly featureSchema: { readonly name: string; readonly version: number; readonly hash: string };
  readonly trainingCorpora: ReadonlyArray<{ readonly name: string; readonly pages: number }>;
  readonly params: Readonly<Record<string, number | boolean | string>>;
  readonly createdAt: string;
  /** One rule set per RIPPER seed; an element is an item when most of them say so. */
  readonly ruleSets: readonly TwoClassBody[];
  /** Version 2: rule sets over candidate groups (each described by its first member's row), one per seed. */
  readonly groupRuleSets?: readonly TwoClassBody[];
  /** Version 2: the least mean probability of the group rule sets for a group to be the page's list. */
  readonly groupThreshold?: number;
  /** Version 3: the ranker that picks the list among the candidate groups where the rules find none. */
  readonly ranker?: GroupRankerBody;
}

export interface ListModel {
  readonly file: ListModelFile;
  readonly ruleSets: readonly TwoClassRules[];
  /** Empty for a version 1 model. */
  readonly groupRuleSets: readonly TwoClassRules[];
  readonly groupThreshold: number;
  /** Version 3 only. */
  readonly ranker?: GroupRanker;
}

/** The most rule sets a file may hold. */
const MAX_RULE_SETS = 15;

/** The most bytes a list model file (or its gzip's content) may hold. */
export const MAX_LIST_MODEL_BYTES = 16 * 1024 * 1024;

/** A model file: version 2 when it has group rule sets (and their threshold), else version 1. */
export function createListModelFile(
  ruleSets: readonly TwoClassBody[], header: Pick<ListModelFile, 'trainingCorpora' | 'params'>, now = new Date(),
  groups?: { readonly ruleSets: readonly TwoClassBody[]; readonly threshold: number }, ranker?: GroupRankerBody,
): ListModelFile {
  const s = TREE_NODE_SCHEMA;
  const base = { format: LIST_MODEL_FORMAT, featureSchema: { name: s.name, version: s.version, hash: s.hash }, ...header, createdAt: now.toISOString(), ruleSets } as const;
  const hasGroups = groups !== undefined && groups.ruleSets.length > 0;
  if (ranker) return { ...base, version: 3, groupRuleSets: hasGroups ? groups.ruleSets : [], groupThreshold: groups?.threshold ?? 0, ranker };
  return hasGroups ? { ...base, version: 2, groupRuleSets: groups.ruleSets, groupThreshold: groups.threshold } : { ...base, version: 1 };
}

export function encodeListModel(file: ListModelFile): Buffer {
  return gzipSync(Buffer.from(JSON.stringify(file) + '\n', 'utf8'), { level: 9 });
}

/** Is this parsed JSON a list model (rather than a block model)? */
export function isListModelJson(json: unknown): boolean {
  return typeof json === 'object' && json !== null && (json as Record<string, unknown>)['format'] === LIST_MODEL_FORMAT;
}

/** Checks a parsed list model file; PithError('BAD_MODEL') when it is not one pith can use. */
export function listModelFromJson(json: unknown, subject = 'list model'): ListModel {
  const bad = (m: string): never => { throw new PithError('BAD_MODEL', m, subject); };
  if (!isListModelJson(json)) bad(`not a list model (format '${LIST_MODEL_FORMAT}')`);
  const f = json as Record<string, unknown>;
  if (f['version'] !== 1 && f['version'] !== 2 && f['version'] !== 3) bad(`unsupported list model version ${String(f['version'])}`);
  const fs = f['featureSchema'] as Record<string, unknown> | undefined;
  if (typeof fs !== 'object' || fs === null || fs['hash'] !== TREE_NODE_SCHEMA.hash) {
    bad(`trained on other node features (${String(fs?.['hash'])}; this pith computes ${TREE_NODE_SCHEMA.hash})`);
  }
  if (!Array.isArray(f['trainingCorpora']) || typeof f['params'] !== 'object' || typeof f['createdAt'] !== 'string') bad('malformed header');
  if (f['version'] !== 3 && f['ranker'] !== undefined) bad(`a group ranker needs a version 3 list model (this one is version ${String(f['version'])})`);
  const ruleSets = ruleSetsOf(f['ruleSets'], 'ruleSets', subject);
  if (f['version'] === 1) return { file: json as ListModelFile, ruleSets, groupRuleSets: [], groupThreshold: 0 };
  // Version 3 may leave the group rules out (an empty list): the ranker alone follows the item rules.
  const noGroups = f['version'] === 3 && Array.isArray(f['groupRuleSets']) && f['groupRuleSets'].length === 0;
  const groupRuleSets = noGroups ? [] : ruleSetsOf(f['groupRuleSets'], 'groupRuleSets', subject);
  const t = f['groupThreshold'];
  if (typeof t !== 'number' || !(t >= 0 && t <= 1)) bad('groupThreshold must be a number from 0 to 1');
  const base = { file: json as ListModelFile, ruleSets, groupRuleSets, groupThreshold: t as number };
  if (f['version'] === 2) return base;
  if (f['ranker'] === undefined) bad('a version 3 list model needs its ranker');
  return { ...base, ranker: groupRankerFromJSON(f['ranker'], subject) };
}

/** Checks stored rule sets: 1 to MAX_RULE_SETS bodies, each reading only features the node rows have. */
function ruleSetsOf(bodies: unknown, name: string, subject: string): TwoClassRules[] {
  const bad = (m: string): never => { throw new PithError('BAD_MODEL', m, subject); };
  if (!Array.isArray(bodies) || bodies.length === 0 || bodies.length > MAX_RULE_SETS) bad(`${name} must hold 1 to ${MAX_RULE_SETS} rule sets`);
  return (bodies as unknown[]).map((body) => {
    let rules: TwoClassRules;
    try {
      rules = twoClassFromJSON(body);
    } catch (e) {
      throw new PithError('BAD_MODEL', (e as Error).message, subject, { cause: e });
    }
    for (const feat of rules.body.features) {
      const ok = feat.kind === 'set'
        ? feat.columns.length === 0 && feat.prefixes.length === 1 && TREE_NODE_SETS.some((t) => t.name === feat.name && t.prefix === feat.prefixes[0])
        : feat.columns.length === 1 && TREE_NODE_COLUMNS[feat.columns[0]!]?.name === feat.name && TREE_NODE_COLUMNS[feat.columns[0]!]?.kind === feat.kind;
      if (!ok) bad(`rules read a feature the node rows do not have: ${feat.name}`);
    }
    return rules;
  });
}

/** Decodes list model bytes (gzip or plain JSON). */
export function decodeListModel(bytes: Uint8Array, subject = 'list model'): ListModel {
  let data: Uint8Array = bytes;
  try {
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) data = gunzipSync(bytes, { maxOutputLength: MAX_LIST_MODEL_BYTES });
  } catch (e) {
    throw new PithError('BAD_MODEL', `corrupt gzip data (${(e as Error).message})`, subject, { cause: e });
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(data).toString('utf8'));
  } catch (e) {
    throw new PithError('BAD_MODEL', `not JSON (${(e as Error).message})`, subject, { cause: e });
  }
  return listModelFromJson(json, subject);
}

/** A list model file, read within MAX_LIST_MODEL_BYTES (a device or FIFO is refused, never read or waited on). */
export async function loadListModel(path: string): Promise<ListModel> {
  return decodeListModel(await readModelBytes(path, MAX_LIST_MODEL_BYTES, 'list model'), path);
}

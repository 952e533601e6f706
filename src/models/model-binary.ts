/**
 * The compiled form of a linear model file (docs/models.md "Loading the model"): the same model
 * in a layout that loads without parsing each entry. `npm run build` makes one for each model
 * the package ships (scripts/compile-models.ts); the JSON file stays the source of truth and the
 * only form pith writes or reads for any other model.
 *
 * Layout (version 1, numbers little-endian):
 * - 8 bytes `PITHMODB`, a u32 layout version, a u32 header length H;
 * - H bytes of JSON header: the SHA-256 of the JSON file it was made from (`source`), the
 *   SHA-256 of the payload, where each section lies in the payload, whether every attribute
 *   carries weight, the feature families that can emit a weighted attribute (with the SHA-256
 *   of the family patterns that answer was found under), and the model file itself with the
 *   body's three large fields
 *   (`attributes`, `rowFlags`, `weights`) set to null;
 * - the payload: the attribute names as UTF-8 joined by newlines, one row-flag byte per
 *   attribute, the weights as raw float32.
 *
 * A compiled file made from other JSON bytes (a stale build, a model replaced by the user's) is
 * ignored: `decodeCompiledModel` answers undefined. A damaged one (truncated, altered, another
 * layout) is refused with PithError('BAD_MODEL'); the loader then reads the JSON file instead.
 * Every check the JSON path makes on the model (header, labels, attributes, weight count, finite
 * weights) is made here too, through the same code (`checkModelFile`, `linearFromBody`).
 */
import { createHash } from 'node:crypto';
import { PithError } from '../errors.js';
import { isRecord } from '../util/is-record.js';
import type { Labeler, ModelFile } from './labeler.js';
import { checkModelFile, decodeModelFile, parseModelJson } from './model-file.js';
import { boundedJsonText, type BadModel } from './model-text.js';
import { availableAlgorithms, findLearner, labelerFromModel } from './registry.js';
import type { LinearLabeler } from './linear/labeler-base.js';
import { bodyAttributes, linearFromBody, type LinearBodyReader, type LinearModel } from './linear/model.js';
import { isLinearTrainer, type LinearTrainer } from './linear/trainer.js';
import { encodeBytes, encodeFloat32, float32FromBytes } from './linear/codec.js';
import { indexFlags } from './linear/feature-index.js';
import { familiesNamedIn, familyAttributePatterns, rememberFamiliesNamedIn } from '../features/registry.js';
import { isFamilyName, type FamilyName } from '../features/config.js';

export const COMPILED_MODEL_MAGIC = 'PITHMODB';
const COMPILED_MODEL_VERSION = 1;
/** Magic, layout version, header length. */
const PREAMBLE_BYTES = 16;
/** A header longer than this is not one pith wrote (the bundled model's is about 2 KB). */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;
/** Separates attribute names in the names section (a model with a name holding one is not compiled). */
const NAME_SEPARATOR = '\n';

/** The registry's learner for `algorithm` when it is a linear one (crf, maxent, memm): the only kind compiled. */
function linearTrainerOf(algorithm: string): LinearTrainer | undefined {
  const learner = findLearner(algorithm);
  return learner !== undefined && isLinearTrainer(learner) ? learner : undefined;
}

/** "crf, maxent and memm": the algorithms that are compiled, for messages. */
function compiledAlgorithms(): string {
  const names = availableAlgorithms().filter((a) => linearTrainerOf(a) !== undefined);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names.join('');
}

/** A model loaded from its compiled form: the model file (its body rebuilt on first read) and its labeler. */
export interface CompiledModel {
  readonly file: ModelFile;
  readonly labeler: Labeler;
}

/** Where a section lies in the payload. */
interface Section {
  readonly offset: number;
  readonly bytes: number;
}

interface CompiledHeader {
  readonly source: { readonly sha256: string; readonly bytes: number };
  readonly payloadSha256: string;
  readonly names: Section & { readonly count: number };
  readonly rowFlags: Section;
  readonly weights: Section;
  readonly everyAttributeWeighted: boolean;
  /**
   * The feature families that can emit a weighted attribute (`familiesNamedIn`), found under
   * the registry's attribute patterns whose SHA-256 is `patterns`: used only while this pith's
   * patterns are the same.
   */
  readonly familiesNamedIn: { readonly patterns: string; readonly families: readonly FamilyName[] };
  readonly file: ModelFile;
}

/** The file name of a model's compiled form: `default.model.json.gz` -> `default.model.bin`. */
export function compiledModelName(jsonName: string): string {
  return `${jsonName.replace(/\.json(\.gz)?$/, '')}.bin`;
}

/** SHA-256 of bytes, hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The compiled form of the model file `jsonBytes`. BAD_MODEL when the file is not a linear
 * model (CRF, MaxEnt, MEMM), or when an attribute name holds a newline; the result is checked
 * by decoding it again and comparing the model files.
 */
export function encodeCompiledModel(jsonBytes: Uint8Array, subject = 'model'): Buffer {
  const bad = (msg: string): never => {
    throw new PithError('BAD_MODEL', `cannot compile: ${msg}`, subject);
  };
  const file = decodeModelFile(jsonBytes, subject);
  if (linearTrainerOf(file.algorithm) === undefined) bad(`a '${file.algorithm}' model (only ${compiledAlgorithms()} models are compiled)`);
  const labeler = labelerFromModel(file) as LinearLabeler;
  const body = file.body as Record<string, unknown>;
  const names = bodyAttributes(body['attributes']);
  if (names.some((n) => n.includes(NAME_SEPARATOR))) bad('an attribute name holds a newline');
  const nameBytes = Buffer.from(names.join(NAME_SEPARATOR), 'utf8');
  const flagBytes = Buffer.from(indexFlags(labeler.model.index));
  const weightBytes = Buffer.from(encodeFloat32(labeler.model.W), 'base64');
  const payload = Buffer.concat([nameBytes, flagBytes, weightBytes]);
  const header: CompiledHeader = {
    source: { sha256: sha256Hex(jsonBytes), bytes: jsonBytes.length },
    payloadSha256: sha256Hex(payload),
    names: { offset: 0, bytes: nameBytes.length, count: names.length },
    rowFlags: { offset: nameBytes.length, bytes: flagBytes.length },
    weights: { offset: nameBytes.length + flagBytes.length, bytes: weightBytes.length },
    everyAttributeWeighted: labeler.everyAttributeWeighted,
    familiesNamedIn: { patterns: patternsDigest(), families: [...familiesNamedIn(labeler.weightedVocabulary)] },
    file: { ...file, body: { ...body, attributes: null, rowFlags: null, weights: null } },
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const preamble = Buffer.alloc(PREAMBLE_BYTES);
  preamble.write(COMPILED_MODEL_MAGIC, 0, 'latin1');
  preamble.writeUInt32LE(COMPILED_MODEL_VERSION, 8);
  preamble.writeUInt32LE(headerBytes.length, 12);
  const out = Buffer.concat([preamble, headerBytes, payload]);
  const back = decodeCompiledModel(out, sha256Hex(jsonBytes), subject);
  if (back === undefined || JSON.stringify(back.file) !== JSON.stringify(file)) bad('its compiled form does not read back as the same model');
  return out;
}

/**
 * The model in compiled bytes `bin`, when they were made from JSON bytes whose SHA-256 is
 * `sourceSha256`; undefined when made from other bytes. BAD_MODEL when damaged.
 */
export function decodeCompiledModel(bin: Uint8Array, sourceSha256: string, subject = 'compiled model'): CompiledModel | undefined {
  const bad: BadModel = (msg, cause) => {
    throw new PithError('BAD_MODEL', `compiled model: ${msg}`, subject, cause === undefined ? undefined : { cause });
  };
  if (bin.length < PREAMBLE_BYTES) bad(`${bin.length} bytes, shorter than its preamble (truncated)`);
  const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  if (Buffer.from(bin.buffer, bin.byteOffset, 8).toString('latin1') !== COMPILED_MODEL_MAGIC) bad(`not a compiled pith model (no ${COMPILED_MODEL_MAGIC} magic)`);
  const version = view.getUint32(8, true);
  if (version !== COMPILED_MODEL_VERSION) bad(`layout version ${version}, this pith reads ${COMPILED_MODEL_VERSION}`);
  const headerLength = view.getUint32(12, true);
  if (headerLength > MAX_HEADER_BYTES || PREAMBLE_BYTES + headerLength > bin.length) bad(`a header of ${headerLength} bytes in a file of ${bin.length} (truncated)`);
  const header = readHeader(bin.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + headerLength), bad);
  if (header.source.sha256 !== sourceSha256) return undefined;
  const payload = bin.subarray(PREAMBLE_BYTES + headerLength);
  if (sha256Hex(payload) !== header.payloadSha256) bad('its payload does not match its checksum (truncated or altered)');
  const section = (s: Section, what: string): Uint8Array => {
    if (s.offset + s.bytes > payload.length) bad(`its ${what} section ends past the payload`);
    return payload.subarray(s.offset, s.offset + s.bytes);
  };
  const file = checkModelFile(header.file, subject);
  const trainer = linearTrainerOf(file.algorithm) ?? bad(`holds a '${file.algorithm}' model (only ${compiledAlgorithms()} models are compiled)`);
  const body = file.body;
  const reader: LinearBodyReader = {
    attributes: () => splitNames(section(header.names, 'names'), header.names.count, bad),
    rowFlags: (_, count) => {
      if (header.rowFlags.bytes !== count) bad(`${header.rowFlags.bytes} row flags for ${count} attributes`);
      return new Uint8Array(section(header.rowFlags, 'rowFlags'));
    },
    weights: (_, count) => float32FromBytes(section(header.weights, 'weights'), count, 'weights'),
  };
  const model = linearFromBody(body, trainer.algorithm, reader);
  const labeler = trainer.fromModel(model);
  if (header.everyAttributeWeighted) labeler.weightedIsWhole();
  if (header.familiesNamedIn.patterns === patternsDigest()) rememberFamiliesNamedIn(labeler.weightedVocabulary, header.familiesNamedIn.families);
  return { file: withLazyBody(file, body as Record<string, unknown>, model), labeler };
}

/** The header's JSON, its shape bounded before it is parsed and its fields checked. */
function readHeader(bytes: Uint8Array, bad: BadModel): CompiledHeader {
  const text = boundedJsonText(bytes, 'its header', bad);
  let json: unknown;
  try {
    json = parseModelJson(text, 'header');
  } catch (e) {
    return bad('its header is not JSON (truncated?)', e);
  }
  const isSection = (s: unknown): s is Section => isRecord(s) && isCount(s['offset']) && isCount(s['bytes']);
  if (!isRecord(json) || !isRecord(json['source']) || typeof json['source']['sha256'] !== 'string' || typeof json['payloadSha256'] !== 'string'
    || !isSection(json['names']) || !isCount((json['names'] as unknown as Record<string, unknown>)['count']) || !isSection(json['rowFlags']) || !isSection(json['weights'])
    || typeof json['everyAttributeWeighted'] !== 'boolean' || !isFamilies(json['familiesNamedIn']) || !isRecord(json['file'])) {
    bad('its header lacks source, payloadSha256, names, rowFlags, weights, everyAttributeWeighted, familiesNamedIn or file');
  }
  return json as unknown as CompiledHeader;
}

function isFamilies(v: unknown): boolean {
  return isRecord(v) && typeof v['patterns'] === 'string' && Array.isArray(v['families']) && v['families'].every((f) => typeof f === 'string' && isFamilyName(f));
}

/** SHA-256 of the registry's family attribute patterns: what a stored `familiesNamedIn` answer depends on besides the vocabulary. */
function patternsDigest(): string {
  return sha256Hex(Buffer.from(familyAttributePatterns(), 'utf8'));
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/** The `count` names of the names section. */
function splitNames(bytes: Uint8Array, count: number, bad: BadModel): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    return bad('its names are not UTF-8 text', e);
  }
  const names = count === 0 && text === '' ? [] : text.split(NAME_SEPARATOR);
  if (names.length !== count) bad(`${names.length} attribute names, its header says ${count}`);
  return names;
}

/**
 * The model file with its body's large fields filled in from the model when first read (saving
 * it, handing it to a worker thread): the same body the JSON file holds, key for key.
 */
function withLazyBody(file: ModelFile, body: Record<string, unknown>, model: LinearModel): ModelFile {
  let full: Record<string, unknown> | undefined;
  const out = { ...file };
  Object.defineProperty(out, 'body', {
    enumerable: true,
    get: () => (full ??= { ...body, attributes: [...model.index.names], rowFlags: encodeBytes(indexFlags(model.index)), weights: encodeFloat32(model.W) }),
  });
  return out;
}

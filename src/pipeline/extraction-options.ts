/**
 * Checks the options a library caller gives `extract` / `extractWith`: an unknown key or a
 * value of the wrong kind is a BAD_OPTION PithError naming the option, as the service's 400
 * answers do, instead of being ignored (a misspelt `includeTable: false` would silently keep
 * tables).
 */
import { PithError } from '../errors.js';
import { isRecord } from '../util/is-record.js';
import type { ExtractionOptions } from './library.js';

/** A problem with one value, or undefined when it is fine. */
type Check = (value: unknown) => string | undefined;

const isBoolean: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');

const isAbsoluteUrl: Check = (v) => {
  if (typeof v !== 'string') return 'must be a string (the page\'s absolute URL)';
  try {
    new URL(v);
    return undefined;
  } catch {
    return `must be an absolute URL such as https://example.com/page, got '${v.slice(0, 200)}'`;
  }
};

const isModel: Check = (v) => (typeof v === 'string' || isRecord(v) ? undefined : 'must be a model from loadModel() or the path of a model file');

const isCharset: Check = (v) => (typeof v === 'string' && v.trim() !== '' ? undefined : 'must be a charset name such as utf-8');

/** One check per option; the mapped type makes a new option without a check a compile error. */
const CHECKS: { readonly [K in keyof Required<ExtractionOptions>]: Check } = {
  url: isAbsoluteUrl,
  model: isModel,
  // `favor`'s value is checked where it is used (pipelineOptions), with the list of choices.
  favor: () => undefined,
  includeComments: isBoolean,
  includeImages: isBoolean,
  includeTables: isBoolean,
  includeLinks: isBoolean,
  charset: isCharset,
  // A site model's name (a host or template:...); a name the model lacks is refused where the model is known.
  includeLists: isBoolean,
  listModel: (v) => (isRecord(v) ? undefined : 'must be a list model from loadListModel()'),
  site: (v) => (typeof v === 'string' && v.trim() !== '' ? undefined : 'must be the name of a site model (a host, or template:...)'),
};

export const EXTRACTION_OPTION_NAMES: readonly string[] = Object.freeze(Object.keys(CHECKS));

/** Throws BAD_OPTION for an options value that is not an object, an unknown option, or a bad value. Undefined values count as absent. */
export function checkExtractionOptions(options: unknown): asserts options is ExtractionOptions {
  if (!isRecord(options)) throw new PithError('BAD_OPTION', 'options must be an object such as { url, favor }', 'options');
  for (const [name, value] of Object.entries(options)) {
    if (!Object.hasOwn(CHECKS, name)) {
      throw new PithError('BAD_OPTION', `unknown option '${name.slice(0, 100)}'; known: ${EXTRACTION_OPTION_NAMES.join(', ')}`, name.slice(0, 100));
    }
    if (value === undefined) continue;
    const problem = CHECKS[name as keyof ExtractionOptions](value);
    if (problem) throw new PithError('BAD_OPTION', problem, name);
  }
}

/**
 * The library's options (`ExtractionOptions`, `Favor`) and their check for `extract` /
 * `extractWith`: an unknown key or a value of the wrong kind is a BAD_OPTION PithError naming
 * the option, as the service's 400 answers do, instead of being ignored (a misspelt
 * `includeTable: false` would silently keep tables).
 */
import { PithError } from '../errors.js';
import { isRecord } from '../util/is-record.js';
import type { LoadedModel } from './extract.js';
import type { ListModel } from '../models/lists/list-model.js';

/** Which way the decoder leans where the model is unsure: less noise, or less lost text. */
export type Favor = 'precision' | 'balanced' | 'recall';
export const FAVORS: readonly Favor[] = ['precision', 'balanced', 'recall'];

/** A model ready to extract with: from `loadModel`, reusable across calls and threads' messages. */
export type PithModel = LoadedModel;

export interface ExtractionOptions {
  /** The page's URL: resolves relative links and images, and names the site. */
  readonly url?: string;
  /** A loaded model, or the path of a model file. Default: the bundled model. */
  readonly model?: PithModel | string;
  /** Default `balanced`. */
  readonly favor?: Favor;
  /** Also give readers' comments, each with its author and date (`comments`, and a Comments section in `markdown`); the article stays without them. Default false. */
  readonly includeComments?: boolean;
  /** Leave readers' comment sections to the model (forum and Q&A pages, whose replies are the content), as `pith extract --keep-comments`; otherwise they are discounted. Default false. */
  readonly keepComments?: boolean;
  /** Keep the article's images, figures and embeds. Default true. */
  readonly includeImages?: boolean;
  /** Keep data tables. Default true. */
  readonly includeTables?: boolean;
  /** Keep links (as links in markdown and html; their text stays either way). Default true. */
  readonly includeLinks?: boolean;
  /** For bytes: the charset the server declared (`Content-Type`), which wins over the page's own. */
  readonly charset?: string;
  /** The model's site model to use, by host or `template:` name, whatever the page's URL or template (docs/sites.md). */
  readonly site?: string;
  /** Also find the page's main repeated list (`lists`; docs/lists.md). Default false. */
  readonly includeLists?: boolean;
  /** The list model for `includeLists` (from `loadListModel`). Default: the bundled one. */
  readonly listModel?: ListModel;
}

/** A problem with one value, or undefined when it is fine. */
type Check = (value: unknown) => string | undefined;

const isBoolean: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');

/** Why `v` is no absolute URL (the library's `url` option, `pith extract --url`), or undefined. */
export const isAbsoluteUrl: Check = (v) => {
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
  keepComments: isBoolean,
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

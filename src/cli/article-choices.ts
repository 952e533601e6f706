/**
 * `--favor`, `--no-images`, `--no-tables`, `--no-links`: what the article keeps and which way
 * the model leans where it is unsure, read alike by `pith extract` and `pith batch`.
 * Imports nothing heavy (src/cli/batch-args.ts spreads the options before the pipeline loads).
 */
import { PithError } from '../errors.js';
import { FAVORS, type Favor } from '../pipeline/extraction-options.js';
import type { ArticleChoices } from '../pipeline/library.js';
import { optBool, optString, type OptionsSpec, type ParsedCommandArgs } from './command.js';

/** The four options, as node:util's parseArgs takes them. */
export const ARTICLE_CHOICE_OPTIONS: OptionsSpec = {
  favor: { type: 'string' }, 'no-images': { type: 'boolean' }, 'no-tables': { type: 'boolean' }, 'no-links': { type: 'boolean' },
};

/** The choices given (default: all kept, balanced); an unknown `--favor` is BAD_OPTION. */
export function readArticleChoices(values: ParsedCommandArgs['values']): ArticleChoices {
  const favor = (optString(values, 'favor') ?? 'balanced') as Favor;
  if (!FAVORS.includes(favor)) throw new PithError('BAD_OPTION', `--favor must be one of ${FAVORS.join(', ')}, got '${favor}'`);
  return { favor, includeImages: !optBool(values, 'no-images'), includeTables: !optBool(values, 'no-tables'), includeLinks: !optBool(values, 'no-links') };
}

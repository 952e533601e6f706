/** Site models from a model file's `sites` section, made into the pipeline's site labellers. */
import { WRAPPER_SITE_ALGORITHM, type SiteModelEntry } from './model-file.js';
import type { SiteLabeler } from './site-labeler.js';
import { learnerSiteModelOf } from './site-learner.js';
import { siteModelOf } from './wrapper/site-models.js';

/** Each entry as its labeller: the wrapper's rules, or the learner its body holds. */
export function siteLabelersOf(entries: readonly SiteModelEntry[], subject = 'model'): SiteLabeler[] {
  return entries.map((e) => (e.algorithm === WRAPPER_SITE_ALGORITHM ? siteModelOf(e, subject) : learnerSiteModelOf(e, subject)));
}

/** Site models from a model file's `sites` section, made into the pipeline's site labellers. */
import { WRAPPER_SITE_ALGORITHM, type SiteModelEntry } from './model-file.js';
import { learnerSiteModelOf } from './site-learner.js';
import { siteModelOf } from './wrapper/site-models.js';
import { withTemplates, type TemplatedSite } from './site-pick.js';

/** Each entry as its labeller: the wrapper's rules, or the learner its body holds; with its templates where the entry has them. */
export function siteLabelersOf(entries: readonly SiteModelEntry[], subject = 'model'): TemplatedSite[] {
  return entries.map((e) => withTemplates(e.algorithm === WRAPPER_SITE_ALGORITHM ? siteModelOf(e, subject) : learnerSiteModelOf(e, subject), e.template));
}

/** An entry as `pith model show` prints it: a wrapper's rules, or a learner's name and page count. */
export function describeSiteEntry(entry: SiteModelEntry, subject = 'model'): string {
  return entry.algorithm === WRAPPER_SITE_ALGORITHM ? siteModelOf(entry, subject).describe() : `site ${entry.host}: ${entry.algorithm}, learned from ${entry.pages} page(s)`;
}

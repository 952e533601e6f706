/** Kept apart from learn-sites.ts so that `pith batch --help` can say it without loading the learners. */

/** Least pages of a site `--learn-sites` learns from (fewer tell the template from the article poorly). */
export const DEFAULT_LEARN_MIN_PAGES = 5;

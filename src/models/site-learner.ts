/**
 * A site model that is a learner (maxent, crf, ripper, ...) trained on one site's pages alone
 * (`pith train --model maxent --site HOST`, docs/sites.md): its `sites` entry's body is the
 * learner's whole model file, and it labels every page of its host.
 */
import { PithError } from '../errors.js';
import type { Page } from '../page.js';
import type { FeatureOptions } from '../features/index.js';
import type { Labeler, ModelFile, Prediction } from './labeler.js';
import { checkLearnerSiteBody, siteModelSubject, type SiteModelEntry } from './model-file.js';
import { labelerFromModel } from './registry.js';
import { featureOptionsOf, predictPage } from './page-prediction.js';
import type { SiteLabeler } from './site-labeler.js';

export class LearnerSiteModel implements SiteLabeler {
  readonly decodesAsGeneral = true;
  readonly algorithm: string;
  private readonly labeler: Labeler;
  private readonly featureOptions: FeatureOptions;

  constructor(readonly host: string, readonly file: ModelFile, subject = `site model ${host}`) {
    this.algorithm = file.algorithm;
    this.featureOptions = featureOptionsOf(file, subject);
    try {
      this.labeler = labelerFromModel(file);
    } catch (e) {
      throw new PithError('BAD_MODEL', `cannot load its ${file.algorithm} model (${(e as Error).message})`, subject, { cause: e });
    }
  }

  /** The learner's prediction, features computed with its own model file's options; every page of the host is recognised. */
  labelPage(page: Page): Prediction {
    return predictPage(page, this.labeler, this.featureOptions);
  }
}

/** The site labeller of a learner's `sites` entry; a body this pith cannot use is refused naming the host. */
export function learnerSiteModelOf(entry: SiteModelEntry, subject = 'model'): LearnerSiteModel {
  const where = siteModelSubject(subject, entry);
  return new LearnerSiteModel(entry.host, checkLearnerSiteBody(entry.algorithm, entry.body, where), where);
}

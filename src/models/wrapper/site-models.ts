/** A wrapper site model from a model file's `sites` entry. */
import { PithError } from '../../errors.js';
import type { SiteModelEntry } from '../model-file.js';
import { WRAPPER_ALGORITHM, WrapperSiteModel } from './site-model.js';

export function siteModelOf(entry: SiteModelEntry, subject = 'model'): WrapperSiteModel {
  if (entry.algorithm !== WRAPPER_ALGORITHM) throw new PithError('BAD_MODEL', `this pith cannot load '${entry.algorithm}' site models`, subject);
  try {
    return WrapperSiteModel.fromJSON(entry.host, entry.body);
  } catch (e) {
    if (e instanceof PithError) throw new PithError('BAD_MODEL', e.message, subject, { cause: e });
    throw e;
  }
}

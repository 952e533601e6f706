/**
 * A `Predictor` from a model file: the same pipeline as `pith extract` (features -> model
 * -> article constraints), so what the person corrects is what extraction would output.
 * Probabilities are the model's own; labels are after the constraints.
 */
import { extractPage, loadExtractionModel, type LoadedModel } from '../pipeline/extract.js';
import type { Page } from '../page.js';
import type { Prediction } from '../models/labeler.js';
import type { Predictor } from './predictor.js';

export function predictorFromModel(model: LoadedModel): Predictor {
  return {
    name: `${model.path.split('/').pop()} (${model.file.algorithm})`,
    predict(page: Page): Prediction {
      const r = extractPage(page, model);
      return { labels: r.labels, probs: r.probs };
    },
  };
}

export async function loadModelPredictor(path: string): Promise<Predictor> {
  return predictorFromModel(await loadExtractionModel(path));
}

/** Memory-based learners: IB1 k-NN and IGTREE (memory-based study; docs/knn.md). */
export { knnTrainer, igtreeTrainer, createKnnTrainer, trainKnn, knnFromJSON, type KnnLabeler, type KnnTrainOptions } from './trainer.js';
export { Ib1Labeler, type NeighbourView } from './ib1-labeler.js';
export { IgtreeLabeler } from './igtree-labeler.js';
export { featureWeights, statsFromContingency, type ColumnStats, type ColumnWeight } from './weights.js';
export {
  KNN_PARAMS,
  IGTREE_PARAMS,
  WEIGHTINGS,
  VOTINGS,
  KNN_ALGORITHMS,
  resolveKnnParams,
  type KnnConfig,
  type KnnAlgorithm,
  type Weighting,
  type Voting,
} from './params.js';
export { voteProbs, probsForEachK, bestLabel } from './voting.js';
export { Searcher, type Neighbours } from './search.js';

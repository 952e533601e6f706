/** Wrapper induction (seed 004): per-site extraction rules learned from a few labelled pages. */
export * from './rules.js';
export * from './induce.js';
export * from './site-model.js';
export * from './site-models.js';
export * from './train.js';

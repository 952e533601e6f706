/** Wrapper induction (wrapper induction): per-site extraction rules learned from a few labelled pages. */
export * from '../models/wrapper/rules.js';
export * from './induce.js';
export * from '../models/wrapper/site-model.js';
export * from '../models/wrapper/site-models.js';
export * from './train.js';
export * from './title.js';
export * from './containers.js';
export * from '../models/wrapper/headline.js';
export * from './feedback.js';
export * from './fields.js';
export * from '../models/wrapper/fields.js';

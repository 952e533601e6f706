/** Training from pages, as a library: the trainer interface, its reports, the registry. */
export * from './trainer.js';
export { TrainingPages } from './training-pages.js';
export { defaultTrainerName, findTrainer, pageTrainers, trainerNames } from './registry.js';

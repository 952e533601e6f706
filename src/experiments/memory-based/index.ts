/** The memory-based study rerun (docs/experiment-memory-based.md). */
export { runStudy, resolveConfig, samplePages, curveSizes, optimum, sweepSetup, type StudyOptions, type StudyResult, type StudyConfig, type SetupResult, type SweepRow, type CurvePoint, type FlagResult, type DatasetName } from './study.js';
export { loadDataset, pickPages, studyPage, schemaOf, REPS, type RepName, type StudyPage, type StudyDataset, type RepItems } from './data.js';
export { regimeFolds, runFolds, scoreOutcomes, meanF, settingKey, REGIMES, type Regime, type FoldPlan, type Setting, type PageOutcome } from './cv.js';
export { flagStats, FLAG_NAMES, type FlagPage, type FlagStats, type FlagName } from './flags.js';
export { lineChart, niceTicks, escapeXml, type Series, type ChartOptions } from './svg.js';
export { toMarkdown, charts, THESIS, TARGETS, type Chart } from './report.js';
export { writeStudy } from './write.js';

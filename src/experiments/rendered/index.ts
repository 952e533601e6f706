export { runRenderedStudy, rates, RENDERED_EXTRACTORS, type RenderedStudy, type RenderedStudyOptions } from './study.js';
export { renderedReport, writeRenderedStudy } from './report.js';

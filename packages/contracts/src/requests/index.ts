export * from './answers.js';
export * from './api-answers.js';
export * from './common.js';
export * from './lists.js';
export * from './model-classify.js';
export * from './qc.js';
export * from './qc-overview.js';

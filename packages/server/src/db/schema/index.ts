/** The one schema of the console's database; each area keeps its tables in its own file. */
export * from './auth.js';
export * from './bots.js';
export * from './censor.js';
export * from './censor-log.js';
export * from './custom-fields.js';
export * from './desk-staffing.js';
export * from './files.js';
export * from './lines.js';
export * from './online-navs.js';
export * from './online-scores.js';
export * from './online-summaries.js';
export * from './qc-config.js';
export * from './qc-overview.js';
export * from './qc-results.js';
export * from './qc-tasks.js';
export * from './sessions.js';
export * from './tenancy.js';

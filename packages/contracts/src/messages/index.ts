export * from './catalogue.js';
export * from './field-errors.js';

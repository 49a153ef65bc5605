// The configuration is in tools/lint (see there why); this file makes `npx eslint` and editors find it from the root.
export { default } from './tools/lint/eslint.config.js';

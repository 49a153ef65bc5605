// typescript-eslint needs the TypeScript 5 compiler API, installed in this workspace. npm hoists ts-api-utils (one of
// its dependencies) to the root node_modules, where require('typescript') finds the repository's TypeScript 7 — the
// native tsc, which has no JavaScript API — and the parser fails on load. Importing this module first points every
// require('typescript') in the process at tools/lint/node_modules/typescript. Imported by eslint.config.js and the
// rule tests (vitest.config.js).
import Module, { createRequire } from 'node:module';

const typescript = createRequire(import.meta.url).resolve('typescript');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'typescript' ? typescript : resolveFilename.call(this, request, ...rest);
};

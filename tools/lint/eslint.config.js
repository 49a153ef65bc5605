// ESLint for the whole repository (from the root: `npm run lint`, or `npx eslint <files>`). It lives in tools/lint
// because typescript-eslint needs the TypeScript 5 compiler API, installed only in this workspace (the repository's
// TypeScript 7 is the native tsc); the root eslint.config.js re-exports this file, so paths below are relative to the
// repository root. use-typescript-5.js must be imported before typescript-eslint.
import './use-typescript-5.js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tms from './plugin.js';

// Modules that other server modules may import (shared/ARCHITECTURE.md "Shared cores"). Every other cross-module
// import is an error: move the shared piece into one of these, or into lib/.
const SHARED_CORES = [
  'payroll-periods', // periods, the period of a date, lock date, forbidden request date/hour (RULES.md §4–§5)
  'timesheet', // the employee filter, the day engine, the one recalculation entry point, a day's final value
  'overtime-pay', // the OT pay engine, stored pay lines, payroll coefficients, day types (RULES.md §6)
  'leave', // fund rows, the ledger, balances, allocation (RULES.md §7)
  'work-schedules', // schedules, staff and department policies, job info history
  'auth', // session and user lookups
  'approval-flows', // which flow an item follows, each step's approver, the step decisions and the timeline (issue 29)
  'webhook-events', // the webhook outbox: a write records its events in its own transaction (issue 30)
  'request-days', // a request's days and hours, their rules, the schedule they read and their effects on leave funds (requests, explanations, onsite)
];

// Where drizzle's `sql` may be written (shared/ARCHITECTURE.md "Conventions" 3).
const SQL_ALLOWED = [
  '.repository.ts',
  'apps/server/src/db/', // schema, migrations, client, shared SQL fragments
  'apps/server/src/seed/', // the demo seed writes its rows directly
  '.test.ts', // tests set up and inspect rows directly
  'apps/server/src/test/', // the test harness
  'bench/', // benchmarks generate and measure data sets
  // Platform code that owns its own table and belongs to no area; a repository file beside each would be one more
  // hop with nothing to hide. Keep this list short: area code puts its SQL in its repository.
  'apps/server/src/lib/scope.ts', // RULES.md §3 as a SQL condition that every repository embeds
  'apps/server/src/lib/jobs.ts', // the jobs table: claim with FOR UPDATE SKIP LOCKED and a lease
  'apps/server/src/lib/mail.ts', // the mail_outbox table
  'apps/server/src/lib/maintenance.ts', // purge of sign-in attempts and sessions, ANALYZE on PGlite
];

// Who may recompute (docs/recalculation.md): writers queue their change in their transaction; only these files call the
// functions that recompute.
const RECALCULATION_ALLOWED = [
  'apps/server/src/modules/recalculation/', // the drain: days, then the OT pay of the same ranges
  'apps/server/src/modules/timesheet/recalculate.ts', // the timesheet's own recalculation
  'apps/server/src/modules/overtime-pay/ot-pay.service.ts', // the OT pay core itself
  'apps/server/src/modules/overtime-pay/recalculate-salary.job.ts', // Recalculate Salary, a recomputation HR asks for
  'apps/server/src/seed/', // the demo seed computes its periods once
  '.test.ts',
  'apps/server/src/test/',
  'bench/',
];

// The server's layers, lowest first (docs/ARCHITECTURE.md "Layers"): a file imports from its own layer or a lower one.
// Paths are below apps/server/src; a path ending in '/' is a folder, the longest match wins. Tests stand outside.
// db/ stands below lib/: the schema and the client import nothing of lib, while lib's platform files write their own
// tables (history, jobs, mail outbox, notifications, stored files) through them.
// The shared cores stand in this order, lowest first: a core imports only the cores below it, so no two cores import
// each other and no arrow runs back up between them (issue 23), type-only imports included. A dependency this order
// refuses means the shared piece moves down (a type below both, an SQL fragment to db/sql-fragments.ts), or, when the
// order itself should change, the core moves in this list.
export const CORE_ORDER = ['payroll-periods', 'auth', 'webhook-events', 'leave', 'timesheet', 'request-days', 'overtime-pay', 'work-schedules', 'approval-flows'];
if (CORE_ORDER.length !== SHARED_CORES.length || !SHARED_CORES.every((core) => CORE_ORDER.includes(core))) {
  throw new Error('CORE_ORDER must list every shared core once (SHARED_CORES)');
}

export const SERVER_LAYERS = [
  { name: 'config', paths: ['config.ts'] },
  { name: 'db', paths: ['db/'] },
  { name: 'lib', paths: ['lib/'] },
  { name: 'plugins', paths: ['plugins/'] },
  ...CORE_ORDER.map((core) => ({ name: `core ${core}`, paths: [`modules/${core}/`] })),
  { name: 'areas', paths: ['modules/'] },
  // what wires the house together: the app, the process, the route and job registries, the demo seed, the commands
  { name: 'app', paths: ['app.ts', 'server.ts', 'modules/registry.ts', 'modules/job-handlers.ts', 'seed/', 'cli/'] },
];

// Import cycles among the server's files: eslint-plugin-import-x's no-cycle follows each relative import through the
// files on disk. Packages are not followed (ignoreExternal): a cycle inside the contracts package is not the server's.
export const NO_CYCLE_OPTIONS = { ignoreExternal: true };
export const importResolverSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/extensions': ['.ts', '.tsx', '.js'],
};

/**
 * antd's Select with `allowClear` (bare or `{true}`) names its clear button 'Clear' in English whatever the locale: a
 * clearable Select takes `allowClear={useSelectClear()}` (components/select-clear.tsx). Tested in
 * rules/select-clear.test.js.
 */
const SELECT_CLEAR_MESSAGE = "A Select's clear button would be named 'Clear' in English: pass allowClear={useSelectClear()} (components/select-clear.tsx).";
export const SELECT_CLEAR_RESTRICTIONS = [
  { selector: "JSXOpeningElement[name.name='Select'] > JSXAttribute[name.name='allowClear'][value=null]", message: SELECT_CLEAR_MESSAGE },
  { selector: "JSXOpeningElement[name.name='Select'] > JSXAttribute[name.name='allowClear'] > JSXExpressionContainer > Literal[value=true]", message: SELECT_CLEAR_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/dist-test-*/**', // server-build.test.ts's build while it runs
      '**/build/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
      'data/**',
      'bench/out/**',
      'tmp/**',
      '**/*.tmp.*', // scratch files of a running session
    ],
  },
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `any` appears at a few library seams (driver rows, zod internals); visible as a warning, not a gate.
      '@typescript-eslint/no-explicit-any': 'warn',
      // `_name` marks a parameter kept for the signature (Fastify handlers, callbacks) or a value left out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    plugins: { tms },
    rules: {
      'tms/no-cross-feature-imports': ['error', { featuresDir: 'apps/web/src/features' }],
      'tms/module-boundaries': ['error', { modulesDir: 'apps/server/src/modules', sharedCores: SHARED_CORES }],
      'tms/sql-only-in-repositories': ['error', { allow: SQL_ALLOWED }],
      'tms/recalculation-through-queue': ['error', { allow: RECALCULATION_ALLOWED }],
      'tms/layer-direction': ['error', { root: 'apps/server/src', layers: SERVER_LAYERS }],
    },
  },
  {
    // Issue 25: the web's user-visible texts live in catalogues (i18n/en.ts, i18n/vi.ts), never in components.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/i18n/**', 'apps/web/src/test/**'],
    plugins: { tms },
    rules: { 'tms/no-literal-ui-text': 'error', 'no-restricted-syntax': ['error', ...SELECT_CLEAR_RESTRICTIONS] },
  },
  {
    // The web's and the contracts' files too (issue 23: no circle in the house picture), each folder's own imports.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx', 'packages/contracts/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importResolverSettings,
    rules: { 'import-x/no-cycle': ['error', NO_CYCLE_OPTIONS] },
  },
);

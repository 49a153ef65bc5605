import rule from './layer-direction.js';
import { at, ruleTester } from './rule-tester.js';
import { SERVER_LAYERS } from '../eslint.config.js';

const layers = [
  { name: 'config', paths: ['config.ts'] },
  { name: 'db', paths: ['db/'] },
  { name: 'lib', paths: ['lib/'] },
  { name: 'plugins', paths: ['plugins/'] },
  { name: 'cores', paths: ['modules/timesheet/', 'modules/leave/'] },
  { name: 'areas', paths: ['modules/'] },
  { name: 'app', paths: ['app.ts', 'modules/registry.ts', 'seed/'] },
];
const options = [{ layers }];
const order = 'config → db → lib → plugins → cores → areas → app';
const upward = (file, fromLayer, specifier, toLayer) => ({ messageId: 'upward', data: { file, fromLayer, specifier, toLayer, order } });
const server = (file) => at(`apps/server/src/${file}`);

ruleTester.run('layer-direction', rule, {
  valid: [
    // down the layers, and within one
    { filename: server('lib/history.ts'), options, code: "import { history } from '../db/schema/platform.ts';" },
    { filename: server('lib/history.ts'), options, code: "import type { SessionUser } from './session-user.ts';" },
    { filename: server('plugins/auth.ts'), options, code: "import { findLiveSession } from './session.repository.ts';" },
    { filename: server('modules/requests/request.service.ts'), options, code: "import { recalc } from '../timesheet/recalculate.ts';" },
    { filename: server('modules/timesheet/recalculate.ts'), options, code: "import { grant } from '../leave/leave.service.ts';" },
    { filename: server('modules/timesheet/recalculate.ts'), options, code: "import { requireUser } from '../../plugins/auth.ts';" },
    // app-level code calls everything; the seed too
    { filename: server('seed/prepare.ts'), options, code: "import { r } from '../modules/requests/request.service.ts';" },
    { filename: server('modules/registry.ts'), options, code: "import { r } from './requests/requests.routes.ts';" },
    // packages, tests and their helpers, files in no layer
    { filename: server('lib/jobs.ts'), options, code: "import { z } from 'zod';" },
    { filename: server('lib/jobs.test.ts'), options, code: "import { buildApp } from '../app.ts';" },
    { filename: server('modules/leave/leave.test-support.ts'), options, code: "import { buildApp } from '../../app.ts';" },
    { filename: server('test/harness.ts'), options, code: "import { buildApp } from '../app.ts';" },
    { filename: server('lib/jobs.ts'), options, code: "import { h } from '../test/harness.ts';" },
    { filename: at('bench/lib.ts'), options, code: "import { buildApp } from '../apps/server/src/app.ts';" },
  ],
  invalid: [
    // the arrows this rule was written for (issue 23): lib into plugins, plugins into a module, db into modules
    {
      filename: server('lib/scope.ts'),
      options,
      code: "import type { SessionUser } from '../plugins/auth.ts';",
      errors: [upward('lib/scope.ts', 'lib', '../plugins/auth.ts', 'plugins')],
    },
    {
      filename: server('plugins/auth.ts'),
      options,
      code: "import { findLiveSession } from '../modules/auth/session.repository.ts';",
      errors: [upward('plugins/auth.ts', 'plugins', '../modules/auth/session.repository.ts', 'areas')],
    },
    {
      filename: server('db/seed/prepare.ts'),
      options,
      code: "import { grant } from '../../modules/leave/leave.service.ts';",
      errors: [upward('db/seed/prepare.ts', 'db', '../../modules/leave/leave.service.ts', 'cores')],
    },
    // a core reaching into an area, an area into the app, the bottom into the top; re-exports and import() count
    {
      filename: server('modules/timesheet/recalculate.ts'),
      options,
      code: "export { x } from '../requests/request.service.ts';",
      errors: [upward('modules/timesheet/recalculate.ts', 'cores', '../requests/request.service.ts', 'areas')],
    },
    {
      filename: server('modules/requests/request.service.ts'),
      options,
      code: "const m = await import('../registry.ts');",
      errors: [upward('modules/requests/request.service.ts', 'areas', '../registry.ts', 'app')],
    },
    {
      filename: server('db/client.ts'),
      options,
      code: "import { AppError } from '../lib/errors.ts';",
      errors: [upward('db/client.ts', 'db', '../lib/errors.ts', 'lib')],
    },
    {
      filename: server('config.ts'),
      options,
      code: "import { dayjs } from './lib/dates.ts';",
      errors: [upward('config.ts', 'config', './lib/dates.ts', 'lib')],
    },
  ],
});

// The config's own order of the shared cores (CORE_ORDER): a core imports only the cores below it, type-only imports
// included, so a planted import back up between two cores fails, as the arrows issue 23 removed would have.
const configOptions = [{ layers: SERVER_LAYERS }];
const configOrder = SERVER_LAYERS.map((layer) => layer.name).join(' → ');
const upwardInConfig = (file, fromLayer, specifier, toLayer) => ({ messageId: 'upward', data: { file, fromLayer, specifier, toLayer, order: configOrder } });

ruleTester.run('layer-direction (the config: cores in CORE_ORDER)', rule, {
  valid: [
    { filename: server('modules/timesheet/recalculate.repository.ts'), options: configOptions, code: "import { lockDate } from '../payroll-periods/payroll-periods.repository.ts';" },
    { filename: server('modules/overtime-pay/ot-pay.repository.ts'), options: configOptions, code: "import type { EmployeeRange } from '../timesheet/employee-days.ts';" },
    { filename: server('modules/approval-flows/approval-steps.ts'), options: configOptions, code: "import { findRequest } from '../request-days/request.repository.ts';" },
  ],
  invalid: [
    {
      filename: server('modules/timesheet/recalculate.repository.ts'),
      options: configOptions,
      code: "import { APPROVED_OT } from '../overtime-pay/ot-pay.repository.ts';",
      errors: [upwardInConfig('modules/timesheet/recalculate.repository.ts', 'core timesheet', '../overtime-pay/ot-pay.repository.ts', 'core overtime-pay')],
    },
    {
      filename: server('modules/request-days/request-rules.ts'),
      options: configOptions,
      code: "import type { StepItem } from '../approval-flows/approval-steps.ts';",
      errors: [upwardInConfig('modules/request-days/request-rules.ts', 'core request-days', '../approval-flows/approval-steps.ts', 'core approval-flows')],
    },
  ],
});

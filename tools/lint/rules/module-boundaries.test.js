import rule from './module-boundaries.js';
import { at, ruleTester } from './rule-tester.js';

const options = [{ sharedCores: ['payroll-periods', 'timesheet', 'leave'] }];
const file = at('apps/server/src/modules/timesheet-export/send-email.ts');
const error = (to, specifier, from = 'timesheet-export') => ({
  messageId: 'siblingModule',
  data: { from, to, specifier, cores: 'payroll-periods, timesheet, leave' },
});

ruleTester.run('module-boundaries', rule, {
  valid: [
    { filename: file, options, code: "import { a } from './timesheet-export.repository.ts';" },
    { filename: file, options, code: "import { recalc } from '../timesheet/recalculate.ts';" },
    { filename: file, options, code: "import { lockDate } from '../payroll-periods/payroll-periods.service.ts';" },
    { filename: file, options, code: "import { AppError } from '../../lib/errors.ts';" },
    { filename: file, options, code: "import { users } from '../../db/schema/identity.ts';" },
    { filename: file, options, code: "import { x } from '@tms/contracts/timesheet-export';" },
    // a core may use another core
    { filename: at('apps/server/src/modules/leave/ledger.ts'), options, code: "import { p } from '../payroll-periods/p.ts';" },
    // modules/registry.ts sits beside the modules and registers them all
    { filename: at('apps/server/src/modules/registry.ts'), options, code: "import { r } from './bonus-leave/bonus-leave.routes.ts';" },
    // app-level code is not a module
    { filename: at('apps/server/src/seed/prepare.ts'), options, code: "import { r } from '../modules/timesheet-grid/g.ts';" },
  ],
  invalid: [
    {
      filename: file,
      options,
      code: "import { employeeFilterSql } from '../timesheet-grid/grid-filter.ts';",
      errors: [error('timesheet-grid', '../timesheet-grid/grid-filter.ts')],
    },
    {
      filename: file,
      options,
      code: "import type { Row } from '../bonus-leave/bonus-leave.repository.ts';",
      errors: [error('bonus-leave', '../bonus-leave/bonus-leave.repository.ts')],
    },
    {
      filename: file,
      options,
      code: "const m = await import('../timesheet-grid/grid-filter.ts');",
      errors: [error('timesheet-grid', '../timesheet-grid/grid-filter.ts')],
    },
    {
      filename: file,
      options,
      code: "export { f } from '../check-in-out/f.ts';",
      errors: [error('check-in-out', '../check-in-out/f.ts')],
    },
    // tests hold the same boundary
    {
      filename: at('apps/server/src/modules/timesheet-export/deep/x.test.ts'),
      options,
      code: "import { f } from '../../../modules/timesheet-grid/grid-filter.ts';",
      errors: [error('timesheet-grid', '../../../modules/timesheet-grid/grid-filter.ts')],
    },
    // a core must not reach into an area either
    {
      filename: at('apps/server/src/modules/timesheet/recalculate.ts'),
      options,
      code: "import { f } from '../timesheet-grid/grid-filter.ts';",
      errors: [error('timesheet-grid', '../timesheet-grid/grid-filter.ts', 'timesheet')],
    },
    {
      filename: file,
      code: "import { recalc } from '../timesheet/recalculate.ts';",
      errors: [{ messageId: 'siblingModule', data: { from: 'timesheet-export', to: 'timesheet', specifier: '../timesheet/recalculate.ts', cores: 'none' } }],
    },
  ],
});

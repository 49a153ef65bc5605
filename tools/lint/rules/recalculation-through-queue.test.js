import rule from './recalculation-through-queue.js';
import { at, ruleTester } from './rule-tester.js';

const options = [
  {
    allow: [
      'apps/server/src/modules/recalculation/',
      'apps/server/src/modules/timesheet/recalculate.ts',
      'apps/server/src/modules/overtime-pay/recalculate-salary.job.ts',
      'apps/server/src/seed/',
      '.test.ts',
    ],
  },
];
const writer = at('apps/server/src/modules/requests/request.service.ts');
const error = { messageId: 'directRecalculation' };

ruleTester.run('recalculation-through-queue', rule, {
  valid: [
    // the queue is how a writer asks
    { filename: writer, options, code: "import { queueRecalculation } from '../timesheet/recalc-queue.ts';" },
    // other names of the owners' files, and types
    { filename: writer, options, code: "import { rangesOfDays, type EmployeeDay } from '../timesheet/recalculate.ts';" },
    { filename: writer, options, code: "import type { RecalculateSummary } from '../timesheet/recalculate.ts';" },
    { filename: writer, options, code: "import { type OvertimePaySummary } from '../overtime-pay/ot-pay.service.ts';" },
    // the owners, the drain, the seed, tests
    { filename: at('apps/server/src/modules/recalculation/drain.ts'), options, code: "import { recalculateRanges } from '../timesheet/recalculate.ts';" },
    { filename: at('apps/server/src/modules/overtime-pay/recalculate-salary.job.ts'), options, code: "import { recomputeOvertimePay } from './ot-pay.service.ts';" },
    { filename: at('apps/server/src/seed/prepare.ts'), options, code: "import { recomputeRanges } from '../modules/recalculation/recompute.ts';" },
    { filename: at('apps/server/src/modules/requests/request-write.test.ts'), options, code: "import { recalculate } from '../timesheet/recalculate.ts';" },
    // wiring: the request hook and the job registration
    { filename: at('apps/server/src/app.ts'), options, code: "import { recalculationPlugin } from './modules/recalculation/recalculation.plugin.ts';" },
    { filename: at('apps/server/src/modules/job-handlers.ts'), options, code: "import { registerRecalculationWork } from './recalculation/recalculation.jobs.ts';" },
    // a package or an unrelated file with the same name
    { filename: writer, options, code: "import { recalculate } from './recalculate-helpers.ts';" },
  ],
  invalid: [
    { filename: writer, options, code: "import { recalculateRanges } from '../timesheet/recalculate.ts';", errors: [error] },
    { filename: writer, options, code: "import { recalculateEmployeeDays as again, rangesOfDays } from '../timesheet/recalculate.ts';", errors: [error] },
    { filename: writer, options, code: "import { recomputeOvertimePay } from '../overtime-pay/ot-pay.service.ts';", errors: [error] },
    { filename: writer, options, code: "import * as recalc from '../timesheet/recalculate.ts';", errors: [error] },
    { filename: writer, options, code: "import { drainScope } from '../recalculation/drain.ts';", errors: [error] },
    { filename: writer, options, code: "export { recalculate } from '../timesheet/recalculate.ts';", errors: [error] },
    { filename: writer, options, code: "const m = await import('../recalculation/recompute.ts');", errors: [error] },
    { filename: at('apps/server/src/modules/overtime/fixed-overtime.service.ts'), options, code: "import { recomputeOvertimePay } from '../overtime-pay/ot-pay.service.ts';", errors: [error] },
    { filename: at('apps/server/src/modules/check-in-out/punches.routes.ts'), options, code: "import { recalculateRanges } from '../timesheet/recalculate.ts';", errors: [error] },
  ],
});

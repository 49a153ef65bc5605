import type { FastifyInstance } from 'fastify';
import { registerJobHandlers } from './job-handlers.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { lookupsRoutes } from './lookups/lookups.routes.ts';
import { bonusLeaveRoutes } from './bonus-leave/bonus-leave.routes.ts';
import { punchesRoutes } from './check-in-out/punches.routes.ts';
import { payrollPeriodsRoutes } from './payroll-periods/payroll-periods.routes.ts';
import { timesheetReviewRoutes } from './timesheet-review/timesheet-review.routes.ts';
import { calculateWorkingDayRoutes } from './timesheet/calculate-working-day.routes.ts';
import { timesheetGridRoutes } from './timesheet-grid/timesheet-grid.routes.ts';
import { timesheetModifyRoutes } from './timesheet-modify/timesheet-modify.routes.ts';
import { workSchedulesRoutes } from './work-schedules/work-schedules.routes.ts';
import { timesheetExportRoutes } from './timesheet-export/timesheet-export.routes.ts';
import { timesheetImportRoutes } from './check-in-out/timesheet-import.routes.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { generalConfigRoutes } from './general-config/general-config.routes.ts';
import { leaveCarryoverRoutes } from './leave-carryover/leave-carryover.routes.ts';
import { projectLeaveRoutes } from './project-leave/project-leave.routes.ts';
import { leaveOverviewRoutes } from './leave-overview/leave-overview.routes.ts';
import { leaveBalanceRoutes } from './leave-balance/leave-balance.routes.ts';
import { updateLeaveRoutes } from './update-leave/update-leave.routes.ts';

/** Every feature module, registered under /api, and every job handler. Add a module here when you add its folder. */
export async function registerModules(app: FastifyInstance) {
  registerJobHandlers();
  await app.register(authRoutes);
  await app.register(lookupsRoutes);
  await app.register(bonusLeaveRoutes);
  await app.register(punchesRoutes);
  await app.register(payrollPeriodsRoutes);
  await app.register(timesheetReviewRoutes);
  await app.register(calculateWorkingDayRoutes);
  await app.register(timesheetGridRoutes);
  await app.register(timesheetModifyRoutes);
  await app.register(workSchedulesRoutes);
  await app.register(timesheetExportRoutes);
  await app.register(timesheetImportRoutes);
  await app.register(jobsRoutes);
  await app.register(generalConfigRoutes);
  await app.register(leaveCarryoverRoutes);
  await app.register(projectLeaveRoutes);
  await app.register(leaveOverviewRoutes);
  await app.register(leaveBalanceRoutes);
  await app.register(updateLeaveRoutes);
}

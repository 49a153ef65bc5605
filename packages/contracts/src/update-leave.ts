import { z } from 'zod';
import { envelope, safeText } from './schemas.ts';
import type { Role } from './roles.ts';

/**
 * Update Leave (spec 000 §2 user menu, spec 002 §2 /update-leave, RULES.md §2: HR and Admin): HR recomputes the
 * accrued leave funds of every staff member or of the chosen ones, as a background job with a progress bar.
 * docs/leave-balances.md describes the run.
 */
export const UPDATE_LEAVE_PATH = '/tms/leaves-management/update-leave';
export const UPDATE_LEAVE_PAGE_PATH = '/update-leave';

/** Who may run it (RULES.md §2 pages by role; the route table's /update-leave entry). */
export const UPDATE_LEAVE_RUNNERS = ['HR', 'ADMIN'] as const satisfies readonly Role[];

/** A chosen-staff run names at most this many usernames (an "all staff" run has no list). */
export const UPDATE_LEAVE_MAX_USERNAMES = 5000;

export const UPDATE_LEAVE_MESSAGES = {
  chooseStaff: 'Choose the staff to update, or all staff',
  notBoth: 'Choose either all staff or a list of staff, not both',
  usernamesInvalid: 'Staff must be a list of usernames',
  allInvalid: 'All staff must be true or false',
  tooManyStaff: `Choose at most ${UPDATE_LEAVE_MAX_USERNAMES} staff, or all staff`,
  staffNotFound: (usernames: readonly string[]) => `Staff not found: ${usernames.join(', ')}`,
  alreadyRunning: 'Leave is already being updated. Please wait until it finishes.',
  started: 'Update leave started',
  failed: 'Update leave failed. Please try again.',
  idle: 'Choose the staff and press Update Leave: the progress and the result of the run appear here.',
} as const;
const M = UPDATE_LEAVE_MESSAGES;

/** The page's texts (spec 002 §2: title 'Update Leave'). */
export const UPDATE_LEAVE_TEXTS = {
  title: 'Update Leave',
  intro:
    'Recalculates the annual leave that staff earn each payroll period (monthly, seniority and probationary leave) from the general configuration, contracts and approved timesheets, and settles the year end. Bonus leave, carryover and project leave are not changed. Running it again changes nothing unless those inputs changed.',
  allStaff: 'All staff',
  chosenStaff: 'Chosen staff',
  staffPlaceholder: 'Search staff (3 or more characters)',
  run: 'Update Leave',
  confirmAllTitle: 'Please Confirm',
  confirmAll: 'Do you want to update the leave of all staff?',
  running: 'Updating leave…',
  queued: 'Waiting to start…',
  done: 'Leave updated',
  resultEmployees: 'Staff processed',
  resultGranted: 'Rows granted',
  resultAdjusted: 'Rows adjusted',
  resultRemoved: 'Rows removed',
  resultConflicts: 'Conflicts (not changed: hours already used)',
  resultExpired: 'Year-end entries',
  resultTime: 'Time',
  dismiss: 'Clear result',
} as const;

// POST /tms/leaves-management/update-leave: exactly one of a non-empty `usernames` or `all: true`. Types are loose so
// the service answers the rule's own message (a wrong type is named too).
export const updateLeaveBodySchema = z.object({
  usernames: z.array(safeText(M.usernamesInvalid), { error: M.usernamesInvalid }).max(UPDATE_LEAVE_MAX_USERNAMES, M.tooManyStaff).nullish(),
  all: z.boolean({ error: M.allInvalid }).nullish(),
});
export type UpdateLeaveBody = z.infer<typeof updateLeaveBodySchema>;
/** The route's body: a missing body is the rule's 400 ('Choose the staff…'), not a type error. */
export const updateLeaveRequestSchema = updateLeaveBodySchema.nullish();
export const updateLeaveResponseSchema = envelope(z.object({ jobId: z.number().int() }));

/** What a finished run answers (the job's result: LeaveAccrualSummary of the accrual job). */
export const updateLeaveSummarySchema = z.object({
  employees: z.number(),
  granted: z.number(),
  adjusted: z.number(),
  removed: z.number(),
  conflicts: z.number(),
  expiredEntries: z.number(),
  ms: z.number(),
});
export type UpdateLeaveSummary = z.infer<typeof updateLeaveSummarySchema>;

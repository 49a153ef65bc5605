import { UPDATE_LEAVE_MESSAGES as M, type UpdateLeaveBody } from '@tms/contracts/update-leave';
import { normalizeUsernames } from '@tms/contracts/leave-forms';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { activeJobId, enqueueJob, lockJobName } from '../../lib/jobs.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { LEAVE_ACCRUAL_JOB, leaveAccrualJob, type LeaveAccrualPayload } from '../leave/accrual.job.ts';
import { findEmployeesByUsernames } from '../leave/grant-rows.repository.ts';

/** Usernames as given, trimmed, blanks dropped, the same name (any case) once. */
export { normalizeUsernames };

/** Which staff a body asks for: everyone, some usernames, or the rule it breaks (exactly one of the two). */
export function chooseTarget(body: UpdateLeaveBody): { all: true } | { usernames: string[] } | { error: string } {
  const usernames = normalizeUsernames(body.usernames);
  if (body.all === true && usernames.length > 0) return { error: M.notBoth };
  if (body.all === true) return { all: true };
  if (usernames.length > 0) return { usernames };
  return { error: M.chooseStaff };
}

/**
 * Update Leave (RULES.md §2: HR and Admin): queues the leave accrual job for every employee or the chosen ones and
 * answers its id; the page follows it through GET /tms/jobs/:id.
 * decision: one run at a time — while an accrual job (started by anyone, or by a period close or the year end) is
 * queued or running, a new run is refused with 409: a second run would redo the same work and both would reconcile the
 * same rows. The check and the insert run under one advisory lock, so two clicks at once start one job.
 * decision: one attempt (maxAttempts 1): a failed run shows its failure at once and HR runs it again (the job is safe
 * to repeat), instead of the page waiting through retries.
 */
export type UpdateLeaveDeps = { db: Db };

export async function start({ db }: UpdateLeaveDeps, user: SessionUser, body: UpdateLeaveBody): Promise<{ jobId: number }> {
  const target = chooseTarget(body);
  if ('error' in target) throw badRequest(target.error);
  let employeeIds: number[] | null = null;
  if ('usernames' in target) {
    // The staff lookup of the leave core, the one every leave form uses.
    const found = await findEmployeesByUsernames(db, target.usernames);
    const missing = target.usernames.filter((u) => !found.has(u.toLowerCase()));
    if (missing.length > 0) throw badRequest(M.staffNotFound(missing));
    employeeIds = [...new Set([...found.values()].map((e) => e.id))].sort((a, b) => a - b);
  }
  const payload: LeaveAccrualPayload = { employeeIds, reason: 'update-leave' };
  return db.transaction(async (tx) => {
    await lockJobName(tx, LEAVE_ACCRUAL_JOB);
    if ((await activeJobId(tx, LEAVE_ACCRUAL_JOB)) !== null) throw conflict(M.alreadyRunning);
    const jobId = await enqueueJob(tx, { job: leaveAccrualJob, payload, createdBy: user.userId, maxAttempts: 1 });
    return { jobId };
  });
}

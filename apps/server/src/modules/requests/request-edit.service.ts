import { REQUEST_MESSAGES as M, REQUEST_RULE_MESSAGES as R, REQUEST_STATUS as S, type RequestEditPayload } from '@tms/contracts/requests';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, recordHistory } from '../../lib/history.ts';
import { inTransaction } from '../leave/leave.service.ts';
import { getLockDate, latestPeriodEnd } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import { applyEffects, returnEffects } from '../request-days/request-effects.ts';
import { refusedError, type FormMode, type FundEffect } from '../request-days/request-form.ts';
import { refusal } from '../request-days/request-rules.ts';
import type { RequestAuthor } from '../request-days/request-author.ts';
import * as repo from '../request-days/request.repository.ts';
import { requestItem, restartFlow } from '../approval-flows/approval-steps.ts';
import { linkOf, loadVisible, ruleRequest, tell, type RequestDeps } from './request-access.ts';
import { effectRequest, planRequest, snapshot, type CreateItem } from './request-plan.ts';

/** The stored terms of a request as its edit history compares them. */
function storedTerms(row: repo.StoredRequest, oldDates: readonly repo.DateRow[]) {
  return {
    reason_type: row.reason_type,
    start_date: row.start_date,
    end_date: row.end_date,
    quantity_in_hours: Number(row.quantity_in_hours),
    description: row.description,
    project_id: row.project_id,
    request_dates: oldDates.map((d) => ({ request_date: d.date, duration: d.shift, request_minutes: d.minutes })),
  };
}

/** edit-request, edit-request-flexible, edit-common-request. */
export async function editRequest(deps: RequestDeps, user: RequestAuthor, p: RequestEditPayload, mode: FormMode, common = false) {
  const out = await inTransaction(deps.db, async (tx) => {
    const row = await loadVisible(tx, user, p.id, true);
    if (common && row.request_type !== 'ONSITE' && row.request_type !== 'WORK_OUTSIDE') throw notFound(R.notFound);
    const lockDate = await getLockDate(tx, row.company_id);
    const lastEnd = await latestPeriodEnd(tx, { companyId: row.company_id });
    const refused = refusal('edit', ruleRequest(row), { caller: user, lockDate, today: deps.clock.today(), lastTimesheetEnd: lastEnd });
    if (refused) throw refusedError(refused);
    const item: CreateItem = { ...p, request_type: row.request_type, employeeId: row.employee_id };
    const planned = await planRequest(tx, item, { mode, excludeId: row.id, companyId: row.company_id, checkBalance: row.status === S.pending });
    const oldDates = await repo.requestDates(tx, row.id);
    if (planned.head.requestType === 'ONSITE' && !planned.head.projectId) throw badRequest(M.projectRequired);
    if (planned.head.projectId && !(await repo.projectPm(tx, planned.head.projectId))) throw badRequest(M.projectRequired);
    const updated = await repo.updateTerms(
      tx,
      row.id,
      { version: p.version ?? null, from: [row.status] },
      {
        reasonType: planned.head.reasonType,
        startDate: planned.plan.startDate,
        endDate: planned.plan.endDate,
        startShift: planned.plan.startShift,
        endShift: planned.plan.endShift,
        quantityInHours: planned.plan.quantityInHours,
        quantityInMinutes: planned.plan.quantityInMinutes,
        description: planned.head.description,
        projectId: planned.head.projectId,
        leavingType: planned.head.leavingType,
      },
    );
    if (!updated) throw conflict();
    await repo.writeDatesAndCc(
      tx,
      row.id,
      row.employee_id,
      planned.plan.dates.map((d) => ({ date: d.date, shift: d.shift, minutes: d.minutes, hours: d.fundAmount })),
      p.mail_cc ?? p.ccMails ?? null,
    );
    if (row.status === S.approved) {
      // An approved special-role onsite: give back and draw again (a no-op for reasons without a fund).
      await returnEffects(tx, effectRequest(row.id, row.employee_id, row.effect as FundEffect, oldDates.map((d) => ({ date: d.date, fundAmount: d.hours }))), user);
      await applyEffects(tx, effectRequest(row.id, row.employee_id, planned.effect, planned.plan.dates), user);
    }
    // Issue 29: new terms are decided again from the first step of the request's flow.
    const restarted = row.status === S.pending ? await restartFlow(tx, requestItem(row.id)) : undefined;
    const before = { ...storedTerms(row, oldDates), ...(restarted ? { approval_step: restarted.from_step, assignee_user_id: row.assignee_user_id } : {}) };
    const after = snapshot(planned, restarted ? { approval_step: 1, assignee_user_id: restarted.approver_user_id } : {});
    await recordHistory(tx, {
      tableName: 'requests',
      recordId: row.id,
      employeeId: row.employee_id,
      action: 'UPDATE',
      changes: diffFields(before, after, ['reason_type', 'start_date', 'end_date', 'quantity_in_hours', 'description', 'project_id', 'request_dates', ...(restarted ? ['approval_step', 'assignee_user_id'] : [])]),
      newRecord: { ...after, status: row.status, version: updated.version },
      by: user,
    });
    if (restarted?.approver_user_id) {
      await tell(tx, deps.mail, { userId: restarted.approver_user_id, type: 'ASSIGNED', text: { key: 'requestReassigned', params: { id: row.id } }, link: linkOf(row.id) });
    }
    if (row.status === S.approved) {
      const days = [...oldDates.map((d) => d.date), ...planned.plan.dates.map((d) => d.date)].map((date) => ({ employeeId: row.employee_id, date }));
      await queueRecalculation(tx, days, { createdBy: user.userId });
    }
    return { id: row.id, version: updated.version };
  });
  return { id: out.id, version: out.version };
}

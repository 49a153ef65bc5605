import type { ExplanationInfo } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { visibleEmployee } from '../request-days/request-author.ts';
import { userBy } from '../request-days/request.repository.ts';
import { fundLeft } from './explanation.repository.ts';
import { explanationFundOf } from './explanation-checks.ts';

/**
 * explanation-info, a lookup of the request form (spec 001 §3 Absent data): absent minutes of the stored day and the
 * explanation uses left in its period (RULES.md §4). 404 outside the caller's scope (RULES.md §3).
 */
export async function explanationInfo(db: DbOrTx, user: SessionUser, userId: number, date: string): Promise<ExplanationInfo> {
  const target = await userBy(db, { id: userId });
  if (!target?.employee_id) throw notFound('Employee not found');
  await visibleEmployee(db, user, { id: target.employee_id });
  const f = await explanationFundOf(db, target.employee_id, date);
  const refund = Number(f.refund_hours ?? 0);
  const remain = fundLeft(f);
  return { absentTime: f.absent_minutes ?? 0, remainExplanationTime: remain, refundHoursPerExplanation: refund, balancesTime: Math.round(remain * refund * 100) / 100 };
}

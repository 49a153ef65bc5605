import type { DbOrTx } from '../client.ts';
import type { OrgPlan, SeededOrg } from './org.ts';
import type { PeriodPlan } from './periods.ts';

export type OvertimeDemo = { fixedRequests: number; flexibleRequests: number };

/**
 * Demo data of the overtime area (issue 11). FOUNDATION STUB: the overtime-list helper fills it (staff on flexible and
 * fixed OT types, pending flexible OT for the PM, past approved OT with punches in the last closed period).
 */
export async function seedOvertimeDemo(
  _db: DbOrTx,
  _opts: { org: SeededOrg; plan: OrgPlan; periods: readonly PeriodPlan[]; today: string; now: Date; timeZone: string },
): Promise<OvertimeDemo> {
  return { fixedRequests: 0, flexibleRequests: 0 };
}

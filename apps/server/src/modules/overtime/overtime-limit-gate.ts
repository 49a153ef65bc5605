import type { DateType } from '@tms/contracts/overtime';
import { OT_LIMIT_MESSAGES as L, OT_LIMIT_OVERRIDERS, OT_OVERRIDE_REASON_MAX } from '@tms/contracts/overtime-limits';
import { hasAnyRole } from '@tms/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { approvalBreaches } from '../overtime-pay/ot-limits.service.ts';

/**
 * The overtime limits at approval (issue 27 §2, docs/overtime-limits.md), for both kinds: a row that would take its
 * employee over the month, year or day limit is refused, unless an HR or HRM user approves it with an override reason.
 */

/** The override reason of an approval, or null; refused for any role but HR and HRM, and when too long. */
export function overrideReasonOf(user: SessionUser, raw: string | null | undefined): string | null {
  const reason = raw?.trim() ? raw.trim() : null;
  if (reason === null) return null;
  if (!hasAnyRole(user.roles, OT_LIMIT_OVERRIDERS)) throw new AppError(403, L.overrideNotAllowed, [L.overrideNotAllowed]);
  if (reason.length > OT_OVERRIDE_REASON_MAX) throw badRequest(L.overrideReasonTooLong);
  return reason;
}

export type LimitGate = {
  /** The rows that may be approved. */
  allowed: number[];
  /** Refused rows with the messages of the limits they break. */
  refused: Map<number, string[]>;
  /** Rows let through over a limit by the override, with the messages. */
  overridden: Map<number, string[]>;
};

/** Checks the rows about to be approved (locks their employees until the transaction ends). */
export async function limitGate(
  tx: DbOrTx,
  a: { requestId: number; employeeIds: readonly number[]; otDate: string; dateType: string; now: Date; overrideReason: string | null },
): Promise<LimitGate> {
  const breaches = await approvalBreaches(tx, { ...a, dateType: a.dateType as DateType });
  const messages = new Map([...breaches].map(([e, list]) => [e, list.map((b) => b.message)]));
  if (a.overrideReason !== null) return { allowed: [...a.employeeIds], refused: new Map(), overridden: messages };
  return { allowed: a.employeeIds.filter((e) => !breaches.has(e)), refused: messages, overridden: new Map() };
}

/** The refusal of a row over a limit: 409 with the first limit's message. */
export const limitRefusal = (messages: readonly string[]) => new AppError(409, messages[0]!, [...messages]);

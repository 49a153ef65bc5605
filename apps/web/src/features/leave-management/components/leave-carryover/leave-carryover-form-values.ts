import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import type { LeaveCarryoverCreate, LeaveCarryoverRow, LeaveCarryoverUpdate } from '@tms/contracts/leave-carryover';
import { parseServerDate } from '../../../../lib/dates.ts';

/** The Add / Edit Leave Carryover form's values; `username` is chosen when adding and fixed when editing. */
export type CarryoverFormValues = {
  username?: string | null;
  financialYear: number | null;
  leaveHours: number | null;
  applyDate: Dayjs | null;
  expireDate: Dayjs | null;
  description?: string | null;
};

const dmy = (date: Dayjs | null) => date?.format(DATE_DMY) ?? null;
const note = (description: string | null | undefined) => (description?.trim() ? description : null);

/** POST /create body (spec 000 §7): username, financialYear, leaveHours, description, applyDate and expireDate as DD/MM/YYYY. */
export function toCreateBody(values: CarryoverFormValues): LeaveCarryoverCreate {
  return {
    username: values.username ?? null,
    financialYear: values.financialYear,
    leaveHours: values.leaveHours,
    description: note(values.description),
    applyDate: dmy(values.applyDate),
    expireDate: dmy(values.expireDate),
  };
}

/** PUT /update body: the same fields plus the row's id and the version it was read at (RULES.md §1). */
export function toUpdateBody(row: Pick<LeaveCarryoverRow, 'id' | 'version' | 'username'>, values: CarryoverFormValues): LeaveCarryoverUpdate {
  return { ...toCreateBody({ ...values, username: row.username }), id: row.id, version: row.version };
}

/** The Edit form's starting values. */
export function editValuesOf(row: LeaveCarryoverRow): CarryoverFormValues {
  return {
    username: row.username,
    financialYear: row.financialYear,
    leaveHours: row.leaveHours,
    applyDate: parseServerDate(row.applyDate),
    expireDate: parseServerDate(row.expireDate),
    description: row.description,
  };
}

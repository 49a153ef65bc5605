import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import type { BonusLeaveCreate, BonusLeaveRow, BonusLeaveUpdate } from '@tms/contracts/bonus-leave';
import { parseServerDate } from '../../../../lib/dates.ts';
import type { EditedGrant } from './bonus-leave-form-rules.ts';

/** The Add / Edit Bonus Leave form's values; `usernames` only when adding (the staff of a row never changes). */
export type BonusLeaveFormValues = {
  usernames?: string[];
  leaveHour: number | null;
  applyDate: Dayjs | null;
  expireDate: Dayjs | null;
  description?: string | null;
};

const dmy = (date: Dayjs | null) => date?.format(DATE_DMY) ?? null;
const note = (description: string | null | undefined) => (description?.trim() ? description : null);

/** POST /create body (spec 000 §7): usernames, leaveHour, description, applyDate and expireDate as DD/MM/YYYY. */
export function toCreateBody(values: BonusLeaveFormValues): BonusLeaveCreate {
  return {
    usernames: values.usernames ?? [],
    leaveHour: values.leaveHour,
    description: note(values.description),
    applyDate: dmy(values.applyDate),
    expireDate: dmy(values.expireDate),
  };
}

/** PUT /update body: the row's id and the version it was read at (RULES.md §1), with the edited fields. */
export function toUpdateBody(row: Pick<BonusLeaveRow, 'id' | 'version'>, values: BonusLeaveFormValues): BonusLeaveUpdate {
  return {
    id: row.id,
    version: row.version,
    leaveHour: values.leaveHour,
    description: note(values.description),
    applyDate: dmy(values.applyDate),
    expireDate: dmy(values.expireDate),
  };
}

/** The Edit form's starting values. */
export function editValuesOf(row: BonusLeaveRow): BonusLeaveFormValues {
  return {
    leaveHour: row.leaveHour,
    applyDate: parseServerDate(row.applyDate),
    expireDate: parseServerDate(row.expireDate),
    description: row.description,
  };
}

/**
 * What the edit rules need of a row. Applied on or before the lock date, its apply date and hours no longer change
 * (RULES.md §4; the server refuses them), so the form locks those fields.
 */
export function editedGrantOf(row: Pick<BonusLeaveRow, 'usedHours' | 'applyDate'>, lockDate: Dayjs | null): EditedGrant {
  const apply = parseServerDate(row.applyDate);
  return { usedHours: row.usedHours, locked: lockDate !== null && apply !== null && !apply.isAfter(lockDate, 'day') };
}

import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import type { GeneralConfigCreate, GeneralConfigRow, GeneralConfigUpdate } from '@tms/contracts/general-config';
import { parseServerDate } from '../../../../lib/dates.ts';

/** The Add / Edit General Configuration form's values. */
export type GeneralConfigFormValues = {
  seniorityLeaveHour: number | null;
  seniorityLeaveYear: number | null;
  conditionalMonth: number | null;
  leaveHourInMonth: number | null;
  advanceLeave: number | null;
  applyDate: Dayjs | null;
  expireDate: Dayjs | null;
};

const dmy = (date: Dayjs | null) => date?.format(DATE_DMY) ?? null;

/** POST /create body (spec 000 §7): the numbers, applyDate and expireDate as DD/MM/YYYY, object_type (none on this form). */
export function toCreateBody(values: GeneralConfigFormValues): GeneralConfigCreate {
  return {
    seniorityLeaveHour: values.seniorityLeaveHour,
    seniorityLeaveYear: values.seniorityLeaveYear,
    conditionalMonth: values.conditionalMonth,
    leaveHourInMonth: values.leaveHourInMonth,
    advanceLeave: values.advanceLeave,
    applyDate: dmy(values.applyDate),
    expireDate: dmy(values.expireDate),
    object_type: null,
  };
}

/** PUT /update body: the row's id and the version it was read at (RULES.md §1); object_type kept as stored. */
export function toUpdateBody(row: Pick<GeneralConfigRow, 'id' | 'version' | 'object_type'>, values: GeneralConfigFormValues): GeneralConfigUpdate {
  return { ...toCreateBody(values), object_type: row.object_type, id: row.id, version: row.version };
}

/** The Edit form's starting values. */
export function editValuesOf(row: GeneralConfigRow): GeneralConfigFormValues {
  return {
    seniorityLeaveHour: row.seniorityLeaveHour,
    seniorityLeaveYear: row.seniorityLeaveYear,
    conditionalMonth: row.conditionalMonth,
    leaveHourInMonth: row.leaveHourInMonth,
    advanceLeave: row.advanceLeave,
    applyDate: parseServerDate(row.applyDate),
    expireDate: parseServerDate(row.expireDate),
  };
}

import dayjs, { type Dayjs } from 'dayjs';
import { DATE_ISO } from '@tms/contracts/api';
import {
  ATTENDANCE_CHECK_DEFAULT_END,
  checkAccountNumber,
  type AttendanceCheckBody,
  type AttendanceCheckRow,
  type AttendanceCheckUpdate,
} from '@tms/contracts/attendance-check-config';
import { employeesTexts } from '../i18n/index.ts';

/** The modal's values: dates as dayjs, the employee as its id. */
export type AttendanceCheckFormValues = {
  employee_id?: number;
  account_number?: string;
  attendance_check_id?: string;
  attendance_check_name?: string;
  project?: string;
  position?: string;
  attendance_check_system?: string;
  start_date?: Dayjs | null;
  end_date?: Dayjs | null;
};

/** A new mapping starts today and runs to the far-future end (spec 002 §9). */
export function createValues(today: Dayjs = dayjs()): AttendanceCheckFormValues {
  return { attendance_check_system: 'SPEEDGATE', start_date: today.startOf('day'), end_date: dayjs(ATTENDANCE_CHECK_DEFAULT_END) };
}

export function editValuesOf(row: AttendanceCheckRow): AttendanceCheckFormValues {
  return {
    employee_id: row.employee_id,
    account_number: row.account_number === null ? '' : String(row.account_number),
    attendance_check_id: row.attendance_check_id,
    attendance_check_name: row.attendance_check_name ?? '',
    project: row.project ?? '',
    position: row.position ?? '',
    attendance_check_system: row.attendance_check_system,
    start_date: dayjs(row.start_date),
    end_date: dayjs(row.end_date),
  };
}

const text = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());
const iso = (d: Dayjs | null | undefined) => (d ? d.format(DATE_ISO) : null);

export function toCreateBody(v: AttendanceCheckFormValues): AttendanceCheckBody {
  return {
    employee_id: v.employee_id ?? null,
    account_number: text(v.account_number),
    attendance_check_id: text(v.attendance_check_id),
    attendance_check_name: text(v.attendance_check_name),
    project: text(v.project),
    position: text(v.position),
    attendance_check_system: v.attendance_check_system ?? null,
    start_date: iso(v.start_date),
    end_date: iso(v.end_date),
  };
}

export function toUpdateBody(row: Pick<AttendanceCheckRow, 'id' | 'version'>, v: AttendanceCheckFormValues): AttendanceCheckUpdate {
  return { ...toCreateBody(v), id: row.id, version: row.version };
}

/**
 * spec 002 §5 field checks of the form (the server checks the same). Each returns the message, in the language on
 * screen when it runs, or undefined.
 */
export const accountNumberError = (v: unknown) => (checkAccountNumber(v).ok ? undefined : employeesTexts.t('attendance.messages.accountNumber'));
export function endDateError(start: Dayjs | null | undefined, end: Dayjs | null | undefined): string | undefined {
  if (!end) return employeesTexts.t('attendance.messages.endRequired');
  if (start && end.isBefore(start, 'day')) return employeesTexts.t('attendance.messages.endBeforeStart');
  return undefined;
}

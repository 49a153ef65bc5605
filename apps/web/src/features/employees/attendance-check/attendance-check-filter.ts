import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY } from '../../../lib/dates.ts';

/** The filter as kept for the session (spec 002 §2: filters and page state in session storage); dates DD/MM/YYYY. */
export type StoredAttendanceFilter = {
  keyword?: string;
  attendance_check_system?: string;
  attendance_check_id?: string;
  date?: string;
  page: number;
  size: number;
};

export type AttendanceFilterValues = { keyword?: string; attendance_check_system?: string; attendance_check_id?: string; date?: Dayjs | null };

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const positive = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback);

/** Anything read from storage (or nothing) as a valid stored filter. */
export function parseStoredFilter(raw: unknown): StoredAttendanceFilter {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const date = str(o.date);
  return {
    keyword: str(o.keyword),
    attendance_check_system: str(o.attendance_check_system),
    attendance_check_id: str(o.attendance_check_id),
    date: date && dayjs(date, DATE_DMY, true).isValid() ? date : undefined,
    page: positive(o.page, 1),
    size: positive(o.size, 10),
  };
}

export function formValuesOf(s: StoredAttendanceFilter): AttendanceFilterValues {
  return {
    keyword: s.keyword,
    attendance_check_system: s.attendance_check_system,
    attendance_check_id: s.attendance_check_id,
    date: s.date ? dayjs(s.date, DATE_DMY, true) : null,
  };
}

/** A search: the new filter from page 1, keeping the page size. */
export function storedOf(values: AttendanceFilterValues, size: number): StoredAttendanceFilter {
  return {
    keyword: str(values.keyword),
    attendance_check_system: str(values.attendance_check_system),
    attendance_check_id: str(values.attendance_check_id),
    date: values.date ? values.date.format(DATE_DMY) : undefined,
    page: 1,
    size,
  };
}

/** The list's query parameters (spec 002 §7). */
export function queryOf(s: StoredAttendanceFilter): Record<string, string | undefined> {
  return { keyword: s.keyword, attendance_check_system: s.attendance_check_system, attendance_check_id: s.attendance_check_id, date: s.date };
}

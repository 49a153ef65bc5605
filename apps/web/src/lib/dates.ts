import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_DMY, DATE_ISO, TIME_HM } from '@tms/contracts/api';

dayjs.extend(customParseFormat);

/** RULES.md §1 / spec 000 §9 formats. */
export { DATE_DMY, DATE_ISO, TIME_HM };
export const DATE_TIME_DMY = 'DD/MM/YYYY HH:mm:ss';

type DateInput = Dayjs | Date | string | number | null | undefined;

/**
 * Reads a date the server sent: 'DD/MM/YYYY', 'DD/MM/YYYY HH:mm[:ss]', 'YYYY-MM-DD' or an ISO timestamp.
 * Returns null for empty or unreadable input.
 */
export function parseServerDate(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (dayjs.isDayjs(value)) return value.isValid() ? value : null;
  if (typeof value === 'string') {
    const dmy = dayjs(value, [DATE_DMY, DATE_TIME_DMY, 'DD/MM/YYYY HH:mm'], true);
    if (dmy.isValid()) return dmy;
  }
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** 'DD/MM/YYYY' (display and leave payloads); '' for empty input. */
export function formatDmy(value: DateInput): string {
  return parseServerDate(value)?.format(DATE_DMY) ?? '';
}

/** 'YYYY-MM-DD' (calls that take ISO dates); '' for empty input. */
export function formatIsoDate(value: DateInput): string {
  return parseServerDate(value)?.format(DATE_ISO) ?? '';
}

/** 'DD/MM/YYYY HH:mm:ss'; '' for empty input. */
export function formatDateTime(value: DateInput): string {
  return parseServerDate(value)?.format(DATE_TIME_DMY) ?? '';
}

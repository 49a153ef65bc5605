import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import {
  HOLIDAY_CALENDARS_PATH,
  HOLIDAYS_COPY_PATH,
  HOLIDAYS_GENERATE_PATH,
  HOLIDAYS_PATH,
  HOLIDAYS_PUBLIC_PATH,
  holidayHistoryPath,
  holidayPath,
  type HolidayCalendarRow,
  type HolidayChange,
  type HolidayFields,
  type HolidayProposal,
  type HolidayRow,
  type HolidaysBulkAnswer,
  type PeriodWorkingDays,
} from '@tms/contracts/holidays';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import type { HistoryEntry } from '../../../components/history-format.ts';
import { recordWriteEffects } from '../../../components/record-queries.ts';
import { workPeriodKeys } from './settings-api.ts';

export const holidayKeys = {
  all: ['holidays'] as const,
  calendars: () => ['holidays', 'calendars'] as const,
  year: (code: string, year: number) => ['holidays', 'year', code, year] as const,
  history: (id: number) => ['holidays', 'history', id] as const,
};

export type HolidayYear = { holidays: HolidayRow[]; lock_date: string | null; periods: PeriodWorkingDays[] };

/** GET /tms/holidays/calendars. */
export function useHolidayCalendars() {
  return useQuery(queryOptions({ queryKey: holidayKeys.calendars(), queryFn: ({ signal }) => apiGet<HolidayCalendarRow[]>(HOLIDAY_CALENDARS_PATH, undefined, { signal }) }));
}

/** GET /tms/holidays?calendar_code=&year=: the year's holidays, the lock date and the open periods' working days. */
export function useHolidayYear(code: string | undefined, year: number) {
  return useQuery(
    queryOptions({
      queryKey: holidayKeys.year(code ?? '', year),
      queryFn: ({ signal }) => apiGet<HolidayYear>(HOLIDAYS_PATH, { calendar_code: code, year }, { signal }),
      enabled: Boolean(code),
    }),
  );
}

/** GET /tms/holidays/generate-public-holidays?year=: a proposal, nothing saved. */
export function generatePublicHolidays(year: number): Promise<HolidayProposal[]> {
  return apiGet<HolidayProposal[]>(HOLIDAYS_GENERATE_PATH, { year });
}

export function useHolidayHistory(id: number) {
  return useQuery(queryOptions({ queryKey: holidayKeys.history(id), queryFn: ({ signal }) => apiGet<HistoryEntry[]>(holidayHistoryPath(id), undefined, { signal }) }));
}

/** Every holiday write changes the holidays and the payroll periods' working days. */
const effects = () => {
  const base = recordWriteEffects(holidayKeys.all, holidayKeys.all);
  return {
    ...base,
    onSuccess: async (...args: Parameters<typeof base.onSuccess>) => {
      await base.onSuccess(...args);
      await args[3].client.invalidateQueries({ queryKey: workPeriodKeys.all });
    },
  };
};

type Save = { id: number | null; calendar_code: string; version: number | null; fields: HolidayFields };

function saveHoliday(v: Save): Promise<Envelope<HolidayChange>> {
  return v.id === null
    ? apiRequest<HolidayChange>('POST', HOLIDAYS_PATH, { body: { calendar_code: v.calendar_code, ...v.fields } })
    : apiRequest<HolidayChange>('PUT', holidayPath(v.id), { body: { ...v.fields, version: v.version } });
}

export function useSaveHoliday() {
  return useMutation(mutationOptions({ mutationFn: saveHoliday, ...effects() }));
}

export function useRemoveHoliday() {
  return useMutation(
    mutationOptions({ mutationFn: (v: { id: number; version: number }) => apiRequest<HolidayChange>('DELETE', holidayPath(v.id), { query: { version: v.version } }), ...effects() }),
  );
}

export function useSavePublicHolidays() {
  return useMutation(
    mutationOptions({
      mutationFn: (v: { calendar_code: string; year: number; items: HolidayProposal[] }) => apiRequest<HolidaysBulkAnswer>('PUT', HOLIDAYS_PUBLIC_PATH, { body: v }),
      ...effects(),
    }),
  );
}

export function useCopyCompanyDays() {
  return useMutation(
    mutationOptions({ mutationFn: (v: { calendar_code: string; year: number }) => apiRequest<HolidaysBulkAnswer>('POST', HOLIDAYS_COPY_PATH, { body: v }), ...effects() }),
  );
}

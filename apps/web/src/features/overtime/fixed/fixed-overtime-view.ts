import dayjs, { type Dayjs } from 'dayjs';
import type { FixedCreatePayload, FixedDetail, FixedViewer } from '@tms/contracts/overtime-fixed';
import type { Actor } from '@tms/contracts/roles';
import { endsNextDay } from '../ot-window.ts';

/** The modal's values (times as picked; the end before the start means the next day). */
export type FixedFormValues = {
  title?: string;
  project_id?: number;
  ot_date?: Dayjs | null;
  start?: Dayjs | null;
  end?: Dayjs | null;
  ot_type?: string;
  staff?: number[];
  mail_cc?: number[];
  description?: string;
};

/** The payload of create/edit (spec 001 §3): times `YYYY-MM-DD HH:mm:ss`, the end on the next day when overnight. */
export function toFixedPayload(v: FixedFormValues): FixedCreatePayload {
  const date = v.ot_date ? v.ot_date.format('YYYY-MM-DD') : '';
  const at = (d: string, t: Dayjs | null | undefined) => (d && t ? `${d} ${t.format('HH:mm')}:00` : '');
  const endDate = v.ot_date && endsNextDay(v.start, v.end) ? v.ot_date.add(1, 'day').format('YYYY-MM-DD') : date;
  return {
    title: v.title?.trim() ?? '',
    project_id: v.project_id ?? null,
    description: v.description?.trim() || null,
    start_time: at(date, v.start),
    end_time: at(endDate, v.end),
    mail_cc: v.mail_cc ?? [],
    ot_date: date,
    ot_type: v.ot_type ?? '',
    staff: (v.staff ?? []).map((employee_id) => ({ employee_id, status: 1 })),
    comment: [],
  };
}

/** The edit modal's starting values from the detail. */
export function fromFixedDetail(d: FixedDetail): FixedFormValues {
  return {
    title: d.title,
    project_id: d.project_id,
    ot_date: dayjs(d.ot_date),
    start: dayjs(d.start_time, 'YYYY-MM-DD HH:mm:ss'),
    end: dayjs(d.end_time, 'YYYY-MM-DD HH:mm:ss'),
    ot_type: d.ot_type,
    staff: d.staff.map((s) => s.employee_id),
    mail_cc: d.mail_cc,
    description: d.description ?? '',
  };
}

/** The viewer as the enable rules read it. */
export function viewerOf(user: { userId: number; employeeId?: number | null; roles: readonly string[]; isPm: boolean } | null | undefined): FixedViewer | null {
  if (!user) return null;
  return { userId: user.userId, employeeId: user.employeeId ?? null, actors: [...(user.roles as Actor[]), ...(user.isPm ? (['PM'] as const) : [])] };
}

/** Status tag tones of the staff rows and the request tag (spec 001 §4.5). */
export const FIXED_STATUS_COLORS: Record<number, string> = { 1: 'gold', 3: 'green', 4: 'red', 5: 'default', 6: 'default', 10: 'volcano' };
export const FIXED_TAG_COLORS = { PENDING: 'gold', DONE: 'green', CANCELLED: 'default', EXPIRED: 'volcano' } as const;

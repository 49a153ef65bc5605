import type { DbOrTx } from '../db/client.ts';
import { notations, settings, workTypes } from '../db/schema/periods.ts';

/** Settings every installation needs (RULES.md §1 time zone, §5 explanation deadline and leave blocks). */
export async function insertSettings(db: DbOrTx, timeZone: string): Promise<void> {
  await db.insert(settings).values([
    { key: 'TZ_COMPANY', value: timeZone },
    { key: 'forbidden_request_day', value: '3' },
    { key: 'forbidden_request_time_in_hour', value: '12:00' },
    { key: 'minimum_minute_block_request', value: '30' },
  ]);
}

/**
 * Demo data: working types (spec 002 §3 Working type) and timesheet notations (spec 001 §2.1 Note drawer) as a
 * Vietnamese company's payroll uses them (X công, P phép, L/H lễ, KL không lương, …). HR edits them in Settings.
 */
export const DEMO_WORK_TYPES = [
  { hrRegistrationType: 'Working day', definition: 'Ngày làm việc bình thường', hrNotation: 'X', payrollNotation: 'X' },
  { hrRegistrationType: 'Annual leave', definition: 'Nghỉ phép năm có hưởng lương', hrNotation: 'P', payrollNotation: 'P' },
  { hrRegistrationType: 'Public holiday', definition: 'Nghỉ lễ, Tết theo quy định', hrNotation: 'L', payrollNotation: 'H' },
  { hrRegistrationType: 'Offset leave', definition: 'Nghỉ bù (làm thêm giờ đổi ngày nghỉ)', hrNotation: 'NB', payrollNotation: 'O' },
  { hrRegistrationType: 'Unpaid leave', definition: 'Nghỉ không hưởng lương', hrNotation: 'KL', payrollNotation: 'KL' },
  { hrRegistrationType: 'Birthday leave', definition: 'Nghỉ sinh nhật có hưởng lương', hrNotation: 'SN', payrollNotation: 'SN' },
  { hrRegistrationType: 'Sick leave', definition: 'Nghỉ ốm hưởng BHXH', hrNotation: 'Ô', payrollNotation: 'OM' },
  { hrRegistrationType: 'Maternity leave', definition: 'Nghỉ thai sản hưởng BHXH', hrNotation: 'TS', payrollNotation: 'TS' },
  { hrRegistrationType: 'Personal paid leave', definition: 'Nghỉ việc riêng có lương (kết hôn, tang)', hrNotation: 'R', payrollNotation: 'R' },
  { hrRegistrationType: 'Business trip / onsite', definition: 'Đi công tác, làm việc tại khách hàng', hrNotation: 'CT', payrollNotation: 'CT' },
  { hrRegistrationType: 'Work from home', definition: 'Làm việc từ xa được phê duyệt', hrNotation: 'WFH', payrollNotation: 'X' },
] as const;

export const DEMO_NOTATIONS = [
  { notation: 'X', definition: 'Full day of work', value: '1' },
  { notation: 'X/2', definition: 'Half day of work', value: '0.5' },
  { notation: 'P', definition: 'Paid annual leave, full day', value: '1' },
  { notation: 'P/2', definition: 'Paid annual leave, half day', value: '0.5' },
  { notation: 'H', definition: 'Public holiday', value: '1' },
  { notation: 'O', definition: 'Offset leave (compensation for overtime)', value: '1' },
  { notation: 'SN', definition: 'Birthday leave', value: '1' },
  { notation: 'R', definition: 'Personal paid leave (wedding, bereavement)', value: '1' },
  { notation: 'CT', definition: 'Business trip / onsite / work outside', value: '1' },
  { notation: 'KL', definition: 'Unpaid leave', value: '0' },
  { notation: 'OM', definition: 'Sick leave paid by social insurance', value: '0' },
  { notation: 'TS', definition: 'Maternity leave paid by social insurance', value: '0' },
  { notation: 'V', definition: 'Absent without approved leave', value: '0' },
] as const;

export async function insertWorkTypesAndNotations(db: DbOrTx): Promise<void> {
  await db.insert(workTypes).values([...DEMO_WORK_TYPES]);
  await db.insert(notations).values([...DEMO_NOTATIONS]);
}

import type { DbOrTx } from '../db/client.ts';
import { holidayCalendars, holidays } from '../db/schema/organisation.ts';

export const VN_CALENDAR = 'VNM_NPH';
export const JP_CALENDAR = 'CMC JAPAN';

/**
 * Vietnamese public holidays (Labour Code 2019 art. 112) as the government announced them for the private sector:
 * only the weekdays off are listed (a holiday on a weekend is listed on its observed weekday), so each row is a day
 * the timesheet shows as holiday (RULES.md §4).
 *
 * Assumptions, to be checked against the final announcements: Tết 2027 (05/02–11/02) and National Day 2026/2027
 * (the day adjacent to 2/9 is taken as 3/9) follow the usual pattern; the civil-service swaps (e.g. 02/05/2025,
 * 02/01/2026) are not taken over, as private employers decide them themselves.
 */
export const VN_PUBLIC_HOLIDAYS: readonly { date: string; name: string }[] = [
  // 2025
  { date: '2025-01-01', name: "New Year's Day (Tết Dương lịch)" },
  { date: '2025-01-27', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2025-01-28', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2025-01-29', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2025-01-30', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2025-01-31', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2025-04-07', name: 'Hùng Kings Commemoration Day (Giỗ Tổ Hùng Vương)' },
  { date: '2025-04-30', name: 'Reunification Day (Ngày Giải phóng miền Nam)' },
  { date: '2025-05-01', name: "International Workers' Day (Quốc tế Lao động)" },
  { date: '2025-09-01', name: 'National Day (Quốc khánh)' },
  { date: '2025-09-02', name: 'National Day (Quốc khánh)' },
  // 2026: Tết 14/02–22/02; Giỗ Tổ 10/3 lunar falls on Sunday 26/04, observed Monday 27/04
  { date: '2026-01-01', name: "New Year's Day (Tết Dương lịch)" },
  { date: '2026-02-16', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2026-02-17', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2026-02-18', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2026-02-19', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2026-02-20', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2026-04-27', name: 'Hùng Kings Commemoration Day (observed)' },
  { date: '2026-04-30', name: 'Reunification Day (Ngày Giải phóng miền Nam)' },
  { date: '2026-05-01', name: "International Workers' Day (Quốc tế Lao động)" },
  { date: '2026-09-02', name: 'National Day (Quốc khánh)' },
  { date: '2026-09-03', name: 'National Day (Quốc khánh)' },
  // 2027: Tết 05/02–11/02; 1/5 falls on Saturday, observed Monday 03/05
  { date: '2027-01-01', name: "New Year's Day (Tết Dương lịch)" },
  { date: '2027-02-05', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2027-02-08', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2027-02-09', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2027-02-10', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2027-02-11', name: 'Lunar New Year (Tết Nguyên đán)' },
  { date: '2027-04-16', name: 'Hùng Kings Commemoration Day (Giỗ Tổ Hùng Vương)' },
  { date: '2027-04-30', name: 'Reunification Day (Ngày Giải phóng miền Nam)' },
  { date: '2027-05-03', name: "International Workers' Day (observed)" },
  { date: '2027-09-02', name: 'National Day (Quốc khánh)' },
  { date: '2027-09-03', name: 'National Day (Quốc khánh)' },
];

export function vnHolidaySet(): Set<string> {
  return new Set(VN_PUBLIC_HOLIDAYS.map((h) => h.date));
}

/** Both calendars of spec 002 §3 (holiday calendar enumeration); the Japanese one is kept empty. */
export async function insertHolidayCalendars(db: DbOrTx): Promise<void> {
  await db.insert(holidayCalendars).values([
    { code: VN_CALENDAR, name: 'Vietnam public holidays' },
    { code: JP_CALENDAR, name: 'CMC Japan holidays' },
  ]);
  await db.insert(holidays).values(VN_PUBLIC_HOLIDAYS.map((h) => ({ calendarCode: VN_CALENDAR, date: h.date, name: h.name, ...vietnameseOf(h.name) })));
}

/** The Vietnamese name and the kind of a seeded day: the name in brackets; an "(observed)" day is the compensatory day off. */
function vietnameseOf(name: string): { nameVi: string; kind: 'PUBLIC' | 'COMPENSATORY' } {
  const observed = name.endsWith('(observed)');
  const vi = /\(([^)]*)\)$/.exec(name)?.[1];
  const base = observed ? (name.startsWith('Hùng') ? 'Giỗ Tổ Hùng Vương' : 'Quốc tế Lao động') : (vi ?? name);
  return { nameVi: observed ? `Nghỉ bù ${base}` : base, kind: observed ? 'COMPENSATORY' : 'PUBLIC' };
}

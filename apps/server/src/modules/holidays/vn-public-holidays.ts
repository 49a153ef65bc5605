import { getSolarDate } from '@dqcai/vn-lunar';
import { isWeekendIso } from '@tms/contracts/api';
import type { HolidayProposal } from '@tms/contracts/holidays';
import { addDays } from '../../lib/dates.ts';

/**
 * The Vietnamese public holidays of a year (Labour Code 2019 Art. 112), as a proposal HR reviews before saving:
 * 1 January; Tết — the last day of the lunar year and the first four days of the new one; Hùng Kings'
 * Commemoration (10th day of the 3rd lunar month); 30 April; 1 May; 2 September and one day next to it. A holiday on
 * a weekly rest day (Saturday or Sunday, the company's week, RULES.md §4) adds a compensatory day off on the next
 * working day that is not itself a holiday (Art. 112.3). Lunar dates come from the Vietnamese lunar calendar
 * (`@dqcai/vn-lunar`, Hồ Ngọc Đức's tables for the UTC+7 meridian).
 */

type Named = { en: string; vi: string };
const NAMES = {
  newYear: { en: "New Year's Day", vi: 'Tết Dương lịch' },
  tet: { en: 'Lunar New Year', vi: 'Tết Nguyên đán' },
  hungKings: { en: "Hùng Kings' Commemoration Day", vi: 'Giỗ Tổ Hùng Vương' },
  reunification: { en: 'Reunification Day', vi: 'Ngày Giải phóng miền Nam, thống nhất đất nước' },
  labour: { en: "International Workers' Day", vi: 'Ngày Quốc tế Lao động' },
  national: { en: 'National Day', vi: 'Quốc khánh' },
} as const satisfies Record<string, Named>;

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The solar date (YYYY-MM-DD) of a lunar day of a lunar year (Vietnamese calendar). */
export function solarOfLunar(lunarYear: number, lunarMonth: number, lunarDay: number): string {
  const s = getSolarDate(lunarDay, lunarMonth, lunarYear);
  return iso(s.year, s.month, s.day);
}

/** The first day of the lunar year that starts in `year` (Tết, mùng 1). */
export const tetOf = (year: number): string => solarOfLunar(year, 1, 1);

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The day next to 2 September (Art. 112.1.đ: "1 or 3 September as the government sets it"): the one that joins the
 * holiday to a weekend — 1/9 when 2/9 is a Tuesday, Friday or Saturday, else 3/9 (the government's choices of
 * 2021–2025; a Wednesday has no weekend either side and takes 3/9).
 */
export function nationalDayNeighbour(year: number): string {
  const wd = weekday(iso(year, 9, 2));
  return wd === 2 || wd === 5 || wd === 6 ? iso(year, 9, 1) : iso(year, 9, 3);
}

function publicDays(year: number): { date: string; name: Named }[] {
  const tet = tetOf(year);
  return [
    { date: iso(year, 1, 1), name: NAMES.newYear },
    ...[-1, 0, 1, 2, 3].map((n) => ({ date: addDays(tet, n), name: NAMES.tet })),
    { date: solarOfLunar(year, 3, 10), name: NAMES.hungKings },
    { date: iso(year, 4, 30), name: NAMES.reunification },
    { date: iso(year, 5, 1), name: NAMES.labour },
    ...[iso(year, 9, 2), nationalDayNeighbour(year)].map((date) => ({ date, name: NAMES.national })),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/** The proposal for `year`, in date order: the public holidays, then each compensatory day at its date. */
export function generateVietnamesePublicHolidays(year: number): HolidayProposal[] {
  const days = publicDays(year);
  const taken = new Set(days.map((d) => d.date));
  const out: HolidayProposal[] = days.map((d) => ({ date: d.date, name_en: d.name.en, name_vi: d.name.vi, kind: 'PUBLIC', note: null }));
  for (const d of days) {
    if (!isWeekendIso(d.date)) continue;
    let next = addDays(d.date, 1);
    while (isWeekendIso(next) || taken.has(next)) next = addDays(next, 1);
    taken.add(next);
    out.push({
      date: next,
      name_en: `Compensatory day off (${d.name.en})`,
      name_vi: `Nghỉ bù ${d.name.vi}`,
      kind: 'COMPENSATORY',
      note: `${d.date.slice(8, 10)}/${d.date.slice(5, 7)}/${d.date.slice(0, 4)}`,
    });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

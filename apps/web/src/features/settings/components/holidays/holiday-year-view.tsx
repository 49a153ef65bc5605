import dayjs from 'dayjs';
import type { HolidayRow } from '@tms/contracts/holidays';
import { formatDmy } from '../../../../lib/dates.ts';
import { settingsTexts } from '../../i18n/index.ts';
import './holidays.css';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const MONTHS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12'] as const;

type Props = { year: number; holidays: readonly HolidayRow[]; nameOf: (h: HolidayRow) => string; onOpen?: (h: HolidayRow) => void };

/** The weeks of a month, Monday first: each cell a day of the month or null. */
export function weeksOf(year: number, month: number): (number | null)[][] {
  const first = dayjs(new Date(year, month, 1));
  const lead = (first.day() + 6) % 7;
  const cells: (number | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: first.daysInMonth() }, (_, i) => i + 1)];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** A year as 12 small months with the holidays marked (a holiday is a button opening it; its name is its label). */
export function HolidayYearView({ year, holidays, nameOf, onOpen }: Props) {
  const { t } = settingsTexts.useT();
  const byDate = new Map(holidays.map((h) => [h.date, h]));
  return (
    <div className="holiday-year" data-testid="holiday-year-view">
      {MONTHS.map((m, month) => (
        <table key={m} className="holiday-month">
          <caption>{t(`holidays.months.${m}`)}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col">
                  {t(`holidays.weekdays.${d}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeksOf(year, month).map((week, w) => (
              <tr key={w}>
                {week.map((day, i) => {
                  if (day === null) return <td key={i} />;
                  const date = `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
                  const h = byDate.get(date);
                  if (!h) return <td key={i}>{day}</td>;
                  const label = t('holidays.dayLabel', { day, date: formatDmy(date), name: nameOf(h) });
                  return (
                    <td key={i} className={`holiday-day holiday-${h.kind.toLowerCase()}`}>
                      <button type="button" title={label} aria-label={label} onClick={() => onOpen?.(h)} data-testid={`holiday-day-${date}`}>
                        {day}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

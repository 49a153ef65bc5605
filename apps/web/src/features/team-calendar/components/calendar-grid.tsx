import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { isWeekendIso } from '@tms/contracts/api';
import { routeByName } from '@tms/contracts/routes';
import type { TeamCalendarData } from '@tms/contracts/team-calendar';
import { cellsOf, daysOf, indexHolidays, type CalendarView } from '../calendar-model.ts';
import type { TeamCalendarT } from '../i18n/index.ts';
import { CalendarCell } from './calendar-cell.tsx';
import { employeeLabel } from '../../../components/employee-select.tsx';
import { requestsOfEmployeeSearch, seesOnlyOwnRequests } from '../../../components/requests/request-links.ts';
import { useCurrentUser } from '../../../lib/auth.ts';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The days a column is shaded on: a weekend, or a holiday of every person shown (a company-wide day off). */
function offDays(data: TeamCalendarData, days: readonly string[]): Set<string> {
  const calendars = new Set(data.people.map((p) => p.holiday_calendar));
  const holidayCalendars = new Map<string, Set<string>>();
  for (const h of data.holidays) holidayCalendars.set(h.date, (holidayCalendars.get(h.date) ?? new Set()).add(h.calendar));
  return new Set(days.filter((d) => isWeekendIso(d) || (calendars.size > 0 && [...calendars].every((c) => holidayCalendars.get(d)?.has(c)))));
}

/**
 * When a range is shown, its days scroll so that today's column is the first beside the names (a phone shows a few
 * days of a month: opening on the 1st would hide today). Another month opens on its first day.
 */
function useTodayInView(scroller: RefObject<HTMLDivElement | null>, from: string, to: string) {
  useLayoutEffect(() => {
    const box = scroller.current;
    const today = box?.querySelector<HTMLElement>('thead th.tc-today');
    const names = box?.querySelector<HTMLElement>('thead th.tc-name');
    if (!box || !names) return;
    box.scrollLeft = today ? Math.max(0, today.offsetLeft - names.offsetWidth) : 0;
  }, [scroller, from, to]);
}

/**
 * People as rows, days as columns (issue 30 §1). The name column is sticky, so on a phone the days scroll under it.
 * A person's name links to Request Management with their requests.
 */
export function CalendarGrid({ data, view, t }: { data: TeamCalendarData; view: CalendarView; t: TeamCalendarT }) {
  const days = useMemo(() => daysOf(data.from, data.to), [data.from, data.to]);
  const holidays = useMemo(() => indexHolidays(data.holidays), [data.holidays]);
  const off = useMemo(() => offDays(data, days), [data, days]);
  const departments = useMemo(() => new Map(data.departments.map((d) => [d.id, d.name])), [data.departments]);
  const requests = routeByName('request-management').path;
  // Request Management shows staff only their own requests: a colleague's name would open the viewer's own list.
  const { data: viewer } = useCurrentUser();
  const linksOwnOnly = seesOnlyOwnRequests(viewer);
  const scroller = useRef<HTMLDivElement>(null);
  useTodayInView(scroller, data.from, data.to);
  return (
    <div ref={scroller} className={`tc-scroll tc-view-${view}`} role="region" aria-label={t('title')} tabIndex={0} data-testid="team-calendar-grid">
      <table className="tc-grid">
        <thead>
          <tr>
            <th className="tc-name" scope="col">
              {t('staff')}
            </th>
            {days.map((d) => (
              <th key={d} scope="col" className={`tc-day${off.has(d) ? ' tc-off' : ''}${d === data.today ? ' tc-today' : ''}`}>
                <div>{dayjs(d).date()}</div>
                <div>{t(`weekdays.${WEEKDAYS[dayjs(d).day()]!}`)}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.people.map((person) => (
            <tr key={person.employee_id} data-testid={`team-calendar-row-${person.user_name}`}>
              <th className="tc-name" scope="row">
                {linksOwnOnly && person.employee_id !== viewer?.employeeId ? (
                  <span data-testid={`team-calendar-person-${person.user_name}`}>{person.name}</span>
                ) : (
                  <Link to={`${requests}${requestsOfEmployeeSearch({ id: person.employee_id, label: employeeLabel(person) })}`} title={t('requestsOf', { name: person.name })} data-testid={`team-calendar-person-${person.user_name}`}>
                    {person.name}
                  </Link>
                )}
                <span className="tc-name-dept">{departments.get(person.department_id)}</span>
              </th>
              {cellsOf(person, days, holidays).map((cell) => (
                <td key={cell.date} className={`tc-day${cell.holiday ? ' tc-holiday' : off.has(cell.date) ? ' tc-off' : ''}`}>
                  <CalendarCell cell={cell} personName={person.name} t={t} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

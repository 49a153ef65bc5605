import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { LateByWeekday } from '@tms/contracts/check-time-report';
import { setLanguage } from '../../lib/i18n.ts';
import { setNumberLanguage } from '../../lib/numbers.ts';
import { LateByWeekdayChart, lateBars } from './check-time/late-by-weekday-chart.tsx';
import { reportsTexts } from './i18n/index.ts';
import { SummaryChart, summaryTooltipLines } from './summary-chart.tsx';

/**
 * The report charts are drawn by recharts in the browser (it draws after mounting: the journeys see the bars, the
 * tooltips and the svg's title); here, what they show and the empty states.
 */
const row = { department: 'Engineering', employees: 1234, paid_days: 240.5, leave_days: 6, unpaid_days: 1, ot_hours: 18.25 };
const late: LateByWeekday[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, label: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'][weekday - 1]!, late_days: weekday === 1 ? 4 : 0, late_minutes: weekday === 1 ? 1095 : 0 }));

afterEach(async () => {
  await setLanguage('en');
  setNumberLanguage('en');
});

describe('the report charts (recharts, loaded with the report pages)', () => {
  it("a department's tooltip: its staff and each series with its value", () => {
    expect(summaryTooltipLines(reportsTexts.t, row)).toEqual([
      '1234 staff',
      'Engineering — Paid days: 240.5',
      'Engineering — Leave days: 6',
      'Engineering — Unpaid days: 1',
      'Engineering — OT hours: 18.25',
    ]);
  });

  it('late arrivals by weekday: the weekday named, days and minutes above the bar and in the tooltip', () => {
    const [monday, tuesday] = lateBars(reportsTexts.t, late);
    expect(monday).toMatchObject({ name: 'Mon', value: '4 · 1095m', tooltip: 'Mon: 4 late days, 1095 minutes' });
    expect(tuesday).toMatchObject({ name: 'Tue', value: '0' });
  });

  it('in Vietnamese, numbers as a Vietnamese reader writes them', async () => {
    await setLanguage('vi');
    setNumberLanguage('vi');
    const lines = summaryTooltipLines(reportsTexts.t, row);
    expect(lines[0]).toContain('1.234');
    expect(lines[1]).toContain('240,5');
    expect(lines.join()).not.toMatch(/Paid days|staff/);
    expect(lateBars(reportsTexts.t, late)[0]!.tooltip).toContain('1.095');
  });

  it('draws with recharts, and says so when there is nothing to draw', () => {
    expect(renderToStaticMarkup(<SummaryChart rows={[row]} loading={false} />)).toContain('recharts-wrapper');
    expect(renderToStaticMarkup(<SummaryChart rows={[]} loading={false} />)).not.toContain('recharts-wrapper');
    const none = renderToStaticMarkup(<LateByWeekdayChart data={late.map((b) => ({ ...b, late_days: 0, late_minutes: 0 }))} loading={false} />);
    expect(none).toContain('No late arrivals');
    expect(none).not.toContain('recharts-wrapper');
  });
});

import { useRef } from 'react';
import { Card, Typography } from 'antd';
import { isWeekendIso } from '@tms/contracts/api';
import type { CalendarDay } from '@tms/contracts/check-in-out-calendar';
import { STATUS_TONES } from '../../components/status-info.ts';
import { formatDmy } from '../../lib/dates.ts';
import { calendarFlags, inRange, weekDays, type RuleContext } from './calendar-rule.ts';
import { checkinCheckoutTexts } from './i18n/index.ts';

/** The catalogue's weekday names, Saturday first (the week runs Saturday to Friday). */
const WEEKDAY_KEYS = ['saturday', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
const LATE_BG = '#fff1f0';
const LATE_BORDER = '#ff4d4f';
const SELECTED_BORDER = '#1677ff';

type WeekCalendarProps = {
  /** Any date of the week shown. */
  anchor: string;
  days: readonly CalendarDay[];
  /** null while there is nothing to show (a failed load empties the calendar, spec 001 §8). */
  rule: RuleContext | null;
  selected: string | null;
  onSelect: (date: string) => void;
  /** On a phone only this day of the week is shown (issue 26 §3); a swipe asks for the day before or after. */
  onlyDay?: string;
  onSwipe?: (direction: -1 | 1) => void;
};

/** A horizontal swipe of at least this many pixels moves to the next or previous day. */
const SWIPE_PX = 50;

/**
 * One week Saturday → Friday (spec 001 §2.8): weekends disabled, check-in and check-out per day, late-coming and
 * early-leaving days highlighted by the calendar rule, days outside the range blurred, the selected day outlined.
 */
export function WeekCalendar({ anchor, days, rule, selected, onSelect, onlyDay, onSwipe }: WeekCalendarProps) {
  const byDate = new Map(days.map((d) => [d.date_of_issue, d]));
  const { t } = checkinCheckoutTexts.useT();
  const swipeStart = useRef<number | null>(null);
  // Weekday names by the date's place in the week, so one day alone keeps its own name.
  const shown = weekDays(anchor)
    .map((date, i) => [date, i] as const)
    .filter(([date]) => !onlyDay || date === onlyDay);
  return (
    <div
      role="grid"
      aria-label={t('week.label')}
      data-testid="checkin-calendar"
      onTouchStart={onSwipe && ((e) => (swipeStart.current = e.touches[0]?.clientX ?? null))}
      onTouchEnd={
        onSwipe &&
        ((e) => {
          const dx = (e.changedTouches[0]?.clientX ?? 0) - (swipeStart.current ?? 0);
          if (swipeStart.current !== null && Math.abs(dx) >= SWIPE_PX) onSwipe(dx < 0 ? 1 : -1);
          swipeStart.current = null;
        })
      }
    >
      <div role="row" style={{ display: 'grid', gridTemplateColumns: onlyDay ? '1fr' : 'repeat(7, minmax(110px, 1fr))', gap: 8 }}>
      {shown.map(([date, i]) => {
        const weekend = isWeekendIso(date);
        const day = rule ? byDate.get(date) : undefined;
        const flags = rule ? calendarFlags(day, date, rule) : { lateComing: false, earlyLeaving: false };
        const flagged = flags.lateComing || flags.earlyLeaving;
        const outside = !rule || !inRange(date, rule.from, rule.to);
        const isSelected = selected === date;
        const clickable = !weekend && !outside;
        return (
          <Card
            key={date}
            size="small"
            role="gridcell"
            aria-selected={isSelected}
            aria-disabled={!clickable}
            data-testid={`checkin-day-${date}`}
            data-late={flags.lateComing ? 'true' : 'false'}
            data-early={flags.earlyLeaving ? 'true' : 'false'}
            data-outside={outside ? 'true' : 'false'}
            tabIndex={clickable ? 0 : -1}
            onClick={clickable ? () => onSelect(date) : undefined}
            onKeyDown={clickable ? (e) => (e.key === 'Enter' || e.key === ' ') && onSelect(date) : undefined}
            style={{
              cursor: clickable ? 'pointer' : 'not-allowed',
              opacity: weekend ? 0.45 : outside ? 0.5 : 1,
              filter: outside && !weekend ? 'blur(1px)' : undefined,
              background: weekend ? '#f5f5f5' : flagged ? LATE_BG : undefined,
              borderColor: isSelected ? SELECTED_BORDER : flagged ? LATE_BORDER : undefined,
              borderWidth: isSelected ? 2 : 1,
            }}
            title={<span>{t(`weekdays.${WEEKDAY_KEYS[i]!}`)}</span>}
            extra={<Typography.Text type="secondary">{formatDmy(date)}</Typography.Text>}
          >
            {weekend ? (
              <Typography.Text type="secondary">—</Typography.Text>
            ) : (
              <>
                <div>
                  {t('day.in')} <Typography.Text type={flags.lateComing ? 'danger' : undefined} data-testid={`checkin-in-${date}`}>{day?.check_in_time ?? '--:--'}</Typography.Text>
                </div>
                <div>
                  {t('day.out')} <Typography.Text type={flags.earlyLeaving ? 'danger' : undefined} data-testid={`checkin-out-${date}`}>{day?.check_out_time ?? '--:--'}</Typography.Text>
                </div>
                {/* The status green, not antd's success text (#52c41a is 2.3:1 on white; axe, seen in the week of 1 January). */}
                {day?.is_holiday ? <Typography.Text style={{ color: STATUS_TONES.green.color }}>{t('day.holiday')}</Typography.Text> : null}
                {flags.lateComing ? <div><Typography.Text type="danger">{t('day.lateComing')}</Typography.Text></div> : null}
                {flags.earlyLeaving ? <div><Typography.Text type="danger">{t('day.earlyLeaving')}</Typography.Text></div> : null}
              </>
            )}
          </Card>
        );
      })}
      </div>
    </div>
  );
}

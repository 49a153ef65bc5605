import type { TeamCalendarT } from '../i18n/index.ts';

const KINDS = ['leave', 'outside', 'onsite'] as const;
const STATES = ['PRESENT', 'LATE', 'ABSENT'] as const;
const DOT_LABELS = { PRESENT: 'legend.present', LATE: 'legend.late', ABSENT: 'legend.absent' } as const;

/** What the colours, the hatching, the shading and the dots of the calendar mean. */
export function CalendarLegend({ t }: { t: TeamCalendarT }) {
  return (
    <div className="tc-legend" aria-label={t('legend.title')} data-testid="team-calendar-legend">
      {KINDS.map((kind) => (
        <span key={kind} className="tc-legend-item">
          <span className={`tc-swatch tc-kind-${kind} tc-approved`} />
          {t(`legend.${kind}`)}
        </span>
      ))}
      <span className="tc-legend-item">
        <span className="tc-swatch tc-kind-leave tc-approved" />
        {t('legend.approved')}
      </span>
      <span className="tc-legend-item">
        <span className="tc-swatch tc-kind-leave tc-pending" />
        {t('legend.pending')}
      </span>
      <span className="tc-legend-item">
        <span className="tc-swatch tc-holiday" />
        {t('legend.holiday')}
      </span>
      <span className="tc-legend-item">
        <span className="tc-swatch tc-off" />
        {t('legend.weekend')}
      </span>
      {STATES.map((state) => (
        <span key={state} className="tc-legend-item">
          <span className={`tc-dot tc-dot-${state}`} />
          {t(DOT_LABELS[state])}
        </span>
      ))}
    </div>
  );
}

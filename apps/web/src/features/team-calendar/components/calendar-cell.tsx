import { Popover, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { routeByName } from '@tms/contracts/routes';
import { formatDmy } from '../../../lib/dates.ts';
import { entryAmount, entryKind, type CellModel } from '../calendar-model.ts';
import type { TeamCalendarT } from '../i18n/index.ts';

const APPROVED = 3;

/** What a cell holds, in words: each request (reason, status, kind, part of the day), the holiday, the attendance. */
function CellDetails({ cell, t }: { cell: CellModel; t: TeamCalendarT }) {
  return (
    <Space orientation="vertical" size={6} style={{ maxWidth: 260 }} data-testid="team-calendar-cell-details">
      <Typography.Text strong>{formatDmy(cell.date)}</Typography.Text>
      {cell.holiday ? <Typography.Text>{t('cell.holiday', { name: cell.holiday })}</Typography.Text> : null}
      {cell.entries.length === 0 && !cell.holiday ? <Typography.Text type="secondary">{t('cell.nothing')}</Typography.Text> : null}
      {cell.entries.map((e) => {
        const amount = entryAmount(e);
        return (
          <div key={`${e.request_id}-${e.date}`} data-testid={`team-calendar-entry-${e.request_id}`}>
            <Typography.Text strong>{e.reason_name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t(`types.${e.request_type}`)} · {e.status === APPROVED ? t('status.approved') : t('status.pending')} · {t(`amount.${amount.part}`, { hours: amount.hours })}
              {amount.times ? ` (${amount.times})` : ''}
            </Typography.Text>
            <br />
            <Link to={`${routeByName('request-management').path}?id=${e.request_id}`} data-testid={`team-calendar-open-${e.request_id}`}>
              {t('cell.openRequest')}
            </Link>
          </div>
        );
      })}
      {cell.attendance ? <Typography.Text>{t(`attendance.${cell.attendance}`)}</Typography.Text> : null}
    </Space>
  );
}

/** A day of a person: a solid (approved) or hatched (pending) block per kind, an H on a holiday, a dot for attendance. */
export function CalendarCell({ cell, personName, t }: { cell: CellModel; personName: string; t: TeamCalendarT }) {
  const first = cell.entries.find((e) => e.status === APPROVED) ?? cell.entries[0];
  const half = first && (first.shift === 'MORNING' || first.shift === 'AFTERNOON' || first.shift === null);
  const shown = first && cell.kind ? t(`short.${entryKind(first)}`) : cell.holiday ? t('short.holiday') : null;
  // The name a screen reader hears starts with the letters shown (WCAG 2.5.3) and says what the hatching says.
  const what = first && cell.kind ? `${shown} ${t(`types.${first.request_type}`)} (${first.status === APPROVED ? t('status.approved') : t('status.pending')})` : shown ? `${shown} ${t('legend.holiday')}` : null;
  const label = `${what ? `${what} — ` : ''}${t('cell.label', { name: personName, date: formatDmy(cell.date) })}`;
  return (
    <Popover content={<CellDetails cell={cell} t={t} />} trigger="click" destroyOnHidden>
      <button
        type="button"
        className="tc-cell"
        aria-label={label}
        data-testid={`team-calendar-cell-${cell.date}`}
        data-tone={cell.tone}
        data-kind={cell.kind ?? undefined}
      >
        {first && cell.kind ? (
          <span className={`tc-block tc-kind-${cell.kind} tc-${cell.tone}${half ? ' tc-block-half' : ''}`}>{shown}</span>
        ) : cell.holiday ? (
          <span className="tc-holiday-mark">{shown}</span>
        ) : null}
        {cell.attendance ? <span className={`tc-dot tc-dot-${cell.attendance}`} /> : null}
      </button>
    </Popover>
  );
}

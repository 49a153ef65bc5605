import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { TEAM_CALENDAR_MAX_DAYS, TEAM_CALENDAR_PATHS, type AwayCount } from '@tms/contracts/team-calendar';
import { apiGet } from '../../lib/api-client.ts';
import { commonTexts } from '../i18n/index.ts';

/** The first and last of the chosen dates, YYYY-MM-DD, or null when none is chosen or they span too long a range. */
export function hintRange(dates: readonly (Dayjs | null | undefined)[]): { from: string; to: string } | null {
  const chosen = dates.filter((d): d is Dayjs => !!d && d.isValid()).sort((a, b) => a.valueOf() - b.valueOf());
  if (chosen.length === 0) return null;
  const first = chosen[0]!;
  const last = chosen[chosen.length - 1]!;
  if (last.diff(first, 'day') + 1 > TEAM_CALENDAR_MAX_DAYS) return null;
  return { from: first.format('YYYY-MM-DD'), to: last.format('YYYY-MM-DD') };
}

/**
 * Issue 30 §1: under the dates of Create Request, how many others of the requester's department are already away
 * (approved or pending leave, work outside, onsite) on them — GET /tms/team-calendar/away-count. Quiet on a failure:
 * the hint helps, it never blocks the form.
 */
export function AwayHint({ mode, ownerId }: { mode: string; ownerId?: number | null }) {
  const { t } = commonTexts.useT();
  const rows = Form.useWatch<{ date?: Dayjs | null }[] | undefined>('rows');
  const start = Form.useWatch<Dayjs | null | undefined>('start_date');
  const end = Form.useWatch<Dayjs | null | undefined>('end_date');
  const range = mode === 'batch' ? null : hintRange(mode === 'onsite' ? [start, end] : (rows ?? []).map((r) => r?.date));
  const query = { ...range, employee_id: ownerId ?? undefined };
  const away = useQuery({
    queryKey: ['team-calendar', 'away-count', query] as const,
    queryFn: ({ signal }) => apiGet<AwayCount>(TEAM_CALENDAR_PATHS.awayCount, query, { signal }),
    enabled: range !== null,
    meta: { silent: true },
    staleTime: 60_000,
  });
  if (!range || !away.data || away.data.total === 0) return null;
  const { away: count, total, department_name: department } = away.data;
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: -8 }} data-testid="request-away-hint">
      <TeamOutlined aria-hidden /> {count === 0 ? t('requestForm.awayNone', { department }) : t('requestForm.awayHint', { away: count, total, department })}
    </Typography.Paragraph>
  );
}

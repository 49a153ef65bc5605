import { Select, Space, Typography } from 'antd';
import type { PeriodOption } from '@tms/contracts/lookups';
import type { TimesheetInfo } from '@tms/contracts/timesheet-review';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDmy } from '../../../lib/dates.ts';
import { isTimesheetKey, timesheetTexts } from '../i18n/index.ts';

export type PeriodHeaderProps = {
  periods: readonly PeriodOption[] | undefined;
  loading: boolean;
  periodId: number | null;
  onChange: (periodId: number) => void;
  /** The chosen period's timesheet (status and dates), once loaded. */
  info: TimesheetInfo | undefined;
};

/** The payroll period selector with the timesheet's status tag and its from–to dates (spec 001 §2.1). */
export function PeriodHeader({ periods, loading, periodId, onChange, info }: PeriodHeaderProps) {
  const { t } = timesheetTexts.useT();
  const statusKey = info ? `status.${info.status}` : '';
  return (
    <Space wrap size="middle" style={{ marginBottom: 12 }}>
      <Typography.Text strong>{t('list.period')}</Typography.Text>
      <Select<number>
        value={periodId ?? undefined}
        onChange={onChange}
        loading={loading}
        style={{ minWidth: 160 }}
        placeholder={t('list.selectPeriod')}
        options={(periods ?? []).map((p) => ({ value: p.timesheet_id, label: p.name }))}
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('list.period')}
        data-testid="ts-period-select"
      />
      {info ? (
        <>
          <span data-testid="ts-status">
            <StatusTag kind="timesheet" status={info.status} label={isTimesheetKey(statusKey) ? t(statusKey) : String(info.status)} />
          </span>
          <Typography.Text data-testid="ts-period-dates">
            {formatDmy(info.from_date)} - {formatDmy(info.to_date)}
          </Typography.Text>
        </>
      ) : null}
    </Space>
  );
}

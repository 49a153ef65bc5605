import type { TableColumnsType } from 'antd';
import type { OtComplianceRow } from '@tms/contracts/overtime-limits';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatCount, formatHours } from '../../../lib/numbers.ts';
import type { ReportsT } from '../i18n/index.ts';
import { monthText } from './ot-compliance-rules.ts';

const STATE_COLORS = { OVER: 'red', NEAR: 'gold', OK: 'green' } as const;

/** The report's columns (issue 27 §2): hours against their limits, days over the daily limit, overrides, the state. */
export const otComplianceColumns = (t: ReportsT): TableColumnsType<OtComplianceRow> => [
  { title: t('otCompliance.columns.staff'), dataIndex: 'staff', key: 'staff', width: 200, fixed: 'left' },
  { title: t('otCompliance.columns.user_name'), dataIndex: 'user_name', key: 'user_name', width: 140 },
  { title: t('otCompliance.columns.division'), dataIndex: 'division', key: 'division', width: 160 },
  { title: t('otCompliance.columns.department'), dataIndex: 'department', key: 'department', width: 180 },
  { title: t('otCompliance.columns.month'), key: 'month', width: 100, render: (_v, r) => monthText(r.month) },
  { title: t('otCompliance.columns.month_hours'), key: 'month_hours', width: 150, align: 'right', render: (_v, r) => formatHours(r.month_hours) },
  { title: t('otCompliance.columns.month_limit'), key: 'month_limit', width: 120, align: 'right', render: (_v, r) => formatCount(r.month_limit) },
  { title: t('otCompliance.columns.ytd_hours'), key: 'ytd_hours', width: 170, align: 'right', render: (_v, r) => formatHours(r.ytd_hours) },
  { title: t('otCompliance.columns.year_limit'), key: 'year_limit', width: 120, align: 'right', render: (_v, r) => formatCount(r.year_limit) },
  { title: t('otCompliance.columns.days_over'), key: 'days_over', width: 150, align: 'right', render: (_v, r) => formatCount(r.days_over) },
  { title: t('otCompliance.columns.overrides'), key: 'overrides', width: 150, align: 'right', render: (_v, r) => formatCount(r.overrides) },
  {
    title: t('otCompliance.columns.state'),
    key: 'state',
    width: 140,
    render: (_v, r) => <StatusTag label={t(`otCompliance.states.${r.state}`)} color={STATE_COLORS[r.state]} />,
  },
];

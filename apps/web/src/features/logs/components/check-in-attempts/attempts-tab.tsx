import { useMemo, useState } from 'react';
import { Button, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  CHECK_IN_ATTEMPT_OUTCOMES,
  CHECK_IN_ATTEMPT_REASONS,
  CHECK_IN_ATTEMPTS_EXPORT_FILE,
  CHECK_IN_ATTEMPTS_EXPORT_PATH,
  CHECK_IN_ATTEMPTS_PATH,
  SELF_PUNCH_SOURCES,
  type CheckInAttemptRow,
  type CheckInPlace,
} from '@tms/contracts/self-check-in';
import { usePlaces } from '../../../../components/check-in-places-query.ts';
import { FilterBar, type FilterField, type FilterQuery } from '../../../../components/filter-bar.tsx';
import { PagedTable } from '../../../../components/paged-table.tsx';
import { apiDownload } from '../../../../lib/api-client.ts';
import { DATE_ISO } from '../../../../lib/dates.ts';
import { notifyApiError } from '../../../../lib/notify.ts';
import { usePagedList } from '../../../../lib/use-paged-list.ts';
import { checkInAttemptsTexts } from './i18n/index.ts';

type T = ReturnType<typeof checkInAttemptsTexts.useT>['t'];

const filtersOf = (t: T, places: readonly CheckInPlace[]): readonly FilterField[] => [
  { kind: 'dateRange', name: 'time', label: t('attempts.receivedAt'), fromParam: 'from', toParam: 'to', format: DATE_ISO },
  { kind: 'employee', name: 'employee_id', label: t('attempts.employee'), valueField: 'id' },
  { kind: 'select', name: 'outcome', label: t('attempts.outcome'), options: CHECK_IN_ATTEMPT_OUTCOMES.map((o) => ({ value: o, label: t(`attempts.outcomes.${o}`) })) },
  { kind: 'select', name: 'reason', label: t('attempts.reason'), options: CHECK_IN_ATTEMPT_REASONS.map((r) => ({ value: r, label: r })) },
  { kind: 'select', name: 'source', label: t('attempts.source'), options: SELF_PUNCH_SOURCES.map((s) => ({ value: s, label: t(`attempts.sources.${s}`) })) },
  { kind: 'select', name: 'place_id', label: t('attempts.place'), options: places.map((p) => ({ value: p.id, label: p.active ? p.name : t('attempts.inactivePlace', { name: p.name }) })) },
];

const metres = (t: T, v: number | null) => (v === null ? '' : t('attempts.metres', { value: Math.round(v) }));

const columnsOf = (t: T): TableColumnsType<CheckInAttemptRow> => [
  { title: t('attempts.receivedAt'), dataIndex: 'received_at_format', key: 'received', width: 170 },
  { title: t('attempts.employee'), key: 'employee', width: 200, render: (_v, r) => (r.employee ? `${r.employee.name} (${r.employee.staff_id ?? r.employee.user_name})` : (r.staff_id ?? '')) },
  {
    title: t('attempts.outcome'),
    key: 'outcome',
    width: 110,
    render: (_v, r) => <Tag color={r.outcome === 'REFUSED' ? 'red' : 'orange'}>{t(`attempts.outcomes.${r.outcome}`)}</Tag>,
  },
  { title: t('attempts.message'), dataIndex: 'message', key: 'message', width: 320 },
  { title: t('attempts.source'), key: 'source', width: 80, render: (_v, r) => (r.source === 'web' || r.source === 'kiosk' ? t(`attempts.sources.${r.source}`) : r.source) },
  { title: t('attempts.place'), key: 'place', width: 160, render: (_v, r) => r.place_name ?? r.kiosk_name ?? '' },
  { title: t('attempts.distance'), key: 'distance', width: 100, render: (_v, r) => metres(t, r.distance_m) },
  { title: t('attempts.accuracy'), key: 'accuracy', width: 100, render: (_v, r) => metres(t, r.accuracy_m) },
  { title: t('attempts.position'), key: 'position', width: 180, render: (_v, r) => (r.latitude !== null && r.longitude !== null ? `${r.latitude}, ${r.longitude}` : '') },
  { title: t('attempts.network'), dataIndex: 'network_address', key: 'network', width: 140 },
  { title: t('attempts.deviceTime'), dataIndex: 'device_time', key: 'device', width: 200 },
];

/** Logs → Check-in attempts (issue 28 §4; HR, HRM, Admin): refused attempts and late offline punches, filtered, exported. */
export function CheckInAttemptsTab() {
  const { t } = checkInAttemptsTexts.useT();
  const [filters, setFilters] = useState<FilterQuery>({});
  const list = usePagedList<CheckInAttemptRow>({ queryKey: ['check-in-attempts'], path: CHECK_IN_ATTEMPTS_PATH, filters });
  const [exporting, setExporting] = useState(false);
  const places = usePlaces();
  const fields = useMemo(() => filtersOf(t, places.data ?? []), [t, places.data]);
  const columns = useMemo(() => columnsOf(t), [t]);
  const exportFile = async () => {
    setExporting(true);
    try {
      await apiDownload(CHECK_IN_ATTEMPTS_EXPORT_PATH, { query: filters, fallbackName: CHECK_IN_ATTEMPTS_EXPORT_FILE });
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <div data-testid="check-in-attempts-tab">
      <FilterBar
        fields={fields}
        formName="check-in-attempts-filter"
        onSearch={(q) => setFilters(q)}
        onReload={() => void list.refetch()}
        loading={list.loading}
        extra={
          <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void exportFile()} data-testid="check-in-attempts-export">
            {t('attempts.export')}
          </Button>
        }
      />
      <PagedTable<CheckInAttemptRow> {...list.tableProps} columns={columns} rowKey="id" scrollY={550} data-testid="check-in-attempts-table" />
    </div>
  );
}

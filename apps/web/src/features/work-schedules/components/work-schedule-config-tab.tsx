import { useMemo, useState } from 'react';
import { Button, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { WORK_SCHEDULE_CREATE_PAGE, WEEKDAYS, workScheduleEditPage, type WorkScheduleRow } from '@tms/contracts/work-schedule-config';
import { FilterBar, type FilterQuery } from '../../../components/filter-bar.tsx';
import type { FilterField } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { sessionKey, useSessionState } from '../../../lib/use-session-state.ts';
import { useRemoveWorkSchedule, useSetWorkScheduleActive, useWorkScheduleHistory, useWorkSchedules } from '../api/work-schedule-api.ts';
import { workSchedulesTexts, type WorkSchedulesT } from '../i18n/index.ts';
import { workScheduleColumns } from './work-schedule-columns.tsx';

/** spec 002 §2 Policy config: free text matched against code or name (with or without diacritics). */
const filterFields = (t: WorkSchedulesT): readonly FilterField[] => [{ kind: 'text', name: 'keyword', label: t('list.filter'), placeholder: t('list.filterPlaceholder') }];

const historyLabels = (t: WorkSchedulesT): Record<string, string> => ({
  code: t('history.code'),
  type: t('history.type'),
  name: t('history.name'),
  active: t('history.active'),
  workStartTime: t('history.workStartTime'),
  workEndTime: t('history.workEndTime'),
  standardWorkingTime: t('history.standardWorkingTime'),
  workingTime: t('history.workingTime'),
  breakTime: t('history.breakTime'),
  ...Object.fromEntries(WEEKDAYS.map((w) => [w.key, t(`weekdays.${w.key}`)])),
});

const parseKeyword = (raw: unknown): FilterQuery => (raw && typeof raw === 'object' && typeof (raw as FilterQuery).keyword === 'string' ? { keyword: (raw as FilterQuery).keyword } : { keyword: undefined });

function ScheduleHistory({ row, onClose }: { row: WorkScheduleRow; onClose: () => void }) {
  const history = useWorkScheduleHistory(row.id);
  const { t } = workSchedulesTexts.useT();
  return (
    <HistoryViewer
      open
      title={t('list.historyTitle', { code: row.work_schedule_code })}
      entries={history.data}
      loading={history.isLoading}
      onClose={onClose}
      fieldLabels={historyLabels(t)}
    />
  );
}

/**
 * The work schedule config tab (spec 002 §2 Policy config; HR, HRM, Admin): filter, the paged table (10 a page) with
 * the active switch and history / edit / remove (confirmed; refused while a policy names the schedule).
 * The filter is kept for the session, so Back from the create/edit page finds the list as it was.
 */
export function WorkScheduleConfigTab() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const { t } = workSchedulesTexts.useT();
  const fields = useMemo(() => filterFields(t), [t]);
  const [filters, setFilters] = useSessionState(sessionKey('tms.policy-config.work-schedule.filter', user?.userName), parseKeyword);
  const [historyRow, setHistoryRow] = useState<WorkScheduleRow | null>(null);
  const list = useWorkSchedules(filters);
  const toggle = useSetWorkScheduleActive();
  const remove = useRemoveWorkSchedule();

  const onToggle = (row: WorkScheduleRow, active: boolean) =>
    toggle.mutate({ id: row.id, active, version: row.version }, { onSuccess: (res) => notifySuccess(res.message), onError: (e) => notifyApiError(e) });

  const onRemove = (row: WorkScheduleRow) =>
    confirmDialog({
      content: t('list.removeConfirm', { code: row.work_schedule_code }),
      okText: t('list.remove'),
      danger: true,
      onOk: () =>
        remove.mutateAsync({ id: row.id, version: row.version }).then(
          (res) => {
            notifySuccess(res.message);
            list.afterDelete();
          },
          (e: unknown) => notifyApiError(e),
        ),
    });

  const extra = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(WORK_SCHEDULE_CREATE_PAGE)} data-testid="work-schedule-create">
      {t('list.create')}
    </Button>
  );

  return (
    <>
      <FilterBar
        fields={fields}
        formName="work-schedule-filter"
        initialValues={{ keyword: filters.keyword }}
        onSearch={(query) => (query.keyword === filters.keyword ? void list.refetch() : setFilters({ keyword: query.keyword }))}
        reloadTo="empty"
        extra={extra}
        loading={list.loading}
      />
      <PagedTable<WorkScheduleRow>
        {...list.tableProps}
        columns={workScheduleColumns(t, { onHistory: setHistoryRow, onEdit: (row) => navigate(workScheduleEditPage(row.id)), onRemove, onToggle, toggling: toggle.isPending ? toggle.variables?.id : undefined })}
        rowKey="id"
        data-testid="work-schedule-table"
        tableProps={{ locale: { emptyText: <Empty description={t('list.empty')} /> } }}
      />
      {historyRow ? <ScheduleHistory row={historyRow} onClose={() => setHistoryRow(null)} /> : null}
    </>
  );
}

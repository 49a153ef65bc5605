import { useEffect, useMemo, useState } from 'react';
import { Drawer, Empty } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE } from '@tms/contracts/api';
import { TIMESHEET_LIST_DEFAULT_SIZE, type GridRow } from '@tms/contracts/timesheet-grid';
import { TIMESHEET_MODIFIERS } from '@tms/contracts/timesheet-modify';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { periodsQuery, serverTimeQuery, usePeriods } from '../../../lib/lookups.ts';
import { useGridStatistic } from '../api/get-grid-statistic.ts';
import { useTimesheetGrid } from '../api/get-timesheet-grid.ts';
import { useTimesheetInfo } from '../api/get-timesheet-info.ts';
import { invalidateTimesheetData } from '../api/timesheet-keys.ts';
import { isTimesheetEditable, type ModifyTarget } from '../modify/modify-form.ts';
import { ModifyModal } from '../modify/modify-modal.tsx';
import { TimesheetDetailView } from '../my-timesheet/my-timesheet-tab.tsx';
import { sessionKey, useSessionState } from '../../../lib/use-session-state.ts';
import { TimesheetToolbar } from '../toolbar/timesheet-toolbar.tsx';
import { ListFilterBar } from './list-filter-bar.tsx';
import { gridFilterQuery, gridListQuery, parseListState, sameFilter, toGridFilter, type ListFilterValues } from './list-state.ts';
import { NoteDrawer } from './note-drawer.tsx';
import { PeriodHeader } from './period-header.tsx';
import { pickPeriod } from './periods.ts';
import { StatisticLine } from './statistic-line.tsx';
import { TimesheetGrid } from './timesheet-grid.tsx';
import { TimesheetLegend } from '../legend/timesheet-legend.tsx';
import { timesheetTexts } from '../i18n/index.ts';

const LIST_STORAGE_KEY = 'tms.timesheet.list';

/**
 * The Timesheet List tab (spec 001 §2.1; ADMIN, HR, HRM): payroll period, filter area, statistic, status, the
 * toolbar, the HR grid, the Note and Timesheet Detail drawers and the Modify modal. Period, filter, page, size and
 * sort are remembered for the session (spec 001 §9).
 */
export function TimesheetListTab() {
  const client = useQueryClient();
  const { data: user } = useCurrentUser();
  const { t } = timesheetTexts.useT();
  const [state, setState] = useSessionState(sessionKey(LIST_STORAGE_KEY, user?.userName), parseListState);
  const periods = usePeriods();
  const serverTime = useQuery(serverTimeQuery);
  const period = pickPeriod(periods.data, serverTime.data?.today, state.periodId);
  const periodId = period?.timesheet_id ?? null;

  // The opening period is remembered like a chosen one.
  useEffect(() => {
    if (periodId !== null && periodId !== state.periodId) setState((s) => ({ ...s, periodId }));
  }, [periodId, state.periodId, setState]);

  const info = useTimesheetInfo(periodId);
  const gridFilter = useMemo(() => toGridFilter(state.filter), [state.filter]);
  const filterQuery = useMemo(() => gridFilterQuery(gridFilter), [gridFilter]);
  const listQuery = useMemo(
    () => (periodId === null ? {} : gridListQuery(periodId, { page: state.page, size: state.size, sort: state.sort, direction: state.direction }, gridFilter)),
    [periodId, state.page, state.size, state.sort, state.direction, gridFilter],
  );
  const grid = useTimesheetGrid(listQuery, periodId !== null);
  const statistic = useGridStatistic(periodId, filterQuery);

  // Spec 001 §8: a failed load empties the list and puts paging back to its default.
  const failed = grid.data?.failed === true;
  useEffect(() => {
    if (failed) setState((s) => (s.page === DEFAULT_PAGE && s.size === TIMESHEET_LIST_DEFAULT_SIZE ? s : { ...s, page: DEFAULT_PAGE, size: TIMESHEET_LIST_DEFAULT_SIZE }));
  }, [failed, setState]);

  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [modifyTarget, setModifyTarget] = useState<ModifyTarget | null>(null);
  const [detailRow, setDetailRow] = useState<GridRow | null>(null);
  const [noteOpen, setNoteOpen] = useState(false);

  const editable = isTimesheetEditable(info.data?.status) && hasRole(user, ...TIMESHEET_MODIFIERS);

  const changePeriod = (id: number) => {
    setSelectedIds([]);
    setState((s) => ({ ...s, periodId: id, page: DEFAULT_PAGE }));
  };

  const search = (filter: ListFilterValues, employeeLabels: Record<string, string>) => {
    setSelectedIds([]);
    if (sameFilter(filter, state.filter)) {
      // Search and Reload Search always re-read, also with the filter already shown.
      setState((s) => ({ ...s, employeeLabels }));
      if (periodId !== null) {
        void grid.refetch();
        void statistic.refetch();
      }
      return;
    }
    setState((s) => ({ ...s, filter, employeeLabels, page: DEFAULT_PAGE }));
  };

  // A toolbar action (calculate, import, review …) may change any figure and the period's status.
  const onChanged = () => {
    void invalidateTimesheetData(client);
    void client.invalidateQueries({ queryKey: periodsQuery.queryKey });
  };

  const page = grid.data?.page;
  return (
    <>
      <PeriodHeader periods={periods.data} loading={periods.isLoading} periodId={periodId} onChange={changePeriod} info={info.data} />
      <ListFilterBar value={state.filter} employeeLabels={state.employeeLabels} onSearch={search} onNote={() => setNoteOpen(true)} loading={grid.isFetching} />
      {periods.isSuccess && periods.data.length === 0 ? (
        <Empty description={t('list.noPeriod')} />
      ) : (
        <>
          <StatisticLine statistic={statistic.data} />
          {info.data ? <TimesheetToolbar timesheet={info.data} filter={gridFilter} selectedEmployeeIds={selectedIds} onChanged={onChanged} /> : null}
          <TimesheetLegend of="grid" />
          <TimesheetGrid
            period={info.data ?? period}
            rows={grid.data?.rows ?? []}
            total={page?.total_element ?? 0}
            page={state.page}
            size={state.size}
            loading={grid.isFetching}
            onPageChange={(p, size) => setState((s) => ({ ...s, page: p, size }))}
            selectedIds={selectedIds}
            onSelect={setSelectedIds}
            filterQuery={filterQuery}
            editable={editable}
            onModify={setModifyTarget}
            onStaffClick={setDetailRow}
          />
        </>
      )}
      <NoteDrawer open={noteOpen} onClose={() => setNoteOpen(false)} />
      <Drawer title={t('list.detail')} size="50%" open={detailRow !== null} onClose={() => setDetailRow(null)} destroyOnHidden data-testid="ts-detail-drawer">
        {detailRow && periodId !== null ? <TimesheetDetailView timesheetId={periodId} employeeId={detailRow.id} flexible={detailRow.rule_type === 'HOUR'} /> : null}
      </Drawer>
      {modifyTarget && info.data ? <ModifyModal target={modifyTarget} timesheet={info.data} filter={gridFilter} onClose={() => setModifyTarget(null)} /> : null}
    </>
  );
}

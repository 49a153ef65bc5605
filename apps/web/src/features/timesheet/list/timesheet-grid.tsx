import type { GridRow } from '@tms/contracts/timesheet-grid';
import { PagedTable } from '../../../components/paged-table.tsx';
import type { Query } from '../../../lib/api-client.ts';
import type { ModifyTarget } from '../modify/modify-form.ts';
import { daySlots } from './day-slots.ts';
import { gridColumns } from './grid-columns.tsx';
import { useGridLayout } from './use-compact-grid.ts';
import { timesheetTexts } from '../i18n/index.ts';
import './timesheet-grid.css';
import { useUnfocusMeasureRow } from '../../../components/use-unfocus-measure-row.ts';
import { useFillHeight } from './use-fill-height.ts';

export type TimesheetGridProps = {
  period: { from_date: string; to_date: string } | undefined;
  rows: GridRow[];
  total: number;
  page: number;
  size: number;
  loading: boolean;
  onPageChange: (page: number, size: number) => void;
  selectedIds: number[];
  onSelect: (ids: number[]) => void;
  filterQuery: Query;
  editable: boolean;
  onModify: (target: ModifyTarget) => void;
  onStaffClick: (row: GridRow) => void;
};

/**
 * The HR grid (spec 001 §2.1): server-paged, row checkboxes for the toolbar, one column per day, compact under
 * 1400 px, its body as tall as the window allows (use-fill-height.ts). Right-click a row → Modify Row while the
 * timesheet is editable.
 */
export function TimesheetGrid({ period, rows, total, page, size, loading, onPageChange, selectedIds, onSelect, filterQuery, editable, onModify, onStaffClick }: TimesheetGridProps) {
  const layout = useGridLayout();
  const { t } = timesheetTexts.useT();
  const compact = layout !== 'wide';
  const slots = period ? daySlots(period.from_date, period.to_date, compact, t) : [];
  const columns = gridColumns({ slots, compact, layout, filterQuery, editable, hasRows: rows.length > 0, onStaffClick, onModify, t });
  const wrapper = useUnfocusMeasureRow();
  const scrollY = useFillHeight(wrapper);

  return (
    <div ref={wrapper}>
      <PagedTable<GridRow>
        columns={columns}
        rows={rows}
        total={total}
        page={page}
        size={size}
        loading={loading}
        onChange={onPageChange}
        rowKey="id"
        scrollY={scrollY}
        data-testid="ts-grid"
        tableProps={{
          size: 'small',
          bordered: true,
          className: ['ts-grid', compact ? 'ts-grid--compact' : '', layout === 'narrow' ? 'ts-grid--narrow' : ''].filter(Boolean).join(' '),
          rowSelection: {
            selectedRowKeys: selectedIds,
            onChange: (keys) => onSelect(keys.map(Number)),
            preserveSelectedRowKeys: true,
            fixed: true,
            columnWidth: 36,
          },
          onRow: (row) => ({
            onContextMenu: (event) => {
              if (!editable) return;
              event.preventDefault();
              onModify({ type: 'row', employeeId: row.id, employeeName: row.name });
            },
          }),
        }}
      />
    </div>
  );
}

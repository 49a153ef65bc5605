import { useEffect, useMemo, useState } from 'react';
import { Button, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { notifyApiError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { exportAbnormalCases, useAbnormalCases, type AbnormalCaseRow } from './api/abnormal-case-api.ts';
import { AbnormalDrawer } from './components/abnormal-drawer.tsx';
import { abnormalColumns } from './components/abnormal-columns.tsx';
import { abnormalFilters } from './components/abnormal-filters.ts';
import { ExplainModal } from './components/explain-modal.tsx';
import { abnormalCaseTexts } from './i18n/index.ts';

/** Only the STAFF role (no lead, HR, admin or PM relation): the staff variant of the filters (spec 001 §2.5). */
function isStaffOnly(user: Parameters<typeof hasRole>[0]): boolean {
  return hasRole(user, 'STAFF') && !hasRole(user, 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'PM');
}

/** A case on a phone: its date and status, what was abnormal and by how much, the punches; the staff button opens it. */
const ABNORMAL_CARD = { title: ['abnormal_date'], status: 'status', fields: ['reason_type', 'minute_violation', 'check_in', 'check_out', 'work_schedule', 'staff'] };

/**
 * /timesheet/abnormal-case (spec 001 §2.5, §4.3, §5.4, §7.4): the cases the engine found, explain / approve / reject /
 * delegate from the detail drawer; `?id=` highlights and scrolls to that row.
 */
export function AbnormalCasePage() {
  const { t } = abnormalCaseTexts.useT();
  const { data: user } = useCurrentUser();
  const [params] = useSearchParams();
  const highlightId = Number(params.get('id')) || null;
  // ?id= (a notification's link) narrows the first load to that case; any search shows the whole list again.
  const [filters, setFilters] = useState<FilterQuery>(() => (highlightId ? { id: String(highlightId) } : {}));
  const list = useAbnormalCases(filters);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [explaining, setExplaining] = useState<AbnormalCaseRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const selected = list.rows.find((r) => r.id === selectedId) ?? null;

  // ?id=: scroll the highlighted row into view once it is on the page.
  const highlightedLoaded = highlightId !== null && list.rows.some((r) => r.id === highlightId);
  useEffect(() => {
    if (!highlightedLoaded) return;
    document.querySelector(`[data-row-key="${highlightId}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlightedLoaded, highlightId]);

  const exportList = async () => {
    if (list.total === 0) {
      notifyWarning(abnormalCaseTexts.t('messages.noDataExport'));
      return;
    }
    setExporting(true);
    try {
      await exportAbnormalCases(filters);
      notifySuccess(abnormalCaseTexts.t('messages.exported'));
    } catch (error) {
      notifyApiError(error, abnormalCaseTexts.t('messages.noDataExport'));
    } finally {
      setExporting(false);
    }
  };

  const caller = user ? { userName: user.userName, employeeId: user.employeeId, roles: user.roles } : undefined;
  const staffOnly = isStaffOnly(user);
  const fields = useMemo(() => abnormalFilters(t, staffOnly), [t, staffOnly]);

  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="abnormal-note">
        {t('note')}
      </Typography.Paragraph>
      <FilterBar
        key={staffOnly ? 'staff' : 'full'}
        fields={fields}
        formName="abnormal-filter"
        onSearch={(query) => setFilters(query)}
        onReload={() => void list.refetch()}
        loading={list.loading}
        extra={
          <Button icon={<FileExcelOutlined aria-hidden />} onClick={exportList} loading={exporting} data-testid="abnormal-export">
            {t('exportExcel')}
          </Button>
        }
      />
      <PagedTable<AbnormalCaseRow>
        {...list.tableProps}
        columns={abnormalColumns((row) => setSelectedId(row.id), t)}
        rowKey="id"
        onRowClick={(row) => setSelectedId(row.id)}
        card={ABNORMAL_CARD}
        data-testid="abnormal-table"
        tableProps={{
          rowClassName: (row) => (row.id === highlightId ? 'ant-table-row-selected tms-row-highlight' : ''),
          locale: { emptyText: t('empty') },
        }}
      />
      {selected ? (
        <AbnormalDrawer
          row={selected}
          user={caller}
          onClose={() => {
            setSelectedId(null);
            void list.refetch();
          }}
          onExplain={() => setExplaining(selected)}
        />
      ) : null}
      {explaining ? (
        <ExplainModal
          row={explaining}
          userId={user?.userId}
          onClose={(saved) => {
            setExplaining(null);
            if (saved) {
              setSelectedId(null);
              void list.refetch();
            }
          }}
        />
      ) : null}
    </>
  );
}

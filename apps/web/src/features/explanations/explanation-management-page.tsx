import { useEffect, useMemo, useState } from 'react';
import { Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { FilterBar } from '../../components/filter-bar.tsx';
import { toFilterQuery, type FilterValues } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { useExplanations, type ExplanationRow } from './api/explanations-api.ts';
import { ExplanationDrawer } from './components/explanation-drawer.tsx';
import { explanationColumns } from './components/explanation-columns.tsx';
import { explanationFilters } from './components/explanation-filters.ts';
import { currentMonthRange, fromStored, toStored, usesManagementFilters, type StoredFilter } from './explanation-rules.ts';
import { explanationsTexts } from './i18n/index.ts';

/** Table body height 550 (spec 001 §2.6). */
const SCROLL_Y = 550;

/** An explanation on a phone: its date and status, the title (a button opening it), reason type and the people. */
const EXPLANATION_CARD = { title: ['abnormal_date'], status: 'status', fields: ['title', 'reason_type', 'created_by', 'approved_by'] };

/**
 * /timesheet/explanation-management (spec 001 §2.6, §4.4, §5.5, §7.5): the explanations in scope, current month by
 * default, the filter kept for the session; a row opens the "Explanation Detail" drawer.
 */
export function ExplanationManagementPage() {
  const { t } = explanationsTexts.useT();
  const { data: user } = useCurrentUser();
  const caller = user ? { userName: user.userName, employeeId: user.employeeId, roles: user.roles } : undefined;
  const management = usesManagementFilters(caller);
  const fields = useMemo(() => explanationFilters(t, management), [t, management]);
  const defaults = useMemo<FilterValues>(() => ({ date: currentMonthRange() }), []);
  const [stored, setStored] = useSessionState<StoredFilter>(sessionKey('explanation-filter', user?.userName), (raw) => toStored(fromStored(raw, defaults)));
  const values = useMemo(() => fromStored(stored, defaults), [stored, defaults]);
  // ?id= (a notification's link) shows that explanation whatever its date and opens it once; a search ends it.
  const [params] = useSearchParams();
  const [linkedId, setLinkedId] = useState(() => Number(params.get('id')) || null);
  const query = useMemo(() => (linkedId ? { id: String(linkedId) } : toFilterQuery(fields, values)), [linkedId, fields, values]);
  const list = useExplanations(query, user !== undefined);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [openedLink, setOpenedLink] = useState(false);
  const linkedLoaded = linkedId !== null && list.rows.some((r) => r.id === linkedId);
  useEffect(() => {
    if (!linkedLoaded || openedLink) return;
    setOpenedLink(true);
    setSelectedId(linkedId);
  }, [linkedLoaded, openedLink, linkedId]);
  // 'Reload Search' goes back to the default filter: the bar is rebuilt with it.
  const [resets, setResets] = useState(0);
  const selected = list.rows.find((r) => r.id === selectedId) ?? null;

  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <FilterBar
        key={`${management ? 'management' : 'by-staff'}:${user?.userName ?? ''}:${resets}`}
        fields={fields}
        formName="explanation-filter"
        initialValues={values}
        onSearch={(_query, next) => {
          setLinkedId(null);
          setStored(toStored(next));
        }}
        onReload={() => {
          setLinkedId(null);
          setStored(toStored(defaults));
          setResets((n) => n + 1);
          void list.refetch();
        }}
        loading={list.loading}
      />
      <PagedTable<ExplanationRow>
        {...list.tableProps}
        columns={explanationColumns((row) => setSelectedId(row.id), t)}
        rowKey="id"
        scrollY={SCROLL_Y}
        onRowClick={(row) => setSelectedId(row.id)}
        card={EXPLANATION_CARD}
        data-testid="explanation-table"
        tableProps={{
          locale: { emptyText: t('empty') },
          rowClassName: (row) => (row.id === linkedId ? 'ant-table-row-selected' : ''),
        }}
      />
      {selected ? (
        <ExplanationDrawer
          key={selected.id}
          row={selected}
          user={caller}
          onClose={() => {
            setSelectedId(null);
            void list.refetch();
          }}
        />
      ) : null}
    </>
  );
}

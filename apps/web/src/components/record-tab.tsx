import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { notifySuccess } from '../lib/notify.ts';
import { confirmDialog } from './confirm-dialog.tsx';
import { commonTexts } from './i18n/index.ts';
import type { FilterQuery } from './filter-query.ts';

/**
 * The state and actions every leave tab (a filter bar over a paged list with History / Edit / Remove per row, Add New
 * and Import) handles the same way.
 */

/** The one dialog a tab has open; each mounts only while open, so it opens with a fresh form. */
export type RecordDialog<Row> = { kind: 'add' } | { kind: 'import' } | { kind: 'edit'; row: Row } | { kind: 'history'; row: Row } | null;

/** Same parameters with the same values; an empty parameter equals an absent one. */
export function sameQuery(a: FilterQuery, b: FilterQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

/**
 * Spec 000 §4: after deleting the last row of a page the page number goes back by one (never below page 1); else
 * the page stays and reloads.
 */
export function pageAfterRemoval(rowsOnPage: number, page: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}

/** The paged list a tab shows (usePagedList). */
type TabList = { rows: readonly unknown[]; page: number; size: number; setPage: (page: number, size: number) => void; refetch: () => unknown };

/** The filters and the open dialog of a tab; `search` is the filter bar's onSearch. */
export function useRecordTab<Row, Filters extends FilterQuery>(initialFilters: Filters) {
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [dialog, setDialog] = useState<RecordDialog<Row>>(null);
  const closeDialog = () => setDialog(null);
  // Search and Reload Search always re-read the list, also when the filters are the ones already shown.
  const searchWith = (list: Pick<TabList, 'refetch'>) => (query: FilterQuery) =>
    sameQuery(query, filters) ? void list.refetch() : setFilters(query as Filters);
  const handlers = {
    onHistory: (row: Row) => setDialog({ kind: 'history', row }),
    onEdit: (row: Row) => setDialog({ kind: 'edit', row }),
  };
  return { filters, dialog, setDialog, closeDialog, searchWith, handlers };
}

/**
 * Confirm, then remove: the server's message is toasted and removing the last row of a page goes back one page
 * (spec 000 §4). A refused removal will not pass on a retry, so the dialog closes; the mutation cache shows why.
 */
export function confirmRemoval(opts: { title?: string; content: string; list: TabList; remove: () => Promise<{ message: string }> }): void {
  const { list } = opts;
  const rowsOnPage = list.rows.length;
  confirmDialog({
    title: opts.title,
    content: opts.content,
    danger: true,
    onOk: () =>
      opts.remove().then(
        ({ message }) => {
          notifySuccess(message);
          const page = pageAfterRemoval(rowsOnPage, list.page);
          if (page !== list.page) list.setPage(page, list.size);
        },
        () => undefined,
      ),
  });
}

/** 'Add New' and, when `onImport` is given, 'Import' (data-testid `${testIdPrefix}-add`, `${testIdPrefix}-import`). */
export function AddImportButtons({ testIdPrefix, onAdd, onImport }: { testIdPrefix: string; onAdd: () => void; onImport?: () => void }) {
  const { t } = commonTexts.useT();
  return (
    <>
      <Button icon={<PlusOutlined aria-hidden />} onClick={onAdd} data-testid={`${testIdPrefix}-add`}>
        {t('actions.addNew')}
      </Button>
      {onImport ? (
        <Button icon={<UploadOutlined aria-hidden />} onClick={onImport} data-testid={`${testIdPrefix}-import`}>
          {t('actions.import')}
        </Button>
      ) : null}
    </>
  );
}

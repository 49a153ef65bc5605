import { useRef, type Key, type ReactNode } from 'react';
import { Table, type TableColumnsType, type TableProps, type TableRef } from 'antd';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@tms/contracts/api';
import { commonTexts } from './i18n/index.ts';
import { PAGE_SIZE_OPTIONS, pageTotalText } from './paged-table-text.ts';
import { useScrollRegion } from './use-scroll-region.ts';

export type PagedTableProps<Row> = {
  columns: TableColumnsType<Row>;
  /** The current page's rows (undefined while nothing is loaded). */
  rows: readonly Row[] | undefined;
  /** Total rows on the server (`page.total_element`). */
  total: number;
  /** 1-based page; default 1. */
  page?: number;
  /** Rows per page; default 10. */
  size?: number;
  loading?: boolean;
  /** Page or page size changed; a new size starts again at page 1. */
  onChange: (page: number, size: number) => void;
  rowKey: string | ((row: Row) => Key);
  /** Makes rows clickable (pointer cursor). Clicks on buttons and links inside a row are not forwarded. */
  onRowClick?: (row: Row) => void;
  /** Body height in px; default 600 (spec 000 §9 "Table body height 600"). */
  scrollY?: number;
  /** Horizontal scroll width; default 'max-content'. */
  scrollX?: number | string | true;
  pageSizeOptions?: number[];
  /** Row selection, expandable rows, summary and the like, passed to antd Table as they are. */
  tableProps?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'pagination' | 'loading' | 'rowKey' | 'onChange' | 'scroll'>;
  title?: () => ReactNode;
  /**
   * The name of the table's scrolling box, which takes focus whenever it holds more than it shows, so keyboard users
   * can scroll it (use-scroll-region.ts); default 'Table, scroll with the arrow keys'.
   */
  regionLabel?: string;
  'data-testid'?: string;
};

/**
 * antd Table with server paging: size changer, total text exactly 'x-y of n items' (spec 000 §9 defaults
 * page 1, size 10, body height 600).
 */
export function PagedTable<Row extends object>({
  columns,
  rows,
  total,
  page = DEFAULT_PAGE,
  size = DEFAULT_PAGE_SIZE,
  loading,
  onChange,
  rowKey,
  onRowClick,
  scrollY = 600,
  scrollX = 'max-content',
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  tableProps,
  title,
  regionLabel,
  ...rest
}: PagedTableProps<Row>) {
  const { t: text } = commonTexts.useT();
  const table = useRef<TableRef>(null);
  useScrollRegion(table, regionLabel ?? text('table.scrollRegion'));

  return (
    <Table<Row>
      {...tableProps}
      ref={table}
      data-testid={rest['data-testid']}
      title={title}
      columns={columns}
      dataSource={rows as Row[] | undefined}
      rowKey={rowKey}
      loading={loading}
      // An empty table gets no vertical scroll body: antd would render an empty scrollable region that keyboard users
      // cannot focus (axe: scrollable-region-focusable).
      scroll={{ x: scrollX, y: rows && rows.length > 0 ? scrollY : undefined }}
      pagination={{
        current: page,
        pageSize: size,
        total,
        showSizeChanger: true,
        pageSizeOptions,
        showTotal: (total, range) => pageTotalText(total, range, text),
      }}
      onChange={(pagination) => {
        const nextSize = pagination.pageSize ?? size;
        onChange(nextSize !== size ? 1 : (pagination.current ?? 1), nextSize);
      }}
      onRow={
        onRowClick
          ? (row) => ({
              onClick: (event) => {
                if ((event.target as HTMLElement).closest('button, a, input, .ant-dropdown-trigger, .ant-checkbox-wrapper')) return;
                onRowClick(row);
              },
              style: { cursor: 'pointer' },
            })
          : tableProps?.onRow
      }
    />
  );
}

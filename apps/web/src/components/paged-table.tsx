import { useRef, type Key, type ReactNode } from 'react';
import { Pagination, Table, type TableColumnsType, type TableProps, type TableRef } from 'antd';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@tms/contracts/api';
import { usePhoneLayout } from '../lib/use-phone-layout.ts';
import { commonTexts } from './i18n/index.ts';
import { PAGE_SIZE_OPTIONS, pageTotalText } from './paged-table-text.ts';
import { fromControl, TableCards, type CardLayout } from './table-cards.tsx';
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
  /** On a phone-wide window the rows become cards built from these columns (issue 26 §3); without it the table stays. */
  card?: CardLayout;
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
  card,
  ...rest
}: PagedTableProps<Row>) {
  const { t: text } = commonTexts.useT();
  const phone = usePhoneLayout();
  const table = useRef<TableRef>(null);
  useScrollRegion(table, regionLabel ?? text('table.scrollRegion'));
  const pagination = {
    current: page,
    pageSize: size,
    total,
    showSizeChanger: true,
    pageSizeOptions,
    showTotal: (total: number, range: [number, number]) => pageTotalText(total, range, text),
  };

  if (phone && card) {
    const rowClassName = tableProps?.rowClassName;
    return (
      <>
        <TableCards<Row>
          columns={columns}
          rows={rows}
          layout={card}
          rowKey={rowKey}
          onRowClick={onRowClick}
          loading={loading}
          empty={tableProps?.locale?.emptyText as ReactNode}
          rowClassName={typeof rowClassName === 'function' ? (row, index) => rowClassName(row, index, 0) : undefined}
          aria-label={regionLabel}
          data-testid={rest['data-testid']}
        />
        {total > 0 ? (
          <Pagination
            {...pagination}
            className="tms-cards-pager"
            size="small"
            onChange={(current, pageSize) => onChange(pageSize !== size ? 1 : current, pageSize)}
          />
        ) : null}
      </>
    );
  }

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
      pagination={pagination}
      onChange={(pagination) => {
        const nextSize = pagination.pageSize ?? size;
        onChange(nextSize !== size ? 1 : (pagination.current ?? 1), nextSize);
      }}
      onRow={
        onRowClick
          ? (row) => ({
              onClick: (event) => {
                if (fromControl(event)) return;
                onRowClick(row);
              },
              style: { cursor: 'pointer' },
            })
          : tableProps?.onRow
      }
    />
  );
}

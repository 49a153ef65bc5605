import type { HTMLAttributes, KeyboardEvent, Key, MouseEvent, ReactNode } from 'react';
import { Empty, Spin, type TableColumnsType } from 'antd';
import './table-cards.css';

/**
 * Which of a table's columns (by `key`, else `dataIndex`) make a row's card on a phone (issue 26 §3): the title line
 * (date or name), the status tag beside it, the lines of label and value (amounts, types) and the row's actions.
 * Columns not named are left out of the card; the desktop table keeps them all.
 */
export type CardLayout = {
  title: readonly string[];
  status?: string;
  fields?: readonly string[];
  actions?: string;
};

export type TableCardsProps<Row> = {
  columns: TableColumnsType<Row>;
  rows: readonly Row[] | undefined;
  layout: CardLayout;
  rowKey: string | ((row: Row) => Key);
  onRowClick?: (row: Row) => void;
  loading?: boolean;
  empty?: ReactNode;
  /** The table's row class (a highlighted row stays highlighted as a card). */
  rowClassName?: (row: Row, index: number) => string;
  /** Attributes of each card, as antd's `onRow` gives a row's (test ids). */
  cardProps?: (row: Row) => HTMLAttributes<HTMLElement>;
  'aria-label'?: string;
  'data-testid'?: string;
};

/** A click on a control inside a row or card is that control's, not the row's. */
export function fromControl(event: MouseEvent | KeyboardEvent): boolean {
  return Boolean((event.target as HTMLElement).closest('button, a, input, .ant-dropdown-trigger, .ant-checkbox-wrapper'));
}

/**
 * What a card reads of an antd column. Kept this small on purpose: checking antd's generic column types against each
 * other (a cast from TableColumnsType to ColumnType, `in` narrowing of a render's result) made tsc run for many minutes.
 */
type CardColumn<Row> = {
  key?: Key;
  dataIndex?: string | number | readonly (string | number)[];
  title?: unknown;
  render?: (value: unknown, row: Row, index: number) => unknown;
  onCell?: (row: Row, index?: number) => { className?: string } | undefined;
};

const columnKey = <Row,>(column: CardColumn<Row>): string =>
  String(column.key ?? (Array.isArray(column.dataIndex) ? column.dataIndex.join('.') : (column.dataIndex ?? '')));

/** antd's RenderedCell: a render may answer `{ children, props }` instead of a node; the card keeps the children. */
const isRenderedCell = (drawn: unknown): drawn is { children: unknown } =>
  drawn !== null && typeof drawn === 'object' && !Array.isArray(drawn) && !('$$typeof' in drawn) && 'props' in drawn && 'children' in drawn;

/** A cell as the table would draw it: the column's render of the row's value. */
function cellOf<Row>(column: CardColumn<Row>, row: Row, index: number): ReactNode {
  const path = column.dataIndex === undefined ? [] : Array.isArray(column.dataIndex) ? column.dataIndex : [column.dataIndex];
  const value = path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k as string], row);
  const drawn: unknown = column.render ? column.render(value, row, index) : value;
  return (isRenderedCell(drawn) ? drawn.children : drawn) as ReactNode;
}

/** A table's rows as cards, for a phone-wide window: nothing scrolls sideways. */
export function TableCards<Row extends object>({ columns, rows, layout, rowKey, onRowClick, loading, empty, rowClassName, cardProps, ...rest }: TableCardsProps<Row>) {
  const byKey = new Map((columns as unknown as CardColumn<Row>[]).map((c) => [columnKey(c), c]));
  const pick = (keys: readonly string[] | undefined) => (keys ?? []).flatMap((k) => byKey.get(k) ?? []);
  const keyOf = (row: Row) => (typeof rowKey === 'function' ? rowKey(row) : (row as Record<string, Key>)[rowKey]);
  const label = (column: CardColumn<Row>) => (typeof column.title === 'function' ? null : (column.title as ReactNode));
  const [status, actions] = [layout.status, layout.actions].map((k) => (k ? byKey.get(k) : undefined));

  return (
    <Spin spinning={Boolean(loading)}>
      {!rows || rows.length === 0 ? (
        <div className="tms-cards-empty" data-testid={rest['data-testid']}>
          {empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        </div>
      ) : (
        <ul className="tms-cards" aria-label={rest['aria-label']} data-testid={rest['data-testid']}>
          {rows.map((row, index) => {
            const open = onRowClick ? () => onRowClick(row) : undefined;
            return (
              <li
                key={keyOf(row)}
                data-row-key={keyOf(row)}
                {...cardProps?.(row)}
                className={['tms-card', open ? 'tms-card-clickable' : '', rowClassName?.(row, index) ?? ''].join(' ')}
                // The card opens like the table's row; the keyboard reaches it too (Enter on the focused card).
                tabIndex={open ? 0 : undefined}
                onClick={open && ((event) => !fromControl(event) && open())}
                onKeyDown={open && ((event) => event.key === 'Enter' && event.target === event.currentTarget && open())}
              >
                <div className="tms-card-head">
                  <div className="tms-card-title">
                    {pick(layout.title).map((c) => (
                      <span key={columnKey(c)}>{cellOf(c, row, index)}</span>
                    ))}
                  </div>
                  {status ? <div className="tms-card-status">{cellOf(status, row, index)}</div> : null}
                </div>
                {layout.fields?.length ? (
                  <dl className="tms-card-fields">
                    {pick(layout.fields).map((c) => (
                      <div key={columnKey(c)}>
                        <dt>{label(c)}</dt>
                        <dd className={c.onCell?.(row, index)?.className}>{cellOf(c, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {actions ? <div className="tms-card-actions">{cellOf(actions, row, index)}</div> : null}
              </li>
            );
          })}
        </ul>
      )}
    </Spin>
  );
}

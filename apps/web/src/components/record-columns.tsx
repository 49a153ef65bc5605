import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { commonTexts } from './i18n/index.ts';
import { RecordRowActions, type ActionableRow, type RecordRowHandlers } from './record-row-actions.tsx';

/**
 * Column builders the leave lists share, so their No., Staff, amount and Action columns look and behave alike. Their
 * titles are in the language at the time of the call: build the columns while rendering.
 */

type Column<Row> = TableColumnsType<Row>[number];

/** What a leave list's column builder takes: the row handlers, the page shown, and whether the Action column shows. */
export type RecordColumnOptions<Row> = RecordRowHandlers<Row> & {
  /** Current page and size, for the running row number. */
  page: number;
  size: number;
  /** Spec 000 §4: row actions, History included, exist only for HR, HRM and Admin. */
  mayWrite: boolean;
};

/** 'No.': the running row number across pages. */
export function rowNumberColumn<Row>(page: number, size: number, fixed?: 'left'): Column<Row> {
  return { title: commonTexts.t('table.no'), key: 'no', width: 64, ...(fixed ? { fixed } : {}), align: 'center', render: (_value, _row, index) => (page - 1) * size + index + 1 };
}

/** 'Staff': the name over the user name. */
export function staffColumn<Row>(staff: (row: Row) => { name: string; username: string }): Column<Row> {
  return {
    title: commonTexts.t('table.staff'),
    key: 'staff',
    width: 220,
    fixed: 'left',
    render: (_value, row) => {
      const { name, username } = staff(row);
      return (
        <>
          <div>{name}</div>
          <Typography.Text type="secondary">{username}</Typography.Text>
        </>
      );
    },
  };
}

/** A right-aligned amount (hours, days) written by `format`. */
export function amountColumn<Row>(title: string, key: keyof Row & string, format: (amount: number) => ReactNode, width = 110): Column<Row> {
  return { title, dataIndex: key, key, width, align: 'right', render: (amount: number) => format(amount) };
}

/** 'Action': the row's History / Edit / Remove buttons (RecordRowActions). */
export function actionColumn<Row extends ActionableRow>(handlers: RecordRowHandlers<Row>, testIdPrefix?: string): Column<Row> {
  return {
    title: commonTexts.t('table.action'),
    key: 'action',
    width: 120,
    fixed: 'right',
    align: 'center',
    render: (_value, row) => <RecordRowActions row={row} {...handlers} testIdPrefix={testIdPrefix} />,
  };
}

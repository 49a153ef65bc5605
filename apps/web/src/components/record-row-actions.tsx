import { Button, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { commonTexts } from './i18n/index.ts';
import { RowActionsSpace } from './row-actions-space.tsx';

/** A listed record the server flags for the caller: `canEdit`, `canRemove` (spec 000 §4 row rules). */
export type ActionableRow = { id: number; canEdit: boolean; canRemove: boolean };

export type RecordRowHandlers<Row> = {
  onHistory: (row: Row) => void;
  onEdit: (row: Row) => void;
  onRemove: (row: Row) => void;
};

type RecordRowActionsProps<Row extends ActionableRow> = RecordRowHandlers<Row> & {
  row: Row;
  /** Buttons get data-testid `${testIdPrefix}-history-${id}` (…-edit-, …-remove-) when given. */
  testIdPrefix?: string;
};

/**
 * The row actions of the leave screens (spec 000 §4, for HR, HRM and Admin only; the callers leave the Action column
 * out for other readers): History always; Edit and Remove as the server's `canEdit`/`canRemove` allow.
 */
export function RecordRowActions<Row extends ActionableRow>({ row, onHistory, onEdit, onRemove, testIdPrefix }: RecordRowActionsProps<Row>) {
  const { t } = commonTexts.useT();
  const testId = (action: string) => (testIdPrefix ? `${testIdPrefix}-${action}-${row.id}` : undefined);
  return (
    <RowActionsSpace>
      <Tooltip title={t('actions.history')}>
        <Button type="text" size="small" icon={<HistoryOutlined aria-hidden />} aria-label={t('actions.history')} onClick={() => onHistory(row)} data-testid={testId('history')} />
      </Tooltip>
      {row.canEdit ? (
        <Tooltip title={t('actions.edit')}>
          <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={t('actions.edit')} onClick={() => onEdit(row)} data-testid={testId('edit')} />
        </Tooltip>
      ) : null}
      {row.canRemove ? (
        <Tooltip title={t('actions.remove')}>
          <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('actions.remove')} onClick={() => onRemove(row)} data-testid={testId('remove')} />
        </Tooltip>
      ) : null}
    </RowActionsSpace>
  );
}

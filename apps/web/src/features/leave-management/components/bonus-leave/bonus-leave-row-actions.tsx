import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { BonusLeaveRow } from '@tms/contracts/bonus-leave';

export type BonusLeaveRowHandlers = {
  onHistory: (row: BonusLeaveRow) => void;
  onEdit: (row: BonusLeaveRow) => void;
  onRemove: (row: BonusLeaveRow) => void;
};

type BonusLeaveRowActionsProps = BonusLeaveRowHandlers & { row: BonusLeaveRow };

/**
 * The row actions of HR, HRM and Admin (spec 000 §4 "Row actions exist only for HR, HRM and Admin"; the table has no
 * Action column for the other readers): History always; Edit while the server allows it (not expired); Remove while
 * unused, unexpired and unlocked (spec 000 §4 table). The server decides `canEdit`/`canRemove`.
 */
export function BonusLeaveRowActions({ row, onHistory, onEdit, onRemove }: BonusLeaveRowActionsProps) {
  return (
    <Space size={0}>
      <Tooltip title="History">
        <Button type="text" size="small" icon={<HistoryOutlined aria-hidden />} aria-label="History" onClick={() => onHistory(row)} />
      </Tooltip>
      {row.canEdit ? (
        <Tooltip title="Edit">
          <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label="Edit" onClick={() => onEdit(row)} />
        </Tooltip>
      ) : null}
      {row.canRemove ? (
        <Tooltip title="Remove">
          <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label="Remove" onClick={() => onRemove(row)} />
        </Tooltip>
      ) : null}
    </Space>
  );
}

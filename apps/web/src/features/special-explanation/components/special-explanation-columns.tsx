import { Button, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { SpecialExplanationRow } from '@tms/contracts/special-explanation';
import { specialExplanationTexts } from '../i18n/index.ts';
import { formatTime } from './special-explanation-form.ts';

/**
 * The Special Explanation table (spec 001 §2.7): staff, date, type, time in hours (2 decimals), description,
 * created by, action (Edit — for HR and HRM, while the date is after the lock date). Built with the page's `t`, so a
 * language switch re-renders the headers.
 */
export function specialExplanationColumns({
  mayWrite,
  onEdit,
  t = specialExplanationTexts.t,
}: {
  mayWrite: boolean;
  onEdit: (row: SpecialExplanationRow) => void;
  t?: typeof specialExplanationTexts.t;
}): TableColumnsType<SpecialExplanationRow> {
  const columns: TableColumnsType<SpecialExplanationRow> = [
    {
      title: t('columns.staff'),
      key: 'staff',
      width: 240,
      render: (_v, row) => (
        <>
          {row.employeeName}
          <Typography.Text type="secondary"> ({row.userName})</Typography.Text>
          {row.departmentEmployee ? <div><Typography.Text type="secondary">{row.departmentEmployee}</Typography.Text></div> : null}
        </>
      ),
    },
    { title: t('columns.date'), dataIndex: 'date', key: 'date', width: 120 },
    { title: t('columns.type'), key: 'type', width: 220, render: (_v, row) => <Tooltip title={row.typeNameVi}>{row.typeName}</Tooltip> },
    { title: t('columns.time'), key: 'time', width: 120, align: 'right', render: (_v, row) => formatTime(row.time) },
    { title: t('columns.description'), dataIndex: 'description', key: 'description', width: 280, ellipsis: true },
    {
      title: t('columns.createdBy'),
      key: 'createBy',
      width: 180,
      render: (_v, row) => (
        <>
          {/* The creator by name, their username beside it, as the Staff column shows people. */}
          {row.createByName ? (
            <>
              {row.createByName} <Typography.Text type="secondary">({row.createBy})</Typography.Text>
            </>
          ) : (
            (row.createBy ?? '')
          )}
          {row.departmentCreator ? <div><Typography.Text type="secondary">{row.departmentCreator}</Typography.Text></div> : null}
        </>
      ),
    },
  ];
  if (mayWrite) {
    columns.push({
      title: t('columns.action'),
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_v, row) => (
        <Tooltip title={row.canEdit ? t('columns.edit') : t('columns.locked')}>
          <Button
            type="text"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('columns.edit')}
            disabled={!row.canEdit}
            onClick={() => onEdit(row)}
            data-testid={`special-explanation-edit-${row.id}`}
          />
        </Tooltip>
      ),
    });
  }
  return columns;
}

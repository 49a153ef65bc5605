import { useState } from 'react';
import { Alert, Input, InputNumber, Modal, Table, Typography } from 'antd';
import { OVERTIME_TEXT_MAX } from '@tms/contracts/overtime';
import { FLEXIBLE_MESSAGES as M, round2, type FlexibleDetail } from '@tms/contracts/overtime-flexible';
import { confirmErrors, confirmRows, hours, reasonRequired, shiftLabel, type ConfirmRow } from './flexible-overtime-view.ts';

/**
 * The confirmation modal (spec 001 §4.6, §5.6): per shift the OTpay confirmation (min 0, max the shift's actual, step
 * 0.01, 2 decimals; an empty input resets to the default) and a reason, required when the value differs from the
 * actual unless the request is at index 1. The texts are the spec's. "Edit confirmation" at index 3.
 */
export function FlexibleConfirmModal({
  detail,
  title,
  pending,
  onSubmit,
  onCancel,
}: {
  detail: FlexibleDetail;
  title: string;
  pending: boolean;
  onSubmit: (details: { shift: string; duration_confirm: number | null; reason: string | null }[]) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [rows, setRows] = useState<ConfirmRow[]>(() => confirmRows(detail));
  const [shown, setShown] = useState(false);
  const status = detail.statusStored;
  const errors = confirmErrors(rows, status);
  const update = (shift: string, patch: Partial<ConfirmRow>) => setRows((list) => list.map((r) => (r.shift === shift ? { ...r, ...patch } : r)));

  const submit = async () => {
    setShown(true);
    if (rows.length === 0 || Object.keys(errors).length > 0) return;
    await onSubmit(rows.map((r) => ({ shift: r.shift, duration_confirm: r.value === null ? null : round2(r.value), reason: r.reason.trim() || null })));
  };

  return (
    <Modal
      open
      title={title}
      width={900}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText="Save"
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': 'flexible-confirm-save' } as Record<string, string>}
      cancelButtonProps={{ 'data-testid': 'flexible-confirm-cancel' } as Record<string, string>}
      destroyOnHidden
    >
      {rows.length === 0 ? <Alert type="warning" showIcon title={M.confirmWithoutPay} data-testid="flexible-confirm-no-pay" /> : null}
      <Table<ConfirmRow>
        size="small"
        rowKey="shift"
        pagination={false}
        dataSource={rows}
        data-testid="flexible-confirm-table"
        columns={[
          { title: 'Shift', dataIndex: 'shift', width: 190, render: shiftLabel },
          { title: 'Duration actual', key: 'actual', width: 130, render: (_, r) => hours(r.actual) },
          {
            title: 'OTpay confirmation',
            key: 'value',
            width: 170,
            render: (_, r) => (
              // min 0 / max the actual are checked with the spec's messages below (an antd max would clamp silently).
              <InputNumber
                step={0.01}
                precision={2}
                value={r.value}
                // spec 001 §5.6: an empty input resets to the default (the actual).
                onChange={(v) => update(r.shift, { value: v === null ? r.actual : v })}
                aria-label={`OTpay confirmation of ${shiftLabel(r.shift)}`}
                data-testid={`flexible-confirm-value-${r.shift}`}
              />
            ),
          },
          {
            title: 'Reason',
            key: 'reason',
            render: (_, r) => (
              <div>
                <Input.TextArea
                  rows={1}
                  value={r.reason}
                  maxLength={OVERTIME_TEXT_MAX + 1}
                  placeholder={reasonRequired(r, status) ? 'Required' : 'Optional'}
                  onChange={(e) => update(r.shift, { reason: e.target.value })}
                  aria-label={`Reason of ${shiftLabel(r.shift)}`}
                  data-testid={`flexible-confirm-reason-${r.shift}`}
                />
                {shown && errors[r.shift] ? (
                  <Typography.Text type="danger" data-testid={`flexible-confirm-error-${r.shift}`}>
                    {errors[r.shift]}
                  </Typography.Text>
                ) : null}
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Input, Modal, Table, Typography } from 'antd';
import { OVERTIME_TEXT_MAX } from '@tms/contracts/overtime';
import { round2, type FlexibleDetail } from '@tms/contracts/overtime-flexible';
import { NumberInput } from '../../../components/number-input.tsx';
import { overtimeTexts } from '../i18n/index.ts';
import { shiftLabel } from '../overtime-labels.ts';
import { confirmErrors, confirmRows, hours, reasonRequired, type ConfirmRow } from './flexible-overtime-view.ts';

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
  const { t } = overtimeTexts.useT();
  const errors = confirmErrors(rows, status, t);
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
      okText={t('flexible.confirmModal.save')}
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': 'flexible-confirm-save' } as Record<string, string>}
      cancelButtonProps={{ 'data-testid': 'flexible-confirm-cancel' } as Record<string, string>}
      destroyOnHidden
    >
      {rows.length === 0 ? <Alert type="warning" showIcon title={t('messages.confirmWithoutPay')} data-testid="flexible-confirm-no-pay" /> : null}
      <Table<ConfirmRow>
        size="small"
        rowKey="shift"
        pagination={false}
        dataSource={rows}
        data-testid="flexible-confirm-table"
        columns={[
          { title: t('flexible.confirmModal.shift'), dataIndex: 'shift', width: 190, render: (s: string) => shiftLabel(t, s) },
          { title: t('flexible.confirmModal.durationActual'), key: 'actual', width: 130, render: (_, r) => hours(r.actual) },
          {
            title: t('flexible.confirmModal.value'),
            key: 'value',
            width: 170,
            render: (_, r) => (
              // min 0 / max the actual are checked with the spec's messages below (an antd max would clamp silently).
              <NumberInput
                step={0.01}
                precision={2}
                value={r.value}
                // spec 001 §5.6: an empty input resets to the default (the actual).
                onChange={(v) => update(r.shift, { value: v === null ? r.actual : v })}
                aria-label={t('flexible.confirmModal.valueOf', { shift: shiftLabel(t, r.shift) })}
                data-testid={`flexible-confirm-value-${r.shift}`}
              />
            ),
          },
          {
            title: t('flexible.confirmModal.reason'),
            key: 'reason',
            render: (_, r) => (
              <div>
                <Input.TextArea
                  rows={1}
                  value={r.reason}
                  maxLength={OVERTIME_TEXT_MAX}
                  placeholder={reasonRequired(r, status) ? t('flexible.confirmModal.required') : t('flexible.confirmModal.optional')}
                  onChange={(e) => update(r.shift, { reason: e.target.value })}
                  aria-label={t('flexible.confirmModal.reasonOf', { shift: shiftLabel(t, r.shift) })}
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

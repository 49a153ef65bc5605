import { useState } from 'react';
import { fittingActuals } from '@tms/contracts/abnormal-case';
import { Form } from 'antd';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { useActualChoices, useExplanationStatus, useUpdateExplanation, type ExplanationRow } from '../api/explanations-api.ts';
import { explanationActions, type Caller } from '../explanation-rules.ts';
import { explanationsTexts } from '../i18n/index.ts';

export type ExplanationValues = { title: string; actual: string; description: string };

/** The Explanation Detail drawer's state and calls: edit, status changes (with their confirm) and hand-over. */
export function useExplanationDrawer(row: ExplanationRow, user: Caller | undefined, onClose: () => void) {
  const actions = explanationActions(row, user);
  const [form] = Form.useForm<ExplanationValues>();
  const update = useUpdateExplanation();
  const status = useExplanationStatus();
  const [rejecting, setRejecting] = useState(false);
  const actualChoices = useActualChoices();
  // A stored actual that is not (or no longer) a choice is still shown as it is.
  // Only the choices fitting the case type (the server refuses a changed actual that does not fit).
  const fitting = row.case_reason === null ? null : fittingActuals({ reason: row.case_reason, is_flexible: row.is_flexible });
  const actualOptions = (actualChoices.data ?? []).filter((o) => fitting === null || fitting.includes(o.value));
  if (row.actual && !actualOptions.some((o) => o.value === row.actual)) actualOptions.push({ value: row.actual, label: row.actual });
  const [assignee, setAssignee] = useState<number | null>(row.assignee?.id ?? null);

  const changeStatus = async (next: 3 | 4 | 5, reason?: string) => {
    try {
      await status.mutateAsync({ row, status: next, reason });
    } catch (error) {
      notifyFailure(explanationsTexts.t('messages.statusFailed'), error);
      throw error;
    }
    notifySuccess(explanationsTexts.t('messages.statusUpdated'));
    onClose();
  };

  const confirmStatus = (next: 3 | 5, text: string) =>
    confirmDialog({ content: text, okText: explanationsTexts.t('drawer.yes'), cancelText: explanationsTexts.t('drawer.no'), onOk: () => changeStatus(next) });

  const save = async () => {
    let values: ExplanationValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await update.mutateAsync({
        id: row.id,
        title: values.title.trim(),
        actual: values.actual?.trim() ?? null,
        description: values.description.trim(),
        version: row.version,
        employee: { id: row.employee.id },
        abnormal_date: row.abnormal_date,
        created_date: row.created_date,
        modify_date: row.modify_date ?? null,
        reason_detail: row.reason_detail ?? null,
        absent_type: row.absent_type ?? null,
        status: row.status,
      });
    } catch (error) {
      notifyFailure(explanationsTexts.t('messages.editFailed'), error);
      return;
    }
    notifySuccess(explanationsTexts.t('messages.statusUpdated'));
    onClose();
  };

  /** Another assignee sets Delegated (6), the original restores the status; only a lead of the owner or HR may (RULES.md §5). */
  const handOver = async () => {
    if (assignee === null || assignee === row.assignee?.id) return;
    try {
      await update.mutateAsync({ id: row.id, assignee: { id: assignee }, version: row.version });
    } catch (error) {
      notifyFailure(explanationsTexts.t('messages.editFailed'), error);
      return;
    }
    notifySuccess(explanationsTexts.t('messages.statusUpdated'));
    onClose();
  };

  return {
    actions,
    form,
    actualOptions,
    actualsLoading: actualChoices.isLoading,
    save,
    saving: update.isPending,
    confirmStatus,
    rejecting,
    setRejecting,
    reject: async (reason: string) => {
      await changeStatus(4, reason);
      setRejecting(false);
    },
    statusPending: status.isPending,
    assignee,
    setAssignee,
    handOver,
  };
}

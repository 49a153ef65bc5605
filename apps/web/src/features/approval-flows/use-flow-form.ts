import { useMemo, useRef, useState } from 'react';
import { Form, type FormInstance } from 'antd';
import type { ApprovalFlowRow } from '@tms/contracts/approval-flows';
import type { AssigneeCandidate } from '@tms/contracts/reassign';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import type { RemoteOption } from '../../components/remote-select.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { candidateLabel } from '../../lib/assignee-candidates.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../lib/notify.ts';
import { localizedMessages } from '../../lib/server-messages.ts';
import { useSaveFlow } from './api/save-flow.ts';
import { flowPayloadOf, flowValuesOf, newFlowValues, splitFlowErrors, type FlowFormValues } from './flow-form-values.ts';
import { approvalFlowsTexts } from './i18n/index.ts';

/** A refused save: a 400's messages under their fields, the rest (and any other failure) as a notice. */
function showSaveError(form: FormInstance<FlowFormValues>, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 400) return notifyApiError(error);
  const { fields, rest } = splitFlowErrors(error.messages, localizedMessages(error));
  form.setFields(fields.map((f) => ({ name: f.name as keyof FlowFormValues, errors: f.errors })));
  if (rest.length > 0 || fields.length === 0) notifyError(rest.length > 0 ? rest : localizedMessages(error));
}

/**
 * The state of the create/edit modal: its form and starting values, the named users' labels, the save (with the
 * server's refusals under their fields) and a close that asks first when something was changed.
 */
export function useFlowForm(flow: ApprovalFlowRow | null, flows: readonly ApprovalFlowRow[], onClose: () => void) {
  const [form] = Form.useForm<FlowFormValues>();
  const save = useSaveFlow();
  const changed = useRef(false);
  // Read once: the form is built from them when the modal opens (a list reloading behind it must not reset it).
  const [initialValues] = useState(() => (flow ? flowValuesOf(flow) : newFlowValues(flows)));
  const userOptions = useMemo<RemoteOption<AssigneeCandidate>[]>(
    () => (flow?.steps ?? []).flatMap((s) => (s.user ? [{ value: s.user.user_id, label: candidateLabel({ name: s.user.name, user_name: s.user.username }) }] : [])),
    [flow],
  );

  const onValuesChange = (values: Partial<FlowFormValues>) => {
    changed.current = true;
    // Reason types are each kind's own (leave reasons, explanation reasons; none for work outside, which the server refuses).
    if (values.item_kind !== undefined) form.setFieldValue('reason_types', []);
  };

  const cancel = () => {
    if (!changed.current) return onClose();
    const t = approvalFlowsTexts.t;
    confirmDialog({ title: t('form.discardTitle'), content: t('form.discardContent'), okText: t('form.discard'), cancelText: t('form.keepEditing'), danger: true, onOk: onClose });
  };

  const submit = async (values: FlowFormValues) => {
    try {
      await save.mutateAsync({ id: flow?.id ?? null, body: flowPayloadOf(values, flow?.version ?? null) });
    } catch (error) {
      showSaveError(form, error);
      throw error; // the modal stays open for a correction
    }
    changed.current = false;
    notifySuccess(approvalFlowsTexts.t('form.saved'));
    onClose();
  };

  return { form, initialValues, userOptions, onValuesChange, cancel, submit, saving: save.isPending };
}

import { useState } from 'react';
import type { ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useDeleteFlow } from './api/delete-flow.ts';
import { useSetFlowActive } from './api/set-flow-active.ts';
import { approvalFlowsTexts } from './i18n/index.ts';

/**
 * The writes and dialogs of the flows list: the create/edit modal, the history, the Active switch (deactivating asks
 * first: new requests stop following the flow) and Delete (asks first; a flow in use answers 409, notified by the
 * mutation cache).
 */
export function useFlowActions() {
  const [editing, setEditing] = useState<ApprovalFlowRow | 'new' | null>(null);
  const [history, setHistory] = useState<ApprovalFlowRow | null>(null);
  const setActive = useSetFlowActive();
  const remove = useDeleteFlow();
  const t = approvalFlowsTexts.t;

  const onToggle = (flow: ApprovalFlowRow, active: boolean) => {
    const run = () =>
      setActive.mutateAsync({ id: flow.id, active }).then(() => notifySuccess(active ? approvalFlowsTexts.t('actions.activated') : approvalFlowsTexts.t('actions.deactivated')));
    if (active) void run().catch(() => undefined);
    else confirmDialog({ content: t('actions.confirmDeactivate', { name: flow.name }), okText: t('actions.deactivate'), danger: true, onOk: run });
  };

  const onDelete = (flow: ApprovalFlowRow) =>
    confirmDialog({
      content: t('actions.confirmDelete', { name: flow.name }),
      okText: t('actions.delete'),
      danger: true,
      onOk: () => remove.mutateAsync(flow.id).then(() => notifySuccess(approvalFlowsTexts.t('actions.deleted'))),
    });

  return {
    editing,
    setEditing,
    history,
    setHistory,
    onToggle,
    onDelete,
    toggling: setActive.isPending ? (setActive.variables?.id ?? null) : null,
  };
}

import type { PolicyRow } from '@tms/contracts/policies';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useWritePolicy, type PolicyKind } from '../api/policies-api.ts';
import { policiesTexts } from '../i18n/index.ts';

/**
 * Remove a staff or department policy row (spec 002 §4): the spec's confirm, then the server's message or error.
 * `onRemoved` runs after a success (a paged list steps back when its last row went).
 */
export function useRemovePolicy(kind: PolicyKind, onRemoved?: () => void) {
  const write = useWritePolicy();
  return (row: PolicyRow) =>
    confirmDialog({
      content: policiesTexts.t('messages.deleteConfirm'),
      okText: policiesTexts.t('actions.remove'),
      danger: true,
      onOk: () =>
        write.mutateAsync({ kind, mode: 'remove', id: row.id }).then(
          (res) => {
            notifySuccess(res.message);
            onRemoved?.();
          },
          (e: unknown) => notifyApiError(e),
        ),
    });
}

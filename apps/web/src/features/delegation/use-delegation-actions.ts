import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DelegationDetail } from '@tms/contracts/delegation';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { deleteDelegations, delegationKeys, editDelegation, fetchDelegationDetail } from './api/delegation-api.ts';
import { delegationTexts } from './i18n/index.ts';

/** The delegation list's selection, member panel and wizard, and its writes: delete (one or many), pause or resume, open for edit. */
export function useDelegationActions() {
  const client = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [panelId, setPanelId] = useState<number | null>(null);
  const [wizard, setWizard] = useState<{ editing: DelegationDetail | null } | null>(null);

  const remove = (ids: number[]) =>
    confirmDialog({
      content: delegationTexts.t('messages.confirmDelete'),
      danger: true,
      onOk: async () => {
        try {
          await deleteDelegations(ids);
          notifySuccess(delegationTexts.t('messages.deleted'));
          setSelected([]);
          if (panelId !== null && ids.includes(panelId)) setPanelId(null);
          await client.invalidateQueries({ queryKey: delegationKeys.all });
        } catch (error) {
          notifyApiError(error);
          throw error;
        }
      },
    });

  /** Pauses or resumes a delegation (spec 001 §3 `flag`): a paused one routes nothing (RULES.md §5). */
  const setInForce = async (id: number, flag: boolean) => {
    try {
      const full = await fetchDelegationDetail(id);
      await editDelegation({
        id,
        version: full.version,
        delegator: full.delegator.id,
        flag,
        staff_list: full.staff_list.map((s) => ({ staff_id: s.staff_id, from_date: s.from_date, to_date: s.to_date })),
      });
      notifySuccess(delegationTexts.t('messages.updated'));
    } catch (error) {
      notifyApiError(error);
    } finally {
      await client.invalidateQueries({ queryKey: delegationKeys.all });
    }
  };

  const openEdit = async (id: number) => {
    try {
      setWizard({ editing: await fetchDelegationDetail(id) });
    } catch (error) {
      notifyApiError(error);
    }
  };

  return { selected, setSelected, panelId, setPanelId, wizard, setWizard, remove, setInForce, openEdit };
}

import { useState } from 'react';
import { Button, Modal, Steps, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { DelegationDetail, DelegatorCandidate } from '@tms/contracts/delegation';
import { notifyApiError, notifyError, notifySuccess } from '../../lib/notify.ts';
import { createDelegation, delegationKeys, editDelegation } from './api/delegation-api.ts';
import { messageText } from './delegation-messages.ts';
import { delegationTexts } from './i18n/index.ts';
import { DelegatorStep } from './delegator-step.tsx';
import { MembersStep } from './members-step.tsx';
import { canComplete, rangesOf, toStaffList, wizardProblem, type WizardRange } from './wizard-state.ts';

/**
 * The two-step wizard (spec 001 §2.9): step 1 "Create Delegation" chooses the delegator (Next disabled until one is
 * chosen); step 2 the ranges and members (Complete disabled until a member is picked). Edit opens at step 2 with
 * Previous disabled. Success texts of spec 001 §8.
 */
export function DelegationWizard({ editing, onClose }: { editing: DelegationDetail | null; onClose: () => void }) {
  const { t } = delegationTexts.useT();
  const client = useQueryClient();
  const [step, setStep] = useState(editing ? 1 : 0);
  const [delegator, setDelegator] = useState<DelegatorCandidate | null>(
    editing ? { id: editing.delegator.id, name: editing.delegator.name, user_name: editing.delegator.user_name, department_name: editing.delegator.department_name.name_en, has_delegation: true } : null,
  );
  const [ranges, setRanges] = useState<WizardRange[]>(() => (editing ? rangesOf(editing.staff_list) : []));
  const [saving, setSaving] = useState(false);

  const onComplete = async () => {
    const problem = wizardProblem(ranges, delegator?.id ?? null);
    if (problem) return notifyError(messageText(problem));
    setSaving(true);
    try {
      const body = { delegator: delegator!.id, flag: editing?.flag ?? true, staff_list: toStaffList(ranges) };
      const res = editing ? await editDelegation({ ...body, id: editing.id, version: editing.version }) : await createDelegation(body);
      notifySuccess(res.message || (editing ? delegationTexts.t('messages.updated') : delegationTexts.t('messages.created')));
      await client.invalidateQueries({ queryKey: delegationKeys.all });
      onClose();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const footer = [
    <Button key="cancel" onClick={onClose} data-testid="delegation-wizard-cancel">
      {t('wizard.cancel')}
    </Button>,
    step === 1 ? (
      <Button key="prev" onClick={() => setStep(0)} disabled={editing !== null} data-testid="delegation-wizard-previous">
        {t('wizard.previous')}
      </Button>
    ) : null,
    step === 0 ? (
      <Button key="next" type="primary" disabled={delegator === null} onClick={() => setStep(1)} data-testid="delegation-wizard-next">
        {t('wizard.next')}
      </Button>
    ) : (
      <Button key="complete" type="primary" disabled={!canComplete(ranges)} loading={saving} onClick={() => void onComplete()} data-testid="delegation-wizard-complete">
        {t('wizard.complete')}
      </Button>
    ),
  ];

  return (
    <Modal open title={editing ? t('wizard.editTitle') : t('wizard.createTitle')} onCancel={onClose} footer={footer} width={760} destroyOnHidden maskClosable={false} data-testid="delegation-wizard">
      <Steps current={step} size="small" style={{ marginBottom: 16 }} items={[{ title: t('wizard.stepDelegator') }, { title: t('wizard.stepMembers') }]} />
      {step === 0 ? (
        <DelegatorStep value={delegator} onChange={setDelegator} />
      ) : (
        <>
          <Typography.Paragraph>
            {t('wizard.delegator')} <Typography.Text strong data-testid="delegation-wizard-delegator">{delegator?.name}</Typography.Text>
          </Typography.Paragraph>
          <MembersStep delegatorId={delegator?.id ?? null} ranges={ranges} onChange={setRanges} />
        </>
      )}
    </Modal>
  );
}

import { useState } from 'react';
import { Modal, Typography } from 'antd';
import { AssigneeSelect } from '../../../components/assignee-select.tsx';
import { overtimeTexts } from '../i18n/index.ts';

/**
 * Delegate (spec 001 §4.5; both kinds of overtime): pick the new assignee among the people the server lets the
 * signed-in user hand this request to (RULES.md §5). The value is the user id.
 */
export function DelegateModal({ overtimeId, note, busy, onSubmit, onClose }: { overtimeId: number; note: string; busy: boolean; onSubmit: (userId: number) => void; onClose: () => void }) {
  const [userId, setUserId] = useState<number | null>(null);
  const { t } = overtimeTexts.useT();
  return (
    <Modal open title={t('delegate.title')} okText={t('delegate.save')} onCancel={onClose} onOk={() => userId !== null && onSubmit(userId)} okButtonProps={{ disabled: userId === null }} confirmLoading={busy} destroyOnHidden>
      <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>
      <AssigneeSelect item={{ overtimeId }} value={userId} onChange={(v) => setUserId(typeof v === 'number' ? v : null)} aria-label={t('delegate.newAssignee')} data-testid="fixed-ot-delegate-select" />
    </Modal>
  );
}

import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import type { EmployeeLookup } from '../../../components/employee-select.tsx';
import { fetchLookupPage } from '../../../components/remote-select.tsx';
import { notifyApiError, notifyWarning } from '../../../lib/notify.ts';
import { overtimeTexts } from '../i18n/index.ts';

/** Usernames pasted one per line, or separated by commas, semicolons or spaces. */
export function parseUsernames(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((u) => u.trim().toLowerCase()).filter(Boolean))];
}

/**
 * "Add Multiple Staffs" (spec 001 §6: HR and ADMIN): several usernames at once, each resolved through the employee
 * search; names not found are listed in a warning. The server still checks each staff member on save.
 */
export function MultipleStaffModal({ onClose, onAdd }: { onClose: () => void; onAdd: (found: EmployeeLookup[]) => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const { t } = overtimeTexts.useT();

  const resolve = async () => {
    const names = parseUsernames(text);
    if (names.length === 0) return;
    setBusy(true);
    try {
      const controller = new AbortController();
      const results = await Promise.all(
        names.map(async (u) => (await fetchLookupPage<EmployeeLookup>('/tms/filters/employee', { filter: u }, 1, 20, controller.signal)).items.find((e) => e.user_name.toLowerCase() === u)),
      );
      const found = results.filter((e): e is EmployeeLookup => e !== undefined);
      const missing = names.filter((u) => !found.some((e) => e.user_name.toLowerCase() === u));
      if (missing.length > 0) notifyWarning(overtimeTexts.t('multiple.notFound', { usernames: missing.join(', ') }));
      onAdd(found);
      onClose();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('multiple.title')} onCancel={onClose} onOk={() => void resolve()} okText={t('multiple.add')} confirmLoading={busy} destroyOnHidden okButtonProps={{ 'data-testid': 'fixed-ot-add-multiple-ok' } as Record<string, string>}>
      <Typography.Paragraph type="secondary">{t('multiple.hint')}</Typography.Paragraph>
      <Input.TextArea rows={6} value={text} onChange={(e) => setText(e.target.value)} aria-label={t('multiple.usernames')} data-testid="fixed-ot-usernames" />
    </Modal>
  );
}

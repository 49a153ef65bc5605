import { useState } from 'react';
import { Modal, Typography } from 'antd';
import { EmployeeSelect } from '../../../components/employee-select.tsx';

/** Delegate (spec 001 §4.5, GROUP_LEAD or DULEAD): pick the new assignee by staff search (the value is the username). */
export function DelegateModal({ busy, onSubmit, onClose }: { busy: boolean; onSubmit: (username: string) => void; onClose: () => void }) {
  const [username, setUsername] = useState<string | null>(null);
  return (
    <Modal open title="Delegate" okText="Save" onCancel={onClose} onOk={() => username && onSubmit(username)} okButtonProps={{ disabled: !username }} confirmLoading={busy} destroyOnHidden>
      <Typography.Paragraph type="secondary">The new assignee approves or rejects every pending staff member of this request.</Typography.Paragraph>
      <EmployeeSelect valueField="user_name" value={username} onChange={(v) => setUsername(typeof v === 'string' ? v : null)} aria-label="New assignee" data-testid="fixed-ot-delegate-select" />
    </Modal>
  );
}

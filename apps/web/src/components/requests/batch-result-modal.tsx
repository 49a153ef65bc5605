import { Modal, Table, Tag } from 'antd';
import { commonTexts } from '../i18n/index.ts';
import type { BatchItem } from './request-form-rules.ts';

/** The per-item answer of a batch create (spec 001 §8): each staff with its code and message. */
export function BatchResultModal({ items, onClose }: { items: BatchItem[] | null; onClose: () => void }) {
  const { t } = commonTexts.useT();
  return (
    <Modal open={items !== null} title={t('requestForm.batchResult')} onCancel={onClose} onOk={onClose} okButtonProps={{ 'data-testid': 'batch-result-ok' } as Record<string, string>} cancelButtonProps={{ style: { display: 'none' } }} width={700} destroyOnHidden>
      <Table<BatchItem & { key: number }>
        size="small"
        pagination={false}
        data-testid="batch-result-table"
        dataSource={(items ?? []).map((item, key) => ({ ...item, key }))}
        onRow={(row) => ({ 'data-testid': `batch-result-${row.username ?? row.key}` }) as object}
        columns={[
          { title: t('table.staff'), dataIndex: 'username', render: (v: string | undefined, row) => v ?? `#${row.key + 1}` },
          { title: t('requestForm.code'), dataIndex: 'code', width: 90, render: (code: number) => <Tag color={code === 200 || code === 201 ? 'green' : 'red'}>{code}</Tag> },
          { title: t('requestForm.message'), dataIndex: 'message' },
        ]}
      />
    </Modal>
  );
}

import { useRef } from 'react';
import { Button, Space, Table, Typography, type TableRef } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { useScrollRegion } from '../../components/use-scroll-region.ts';
import { useFlowList } from './api/list-flows.ts';
import { flowColumns } from './components/flow-columns.tsx';
import { FlowFormModal } from './components/flow-form-modal.tsx';
import { FlowHistoryModal } from './components/flow-history-modal.tsx';
import { FlowPreviewPanel } from './components/flow-preview-panel.tsx';
import { FlowsEmpty } from './components/flows-empty.tsx';
import { approvalFlowsTexts } from './i18n/index.ts';
import { useFlowActions } from './use-flow-actions.ts';
import { useFlowLookups } from './use-flow-lookups.ts';

/**
 * /settings/approval-flows (issue 29; HR, HRM, Admin by the route's roles): the flows by priority with their
 * conditions and steps in words, the Active switch, create / edit / history / delete, and a preview of which flow and
 * approvers a request would get. The table scrolls sideways in its own box on a phone.
 */
export function ApprovalFlowsPage() {
  const { t } = approvalFlowsTexts.useT();
  const list = useFlowList();
  const lookups = useFlowLookups();
  const actions = useFlowActions();
  const tableRef = useRef<TableRef>(null);
  useScrollRegion(tableRef, t('tableRegion'));
  const flows = list.data ?? [];
  const create = () => actions.setEditing('new');
  const columns = flowColumns({ t, names: lookups.names, toggling: actions.toggling, onToggle: actions.onToggle, onEdit: actions.setEditing, onHistory: actions.setHistory, onDelete: actions.onDelete });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={4}>{t('title')}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 900, marginBottom: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
      </div>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create} data-testid="approval-flow-new">
        {t('newFlow')}
      </Button>
      <Table<ApprovalFlowRow>
        ref={tableRef}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={flows}
        loading={list.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isPending ? null : <FlowsEmpty onCreate={create} /> }}
        data-testid="approval-flows-table"
      />
      <FlowPreviewPanel lookups={lookups} />
      {actions.editing ? (
        <FlowFormModal flow={actions.editing === 'new' ? null : actions.editing} flows={flows} lookups={lookups} onClose={() => actions.setEditing(null)} />
      ) : null}
      {actions.history ? <FlowHistoryModal flow={actions.history} names={lookups.names} onClose={() => actions.setHistory(null)} /> : null}
    </Space>
  );
}

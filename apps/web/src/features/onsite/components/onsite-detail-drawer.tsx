import { useState } from 'react';
import { Button, Drawer, Spin } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { OnsiteDetail } from '@tms/contracts/onsite';
import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { onsiteHistoryQuery, useOnsiteDetail } from '../api/onsite-api.ts';
import { OnsiteApproval, OnsiteDetailStaff, OnsiteDetailSummary } from './onsite-detail-parts.tsx';
import { OnsiteFiles } from './onsite-files.tsx';

const HISTORY_LABELS: Record<string, string> = {
  title: 'Title',
  project_id: 'Project',
  from_date: 'From',
  to_date: 'To',
  onsite_type: 'Type',
  location: 'Location',
  description: 'Description',
  approver_user_id: 'Approver',
  staff: 'Staff',
  cc: 'CC',
  status: 'Status',
  status_department: 'Department',
  status_cb: 'C&B',
  reasons_for_rejection: 'Reason for rejection',
  withdraw_reason: 'Withdraw reason',
  attachments: 'Attachments',
};

/** The detail drawer (spec 002 §2): the request, both stages with who and when, staff, CC, files and history. */
export function OnsiteDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useOnsiteDetail(id);
  const [showHistory, setShowHistory] = useState(false);
  const history = useQuery({ ...onsiteHistoryQuery(id), enabled: showHistory });
  const d: OnsiteDetail | undefined = detail.data;

  return (
    <Drawer open width={760} title={d ? d.title : 'Onsite request'} onClose={onClose} destroyOnHidden data-testid="onsite-drawer">
      {!d ? (
        <Spin />
      ) : (
        <>
          <OnsiteDetailSummary d={d} />
          <OnsiteApproval d={d} />
          <OnsiteDetailStaff d={d} />
          <OnsiteFiles id={id} files={d.files} mayChange={d.actions.files} />
          <Button style={{ marginTop: 16 }} icon={<HistoryOutlined aria-hidden />} onClick={() => setShowHistory(true)} data-testid="onsite-history">
            History
          </Button>
          <HistoryViewer open={showHistory} title="Onsite Request History" entries={history.data} loading={history.isLoading} onClose={() => setShowHistory(false)} fieldLabels={HISTORY_LABELS} />
        </>
      )}
    </Drawer>
  );
}

import { Button, Descriptions, Drawer, Empty, List, Space, Spin, Table, Timeline, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ATTACHMENT_EXTENSIONS } from '@tms/contracts/api';
import { ONSITE_STATUS_TEXT, type OnsiteDetail, type OnsiteStage } from '@tms/contracts/onsite';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { deleteOnsiteFile, downloadOnsiteFile, onsiteHistoryQuery, onsiteKeys, uploadOnsiteFile, useOnsiteDetail } from '../api/onsite-api.ts';
import { stageTag, typeLabel } from './onsite-view.ts';

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

function StageLine({ stage }: { stage: OnsiteStage }) {
  const tag = stageTag(stage);
  return (
    <Space>
      <StatusTag label={tag.text} color={tag.tone} />
      {stage.decidedBy ? (
        <span>
          by {stage.decidedBy.name} ({stage.decidedBy.user_name}) {stage.decidedAt ? `on ${formatDateTime(stage.decidedAt)}` : ''}
        </span>
      ) : (
        <Typography.Text type="secondary">Waiting</Typography.Text>
      )}
    </Space>
  );
}

/** The detail drawer (spec 002 §2): the request, both stages with who and when, staff, CC, files and history. */
export function OnsiteDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useOnsiteDetail(id);
  const [showHistory, setShowHistory] = useState(false);
  const history = useQuery({ ...onsiteHistoryQuery(id), enabled: showHistory });
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: onsiteKeys.all });
  const d: OnsiteDetail | undefined = detail.data;

  const upload = async (file: File) => {
    try {
      await uploadOnsiteFile(id, file);
      notifySuccess('Upload successfully!');
      await refresh();
    } catch (error) {
      notifyApiError(error);
    }
  };

  return (
    <Drawer open width={760} title={d ? d.title : 'Onsite request'} onClose={onClose} destroyOnHidden data-testid="onsite-drawer">
      {!d ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="Project">{`${d.projectName} (${d.projectCode})`}</Descriptions.Item>
            <Descriptions.Item label="Type">{typeLabel(d.type)}</Descriptions.Item>
            <Descriptions.Item label="From - To">{`${formatDmy(d.fromDate)} - ${formatDmy(d.toDate)}`}</Descriptions.Item>
            <Descriptions.Item label="Status">{ONSITE_STATUS_TEXT[d.status] ?? d.status}</Descriptions.Item>
            <Descriptions.Item label="Location">{d.location ?? ''}</Descriptions.Item>
            <Descriptions.Item label="Created By">{`${d.createdBy?.name ?? ''} · ${formatDateTime(d.createdDate)}`}</Descriptions.Item>
            <Descriptions.Item label="Approver">{d.approver?.name ?? ''}</Descriptions.Item>
            <Descriptions.Item label="CC">{d.cc.map((c) => c.name).join(', ')}</Descriptions.Item>
            <Descriptions.Item label="Description" span={2}>
              {d.description ?? ''}
            </Descriptions.Item>
            {d.reasonsForRejection ? (
              <Descriptions.Item label="Reason for rejection" span={2}>
                {d.reasonsForRejection}
              </Descriptions.Item>
            ) : null}
            {d.withdrawReason ? (
              <Descriptions.Item label="Withdraw reason" span={2}>
                {d.withdrawReason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Approval
          </Typography.Title>
          <Timeline
            data-testid="onsite-drawer-stages"
            items={[{ children: <StageLine stage={d.status_department} /> }, { children: <StageLine stage={d.status_CB} /> }]}
          />
          <Typography.Title level={5}>Staff</Typography.Title>
          <Table
            size="small"
            rowKey="employeeId"
            pagination={false}
            scroll={{ y: 400 }}
            dataSource={d.employeeList}
            columns={[
              { title: 'Staff', key: 'name', render: (_, s) => `${s.name} - ${s.user_name}` },
              { title: 'Start time', dataIndex: 'startTime', width: 100 },
              { title: 'End time', dataIndex: 'endTime', width: 100 },
              { title: 'Duration', dataIndex: 'duration', width: 90 },
            ]}
          />
          <Space style={{ marginTop: 16 }} align="center">
            <Typography.Title level={5} style={{ margin: 0 }}>
              Files
            </Typography.Title>
            {d.actions.files ? (
              <Upload
                accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
                showUploadList={false}
                beforeUpload={(file) => {
                  void upload(file);
                  return false;
                }}
              >
                <Button size="small" icon={<UploadOutlined aria-hidden />} data-testid="onsite-file-upload">
                  Attach file
                </Button>
              </Upload>
            ) : null}
          </Space>
          {d.files.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No files" />
          ) : (
            <List
              size="small"
              dataSource={d.files}
              renderItem={(f) => (
                <List.Item
                  actions={[
                    <Button key="dl" size="small" icon={<DownloadOutlined aria-hidden />} aria-label={`Download ${f.original_name}`} onClick={() => void downloadOnsiteFile(id, f).catch(notifyApiError)} />,
                    d.actions.files ? (
                      <Button
                        key="rm"
                        size="small"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={`Delete ${f.original_name}`}
                        onClick={() =>
                          confirmDialog({
                            content: `Delete ${f.original_name}?`,
                            danger: true,
                            onOk: async () => {
                              try {
                                await deleteOnsiteFile(id, f.name);
                                await refresh();
                              } catch (error) {
                                notifyApiError(error);
                              }
                            },
                          })
                        }
                      />
                    ) : null,
                  ]}
                >
                  {f.original_name} ({Math.ceil(f.size / 1024)} KB)
                </List.Item>
              )}
            />
          )}
          <Button style={{ marginTop: 16 }} icon={<HistoryOutlined aria-hidden />} onClick={() => setShowHistory(true)} data-testid="onsite-history">
            History
          </Button>
          <HistoryViewer open={showHistory} title="Onsite Request History" entries={history.data} loading={history.isLoading} onClose={() => setShowHistory(false)} fieldLabels={HISTORY_LABELS} />
        </>
      )}
    </Drawer>
  );
}

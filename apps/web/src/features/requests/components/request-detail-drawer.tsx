import { Button, Descriptions, Drawer, Empty, List, Space, Timeline, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { REQUEST_MESSAGES as M, type RequestRecord } from '@tms/contracts/requests';
import { explanationLink } from '@tms/contracts/explanations';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { deleteRequestFile, downloadRequestFile, useOnsiteHistory, useRequestFiles, type OnsiteHistoryRow } from '../api/request-api.ts';
import { ACTION_LABELS, dateSpan, quantityText, rowActions, shiftLabel, type RequestAction } from './request-actions.ts';
import { shownStatus } from '../../../components/requests/request-form-rules.ts';

/**
 * The request detail drawer (spec 001 §2.3): 30 % wide; an onsite request 50 % with its history list.
 * The actions the caller may take sit in the footer.
 */
export function RequestDetailDrawer({ row, onClose, onAction }: { row: RequestRecord | null; onClose: () => void; onAction: (action: RequestAction, row: RequestRecord) => void }) {
  const onsite = row?.request_type === 'ONSITE';
  const files = useRequestFiles(row?.id);
  const history = useOnsiteHistory(row?.id, onsite);
  const actions = row ? rowActions(row).filter((a) => a !== 'detail') : [];
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title="Request detail"
      size={onsite ? '50%' : '30%'}
      destroyOnHidden
      data-testid="request-detail-drawer"
      footer={
        actions.length > 0 && row ? (
          <Space wrap>
            {actions.map((a) => (
              <Button key={a} danger={a === 'reject' || a === 'withdraw'} type={a === 'approve' ? 'primary' : 'default'} onClick={() => onAction(a, row)} data-testid={`request-detail-${a}`}>
                {ACTION_LABELS[a]}
              </Button>
            ))}
          </Space>
        ) : null
      }
    >
      {row ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Staff">
              {row.employee.name} ({row.employee.user_name})
            </Descriptions.Item>
            <Descriptions.Item label="Department">{row.employee.department_name ?? ''}</Descriptions.Item>
            <Descriptions.Item label="Request type">{row.request_type_name}</Descriptions.Item>
            <Descriptions.Item label="Reason">{row.reason_type_name}</Descriptions.Item>
            <Descriptions.Item label="Date">{dateSpan(row, formatDmy)}</Descriptions.Item>
            <Descriptions.Item label="Request dates">
              {row.request_dates.map((d) => (
                <div key={d.request_date}>
                  {formatDmy(d.request_date)} {d.duration ? shiftLabel(d.duration) : d.request_minutes != null ? quantityText({ quantity_in_hours: 0, quantity_in_minutes: d.request_minutes }) : ''}
                </div>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label="Quantity">{quantityText(row)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <span data-testid="request-detail-status">
                <StatusTag kind="request" status={shownStatus(row)} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="Approver">{row.approver?.name ?? row.approver?.user_name ?? ''}</Descriptions.Item>
            <Descriptions.Item label="CC">{row.mail.map((p) => p.name).join(', ')}</Descriptions.Item>
            <Descriptions.Item label="Description">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{row.description ?? ''}</Typography.Paragraph>
            </Descriptions.Item>
            {row.reasons_for_rejection ? <Descriptions.Item label="Reason for rejection">{row.reasons_for_rejection}</Descriptions.Item> : null}
            <Descriptions.Item label="Created">
              {formatDateTime(row.created_date)} {row.created_by?.name ? `by ${row.created_by.name}` : ''}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Attachments
          </Typography.Title>
          <List
            size="small"
            loading={files.isLoading}
            dataSource={files.data ?? []}
            locale={{ emptyText: 'No attachments' }}
            renderItem={(f) => (
              <List.Item
                actions={[
                  <Button
                    key="download"
                    size="small"
                    icon={<DownloadOutlined aria-hidden />}
                    aria-label={`Download ${f.original_name ?? f.name}`}
                    onClick={() => void downloadRequestFile(row.id, f.name).catch(notifyApiError)}
                  />,
                  // The owner changes the files of a pending request (the same rule as Edit).
                  row.actions.edit ? (
                    <Button
                      key="delete"
                      size="small"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`Delete ${f.original_name ?? f.name}`}
                      data-testid={`request-file-delete-${f.name}`}
                      onClick={() =>
                        confirmDialog({
                          content: `Delete ${f.original_name ?? f.name}?`,
                          okText: 'Yes',
                          cancelText: 'No',
                          danger: true,
                          onOk: () =>
                            deleteRequestFile(row.id, f.name).then(
                              () => {
                                notifySuccess(M.success);
                                void files.refetch();
                              },
                              (error: unknown) => notifyApiError(error),
                            ),
                        })
                      }
                    />
                  ) : null,
                ]}
              >
                {f.original_name ?? f.name}
              </List.Item>
            )}
          />
          {onsite ? <OnsiteHistory rows={history.data ?? []} loading={history.isLoading} /> : null}
        </>
      ) : null}
    </Drawer>
  );
}

function OnsiteHistory({ rows, loading }: { rows: OnsiteHistoryRow[]; loading: boolean }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        History
      </Typography.Title>
      {rows.length === 0 ? (
        loading ? null : <Empty description="No history" />
      ) : (
        <Timeline
          data-testid="request-onsite-history"
          items={rows.map((h, i) => ({
            key: h.id ?? i,
            content: (
              <>
                <div>
                  {h.action ?? h.status_type ?? ''} {h.modifier?.name ?? h.modified_by ?? ''}
                </div>
                <small>{formatDateTime(h.modified_date ?? h.created_date ?? null)}</small>
                {h.comment ? <div>{h.comment}</div> : null}
              </>
            ),
          }))}
        />
      )}
    </>
  );
}

/** Explanation rows (is_explanation): a read-only summary; actions live in Explanation Management (spec 001 §2.3). */
export function ExplanationDetailDrawer({ row, onClose }: { row: RequestRecord | null; onClose: () => void }) {
  return (
    <Drawer open={row !== null} onClose={onClose} title="Explanation detail" size="30%" destroyOnHidden data-testid="explanation-detail-drawer">
      {row ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Staff">
              {row.employee.name} ({row.employee.user_name})
            </Descriptions.Item>
            <Descriptions.Item label="Date">{dateSpan(row, formatDmy)}</Descriptions.Item>
            <Descriptions.Item label="Reason">{row.reason_type_name}</Descriptions.Item>
            <Descriptions.Item label="Check in / out">
              {row.check_in ?? '--'} / {row.check_out ?? '--'}
            </Descriptions.Item>
            <Descriptions.Item label="Absent time">{row.absent_time ?? ''}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <StatusTag kind="request" status={shownStatus(row)} />
            </Descriptions.Item>
            <Descriptions.Item label="Approver">{row.approver?.name ?? row.approver?.user_name ?? ''}</Descriptions.Item>
            <Descriptions.Item label="Description">{row.description ?? ''}</Descriptions.Item>
            {row.reasons_for_rejection ? <Descriptions.Item label="Reason for rejection">{row.reasons_for_rejection}</Descriptions.Item> : null}
          </Descriptions>
          <div style={{ marginTop: 16 }}>
            <Link to={explanationLink(row.id)} data-testid="explanation-open-management">
              Open in Explanation Management
            </Link>
          </div>
        </>
      ) : null}
    </Drawer>
  );
}

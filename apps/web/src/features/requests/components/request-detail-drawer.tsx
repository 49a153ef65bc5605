import { Button, Descriptions, Drawer, Empty, List, Space, Timeline, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ONSITE_PAGE } from '@tms/contracts/onsite';
import type { RequestRecord } from '@tms/contracts/requests';
import { explanationLink } from '@tms/contracts/explanations';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { deleteRequestFile, downloadRequestFile, useOnsiteHistory, useRequestFiles } from '../api/request-api.ts';
import { historyActionInfo, historyAuthorName, historyEntryTime, type HistoryEntry } from '../../../components/history-format.ts';
import { commonTexts } from '../../../components/i18n/index.ts';
import { actionLabel, dateSpan, quantityText, rowActions, shiftLabel, type RequestAction } from './request-actions.ts';
import { ApprovalTimeline } from '../../../components/approval-timeline/approval-timeline.tsx';
import { shownStatus } from '../../../components/requests/request-form-rules.ts';
import { requestStepLabel } from './request-columns.tsx';
import { requestsTexts } from '../i18n/index.ts';

/**
 * The request detail drawer (spec 001 §2.3): 30 % wide; an onsite request 50 % with its history list.
 * The actions the caller may take sit in the footer.
 */
export function RequestDetailDrawer({ row, onClose, onAction }: { row: RequestRecord | null; onClose: () => void; onAction: (action: RequestAction, row: RequestRecord) => void }) {
  const { t } = requestsTexts.useT();
  const onsite = row?.request_type === 'ONSITE';
  const files = useRequestFiles(row?.id);
  const history = useOnsiteHistory(row?.id, onsite);
  const actions = row ? rowActions(row).filter((a) => a !== 'detail') : [];
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={t('detail.title')}
      size={onsite ? '50%' : '30%'}
      destroyOnHidden
      data-testid="request-detail-drawer"
      footer={
        actions.length > 0 && row ? (
          <Space wrap>
            {actions.map((a) => (
              <Button key={a} danger={a === 'reject' || a === 'withdraw'} type={a === 'approve' ? 'primary' : 'default'} onClick={() => onAction(a, row)} data-testid={`request-detail-${a}`}>
                {actionLabel(a, t)}
              </Button>
            ))}
          </Space>
        ) : null
      }
    >
      {row ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('detail.staff')}>
              {row.employee.name} ({row.employee.user_name})
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.department')}>{row.employee.department_name ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('detail.requestType')}>{t(`requestTypes.${row.request_type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.reason')}>{row.reason_type_name}</Descriptions.Item>
            <Descriptions.Item label={t('detail.date')}>{dateSpan(row, formatDmy, t)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.requestDates')}>
              {row.request_dates.map((d) => (
                <div key={d.request_date}>
                  {formatDmy(d.request_date)}{' '}
                  {d.duration ? shiftLabel(d.duration, t) : d.request_minutes != null ? quantityText({ quantity_in_hours: 0, quantity_in_minutes: d.request_minutes }, t) : ''}
                </div>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.quantity')}>{quantityText(row, t)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.status')}>
              <span data-testid="request-detail-status">
                <StatusTag kind="request" status={shownStatus(row)} label={requestStepLabel(row)} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.approver')}>{row.approver?.name ?? row.approver?.user_name ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('detail.cc')}>{row.mail.map((p) => p.name).join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('detail.description')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{row.description ?? ''}</Typography.Paragraph>
            </Descriptions.Item>
            {row.onsite_request_id ? (
              <Descriptions.Item label={t('detail.onsiteRecord')}>
                <Link to={`${ONSITE_PAGE}?id=${row.onsite_request_id}`} data-testid="request-detail-onsite-link">
                  {t('detail.openOnsite')}
                </Link>
              </Descriptions.Item>
            ) : null}
            {row.reasons_for_rejection ? <Descriptions.Item label={t('detail.rejection')}>{row.reasons_for_rejection}</Descriptions.Item> : null}
            <Descriptions.Item label={t('detail.created')}>
              {formatDateTime(row.created_date)} {row.created_by?.name ? t('detail.createdBy', { name: row.created_by.name }) : ''}
            </Descriptions.Item>
          </Descriptions>
          <ApprovalTimeline requestId={row.id} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('detail.attachments')}
          </Typography.Title>
          <List
            size="small"
            loading={files.isLoading}
            dataSource={files.data ?? []}
            locale={{ emptyText: t('detail.noAttachments') }}
            renderItem={(f) => (
              <List.Item
                actions={[
                  <Button
                    key="download"
                    size="small"
                    icon={<DownloadOutlined aria-hidden />}
                    aria-label={t('detail.download', { name: f.original_name ?? f.name })}
                    onClick={() => void downloadRequestFile(row.id, f.name).catch(notifyApiError)}
                  />,
                  // The owner changes the files of a pending request (the same rule as Edit).
                  row.actions.edit ? (
                    <Button
                      key="delete"
                      size="small"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('detail.delete', { name: f.original_name ?? f.name })}
                      data-testid={`request-file-delete-${f.name}`}
                      onClick={() =>
                        confirmDialog({
                          content: t('detail.deleteConfirm', { name: f.original_name ?? f.name }),
                          okText: t('dialogs.yes'),
                          cancelText: t('dialogs.no'),
                          danger: true,
                          onOk: () =>
                            deleteRequestFile(row.id, f.name).then(
                              () => {
                                notifySuccess(requestsTexts.t('messages.success'));
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

/**
 * An onsite request's history (the request row's entries, newest first; the record's own stages are in Onsite
 * Management's history): what happened, in the reader's language, by whom and when. Before, the list read fields the
 * answer does not have and showed the bare action code ('STATUS') with no author and no time.
 */
function OnsiteHistory({ rows, loading }: { rows: HistoryEntry[]; loading: boolean }) {
  const { t } = requestsTexts.useT();
  const { t: common } = commonTexts.useT();
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('detail.history')}
      </Typography.Title>
      {rows.length === 0 ? (
        loading ? null : <Empty description={t('detail.noHistory')} />
      ) : (
        <Timeline
          data-testid="request-onsite-history"
          items={rows.map((h) => ({
            key: h.id,
            content: (
              <div data-testid="request-onsite-history-entry">
                <div>
                  {historyActionInfo(h.action, common).label} · {historyAuthorName(h.createdBy, common)}
                </div>
                <small>{historyEntryTime(h)}</small>
              </div>
            ),
          }))}
        />
      )}
    </>
  );
}

/** Explanation rows (is_explanation): a read-only summary; actions live in Explanation Management (spec 001 §2.3). */
export function ExplanationDetailDrawer({ row, onClose }: { row: RequestRecord | null; onClose: () => void }) {
  const { t } = requestsTexts.useT();
  return (
    <Drawer open={row !== null} onClose={onClose} title={t('explanation.title')} size="30%" destroyOnHidden data-testid="explanation-detail-drawer">
      {row ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('explanation.staff')}>
              {row.employee.name} ({row.employee.user_name})
            </Descriptions.Item>
            <Descriptions.Item label={t('explanation.date')}>{dateSpan(row, formatDmy, t)}</Descriptions.Item>
            <Descriptions.Item label={t('explanation.reason')}>{row.reason_type_name}</Descriptions.Item>
            <Descriptions.Item label={t('explanation.checkInOut')}>
              {row.check_in ?? '--'} / {row.check_out ?? '--'}
            </Descriptions.Item>
            <Descriptions.Item label={t('explanation.absentTime')}>{formatCount(row.absent_time)}</Descriptions.Item>
            <Descriptions.Item label={t('explanation.status')}>
              <StatusTag kind="request" status={shownStatus(row)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('explanation.approver')}>{row.approver?.name ?? row.approver?.user_name ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('explanation.description')}>{row.description ?? ''}</Descriptions.Item>
            {row.reasons_for_rejection ? <Descriptions.Item label={t('explanation.rejection')}>{row.reasons_for_rejection}</Descriptions.Item> : null}
          </Descriptions>
          <ApprovalTimeline requestId={row.id} />
          <div style={{ marginTop: 16 }}>
            <Link to={explanationLink(row.id)} data-testid="explanation-open-management">
              {t('explanation.open')}
            </Link>
          </div>
        </>
      ) : null}
    </Drawer>
  );
}

import { useEffect, useState } from 'react';
import { Button, Col, Descriptions, Empty, Modal, Row, Spin, Table, Typography } from 'antd';
import { commonTexts } from './i18n/index.ts';
import { changesOf, formatHistoryField, historyActionInfo, historyEntryTime, systemAuthorText, type HistoryChange, type HistoryEntry, type HistoryValueFormats } from './history-format.ts';
import { StatusTag } from './status-tag.tsx';

export type { HistoryChange, HistoryEntry } from './history-format.ts';

export type HistoryViewerProps = {
  open: boolean;
  /** e.g. 'Bonus Leave History'. */
  title: string;
  /** Entries newest first as the server sends them; undefined while loading. */
  entries: readonly HistoryEntry[] | undefined;
  loading?: boolean;
  onClose: () => void;
  /** Display names of changed fields (e.g. { leaveHour: 'Leave Hour' }); the raw field name otherwise. */
  fieldLabels?: Record<string, string>;
  /** Screen formats of fields (e.g. { leaveHour: hoursHistoryValue }); the value as sent otherwise. */
  fieldFormats?: HistoryValueFormats;
};

function who(entry: HistoryEntry): string {
  if (!entry.createdBy) return '';
  const system = systemAuthorText(entry.createdBy);
  if (system) return system;
  return entry.createdBy.name ? `${entry.createdBy.name} (${entry.createdBy.username})` : entry.createdBy.username;
}

/**
 * History viewer (spec 000 §2): entries on the left (time, action tag, changed fields with new and old values),
 * the chosen entry's details on the right (Field / Old value / New value, who and when); 'No History' when empty.
 * A modal with a Close button only.
 */
export function HistoryViewer({ open, title, entries, loading, onClose, fieldLabels, fieldFormats }: HistoryViewerProps) {
  const [selectedId, setSelectedId] = useState<HistoryEntry['id'] | null>(null);
  useEffect(() => {
    if (!open) setSelectedId(null);
  }, [open]);
  const { t } = commonTexts.useT();
  const list = entries ?? [];
  const selected = list.find((e) => e.id === selectedId) ?? list[0];
  const label = (field: string) => fieldLabels?.[field] ?? field;
  const text = (field: string, value: unknown) => formatHistoryField(field, value, fieldFormats, t);

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      width={1000}
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid="history-close">
          {t('actions.close')}
        </Button>
      }
    >
      {loading ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : list.length === 0 ? (
        <Empty description={t('history.empty')} data-testid="history-empty" />
      ) : (
        <Row gutter={16} data-testid="history-viewer">
          <Col xs={24} md={10} style={{ maxHeight: 480, overflowY: 'auto' }}>
            <div role="listbox" aria-label={t('history.entries')}>
              {list.map((entry) => {
                const action = historyActionInfo(entry.action, t);
                const active = selected?.id === entry.id;
                return (
                  <div
                    key={entry.id}
                    role="option"
                    aria-selected={active}
                    tabIndex={0}
                    onClick={() => setSelectedId(entry.id)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        setSelectedId(entry.id);
                      }
                    }}
                    data-testid="history-entry"
                    style={{
                      cursor: 'pointer',
                      padding: '8px 12px',
                      marginBottom: 8,
                      borderRadius: 6,
                      border: `1px solid ${active ? '#1677ff' : '#f0f0f0'}`,
                      background: active ? '#e6f4ff' : undefined,
                    }}
                  >
                    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                      <Typography.Text type="secondary">{historyEntryTime(entry)}</Typography.Text>
                      <StatusTag label={action.label} color={action.color} />
                    </div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {who(entry)}
                    </Typography.Text>
                    {changesOf(entry).map((change) => (
                      <div key={change.field} style={{ fontSize: 12 }}>
                        <Typography.Text strong>{label(change.field)}</Typography.Text>: {text(change.field, change.newValue)}
                        {entry.action !== 'CREATE' ? <Typography.Text delete type="secondary"> {text(change.field, change.oldValue)}</Typography.Text> : null}
                      </div>
                    ))}
                  </div>
                );
              })}
            </div>
          </Col>
          <Col xs={24} md={14}>
            {selected ? (
              <div data-testid="history-detail">
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'action', label: t('history.action'), children: <StatusTag label={historyActionInfo(selected.action, t).label} color={historyActionInfo(selected.action, t).color} /> },
                    { key: 'by', label: t('history.changedBy'), children: who(selected) },
                    { key: 'at', label: t('history.changedAt'), children: historyEntryTime(selected) },
                  ]}
                />
                <Table<HistoryChange>
                  size="small"
                  style={{ marginTop: 12 }}
                  rowKey="field"
                  pagination={false}
                  scroll={{ y: 400 }}
                  dataSource={changesOf(selected)}
                  columns={[
                    { title: t('history.field'), dataIndex: 'field', render: (field: string) => label(field) },
                    { title: t('history.oldValue'), dataIndex: 'oldValue', render: (v: unknown, change) => text(change.field, v) },
                    { title: t('history.newValue'), dataIndex: 'newValue', render: (v: unknown, change) => text(change.field, v) },
                  ]}
                />
              </div>
            ) : null}
          </Col>
        </Row>
      )}
    </Modal>
  );
}

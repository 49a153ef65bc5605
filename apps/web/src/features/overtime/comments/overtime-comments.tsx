import { useState } from 'react';
import { Button, Empty, Input, List, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { OVERTIME_TEXT_MAX } from '@tms/contracts/overtime';
import type { OvertimeComment } from '@tms/contracts/overtime-fixed';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { overtimeTexts } from '../i18n/index.ts';
import { useCommentCommand, useOvertimeComments } from './api/overtime-comments-api.ts';

/**
 * Comments of an overtime request, either kind (spec 001 §7.3 `PUT /tms/overtime-request/{requestId}/{receiver_id}/comment`;
 * §6 only the author edits or deletes one). A failure reads 'Fail to update comment!' (spec 001 §8) with the server's text.
 */
export function OvertimeComments({ requestId, receiverEmployeeId }: { requestId: number; receiverEmployeeId?: number | null }) {
  const comments = useOvertimeComments(requestId);
  const command = useCommentCommand(requestId);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const { t } = overtimeTexts.useT();

  const run = async (c: Parameters<typeof command.mutateAsync>[0]) => {
    try {
      await command.mutateAsync(c);
      return true;
    } catch (error) {
      notifyFailure(overtimeTexts.t('messages.commentFailed'), error);
      return false;
    }
  };

  const add = async () => {
    const comment = text.trim();
    if (!comment) return;
    if (await run({ kind: 'add', requestId, receiverId: receiverEmployeeId ?? 0, comment })) setText('');
  };

  const saveEdit = async () => {
    if (!editing || !editing.text.trim()) return;
    if (await run({ kind: 'edit', commentId: editing.id, comment: editing.text.trim() })) setEditing(null);
  };

  const remove = (c: OvertimeComment) =>
    confirmDialog({ title: t('comments.delete'), content: t('comments.deleteConfirm'), danger: true, onOk: () => run({ kind: 'delete', commentId: c.id }) });

  const render = (c: OvertimeComment) => (
    <List.Item
      data-testid="overtime-comment"
      actions={
        c.mine && editing?.id !== c.id
          ? [
              <Button key="edit" size="small" type="text" icon={<EditOutlined />} aria-label={t('comments.edit')} onClick={() => setEditing({ id: c.id, text: c.comment })} />,
              <Button key="delete" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('comments.delete')} onClick={() => remove(c)} />,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={
          <Space size={4} wrap>
            <Typography.Text strong>{c.author.name}</Typography.Text>
            {c.receiver ? <Typography.Text type="secondary">{t('comments.to', { name: c.receiver.name })}</Typography.Text> : null}
            <Typography.Text type="secondary">{formatDateTime(c.created_date)}</Typography.Text>
            {c.last_modified_date ? <Typography.Text type="secondary">{t('comments.edited')}</Typography.Text> : null}
          </Space>
        }
        description={
          editing?.id === c.id ? (
            <Space.Compact style={{ width: '100%' }}>
              <Input.TextArea autoSize value={editing.text} maxLength={OVERTIME_TEXT_MAX} onChange={(e) => setEditing({ id: c.id, text: e.target.value })} aria-label={t('comments.editText')} />
              <Button type="primary" onClick={saveEdit} loading={command.isPending}>
                {t('comments.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('comments.cancel')}</Button>
            </Space.Compact>
          ) : (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{c.comment}</Typography.Paragraph>
          )
        }
      />
    </List.Item>
  );

  return (
    <div data-testid="overtime-comments">
      <Typography.Title level={5}>{t('comments.title')}</Typography.Title>
      {comments.data && comments.data.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comments.empty')} /> : null}
      <List size="small" loading={comments.isLoading} dataSource={comments.data ?? []} renderItem={render} locale={{ emptyText: ' ' }} />
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('comments.placeholder')}
          value={text}
          maxLength={OVERTIME_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
          aria-label={t('comments.comment')}
          data-testid="overtime-comment-input"
        />
        <Button type="primary" onClick={add} loading={command.isPending} disabled={!text.trim()} data-testid="overtime-comment-send">
          {t('comments.send')}
        </Button>
      </Space.Compact>
    </div>
  );
}

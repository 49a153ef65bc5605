import { useState } from 'react';
import { Button, Empty, Input, List, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { OVERTIME_MESSAGES, OVERTIME_TEXT_MAX } from '@tms/contracts/overtime';
import type { OvertimeComment } from '@tms/contracts/overtime-fixed';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyFailure } from '../../../lib/notify.ts';
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

  const run = async (c: Parameters<typeof command.mutateAsync>[0]) => {
    try {
      await command.mutateAsync(c);
      return true;
    } catch (error) {
      notifyFailure(OVERTIME_MESSAGES.commentFailed, error);
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
    confirmDialog({ title: 'Delete comment', content: 'Do you want to delete this comment?', danger: true, onOk: () => run({ kind: 'delete', commentId: c.id }) });

  const render = (c: OvertimeComment) => (
    <List.Item
      data-testid="overtime-comment"
      actions={
        c.mine && editing?.id !== c.id
          ? [
              <Button key="edit" size="small" type="text" icon={<EditOutlined />} aria-label="Edit comment" onClick={() => setEditing({ id: c.id, text: c.comment })} />,
              <Button key="delete" size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Delete comment" onClick={() => remove(c)} />,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={
          <Space size={4} wrap>
            <Typography.Text strong>{c.author.name}</Typography.Text>
            {c.receiver ? <Typography.Text type="secondary">to {c.receiver.name}</Typography.Text> : null}
            <Typography.Text type="secondary">{formatDateTime(c.created_date)}</Typography.Text>
            {c.last_modified_date ? <Typography.Text type="secondary">(edited)</Typography.Text> : null}
          </Space>
        }
        description={
          editing?.id === c.id ? (
            <Space.Compact style={{ width: '100%' }}>
              <Input.TextArea autoSize value={editing.text} maxLength={OVERTIME_TEXT_MAX} onChange={(e) => setEditing({ id: c.id, text: e.target.value })} aria-label="Edit comment text" />
              <Button type="primary" onClick={saveEdit} loading={command.isPending}>
                Save
              </Button>
              <Button onClick={() => setEditing(null)}>Cancel</Button>
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
      <Typography.Title level={5}>Comments</Typography.Title>
      {comments.data && comments.data.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No comments" /> : null}
      <List size="small" loading={comments.isLoading} dataSource={comments.data ?? []} renderItem={render} locale={{ emptyText: ' ' }} />
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder="Write a comment"
          value={text}
          maxLength={OVERTIME_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
          aria-label="Comment"
          data-testid="overtime-comment-input"
        />
        <Button type="primary" onClick={add} loading={command.isPending} disabled={!text.trim()} data-testid="overtime-comment-send">
          Send
        </Button>
      </Space.Compact>
    </div>
  );
}

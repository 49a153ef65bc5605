import { useState } from 'react';
import { Button, Flex, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { TIMESHEET_COMMENT_MAX, type TimesheetComment } from '@tms/contracts/timesheet-review';
import { timesheetTexts } from '../i18n/index.ts';
import { commentError, formatCommentTime, ruleOf } from './form-rules.ts';

type CommentItemProps = {
  comment: TimesheetComment;
  /** Saves an edit; rejects (the notice comes from the mutation cache) to keep the editor open. */
  onSave: (comment: TimesheetComment, content: string) => Promise<unknown>;
  onDelete: (comment: TimesheetComment) => void;
};

/**
 * One comment: content, author, last modified DD/MM/YYYY HH:mm. Edit (inline) and Delete only where `editable`, i.e.
 * for its creator (spec 001 §2.2, §6).
 */
export function CommentItem({ comment, onSave, onDelete }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ content: string }>();
  const { t } = timesheetTexts.useT();
  const id = comment.comment_id;

  const save = async () => {
    let values: { content: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await onSave(comment, values.content);
      setEditing(false);
    } catch {
      // Kept open for a retry; the mutation cache showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid={`ts-comment-${id}`} style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong>{comment.last_modified_by.name || comment.created_by.name}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatCommentTime(comment.last_modified_date)}
        </Typography.Text>
      </Flex>
      {editing ? (
        <Form form={form} initialValues={{ content: comment.content }} onFinish={() => void save()} style={{ marginTop: 8 }}>
          <Form.Item name="content" rules={[ruleOf((value: unknown) => commentError(value, t))]} style={{ marginBottom: 8 }}>
            <Input.TextArea rows={3} maxLength={TIMESHEET_COMMENT_MAX} showCount data-testid={`ts-comment-edit-input-${id}`} />
          </Form.Item>
          <Space>
            <Button size="small" onClick={() => setEditing(false)} disabled={saving} data-testid={`ts-comment-edit-cancel-${id}`}>
              {t('toolbar.comments.cancel')}
            </Button>
            <Button size="small" type="primary" loading={saving} onClick={() => void save()} data-testid={`ts-comment-edit-save-${id}`}>
              {t('toolbar.comments.save')}
            </Button>
          </Space>
        </Form>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>{comment.content}</Typography.Paragraph>
      )}
      {comment.editable && !editing ? (
        <Space size={0} style={{ marginTop: 4 }}>
          <Button type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)} data-testid={`ts-comment-edit-${id}`}>
            {t('toolbar.comments.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={() => onDelete(comment)} data-testid={`ts-comment-delete-${id}`}>
            {t('toolbar.comments.delete')}
          </Button>
        </Space>
      ) : null}
    </div>
  );
}

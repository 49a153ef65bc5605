import { Button, Drawer, Empty, Form, Input, Spin } from 'antd';
import { TIMESHEET_COMMENT_MAX, type TimesheetComment } from '@tms/contracts/timesheet-review';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useTimesheetComments, useWriteComment } from './api/timesheet-comments.ts';
import { timesheetTexts } from '../i18n/index.ts';
import { CommentItem } from './comment-item.tsx';
import { commentError, ruleOf } from './form-rules.ts';

type CommentsDrawerProps = { open: boolean; timesheetId: number; onClose: () => void };

/**
 * The All comment drawer (spec 001 §2.1, §2.2; drawer width 35%, spec §9): read, add, and — for the creator — edit
 * and delete comments of the timesheet. Edits and deletes send the comment's `version` (RULES.md §1).
 */
export function CommentsDrawer({ open, timesheetId, onClose }: CommentsDrawerProps) {
  const list = useTimesheetComments(timesheetId, open);
  const write = useWriteComment(timesheetId);
  const [form] = Form.useForm<{ content: string }>();
  const { t } = timesheetTexts.useT();

  const add = async (values: { content: string }) => {
    try {
      const { message } = await write.mutateAsync({ kind: 'create', content: values.content });
      notifySuccess(message);
      form.resetFields();
    } catch {
      // The mutation cache showed the server's message; the text stays for a retry.
    }
  };

  const save = async (comment: TimesheetComment, content: string) => {
    const { message } = await write.mutateAsync({ kind: 'update', comment, content });
    notifySuccess(message);
  };

  const remove = (comment: TimesheetComment) =>
    confirmDialog({
      content: t('toolbar.comments.confirmDelete'),
      danger: true,
      onOk: () =>
        write.mutateAsync({ kind: 'delete', comment }).then(
          ({ message }) => notifySuccess(message),
          () => undefined,
        ),
    });

  const comments = list.data ?? [];
  const creating = write.isPending && write.variables?.kind === 'create';

  return (
    <Drawer title={t('toolbar.comments.title')} open={open} onClose={onClose} size="35%" destroyOnHidden>
      <div data-testid="ts-comments-drawer">
        <Form form={form} layout="vertical" onFinish={(values) => void add(values)}>
          <Form.Item name="content" label={t('toolbar.comments.label')} required rules={[ruleOf((value: unknown) => commentError(value, t))]}>
            <Input.TextArea rows={3} maxLength={TIMESHEET_COMMENT_MAX} showCount placeholder={t('toolbar.comments.placeholder')} data-testid="ts-comment-input" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={creating} data-testid="ts-comment-add">
            {t('toolbar.comments.add')}
          </Button>
        </Form>
        <div style={{ marginTop: 16 }}>
          {list.isLoading ? (
            <div style={{ textAlign: 'center', padding: 24 }}>
              <Spin />
            </div>
          ) : comments.length === 0 ? (
            <Empty description={t('toolbar.comments.empty')} data-testid="ts-comments-empty" />
          ) : (
            comments.map((comment) => <CommentItem key={comment.comment_id} comment={comment} onSave={save} onDelete={remove} />)
          )}
        </div>
      </div>
    </Drawer>
  );
}

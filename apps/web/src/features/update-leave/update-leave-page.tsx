import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Form, Progress, Radio, Space, Spin, Typography } from 'antd';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { EmployeeSelect } from '../../components/employee-select.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { hasPermission, useCurrentUser } from '../../lib/auth.ts';
import { isJobFinished, useJobStatus } from '../../lib/job-status.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useStartUpdateLeave } from './api/start-update-leave.ts';
import { updateLeaveTexts } from './i18n/index.ts';
import { progressView, readStoredJobId, RUN_STORAGE_KEY, summaryOf, summaryRows, updateLeaveBody, type StaffChoice } from './update-leave-run.ts';

const storage = typeof window === 'undefined' ? undefined : window.sessionStorage;

/**
 * /update-leave (spec 000 §2 user menu, spec 002 §2; HR and Admin by the route's roles): recomputes the accrued leave
 * of every staff member or of the chosen ones as a background job, then follows it — a progress bar polled every
 * second — and shows what it did, or why it failed.
 */
export function UpdateLeavePage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spin />;
  // The route guard already sends everyone but HR and Admin to /404 (RULES.md §2); kept here so the page never
  // renders its controls for a user whose permissions changed under an open tab.
  if (!hasPermission(user, 'update-leave')) return <Navigate to="/404" replace />;
  return <UpdateLeaveRunner />;
}

function UpdateLeaveRunner() {
  const [choice, setChoice] = useState<StaffChoice>('all');
  const [usernames, setUsernames] = useState<string[]>([]);
  const [jobId, setJobId] = useState<number | null>(() => readStoredJobId(storage));
  const start = useStartUpdateLeave();
  const job = useJobStatus(jobId);
  const { t } = updateLeaveTexts.useT();

  function follow(id: number | null) {
    if (id === null) storage?.removeItem(RUN_STORAGE_KEY);
    else storage?.setItem(RUN_STORAGE_KEY, String(id));
    setJobId(id);
  }

  // A followed job that is not found any more (another session's, or purged) is simply forgotten; other failures keep
  // it, and the next poll tries again.
  const gone = job.error instanceof ApiError && job.error.status === 404;
  useEffect(() => {
    if (gone) follow(null);
  }, [gone]);

  const body = updateLeaveBody(choice, usernames);
  const running = jobId !== null && !isJobFinished(job.data?.status);

  const run = async () => {
    if (!body) return;
    const { data, message } = await start.mutateAsync(body);
    notifySuccess(message);
    follow(data.jobId);
  };
  const onRun = () => {
    // Everyone's funds are recomputed: asked once more (spec: confirmation before running for everyone).
    if (choice === 'all') confirmDialog({ title: t('confirmAllTitle'), content: t('confirmAll'), okText: t('run'), onOk: run });
    else void run().catch(() => undefined);
  };

  return (
    <Card title={<span data-testid="update-leave-title">{t('title')}</span>} style={{ maxWidth: 900 }}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={t('staff')}>
          <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as StaffChoice)} disabled={running}>
            <Radio value="all" data-testid="update-leave-all">
              {t('allStaff')}
            </Radio>
            <Radio value="chosen" data-testid="update-leave-chosen">
              {t('chosenStaff')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {choice === 'chosen' ? (
          <Form.Item label={t('chosenStaff')} required>
            <EmployeeSelect
              mode="multiple"
              value={usernames}
              onChange={(value) => setUsernames(Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)])}
              placeholder={t('staffPlaceholder')}
              aria-label={t('chosenStaff')}
              data-testid="update-leave-staff"
              disabled={running}
            />
          </Form.Item>
        ) : null}
        <Button type="primary" onClick={onRun} disabled={!body || running} loading={start.isPending} data-testid="update-leave-run">
          {t('run')}
        </Button>
      </Form>
      <div style={{ marginTop: 24 }}>{jobId === null ? <Empty description={t('idle')} /> : <RunView job={job.data} onDismiss={() => follow(null)} />}</div>
    </Card>
  );
}

function RunView({ job, onDismiss }: { job: ReturnType<typeof useJobStatus>['data']; onDismiss: () => void }) {
  const { t } = updateLeaveTexts.useT();
  const view = progressView(job, t);
  const summary = job?.status === 'done' ? summaryOf(job.result) : null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <div data-testid="update-leave-progress" aria-live="polite">
        <Typography.Text>{view.label}</Typography.Text>
        <Progress percent={view.percent} status={view.status} />
      </div>
      {job?.status === 'done' ? (
        <div data-testid="update-leave-result">
          <Descriptions
            bordered
            size="small"
            column={1}
            title={t('done')}
            items={(summary ? summaryRows(summary, t) : []).map((r) => ({ key: r.key, label: r.label, children: <span data-testid={`update-leave-result-${r.key}`}>{r.value}</span> }))}
          />
        </div>
      ) : null}
      {job?.status === 'failed' ? (
        <Alert type="error" showIcon title={t('failed')} description={job.error ?? undefined} data-testid="update-leave-failed" />
      ) : null}
      {isJobFinished(job?.status) ? (
        <Button onClick={onDismiss} data-testid="update-leave-dismiss">
          {t('dismiss')}
        </Button>
      ) : null}
    </Space>
  );
}

import { useEffect, useState } from 'react';
import { Button, Progress, Space, Typography } from 'antd';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { isJobFinished, useJobStatus } from '../../lib/job-status.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useStartRecalculateSalary } from './api/payroll-config-api.ts';
import { payrollConfigTexts } from './i18n/index.ts';

/**
 * Recalculate Salary (spec 002: "its action is not shown"; ours: RULES.md §6): confirm, start the job, follow its
 * progress until done, then say so. The OT pay of every request after the lock date is recomputed with the current
 * coefficients.
 */
export function RecalculateSalary() {
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useStartRecalculateSalary();
  const job = useJobStatus(jobId);
  const status = job.data?.status;
  const running = jobId !== null && !isJobFinished(status);
  const { t } = payrollConfigTexts.useT();

  useEffect(() => {
    if (status === 'done') notifySuccess(payrollConfigTexts.t('messages.recalculateDone'));
    if (status === 'failed') notifyError(payrollConfigTexts.t('messages.recalculateFailed'));
  }, [status]);

  const onClick = () =>
    confirmDialog({
      title: t('recalculate'),
      content: t('messages.recalculateConfirm'),
      onOk: async () => setJobId((await start.mutateAsync()).jobId),
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button onClick={onClick} loading={start.isPending} disabled={running} data-testid="recalculate-salary">
        {t('recalculate')}
      </Button>
      {jobId !== null ? (
        <div data-testid="recalculate-salary-progress" data-status={status ?? 'queued'} aria-live="polite">
          <Typography.Text type="secondary">{status === 'done' ? t('messages.recalculateDone') : status === 'failed' ? t('messages.recalculateFailed') : t('messages.recalculateRunning')}</Typography.Text>
          <Progress percent={job.data?.percent ?? 0} status={status === 'done' ? 'success' : status === 'failed' ? 'exception' : 'active'} />
        </div>
      ) : null}
    </Space>
  );
}

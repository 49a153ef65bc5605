import { Button, Progress, Space, Spin, Typography } from 'antd';
import { DatabaseOutlined } from '@ant-design/icons';
import { backupsTexts } from '../i18n/index.ts';
import type { RunBar } from '../use-backup-run.ts';

type Props = { bar: RunBar | null; busy: boolean; starting: boolean; onRun: () => void };

/** 'Run backup now' and, under it, the progress of the backup being followed (or of the last one, once it ended). */
export function BackupRunBar({ bar, busy, starting, onRun }: Props) {
  const { t } = backupsTexts.useT();
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 640 }}>
      <Button type="primary" icon={<DatabaseOutlined aria-hidden />} onClick={onRun} disabled={busy} loading={starting} data-testid="backup-run">
        {t('run')}
      </Button>
      {bar ? (
        <div data-testid="backup-progress" data-status={bar.status} aria-live="polite">
          <Typography.Text data-testid="backup-progress-label">{bar.view.label}</Typography.Text>{' '}
          {bar.followable ? <Progress percent={bar.view.percent} status={bar.view.status} /> : <Spin size="small" />}
        </div>
      ) : null}
    </Space>
  );
}

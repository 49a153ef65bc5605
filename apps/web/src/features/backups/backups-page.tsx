import { Space, Table, Typography } from 'antd';
import type { BackupItem } from '@tms/contracts/backups';
import { useDownloadBackup } from './api/download-backup.ts';
import { scheduleSentence } from './backup-display.ts';
import { backupColumns } from './components/backup-columns.tsx';
import { BackupRunBar } from './components/backup-run-bar.tsx';
import { BackupsEmpty } from './components/backups-empty.tsx';
import { backupsTexts } from './i18n/index.ts';
import { useBackupRun } from './use-backup-run.ts';

/**
 * /settings/backups (issue 24; Admin by the route's roles): the backup files of the database with their check, a
 * backup taken now as a background job followed by a progress bar, and each file's download.
 */
export function BackupsPage() {
  // Read first: the schedule, the bar and the columns below follow the language on screen.
  const { t } = backupsTexts.useT();
  const { list, bar, busy, starting, onRun } = useBackupRun();
  const download = useDownloadBackup();
  const downloading = download.isPending ? (download.variables ?? null) : null;
  const columns = backupColumns(t, (item) => download.mutate(item.name), downloading);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={4}>{t('title')}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 900, marginBottom: 4 }}>
          {t('intro')}
        </Typography.Paragraph>
        {list.data ? <Typography.Text data-testid="backup-schedule">{scheduleSentence(list.data.schedule)}</Typography.Text> : null}
      </div>
      <BackupRunBar bar={bar} busy={busy} starting={starting} onRun={() => void onRun()} />
      <Table<BackupItem>
        columns={columns}
        dataSource={list.data?.items}
        rowKey="name"
        loading={list.isPending}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: <BackupsEmpty /> }}
        data-testid="backups-table"
      />
    </Space>
  );
}

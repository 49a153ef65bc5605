import { Button, Tooltip, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { BackupItem } from '@tms/contracts/backups';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatCount } from '../../../lib/numbers.ts';
import { formatBackupTime, formatBytes, kindLabel, sourceLabel, verificationTag } from '../backup-display.ts';
import { backupsTexts, type BackupsT } from '../i18n/index.ts';

function VerificationCell({ item }: { item: BackupItem }) {
  backupsTexts.useT(); // re-rendered on a language switch
  const tag = verificationTag(item.verification);
  const shown = <StatusTag label={tag.label} color={tag.tone} />;
  if (!tag.tooltip) return <span data-testid={`backup-verification-${item.name}`}>{shown}</span>;
  // Focusable so the reason can be read from the keyboard too.
  return (
    <Tooltip title={tag.tooltip}>
      <span tabIndex={0} data-testid={`backup-verification-${item.name}`}>
        {shown}
      </span>
    </Tooltip>
  );
}

/**
 * The backups table's columns. On a phone the technical columns (schema version, source, rows) are left out, so the
 * time, kind, size, check and download fit; the table scrolls sideways for the rest.
 */
export function backupColumns(t: BackupsT, download: (item: BackupItem) => void, downloading: string | null): TableColumnsType<BackupItem> {
  return [
    { title: t('columns.time'), key: 'time', render: (_v, b) => <span title={b.name}>{formatBackupTime(b.createdDate)}</span> },
    { title: t('columns.kind'), key: 'kind', render: (_v, b) => kindLabel(b.kind) },
    { title: t('columns.size'), key: 'size', align: 'right', render: (_v, b) => formatBytes(b.sizeBytes) },
    { title: t('columns.schema'), dataIndex: 'schemaVersion', key: 'schema', responsive: ['md'] },
    { title: t('columns.source'), key: 'source', responsive: ['md'], render: (_v, b) => sourceLabel(b.source) },
    { title: t('columns.rows'), key: 'rows', align: 'right', responsive: ['md'], render: (_v, b) => <span title={t('tables', { n: formatCount(b.tables) })}>{formatCount(b.rows)}</span> },
    { title: t('columns.verification'), key: 'verification', render: (_v, b) => <VerificationCell item={b} /> },
    {
      title: t('columns.action'),
      key: 'action',
      render: (_v, b) => (
        <Tooltip title={t('download')}>
          <Button
            type="text"
            size="small"
            icon={<DownloadOutlined aria-hidden />}
            aria-label={t('downloadFile', { name: b.name })}
            loading={downloading === b.name}
            onClick={() => download(b)}
            data-testid={`backup-download-${b.name}`}
          />
        </Tooltip>
      ),
    },
  ];
}

import { Button, Tooltip, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { BACKUP_PAGE_TEXTS as T, type BackupItem } from '@tms/contracts/backups';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatCount } from '../../../lib/numbers.ts';
import { formatBackupTime, formatBytes, kindLabel, sourceLabel, verificationTag } from '../backup-display.ts';

function VerificationCell({ item }: { item: BackupItem }) {
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
export function backupColumns(download: (item: BackupItem) => void, downloading: string | null): TableColumnsType<BackupItem> {
  return [
    { title: 'Time', key: 'time', render: (_v, b) => <span title={b.name}>{formatBackupTime(b.createdDate)}</span> },
    { title: 'Kind', key: 'kind', render: (_v, b) => kindLabel(b.kind) },
    { title: 'Size', key: 'size', align: 'right', render: (_v, b) => formatBytes(b.sizeBytes) },
    { title: 'Schema version', dataIndex: 'schemaVersion', key: 'schema', responsive: ['md'] },
    { title: 'Source', key: 'source', responsive: ['md'], render: (_v, b) => sourceLabel(b.source) },
    { title: 'Rows', key: 'rows', align: 'right', responsive: ['md'], render: (_v, b) => <span title={`${b.tables} tables`}>{formatCount(b.rows)}</span> },
    { title: 'Verification', key: 'verification', render: (_v, b) => <VerificationCell item={b} /> },
    {
      title: 'Action',
      key: 'action',
      render: (_v, b) => (
        <Tooltip title={T.download}>
          <Button
            type="text"
            size="small"
            icon={<DownloadOutlined aria-hidden />}
            aria-label={`${T.download} ${b.name}`}
            loading={downloading === b.name}
            onClick={() => download(b)}
            data-testid={`backup-download-${b.name}`}
          />
        </Tooltip>
      ),
    },
  ];
}

import { Empty, Typography } from 'antd';
import { BACKUP_PAGE_TEXTS as T } from '@tms/contracts/backups';

export function BackupsEmpty() {
  return (
    <Empty
      data-testid="backups-empty"
      description={
        <>
          <Typography.Paragraph strong>{T.emptyTitle}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{T.emptyHint}</Typography.Paragraph>
        </>
      }
    />
  );
}

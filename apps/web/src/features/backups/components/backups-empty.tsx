import { Empty, Typography } from 'antd';
import { backupsTexts } from '../i18n/index.ts';

export function BackupsEmpty() {
  const { t } = backupsTexts.useT();
  return (
    <Empty
      data-testid="backups-empty"
      description={
        <>
          <Typography.Paragraph strong>{t('emptyTitle')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('emptyHint')}</Typography.Paragraph>
        </>
      }
    />
  );
}

import { Button, Empty, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { webhooksTexts } from '../i18n/index.ts';

/** The list without an endpoint: what an endpoint is and the way to add the first one. */
export function WebhooksEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = webhooksTexts.useT();
  return (
    <Empty
      data-testid="webhooks-empty"
      description={
        <>
          <Typography.Paragraph strong>{t('emptyTitle')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('emptyHint')}</Typography.Paragraph>
        </>
      }
    >
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onCreate} data-testid="webhooks-empty-create">
        {t('emptyCreate')}
      </Button>
    </Empty>
  );
}

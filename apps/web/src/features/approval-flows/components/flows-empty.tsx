import { Button, Empty, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { approvalFlowsTexts } from '../i18n/index.ts';

/** The list without a flow: what that means (the usual approver decides) and the way to create the first one. */
export function FlowsEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = approvalFlowsTexts.useT();
  return (
    <Empty
      data-testid="approval-flows-empty"
      description={
        <>
          <Typography.Paragraph strong>{t('emptyTitle')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('emptyHint')}</Typography.Paragraph>
        </>
      }
    >
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onCreate} data-testid="approval-flows-empty-create">
        {t('emptyCreate')}
      </Button>
    </Empty>
  );
}

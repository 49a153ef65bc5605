import { Button, Space, Typography } from 'antd';
import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import type { flexibleActions } from '@tms/contracts/overtime-flexible';
import { overtimeTexts } from '../i18n/index.ts';

/** A dialog of the detail page that an action opens. */
export type FlexibleDialog = 'edit' | 'cancel' | 'reject' | 'override' | 'confirm' | 'delegate' | 'history';

/**
 * The detail page's header: Back and the title, then every action, enabled as the viewer may take it now (contracts
 * `flexibleActions`, what the server enforces); Override (HR, HRM) and Delegate only where they apply.
 */
export function FlexibleDetailActions({ actions, confirmLabel, mayOverride, onBack, onApprove, onOpen }: {
  actions: ReturnType<typeof flexibleActions>;
  confirmLabel: string;
  mayOverride: boolean;
  onBack: () => void;
  onApprove: () => void;
  onOpen: (dialog: FlexibleDialog) => void;
}) {
  const { t } = overtimeTexts.useT();
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="flexible-back">
          {t('flexible.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('flexible.title')}
        </Typography.Title>
      </Space>
      <Space wrap data-testid="flexible-actions">
        <Button onClick={() => onOpen('edit')} disabled={!actions.edit} data-testid="flexible-edit">
          {t('flexible.edit')}
        </Button>
        <Button onClick={() => onOpen('cancel')} disabled={!actions.cancel} data-testid="flexible-cancel">
          {t('flexible.cancel')}
        </Button>
        <Button onClick={() => onOpen('confirm')} disabled={!actions.confirm} data-testid="flexible-confirm">
          {confirmLabel}
        </Button>
        <Button type="primary" onClick={onApprove} disabled={!actions.approve} data-testid="flexible-approve">
          {t('flexible.approve')}
        </Button>
        <Button danger onClick={() => onOpen('reject')} disabled={!actions.reject} data-testid="flexible-reject">
          {t('flexible.reject')}
        </Button>
        {mayOverride ? (
          <Button onClick={() => onOpen('override')} data-testid="flexible-override">
            {t('flexible.override')}
          </Button>
        ) : null}
        {actions.delegate ? (
          <Button onClick={() => onOpen('delegate')} data-testid="flexible-delegate">
            {t('flexible.delegate')}
          </Button>
        ) : null}
        <Button icon={<HistoryOutlined />} onClick={() => onOpen('history')} data-testid="flexible-history">
          {t('flexible.history')}
        </Button>
      </Space>
    </Space>
  );
}

import type { ReactNode } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { notifySuccess } from '../lib/notify.ts';
import { commonTexts } from './i18n/index.ts';

type ShownOnceModalProps = {
  title: string;
  /** Why it must be copied now: the server never answers it again. */
  warning: string;
  value: string;
  /** The read-only field's accessible name. */
  valueLabel: string;
  /** data-testid `${testIdPrefix}-value`, `-copy`, `-close`. */
  testIdPrefix: string;
  /** Default 'Copy'. */
  copyText?: string;
  /** Default 'Copied'. */
  copiedText?: string;
  /** Shown between the warning and the value. */
  children?: ReactNode;
  onClose: () => void;
};

/** A secret the server answers only once (a first password, a device key): a warning, the value and a copy button. */
export function ShownOnceModal({ title, warning, value, valueLabel, testIdPrefix, copyText, copiedText, children, onClose }: ShownOnceModalProps) {
  const { t } = commonTexts.useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notifySuccess(copiedText ?? commonTexts.t('actions.copied'));
    } catch {
      // Clipboard refused (no permission, insecure page): the value stays selectable in the field.
    }
  };
  return (
    <Modal open title={title} onCancel={onClose} maskClosable={false} footer={<Button type="primary" onClick={onClose} data-testid={`${testIdPrefix}-close`}>{t('actions.ok')}</Button>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={warning} />
        {children}
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={value} aria-label={valueLabel} data-testid={`${testIdPrefix}-value`} />
          <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()} data-testid={`${testIdPrefix}-copy`}>
            {copyText ?? t('actions.copy')}
          </Button>
        </Space.Compact>
      </Space>
    </Modal>
  );
}

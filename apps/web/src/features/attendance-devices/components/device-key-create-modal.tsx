import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { DEVICE_KEY_DESCRIPTION_MAX, PUNCH_SYSTEMS, type DeviceKeyCreated } from '@tms/contracts/punches';
import { FormModal } from '../../../components/form-modal.tsx';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateDeviceKey } from '../api/device-keys-api.ts';
import { SYSTEM_OPTIONS } from '../device-display.ts';
import { attendanceDevicesTexts } from '../i18n/index.ts';

type KeyFormValues = { system: (typeof PUNCH_SYSTEMS)[number]; description?: string };

/** 'Create key' (system, description), then the new key shown this once with a copy button (RULES.md §4). */
export function DeviceKeyCreateModal({ onClose }: { onClose: () => void }) {
  const create = useCreateDeviceKey();
  const [created, setCreated] = useState<DeviceKeyCreated | null>(null);
  const { t } = attendanceDevicesTexts.useT();

  const submit = async (v: KeyFormValues) => {
    try {
      const result = await create.mutateAsync({ system: v.system, description: v.description?.trim() || null });
      notifySuccess(result.message);
      setCreated(result.data);
    } catch (error) {
      notifyApiError(error);
      throw error;
    }
  };

  if (created) return <DeviceKeyShownOnce created={created} onClose={onClose} />;
  return (
    <FormModal<KeyFormValues> open title={t('keys.create')} name="device-key-form" width={520} onSubmit={submit} onCancel={onClose} okText={t('keys.createOk')} saveTestId="device-key-save">
      <Form.Item name="system" label={t('keys.formSystem')} rules={[{ required: true, message: t('keys.systemRequired') }]}>
        <Select options={SYSTEM_OPTIONS} placeholder={t('keys.systemPlaceholder')} />
      </Form.Item>
      <Form.Item name="description" label={t('keys.description')} rules={[{ max: DEVICE_KEY_DESCRIPTION_MAX, message: t('keys.descriptionTooLong') }]}>
        <Input autoComplete="off" placeholder={t('keys.descriptionPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}

function DeviceKeyShownOnce({ created, onClose }: { created: DeviceKeyCreated; onClose: () => void }) {
  const { t } = attendanceDevicesTexts.useT();
  return (
    <ShownOnceModal
      title={t('keys.shownOnceTitle', { system: created.system })}
      warning={t('keys.shownOnce')}
      value={created.key}
      valueLabel={t('keys.value')}
      testIdPrefix="device-key"
      onClose={onClose}
    />
  );
}

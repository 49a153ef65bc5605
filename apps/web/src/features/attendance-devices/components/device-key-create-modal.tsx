import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { DEVICE_PAGE_TEXTS as T } from '@tms/contracts/attendance-devices';
import { DEVICE_KEY_DESCRIPTION_MAX, PUNCH_MESSAGES as PM, PUNCH_SYSTEMS, type DeviceKeyCreated } from '@tms/contracts/punches';
import { FormModal } from '../../../components/form-modal.tsx';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateDeviceKey } from '../api/device-keys-api.ts';
import { SYSTEM_OPTIONS } from '../device-display.ts';

type KeyFormValues = { system: (typeof PUNCH_SYSTEMS)[number]; description?: string };

/** 'Create key' (system, description), then the new key shown this once with a copy button (RULES.md §4). */
export function DeviceKeyCreateModal({ onClose }: { onClose: () => void }) {
  const create = useCreateDeviceKey();
  const [created, setCreated] = useState<DeviceKeyCreated | null>(null);

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
    <FormModal<KeyFormValues> open title={T.keyCreate} name="device-key-form" width={520} onSubmit={submit} onCancel={onClose} okText="Create" saveTestId="device-key-save">
      <Form.Item name="system" label="Attendance check system" rules={[{ required: true, message: PM.systemRequired }]}>
        <Select options={SYSTEM_OPTIONS} placeholder="Select system" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: DEVICE_KEY_DESCRIPTION_MAX, message: PM.descriptionTooLong }]}>
        <Input autoComplete="off" placeholder="e.g. Gate 1 controller" />
      </Form.Item>
    </FormModal>
  );
}

function DeviceKeyShownOnce({ created, onClose }: { created: DeviceKeyCreated; onClose: () => void }) {
  return <ShownOnceModal title={`Device key for ${created.system}`} warning={T.keyShownOnce} value={created.key} valueLabel="Device key" testIdPrefix="device-key" onClose={onClose} />;
}

import { useRef, useState } from 'react';
import { Button, Form, Input, InputNumber, Space, Switch, Table, Tag, type TableRef } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PLACE_ADDRESS_MAX, PLACE_NAME_MAX, PLACE_RADIUS_MAX, PLACE_RADIUS_MIN, type CheckInPlace } from '@tms/contracts/self-check-in';
import { useScrollRegion } from '../../../../components/use-scroll-region.ts';
import { confirmDialog } from '../../../../components/confirm-dialog.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { HistoryViewer } from '../../../../components/history-viewer.tsx';
import { notifySuccess } from '../../../../lib/notify.ts';
import { usePlaceHistory, usePlaces, useSavePlace } from './api.ts';
import { checkInPlacesTexts } from './i18n/index.ts';

type Values = { name: string; address?: string; latitude: number; longitude: number; radius_m: number; network_ranges?: string; active: boolean };

const rangesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function PlaceFormModal({ place, onClose }: { place: CheckInPlace | null; onClose: () => void }) {
  const { t } = checkInPlacesTexts.useT();
  const save = useSavePlace();
  const [form] = Form.useForm<Values>();
  const initial: Partial<Values> = place
    ? { name: place.name, address: place.address ?? undefined, latitude: place.latitude, longitude: place.longitude, radius_m: place.radius_m, network_ranges: place.network_ranges.join('\n'), active: place.active }
    : { radius_m: 100, active: true };
  const submit = async (v: Values) => {
    const body = { name: v.name, address: v.address || null, latitude: v.latitude, longitude: v.longitude, radius_m: v.radius_m, network_ranges: rangesOf(v.network_ranges), active: v.active };
    const answer = await save.mutateAsync({ id: place?.id ?? null, body: place ? { ...body, version: place.version } : body });
    notifySuccess(answer.message);
    onClose();
  };
  const useMine = () =>
    navigator.geolocation?.getCurrentPosition((p) => form.setFieldsValue({ latitude: Number(p.coords.latitude.toFixed(6)), longitude: Number(p.coords.longitude.toFixed(6)) }));
  const required = { required: true, message: t('places.required') };
  return (
    <FormModal<Values>
      open
      form={form}
      title={place ? t('places.edit') : t('places.add')}
      initialValues={initial}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={560}
      name="check-in-place-form"
      formTestId="check-in-place-form"
    >
      <Form.Item name="name" label={t('places.name')} rules={[{ ...required, whitespace: true }]}>
        <Input maxLength={PLACE_NAME_MAX} />
      </Form.Item>
      <Form.Item name="address" label={t('places.address')}>
        <Input.TextArea maxLength={PLACE_ADDRESS_MAX} rows={2} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="latitude" label={t('places.latitude')} rules={[required, { type: 'number', min: -90, max: 90, message: t('places.latitudeInvalid') }]}>
          <InputNumber step={0.000001} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="longitude" label={t('places.longitude')} rules={[required, { type: 'number', min: -180, max: 180, message: t('places.longitudeInvalid') }]}>
          <InputNumber step={0.000001} style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Button onClick={useMine} style={{ marginBottom: 16 }} data-testid="check-in-place-use-location">
        {t('places.useMyLocation')}
      </Button>
      <Form.Item name="radius_m" label={t('places.radius')} rules={[required, { type: 'integer', min: PLACE_RADIUS_MIN, max: PLACE_RADIUS_MAX, message: t('places.radiusInvalid') }]}>
        <InputNumber min={PLACE_RADIUS_MIN} max={PLACE_RADIUS_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="network_ranges" label={t('places.networks')} extra={t('places.networksHelp')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="active" label={t('places.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

function PlaceHistory({ place, onClose }: { place: CheckInPlace; onClose: () => void }) {
  const { t } = checkInPlacesTexts.useT();
  const history = usePlaceHistory(place.id);
  return (
    <HistoryViewer
      open
      title={t('places.historyTitle', { name: place.name })}
      entries={history.data}
      loading={history.isLoading}
      onClose={onClose}
      fieldLabels={{ name: t('places.name'), address: t('places.address'), latitude: t('places.latitude'), longitude: t('places.longitude'), radius_m: t('places.radius'), network_ranges: t('places.networks'), active: t('places.active') }}
    />
  );
}

/** Settings → Check-in places (issue 28 §1; Admin, HR): the list, add/edit, deactivate with confirmation, history. */
export function CheckInPlacesTab() {
  const { t } = checkInPlacesTexts.useT();
  const places = usePlaces();
  const tableRef = useRef<TableRef>(null);
  useScrollRegion(tableRef, t('tabs.places'));
  const save = useSavePlace();
  const [editing, setEditing] = useState<CheckInPlace | 'new' | null>(null);
  const [history, setHistory] = useState<CheckInPlace | null>(null);
  const setActive = (place: CheckInPlace, active: boolean) => {
    const body = { name: place.name, address: place.address, latitude: place.latitude, longitude: place.longitude, radius_m: place.radius_m, network_ranges: place.network_ranges, active, version: place.version };
    const run = async () => notifySuccess((await save.mutateAsync({ id: place.id, body })).message);
    if (active) void run();
    else confirmDialog({ content: t('places.confirmDeactivate', { name: place.name }), okText: t('places.deactivate'), danger: true, onOk: run });
  };
  return (
    <div data-testid="check-in-places-tab">
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="check-in-place-add">
        {t('places.add')}
      </Button>
      <Table<CheckInPlace>
        ref={tableRef}
        rowKey="id"
        size="small"
        loading={places.isLoading}
        dataSource={places.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('places.empty') }}
        data-testid="check-in-places-table"
        columns={[
          { title: t('places.name'), dataIndex: 'name' },
          { title: t('places.address'), dataIndex: 'address' },
          { title: `${t('places.latitude')}, ${t('places.longitude')}`, key: 'pos', render: (_, p) => `${p.latitude}, ${p.longitude}` },
          { title: t('places.radius'), dataIndex: 'radius_m', render: (r: number) => t('places.radiusValue', { radius: r }) },
          { title: t('places.networks'), key: 'net', render: (_, p) => p.network_ranges.join(', ') },
          { title: t('places.status'), key: 'active', render: (_, p) => (p.active ? <Tag color="green">{t('places.active')}</Tag> : <Tag>{t('places.inactive')}</Tag>) },
          {
            title: t('places.actions'),
            key: 'actions',
            render: (_, p) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setEditing(p)} data-testid={`check-in-place-edit-${p.id}`} aria-label={`${t('places.edit')}: ${p.name}`}>
                  {t('places.edit')}
                </Button>
                <Button size="small" danger={p.active} onClick={() => setActive(p, !p.active)} data-testid={`check-in-place-toggle-${p.id}`}>
                  {p.active ? t('places.deactivate') : t('places.activate')}
                </Button>
                <Button size="small" onClick={() => setHistory(p)} data-testid={`check-in-place-history-${p.id}`}>
                  {t('places.history')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing ? <PlaceFormModal place={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {history ? <PlaceHistory place={history} onClose={() => setHistory(null)} /> : null}
    </div>
  );
}

import { useRef, useState } from 'react';
import { Button, Form, Input, Select, Table, Tag, Typography, type TableRef } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { KIOSK_NAME_MAX, KIOSK_PAGE, type Kiosk } from '@tms/contracts/self-check-in';
import { useScrollRegion } from '../../../../components/use-scroll-region.ts';
import { confirmDialog } from '../../../../components/confirm-dialog.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { ShownOnceModal } from '../../../../components/shown-once-modal.tsx';
import { formatDateTime } from '../../../../lib/dates.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCreateKiosk, useKiosks, usePlaces, useRevokeKiosk } from './api.ts';
import { checkInPlacesTexts } from './i18n/index.ts';
import { personText } from '../../../../lib/person-text.ts';

type Values = { name: string; place_id: number };

/** The link that turns a browser into this kiosk: the token in the fragment (never sent to a server log). */
export function kioskLink(origin: string, token: string): string {
  return `${origin}${KIOSK_PAGE}#token=${encodeURIComponent(token)}`;
}

function CreateKioskModal({ onClose }: { onClose: () => void }) {
  const { t } = checkInPlacesTexts.useT();
  const create = useCreateKiosk();
  const places = usePlaces();
  const [created, setCreated] = useState<(Kiosk & { token: string }) | null>(null);
  if (created) {
    const link = kioskLink(window.location.origin, created.token);
    return (
      <ShownOnceModal title={t('kiosks.shownOnceTitle', { name: created.name })} warning={t('kiosks.shownOnce')} value={created.token} valueLabel={t('kiosks.token')} testIdPrefix="kiosk-token" onClose={onClose}>
        <Typography.Text>{t('kiosks.link')}</Typography.Text>
        <Typography.Text copyable={{ text: link }} code style={{ overflowWrap: 'anywhere' }} data-testid="kiosk-link">
          {link}
        </Typography.Text>
        <a href={link} data-testid="kiosk-open-here">
          {t('kiosks.openHere')}
        </a>
      </ShownOnceModal>
    );
  }
  const required = { required: true, message: t('kiosks.required') };
  return (
    <FormModal<Values>
      open
      title={t('kiosks.add')}
      onSubmit={async (v: Values) => {
        const answer = await create.mutateAsync({ name: v.name, place_id: v.place_id });
        notifySuccess(answer.message);
        setCreated(answer.data);
      }}
      onCancel={onClose}
      confirmLoading={create.isPending}
      width={480}
      name="kiosk-form"
      formTestId="kiosk-form"
    >
      <Form.Item name="name" label={t('kiosks.name')} rules={[{ ...required, whitespace: true }]}>
        <Input maxLength={KIOSK_NAME_MAX} />
      </Form.Item>
      <Form.Item name="place_id" label={t('kiosks.place')} rules={[required]}>
        <Select
          loading={places.isLoading}
          options={(places.data ?? []).filter((p) => p.active).map((p) => ({ value: p.id, label: p.name }))}
          data-testid="kiosk-place"
        />
      </Form.Item>
    </FormModal>
  );
}

/** Settings → Kiosks (issue 28 §3; Admin): the list, create (token shown once), revoke with confirmation. */
export function KiosksTab() {
  const { t } = checkInPlacesTexts.useT();
  const kiosks = useKiosks();
  const tableRef = useRef<TableRef>(null);
  useScrollRegion(tableRef, t('tabs.kiosks'));
  const revoke = useRevokeKiosk();
  const [creating, setCreating] = useState(false);
  return (
    <div data-testid="kiosks-tab">
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)} style={{ marginBottom: 12 }} data-testid="kiosk-add">
        {t('kiosks.add')}
      </Button>
      <Table<Kiosk>
        ref={tableRef}
        rowKey="id"
        size="small"
        loading={kiosks.isLoading}
        dataSource={kiosks.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('kiosks.empty') }}
        data-testid="kiosks-table"
        columns={[
          { title: t('kiosks.name'), dataIndex: 'name' },
          { title: t('kiosks.place'), dataIndex: 'place_name' },
          { title: t('kiosks.status'), key: 'status', render: (_, k) => (k.active ? <Tag color="green">{t('kiosks.active')}</Tag> : <Tag>{t('kiosks.revoked')}</Tag>) },
          { title: t('kiosks.createdBy'), key: 'created_by', render: (_, k) => personText(k.created_by_name, k.created_by) },
          { title: t('kiosks.createdAt'), dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
          { title: t('kiosks.lastUsed'), dataIndex: 'last_used_at', render: (v: string | null) => (v ? formatDateTime(v) : '') },
          {
            title: t('kiosks.actions'),
            key: 'actions',
            render: (_, k) =>
              k.active ? (
                <Button
                  size="small"
                  danger
                  data-testid={`kiosk-revoke-${k.id}`}
                  onClick={() =>
                    confirmDialog({
                      content: t('kiosks.confirmRevoke', { name: k.name }),
                      okText: t('kiosks.revoke'),
                      danger: true,
                      onOk: async () => notifySuccess((await revoke.mutateAsync(k.id)).message),
                    })
                  }
                >
                  {t('kiosks.revoke')}
                </Button>
              ) : null,
          },
        ]}
      />
      {creating ? <CreateKioskModal onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

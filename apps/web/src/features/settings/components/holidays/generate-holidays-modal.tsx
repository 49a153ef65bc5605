import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { HolidayProposal } from '@tms/contracts/holidays';
import { notifyApiError, notifySuccess } from '../../../../lib/notify.ts';
import { generatePublicHolidays, useSavePublicHolidays } from '../../api/holidays-api.ts';
import { settingsTexts } from '../../i18n/index.ts';
import { ProposalTable, type ProposalRow } from './proposal-table.tsx';
import { notifyPeriods } from './period-notice.ts';

type Props = { calendarCode: string; year: number; onClose: () => void };

let nextKey = 1;
const keyed = (p: HolidayProposal): ProposalRow => ({ ...p, key: nextKey++ });

/** "Generate public holidays": the Labour Code's days of the year as a proposal to review, edit and save. */
export function GenerateHolidaysModal({ calendarCode, year, onClose }: Props) {
  const { t } = settingsTexts.useT();
  const save = useSavePublicHolidays();
  const [rows, setRows] = useState<ProposalRow[] | null>(null);
  useEffect(() => {
    let live = true;
    generatePublicHolidays(year).then(
      (list) => live && setRows(list.map(keyed)),
      (error: unknown) => {
        notifyApiError(error);
        onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [year, onClose]);

  const submit = async () => {
    if (!rows) return;
    const items = rows.map(({ key: _k, ...p }) => p).sort((a, b) => a.date.localeCompare(b.date));
    const envelope = await save.mutateAsync({ calendar_code: calendarCode, year, items });
    notifySuccess(envelope.message);
    notifyPeriods(envelope.data.periods);
    onClose();
  };
  const addRow = () => setRows((r) => [...(r ?? []), keyed({ date: `${year}-12-31`, name_en: '', name_vi: '', kind: 'PUBLIC', note: null })]);

  return (
    <Modal
      open
      title={t('holidays.generateTitle', { year })}
      width={1000}
      onCancel={onClose}
      footer={[
        <Button key="add" icon={<PlusOutlined aria-hidden />} onClick={addRow} disabled={!rows}>
          {t('holidays.addRow')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('holidays.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} disabled={!rows} onClick={() => void submit().catch(notifyApiError)} data-testid="holidays-generate-save">
          {t('holidays.save')}
        </Button>,
      ]}
    >
      <Alert type="info" showIcon message={t('holidays.generateHint', { year })} style={{ marginBottom: 12 }} />
      {rows ? <ProposalTable rows={rows} onChange={setRows} /> : <Spin />}
    </Modal>
  );
}

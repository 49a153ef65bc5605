import { useCallback, useState } from 'react';
import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import {
  HOLIDAYS_IMPORT_PATH,
  HOLIDAYS_RESULT_FILE,
  HOLIDAYS_TEMPLATE_FILE,
  HOLIDAYS_TEMPLATE_PATH,
  type HolidayRow,
} from '@tms/contracts/holidays';
import { confirmDialog } from '../../../../components/confirm-dialog.tsx';
import { HistoryViewer } from '../../../../components/history-viewer.tsx';
import { ImportDialog } from '../../../../components/import-dialog.tsx';
import { formatDmy } from '../../../../lib/dates.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { holidayKeys, useCopyCompanyDays, useHolidayCalendars, useHolidayHistory, useHolidayYear, useRemoveHoliday } from '../../api/holidays-api.ts';
import { settingsTexts } from '../../i18n/index.ts';
import { GenerateHolidaysModal } from './generate-holidays-modal.tsx';
import { HolidayFormModal } from './holiday-form-modal.tsx';
import { HolidayYearView } from './holiday-year-view.tsx';
import { HolidaysTable } from './holidays-table.tsx';
import { HolidaysToolbar } from './holidays-toolbar.tsx';
import { notifyPeriods } from './period-notice.ts';

type Dialog = { kind: 'form'; holiday: HolidayRow | null } | { kind: 'generate' } | { kind: 'import' } | { kind: 'history'; holiday: HolidayRow } | null;

function HolidayHistory({ holiday, onClose }: { holiday: HolidayRow; onClose: () => void }) {
  const { t } = settingsTexts.useT();
  const history = useHolidayHistory(holiday.id);
  return <HistoryViewer open title={t('holidays.historyTitle')} entries={history.data} loading={history.isLoading} onClose={onClose} />;
}

/** Settings → Holidays (issue 27 §1): a calendar's holidays of a year as 12 small months and a list, and their changes. */
export function HolidaysTab() {
  const { t, language } = settingsTexts.useT();
  const client = useQueryClient();
  const calendars = useHolidayCalendars();
  const [picked, setPicked] = useState<string>();
  const calendar = picked ?? calendars.data?.find((c) => c.code === 'VNM_NPH')?.code ?? calendars.data?.[0]?.code;
  const thisYear = dayjs().year();
  const [year, setYear] = useState(thisYear);
  const years = Array.from({ length: 9 }, (_, i) => thisYear - 3 + i);
  const data = useHolidayYear(calendar, year);
  const remove = useRemoveHoliday();
  const copy = useCopyCompanyDays();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const nameOf = (h: HolidayRow) => (language === 'vi' ? h.name_vi : h.name_en);

  const confirmRemove = (h: HolidayRow) =>
    confirmDialog({
      title: t('holidays.removeTitle'),
      content: t('holidays.removeConfirm', { date: formatDmy(h.date), name: nameOf(h) }),
      okText: t('holidays.remove'),
      danger: true,
      onOk: async () => {
        const envelope = await remove.mutateAsync({ id: h.id, version: h.version });
        notifySuccess(envelope.message);
        notifyPeriods(envelope.data.periods);
      },
    });
  const confirmCopy = () =>
    confirmDialog({
      title: t('holidays.copy', { year: year + 1 }),
      content: t('holidays.copyConfirm', { from: year, to: year + 1 }),
      okText: t('holidays.copy', { year: year + 1 }),
      onOk: async () => {
        const envelope = await copy.mutateAsync({ calendar_code: calendar!, year });
        notifySuccess(envelope.message);
        notifyPeriods(envelope.data.periods);
      },
    });

  const holidays = data.data?.holidays ?? [];
  return (
    <>
      <HolidaysToolbar
        calendars={calendars.data ?? []}
        calendar={calendar}
        year={year}
        years={years}
        onCalendar={setPicked}
        onYear={setYear}
        onAdd={() => setDialog({ kind: 'form', holiday: null })}
        onGenerate={() => setDialog({ kind: 'generate' })}
        onCopy={confirmCopy}
        onImport={() => setDialog({ kind: 'import' })}
      />
      {data.data?.lock_date ? <Typography.Paragraph type="secondary">{t('holidays.lockDate', { date: formatDmy(data.data.lock_date) })}</Typography.Paragraph> : null}
      {data.data && data.data.periods.length > 0 ? (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          message={t('holidays.periods')}
          description={data.data.periods.map((p) => t('holidays.periodLine', { name: p.name, company: p.company_name, days: p.working_days })).join(' · ')}
          data-testid="holiday-periods"
        />
      ) : null}
      <Typography.Title level={5}>{t('holidays.yearView')}</Typography.Title>
      <HolidayYearView year={year} holidays={holidays} nameOf={nameOf} onOpen={(h) => setDialog({ kind: 'form', holiday: h })} />
      <Typography.Title level={5}>{t('holidays.list')}</Typography.Title>
      <HolidaysTable
        rows={holidays}
        loading={data.isLoading}
        nameOf={nameOf}
        onEdit={(h) => setDialog({ kind: 'form', holiday: h })}
        onRemove={confirmRemove}
        onHistory={(h) => setDialog({ kind: 'history', holiday: h })}
      />
      {dialog?.kind === 'form' && calendar ? <HolidayFormModal calendarCode={calendar} holiday={dialog.holiday} defaultDate={dayjs(`${year}-01-01`)} onClose={close} /> : null}
      {dialog?.kind === 'generate' && calendar ? <GenerateHolidaysModal calendarCode={calendar} year={year} onClose={close} /> : null}
      {dialog?.kind === 'history' ? <HolidayHistory holiday={dialog.holiday} onClose={close} /> : null}
      {dialog?.kind === 'import' && calendar ? (
        <ImportDialog
          open
          title={t('holidays.importTitle')}
          uploadUrl={HOLIDAYS_IMPORT_PATH}
          uploadQuery={{ calendar_code: calendar }}
          templateUrl={HOLIDAYS_TEMPLATE_PATH}
          templateFileName={HOLIDAYS_TEMPLATE_FILE}
          resultFileName={HOLIDAYS_RESULT_FILE}
          onClose={close}
          onImported={() => void client.invalidateQueries({ queryKey: holidayKeys.all })}
        />
      ) : null}
    </>
  );
}

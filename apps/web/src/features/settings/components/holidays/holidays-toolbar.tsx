import { Button, Select, Space } from 'antd';
import { CalendarOutlined, CopyOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { HolidayCalendarRow } from '@tms/contracts/holidays';
import { settingsTexts } from '../../i18n/index.ts';

type Props = {
  calendars: readonly HolidayCalendarRow[];
  calendar: string | undefined;
  year: number;
  years: readonly number[];
  onCalendar: (code: string) => void;
  onYear: (year: number) => void;
  onAdd: () => void;
  onGenerate: () => void;
  onCopy: () => void;
  onImport: () => void;
};

/** The calendar and year pickers and the tab's actions. */
export function HolidaysToolbar(p: Props) {
  const { t } = settingsTexts.useT();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        value={p.calendar}
        onChange={p.onCalendar}
        style={{ minWidth: 200 }}
        aria-label={t('holidays.calendar')}
        options={p.calendars.map((c) => ({ value: c.code, label: c.code === c.name ? c.code : `${c.code} — ${c.name}` }))}
        data-testid="holiday-calendar"
      />
      <Select value={p.year} onChange={p.onYear} style={{ width: 110 }} aria-label={t('holidays.year')} options={p.years.map((y) => ({ value: y, label: String(y) }))} data-testid="holiday-year" />
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={p.onAdd} disabled={!p.calendar} data-testid="holiday-add">
        {t('holidays.add')}
      </Button>
      <Button icon={<CalendarOutlined aria-hidden />} onClick={p.onGenerate} disabled={!p.calendar} data-testid="holidays-generate">
        {t('holidays.generate')}
      </Button>
      <Button icon={<CopyOutlined aria-hidden />} onClick={p.onCopy} disabled={!p.calendar} data-testid="holidays-copy">
        {t('holidays.copy', { year: p.year + 1 })}
      </Button>
      <Button icon={<UploadOutlined aria-hidden />} onClick={p.onImport} disabled={!p.calendar} data-testid="holidays-import">
        {t('holidays.import')}
      </Button>
    </Space>
  );
}

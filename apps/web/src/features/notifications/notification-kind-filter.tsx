import { Select } from 'antd';
import { NOTIFICATION_KINDS } from '@tms/contracts/notification-kinds';
import type { KindFilter } from './api/notifications-api.ts';
import { notificationsTexts } from './i18n/index.ts';

/**
 * The kind filter of the bell and the notifications page (issue 30 §4): All, Approvals, My requests, Timesheet,
 * Reminders, Other. A select rather than tabs, so it fits the bell's popover and a 390 px phone.
 */
export function NotificationKindFilter({ value, onChange, testId }: { value: KindFilter; onChange: (kind: KindFilter) => void; testId: string }) {
  const { t } = notificationsTexts.useT();
  const options = [{ value: 'ALL', label: t('kinds.ALL') }, ...NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))];
  return (
    <Select
      size="small"
      aria-label={t('kindLabel')}
      data-testid={testId}
      value={value ?? 'ALL'}
      options={options}
      onChange={(v: string) => onChange(v === 'ALL' ? null : (v as KindFilter))}
      style={{ minWidth: 140 }}
      popupMatchSelectWidth={false}
    />
  );
}

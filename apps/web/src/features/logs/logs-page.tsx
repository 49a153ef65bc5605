import { lazy, Suspense } from 'react';
import { Spin, Tabs, Typography } from 'antd';
import { CHECK_IN_ATTEMPT_READERS } from '@tms/contracts/self-check-in';
import { MAIL_OUTBOX_ACCESS } from '@tms/contracts/logs';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { ConnectionHistoryTab } from './components/connection-history-tab.tsx';
import { LogsListTab } from './components/logs-list-tab.tsx';
import { MailOutboxTab } from './components/mail-outbox-tab.tsx';
import { logsTexts } from './i18n/index.ts';
import { useCheckInAttemptsTitle } from './components/check-in-attempts/tab-title.ts';

const CheckInAttemptsTab = lazy(() => import('./components/check-in-attempts/attempts-tab.tsx').then((m) => ({ default: m.CheckInAttemptsTab })));

/**
 * /logs (spec 002 §2 Logs; RULES.md §8): Logs List and Connection History, each filtered and paged (10, height 550);
 * a third tab Mail Outbox for ADMIN.
 */
export function LogsPage() {
  const { data: user } = useCurrentUser();
  const { t } = logsTexts.useT();
  const items = [
    { key: 'logs-list', label: t('tabs.list'), children: <LogsListTab /> },
    { key: 'connection-history', label: t('tabs.connection'), children: <ConnectionHistoryTab /> },
  ];
  const attempts = useCheckInAttemptsTitle();
  if (hasRole(user, ...CHECK_IN_ATTEMPT_READERS))
    items.push({ key: 'check-in-attempts', label: attempts, children: <Suspense fallback={<Spin />}><CheckInAttemptsTab /></Suspense> });
  if (hasRole(user, ...MAIL_OUTBOX_ACCESS)) items.push({ key: 'mail-outbox', label: t('tabs.mail'), children: <MailOutboxTab /> });
  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Tabs defaultActiveKey="logs-list" destroyOnHidden items={items} data-testid="logs-tabs" />
    </>
  );
}

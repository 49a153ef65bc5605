import { useCallback } from 'react';
import { Tabs, Typography } from 'antd';
import { useCurrentUser } from '../../lib/auth.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { AttendanceCheckTab } from './attendance-check/attendance-check-tab.tsx';
import { EmployeeDetailTab } from './components/employee-detail-tab.tsx';
import { EmployeeListTab } from './components/employee-list-tab.tsx';
import { EMPLOYEE_TAB, parseEmployeePageState, type EmployeePageState, type EmployeeTab } from './components/employee-page-state.ts';
import { employeesTexts } from './i18n/index.ts';

const STORAGE_KEY = 'tms.employee-management';

/**
 * /employee/employee-management (spec 002 §2): Employee List, Employee Detail and Employee - Attendance Check System
 * Config. The active tab, the filters, the page, the sort and the employee in the detail are kept in session storage.
 */
export function EmployeeManagementPage() {
  const { data: user } = useCurrentUser();
  const [state, setRaw] = useSessionState(sessionKey(STORAGE_KEY, user?.userName), parseEmployeePageState);
  const { t } = employeesTexts.useT();
  const setState = useCallback((update: (prev: EmployeePageState) => EmployeePageState) => setRaw(update), [setRaw]);

  const openDetail = (detail: EmployeePageState['detail']) => setState((s) => ({ ...s, tab: EMPLOYEE_TAB.detail, detail }));

  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Tabs
        activeKey={state.tab}
        onChange={(key) => setState((s) => ({ ...s, tab: key as EmployeeTab }))}
        data-testid="employee-tabs"
        items={[
          {
            key: 'list',
            label: t('tabs.list'),
            children: (
              <EmployeeListTab state={state} setState={setState} onAddNew={() => openDetail({ mode: 'create' })} onOpen={(id) => openDetail({ mode: 'edit', id })} />
            ),
          },
          {
            key: 'detail',
            label: t('tabs.detail'),
            children: (
              <EmployeeDetailTab
                detail={state.detail}
                onCreated={() => setState((s) => ({ ...s, tab: EMPLOYEE_TAB.list, detail: null, page: 1 }))}
                onCancel={() => setState((s) => ({ ...s, tab: EMPLOYEE_TAB.list, detail: null }))}
              />
            ),
          },
          { key: 'attendance', label: t('tabs.attendance'), children: state.tab === 'attendance' ? <AttendanceCheckTab /> : null },
        ]}
      />
    </>
  );
}

import { Typography } from 'antd';
import { hasPermission, hasRole, useCurrentUser } from '../../lib/auth.ts';
import { BalancesBlock } from './balances-block.tsx';
import { myWorkTexts } from './i18n/index.ts';
import { MyRequestsBlock } from './my-requests-block.tsx';
import { PeriodStateBlock } from './period-state-block.tsx';
import { TodayBlock } from './today-block.tsx';
import { ToDoBlock } from './to-do-block.tsx';
import { useWaitingCount } from './api/waiting-count.ts';
import { WaitingBlock } from './waiting-block.tsx';
import './my-work.css';

/**
 * /my-work (issue 26 §2): what needs the signed-in user. Approvers (leads, PM, HR, HRM, and anyone — a guest manager
 * too — with items waiting) see the waiting list first; everyone with an employee record their balances, today,
 * their recent requests and what they must do; HR, HRM and Admin the period's state. Blocks stack on a phone.
 */
export function MyWorkPage() {
  const { t } = myWorkTexts.useT();
  const { data: user } = useCurrentUser();
  const count = useWaitingCount();
  const approver = hasRole(user, 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'PM') || (count.data?.total ?? 0) > 0;
  const hr = hasRole(user, 'HR', 'HRM', 'ADMIN');
  const employee = user?.employeeId !== null && user?.employeeId !== undefined;
  return (
    <div className="my-work" data-testid="my-work-page">
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <div className="my-work-grid">
        {approver ? (
          <div className="my-work-wide">
            <WaitingBlock />
          </div>
        ) : null}
        {hr ? (
          <PeriodStateBlock />
        ) : null}
        {employee ? (
          <>
            <ToDoBlock canExplain={hasPermission(user, 'abnormal-case')} />
            <BalancesBlock />
            <TodayBlock />
            <MyRequestsBlock />
          </>
        ) : null}
      </div>
    </div>
  );
}

import { Avatar, Card } from 'antd';
import type { MyTimesheet } from '@tms/contracts/timesheet-grid';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDmy } from '../../../lib/dates.ts';
import { initialsOf } from '../../../lib/initials.ts';
import { formatDays } from '../../../lib/numbers.ts';
import { isTimesheetKey, timesheetTexts } from '../i18n/index.ts';
import { companyIdOf, detailTitle, EMPTY_CELL } from './my-timesheet-format.ts';

/** Spec 001 §2.2 header: "Timesheet Details for {Month YYYY}", from/to dates, status tag, standard working days. */
export function DetailHeader({ timesheet }: { timesheet: MyTimesheet['timesheet'] }) {
  const { t } = timesheetTexts.useT();
  const statusKey = `status.${timesheet.status}`;
  const statusName = isTimesheetKey(statusKey) ? t(statusKey) : undefined;
  return (
    <div data-testid="my-ts-header">
      <h4 className="tms-title-4">{detailTitle(timesheet.to_date, t)}</h4>
      <div className="my-ts-header-meta">
        <span>
          <span className="my-ts-field-label">{t('my.from')}</span>
          <span data-testid="my-ts-from">{formatDmy(timesheet.from_date)}</span>
          <span className="my-ts-field-label" style={{ marginLeft: 8 }}>
            {t('my.to')}
          </span>
          <span data-testid="my-ts-to">{formatDmy(timesheet.to_date)}</span>
        </span>
        <StatusTag kind="timesheet" status={timesheet.status} {...(statusName ? { label: statusName } : {})} />
        <span data-testid="my-ts-working-days">{t('my.standardDays', { days: formatDays(timesheet.working_days) })}</span>
      </div>
    </div>
  );
}

function Field({ label, value, testId }: { label: string; value: string | null | undefined; testId: string }) {
  return (
    <div>
      <span className="my-ts-field-label">{label}:</span>
      <span data-testid={testId}>{value || EMPTY_CELL}</span>
    </div>
  );
}

/** Spec 001 §2.2 staff card: avatar initials, name, payroll period, company ID, role and department. */
export function StaffCardView({ staff, periodName }: { staff: MyTimesheet['staff']; periodName: string }) {
  const { t } = timesheetTexts.useT();
  return (
    <Card size="small" className="my-ts-staff-card" data-testid="my-ts-staff-card">
      <Avatar size={48} className="my-ts-staff-avatar" data-testid="my-ts-avatar">
        {initialsOf(staff.name)}
      </Avatar>
      <div className="my-ts-staff-fields">
        <div className="my-ts-staff-name" data-testid="my-ts-staff-name">
          {staff.name}
        </div>
        <Field label={t('my.staff.period')} value={periodName} testId="my-ts-staff-period" />
        <Field label={t('my.staff.companyId')} value={companyIdOf(staff)} testId="my-ts-staff-company-id" />
        <Field label={t('my.staff.role')} value={staff.role} testId="my-ts-staff-role" />
        <Field label={t('my.staff.department')} value={staff.department} testId="my-ts-staff-department" />
      </div>
    </Card>
  );
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '@tms/contracts/routes';

/**
 * Feature pages by route name (contracts ROUTES). Each entry is lazy so a page's code loads only when opened.
 * A route gets a path in the router only when it is `built` and listed here; any other path goes to /404.
 * login, change-password and not-found are wired in router.tsx.
 */
export const PAGE_REGISTRY: Partial<Record<RouteName, LazyExoticComponent<ComponentType>>> = {
  'my-work': lazy(() => import('../features/my-work/my-work-page.tsx').then((m) => ({ default: m.MyWorkPage }))),
  'check-in': lazy(() => import('../features/self-check-in/check-in-page.tsx').then((m) => ({ default: m.CheckInPage }))),
  timesheet: lazy(() => import('../features/timesheet/timesheet-page.tsx').then((m) => ({ default: m.TimesheetPage }))),
  'update-leave': lazy(() => import('../features/update-leave/update-leave-page.tsx').then((m) => ({ default: m.UpdateLeavePage }))),
  'project-leave': lazy(() => import('../features/project-leave/project-leave-page.tsx').then((m) => ({ default: m.ProjectLeavePage }))),
  'project-leave-detail': lazy(() => import('../features/project-leave/project-leave-detail-page.tsx').then((m) => ({ default: m.ProjectLeaveDetailPage }))),
  'annual-leave': lazy(() => import('../features/leave-management/annual-leave-page.tsx').then((m) => ({ default: m.AnnualLeavePage }))),
  'request-management': lazy(() => import('../features/requests/request-management-page.tsx').then((m) => ({ default: m.RequestManagementPage }))),
  'team-calendar': lazy(() => import('../features/team-calendar/team-calendar-page.tsx').then((m) => ({ default: m.TeamCalendarPage }))),
  'abnormal-case': lazy(() => import('../features/abnormal-case/abnormal-case-page.tsx').then((m) => ({ default: m.AbnormalCasePage }))),
  'explanation-management': lazy(() => import('../features/explanations/explanation-management-page.tsx').then((m) => ({ default: m.ExplanationManagementPage }))),
  'special-explanation': lazy(() => import('../features/special-explanation/special-explanation-page.tsx').then((m) => ({ default: m.SpecialExplanationPage }))),
  'employee-management': lazy(() => import('../features/employees/employee-management-page.tsx').then((m) => ({ default: m.EmployeeManagementPage }))),
  'job-info-history': lazy(() => import('../features/policies/job-info-history-page.tsx').then((m) => ({ default: m.JobInfoHistoryPage }))),
  'settings-config': lazy(() => import('../features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage }))),
  'logs': lazy(() => import('../features/logs/logs-page.tsx').then((m) => ({ default: m.LogsPage }))),
  'policy-management': lazy(() => import('../features/policies/policy-management-page.tsx').then((m) => ({ default: m.PolicyManagementPage }))),
  'policy-management-employee': lazy(() => import('../features/policies/staff-policy-history-page.tsx').then((m) => ({ default: m.StaffPolicyHistoryPage }))),
  'policy-config': lazy(() => import('../features/work-schedules/policy-config-page.tsx').then((m) => ({ default: m.PolicyConfigPage }))),
  'work-schedule-create': lazy(() => import('../features/work-schedules/work-schedule-form-page.tsx').then((m) => ({ default: m.WorkScheduleFormPage }))),
  'work-schedule-edit': lazy(() => import('../features/work-schedules/work-schedule-form-page.tsx').then((m) => ({ default: m.WorkScheduleFormPage }))),
  'report': lazy(() => import('../features/work-schedules/report-hub-page.tsx').then((m) => ({ default: m.ReportHubPage }))),
  'report-policy-mapping': lazy(() => import('../features/work-schedules/work-schedule-report-page.tsx').then((m) => ({ default: m.WorkScheduleReportPage }))),
  'onsite-management': lazy(() => import('../features/onsite/onsite-management-page.tsx').then((m) => ({ default: m.OnsiteManagementPage }))),
  'overtime-management': lazy(() => import('../features/overtime/overtime-management-page.tsx').then((m) => ({ default: m.OvertimeManagementPage }))),
  'overtime-detail': lazy(() => import('../features/overtime/flexible/flexible-overtime-detail-page.tsx').then((m) => ({ default: m.FlexibleOvertimeDetailPage }))),
  configuration: lazy(() => import('../features/payroll-config/payroll-configuration-page.tsx').then((m) => ({ default: m.PayrollConfigurationPage }))),
  'report-summary': lazy(() => import('../features/reports/report-summary-page.tsx').then((m) => ({ default: m.ReportSummaryPage }))),
  'report-detail': lazy(() => import('../features/reports/report-detail-page.tsx').then((m) => ({ default: m.ReportDetailPage }))),
  'report-check-time': lazy(() => import('../features/reports/check-time/check-time-report-page.tsx').then((m) => ({ default: m.CheckTimeReportPage }))),
  'report-ot-compliance': lazy(() => import('../features/reports/ot-compliance/ot-compliance-page.tsx').then((m) => ({ default: m.OtCompliancePage }))),
  'checkin-checkout': lazy(() => import('../features/checkin-checkout/checkin-checkout-page.tsx').then((m) => ({ default: m.CheckinCheckoutPage }))),
  'delegation-management': lazy(() => import('../features/delegation/delegation-management-page.tsx').then((m) => ({ default: m.DelegationManagementPage }))),
  'attendance-devices': lazy(() => import('../features/attendance-devices/attendance-devices-page.tsx').then((m) => ({ default: m.AttendanceDevicesPage }))),
  'approval-flows': lazy(() => import('../features/approval-flows/approval-flows-page.tsx').then((m) => ({ default: m.ApprovalFlowsPage }))),
  backups: lazy(() => import('../features/backups/backups-page.tsx').then((m) => ({ default: m.BackupsPage }))),
  webhooks: lazy(() => import('../features/webhooks/webhooks-page.tsx').then((m) => ({ default: m.WebhooksPage }))),
  profile: lazy(() => import('../features/profile/profile-page.tsx').then((m) => ({ default: m.ProfilePage }))),
  notifications: lazy(() => import('../features/notifications/notifications-page.tsx').then((m) => ({ default: m.NotificationsPage }))),
};

import { PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** HR and ADMIN (spec 002 §6: job info history Add New and edit). */
const JOB_INFO_WRITERS = ['admin', 'hr'] as const;

/** Who may call each route of staff and department policies and job info history (merged into EXPECTED_ACCESS). */
export const POLICY_ACCESS: Record<string, ExpectedAccess> = {
  // spec 002 §2, §6 and RULES.md §2: the policy pages are for HR, HRM, ADMIN; Set Policy, Import and row actions too.
  'GET /api/tms/job-info-history': PRIVILEGED_USERS,
  'GET /api/tms/job-info-history/employee': PRIVILEGED_USERS,
  'POST /api/tms/job-info-history/set-policy': PRIVILEGED_USERS,
  'PUT /api/tms/job-info-history/edit-policy': PRIVILEGED_USERS,
  'DELETE /api/tms/job-info-history/delete-policy/:id': PRIVILEGED_USERS,
  'GET /api/tms/job-info-history/get-history/:id': PRIVILEGED_USERS,
  'POST /api/tms/job-info-history/import': PRIVILEGED_USERS,
  'GET /api/tms/job-info-history/download-template': PRIVILEGED_USERS,
  'GET /api/tms/department-policy': PRIVILEGED_USERS,
  'POST /api/tms/department-policy/set-policy': PRIVILEGED_USERS,
  'PUT /api/tms/department-policy/edit-policy': PRIVILEGED_USERS,
  'DELETE /api/tms/department-policy/delete-policy/:id': PRIVILEGED_USERS,
  'GET /api/tms/department-policy/get-history/:id': PRIVILEGED_USERS,
  'POST /api/tms/department-policy/import': PRIVILEGED_USERS,
  'GET /api/tms/department-policy/download-template': PRIVILEGED_USERS,
  // Job info history: reads for the page's roles, writes for ADMIN and HR only (HRM 403).
  'GET /api/tms/job-info-history/get-all': PRIVILEGED_USERS,
  'GET /api/tms/job_info/employee': PRIVILEGED_USERS,
  'POST /api/tms/job-info-history/create-job-info-history': JOB_INFO_WRITERS,
  'PUT /api/tms/job-info-history/update-job-info-history': JOB_INFO_WRITERS,
  'DELETE /api/tms/job_info/id': JOB_INFO_WRITERS,
  // Lookups of the policy modal: any signed-in user (other pages' filters use them too).
  'GET /api/tms/filters/get-all-work-schedule-codes': 'signed-in',
  'GET /api/tms/filters/get-all-rule-work-schedule-config': 'signed-in',
};

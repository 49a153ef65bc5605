import { ALL_BUT_GUEST_USERS, PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each route of the overtime list page (merged into EXPECTED_ACCESS): the lists, the export and the
 * lookups every role but GUEST (RULES.md §2); Import Overtime and its template ADMIN, HRM, HR (spec 001 §6).
 */
export const OVERTIME_LIST_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/overtime-request': ALL_BUT_GUEST_USERS,
  'GET /api/tms/overtime-request/get-list-request-ot-flexible': ALL_BUT_GUEST_USERS,
  'GET /api/tms/excel/request-ot': ALL_BUT_GUEST_USERS,
  'GET /api/tms/overtime-management/v2/import-template': PRIVILEGED_USERS,
  'POST /api/tms/overtime-management/v2/import-gdc-over-time-sheet-sync': PRIVILEGED_USERS,
  'GET /api/tms/filters/ot-type': ALL_BUT_GUEST_USERS,
  'GET /api/tms/filters/ot-type-flexible': ALL_BUT_GUEST_USERS,
  'GET /api/tms/filters/status-type-flexible': ALL_BUT_GUEST_USERS,
  'GET /api/tms/filters/employee-ot': ALL_BUT_GUEST_USERS,
};

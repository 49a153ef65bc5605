import { PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the employee management area (employee list, detail, create, update) (merged into EXPECTED_ACCESS). */
export const EMPLOYEE_ACCESS: Record<string, ExpectedAccess> = {
  // RULES.md §2: /employee/* is for HR, HRM and ADMIN.
  'GET /api/tms/employee/get-all-employee': PRIVILEGED_USERS,
  'GET /api/tms/employee/detail/:id': PRIVILEGED_USERS,
  'POST /api/tms/employee/create-employee': PRIVILEGED_USERS,
  'PUT /api/tms/employee/update-employee': PRIVILEGED_USERS,
};

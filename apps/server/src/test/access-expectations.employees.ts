import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the employee management area (employee list, detail, create, update) (merged into EXPECTED_ACCESS). */
export const EMPLOYEE_ACCESS: Record<string, ExpectedAccess> = {};

import type { ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each route of the special explanations (merged into EXPECTED_ACCESS). ADMIN reads the list and the
 * template; creating, editing and importing are HR and HRM only (spec 001 §6, §5.3 "You do not have permission to create").
 */
export const SPECIAL_EXPLANATION_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/explanations-special': ['admin', 'hr', 'hrm'],
  'POST /api/tms/explanations-special': ['hr', 'hrm'],
  'PUT /api/tms/explanations-special': ['hr', 'hrm'],
  'POST /api/tms/explanations-special/import-excel': ['hr', 'hrm'],
  'GET /api/tms/explanations-special/download-template': ['admin', 'hr', 'hrm'],
  'GET /api/tms/filters/reason-types': 'signed-in',
};

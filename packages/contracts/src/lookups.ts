import { z } from 'zod';
import { envelope, idParamSchema, pagedEnvelope, pagingShape, textSchema } from './schemas.ts';
import { ROLES } from './roles.ts';
// The area's paths, roles, limits and texts are in lookups-constants.ts, without zod (the web's first load imports
// them from there); this file adds the schemas and re-exports them.
export * from './lookups-constants.ts';

/** Reference lists used by filters (spec 000 §3 "Reference lists", §7 "Supporting calls"; spec 001 §7.10). */
export const LOOKUP_MESSAGES = {
  projectRequired: 'Project is required',
} as const;

/** Remote searches need 3 or more characters (spec 000 §5 Filters, §9). */
export const REMOTE_SEARCH_MIN_CHARS = 3;
/** Staff dropdown: 30 per page (spec 000 §9). */
export const EMPLOYEE_SEARCH_PAGE_SIZE = 30;
/** Project dropdown pages 40 items per step (spec 000 §9). */
export const PROJECT_SEARCH_PAGE_SIZE = 40;

// GET /api/tms/filters/get-all-divisions-departments
export const DEPARTMENT_TYPES = ['Division', 'Department'] as const;
export const departmentOptionSchema = z.object({
  id: z.number().int(),
  department_code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  department_type: z.enum(DEPARTMENT_TYPES),
  status: z.string(),
  parent_id: z.number().int().nullable(),
});
export type DepartmentOption = z.infer<typeof departmentOptionSchema>;
export const divisionOptionSchema = departmentOptionSchema.extend({ children: z.array(departmentOptionSchema) });
export type DivisionOption = z.infer<typeof divisionOptionSchema>;
export const divisionsDepartmentsResponseSchema = envelope(z.array(divisionOptionSchema));

// GET /api/tms/filters/v2/roles: code is the short role name (STAFF, HR, ...).
export const roleOptionSchema = z.object({ code: z.enum(ROLES), name: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;
export const rolesResponseSchema = envelope(z.array(roleOptionSchema));

export const textOptionsResponseSchema = envelope(z.array(z.string()));

// GET /api/tms/filters/employee?filter=&page=&size=
export const employeeSearchQuerySchema = z.object({
  filter: textSchema.max(200).optional(),
  /** Narrows the search to one department (its code), e.g. the Check In-Out Time filter's department. */
  department_code: textSchema.max(200).optional(),
  ...pagingShape(EMPLOYEE_SEARCH_PAGE_SIZE),
});
const unitNameSchema = z.object({ name: z.string(), nameEn: z.string() });
export const employeeOptionSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  name: z.string(),
  sf4c_id: z.string().nullable(),
  department_name: unitNameSchema,
  division_name: unitNameSchema,
});
export type EmployeeOption = z.infer<typeof employeeOptionSchema>;
export const employeeSearchResponseSchema = pagedEnvelope(employeeOptionSchema);

// GET /api/tms/filters/get-all-projects?key=&page=&size= and GET /api/tms/filters/projects?key=
export const projectSearchQuerySchema = z.object({
  key: textSchema.max(200).optional(),
  ...pagingShape(PROJECT_SEARCH_PAGE_SIZE),
});
export const projectListQuerySchema = z.object({ key: textSchema.max(200).optional() });
export const projectOptionSchema = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  project_code: z.string(),
  status: z.string(),
});
export type ProjectOption = z.infer<typeof projectOptionSchema>;
export const projectSearchResponseSchema = pagedEnvelope(projectOptionSchema);
export const projectListResponseSchema = envelope(z.array(projectOptionSchema));

// GET /api/tms/filters/get-all-employee-by-project?projectId=
export const employeesByProjectQuerySchema = z.object({
  projectId: idParamSchema(LOOKUP_MESSAGES.projectRequired),
});
export const employeesByProjectResponseSchema = envelope(z.array(employeeOptionSchema));

// GET /api/tms/filters/periods: payroll periods, newest first.
export const periodOptionSchema = z.object({
  timesheet_id: z.number().int(),
  name: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  /** Today (company time zone) lies within from_date..to_date. */
  is_current_timesheet: z.boolean(),
  /** 0 Draft, 1 Rejected, 2 Pending update, 3 Pending approval, 4 Approved (RULES.md §4). */
  status: z.number().int(),
  is_lock: z.boolean(),
  working_days: z.number().int(),
});
export type PeriodOption = z.infer<typeof periodOptionSchema>;
export const periodsResponseSchema = envelope(z.array(periodOptionSchema));

// GET /api/tms/filters/get-time
export const serverTimeSchema = z.object({
  /** The server's instant, ISO 8601 UTC. */
  dateTimeNow: z.string(),
  /** The calendar day in the company time zone, YYYY-MM-DD (RULES.md §1). */
  today: z.string(),
  timeZone: z.string(),
});
export type ServerTime = z.infer<typeof serverTimeSchema>;
export const serverTimeResponseSchema = envelope(serverTimeSchema);

// GET /api/tms/advance/most-recent-timesheet-approved: the lock date (RULES.md §4).
export const mostRecentApprovedSchema = z.object({
  toDate: z.string().nullable(),
  toDateFormat: z.string().nullable(),
});
export type MostRecentApproved = z.infer<typeof mostRecentApprovedSchema>;
export const mostRecentApprovedResponseSchema = envelope(mostRecentApprovedSchema);

import type { Actor } from './roles.ts';

/**
 * The zod-free part of `employees.ts` (paths, roles, limits, texts): the web's first load imports it from here and
 * does not fetch zod. `employees.ts` re-exports all of it.
 */

/**
 * Employee management (spec 002 §2 Employee management, §3 Employee and its enumerations, §4 Employee form, §5
 * Employee, §7 Employees, §8). Texts are the spec's verbatim where it gives one.
 */
export const EMPLOYEE_PAGE = '/employee/employee-management';
export const EMPLOYEE_LIST_PATH = '/tms/employee/get-all-employee';
export const EMPLOYEE_CREATE_PATH = '/tms/employee/create-employee';
export const EMPLOYEE_UPDATE_PATH = '/tms/employee/update-employee';
export const EMPLOYEE_DETAIL_PATH = '/tms/employee/detail/:id';
export const employeeDetailPath = (id: number) => `/tms/employee/detail/${id}`;

/** RULES.md §2: /employee/* is for HR, HRM and ADMIN. */
export const EMPLOYEE_ACCESS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];

/** spec 002 §7: create answers body code 489, update 200. */
export const EMPLOYEE_CREATE_CODE = 489;
export const EMPLOYEE_UPDATE_CODE = 200;
/** spec 002 §9: sort direction -1 (newest id first) for employee lists. */
export const EMPLOYEE_DEFAULT_SORT = -1;
/** spec 002 §9: far-future default end date. */
export const EMPLOYEE_OPEN_END_DATE = '9999-12-30';

/** Enumerations of spec 002 §3 (the empty location is "no location"). */
export const EMPLOYEE_LOCATIONS = ['CGLOBALDN', 'CGLOBALHCM', 'CGLOBALHN', 'JPN.KAN'] as const;
export const EMPLOYEE_JOB_LEVELS = ['Executive', 'Management', 'Para-Pro', 'Professional'] as const;
export const EMPLOYEE_CONTRACT_TYPES = [
  { value: '1236', label: 'Fixed-term' },
  { value: 'ANNEX', label: 'Annex' },
  { value: 'C', label: 'Contracting' },
  { value: 'COLLA', label: 'Collaborator' },
  { value: 'P', label: 'Probationary' },
  { value: 'SEA', label: 'Seasonal' },
  { value: 'SEV', label: 'Service' },
  { value: 'T', label: 'Training' },
  { value: 'UNLIMTED', label: 'Permanent' },
] as const;
export const EMPLOYEE_NATIONALITIES = ['IND', 'JPN', 'VNM'] as const;
export const EMPLOYEE_STATUSES = ['Active', 'Terminated'] as const;
/** `{product}_HOLIDAY` is the product's own calendar: TMS_HOLIDAY. */
export const EMPLOYEE_HOLIDAY_CALENDARS = ['CMC JAPAN', 'TMS_HOLIDAY', 'VNM_NPH'] as const;
export const EMPLOYEE_WORK_SCHEDULE_TYPES = ['FLEXIBLE', 'HCM'] as const;
export const EMPLOYEE_GENDERS = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
] as const;

import { MESSAGES_COMMON } from './api.ts';
import type { Role } from './roles.ts';
import type { Twin } from './file-headers.ts';

/**
 * The zod-free part of `leave-forms.ts` (paths, roles, limits, texts): the web's first load imports it from here and
 * does not fetch zod. `leave-forms.ts` re-exports all of it.
 */

/**
 * What the leave management forms and lists (Bonus Leave, Leave Carryover, Project Leave, General Configuration)
 * share: the texts they word the same way, their common schema pieces and the pure form rules server and web both
 * call. Each tab's own contract file still names every text it uses, pointing here for the shared ones.
 */

/** Who sees the grant tabs and their rows (spec 000 §2), and who adds, edits, removes and imports leave (spec 000 §6). */
export const LEAVE_GRANT_READERS = ['HR', 'HRM', 'ADMIN', 'DULEAD', 'GROUP_LEAD'] as const satisfies readonly Role[];
export const LEAVE_WRITERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];

/** The Note / Description limit of the leave forms (spec 000 §5, §9). */
export const LEAVE_DESCRIPTION_MAX = 1000;
/** Leave imports (spec 000 §5 Import dialog): .xls or .xlsx, at most 5,000 rows. */
export const LEAVE_IMPORT_MAX_ROWS = 5000;
export const LEAVE_IMPORT_EXTENSIONS = ['.xls', '.xlsx'] as const;
/** The date columns closing the grant import templates, in order. */
export const DATED_IMPORT_COLUMNS = {
  applyDate: 'Apply Date (DD/MM/YYYY)',
  expireDate: 'Expire Date (DD/MM/YYYY)',
} as const;
export const DATED_IMPORT_COLUMNS_VI = {
  applyDate: 'Ngày áp dụng (DD/MM/YYYY)',
  expireDate: 'Ngày hết hạn (DD/MM/YYYY)',
} as const satisfies Twin<typeof DATED_IMPORT_COLUMNS>;

/** Texts worded the same on every leave form (spec 000 §5, §8). */
export const LEAVE_FORM_MESSAGES = {
  staffRequired: 'Staff is required',
  staffNotFound: (username: string) => `Staff not found: ${username}`,
  applyDateRequired: 'Apply Date is required',
  expireDateRequired: 'Expired Date is required',
  invalidDate: MESSAGES_COMMON.invalidDate,
  applyAfterExpire: 'Apply date must be less than Expired date',
  applyDateLocked: (lockDateDmy: string) => `Apply date must be after the most recent approved timesheet (${lockDateDmy})`,
  expireBeforeToday: 'Expired date must not be before today',
  descriptionTooLong: 'You`ve exceeded the limit by 1000 characters',
  descriptionInvalid: 'Description must be text',
  versionRequired: 'Version is required',
  idRequired: 'Id is required',
  invalidIds: MESSAGES_COMMON.invalidIds,
  importMissingColumn: (header: string) => `Missing column: ${header}`,
  importNoRows: 'The file has no data rows',
} as const;

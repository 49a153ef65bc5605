import { z } from 'zod';
import { approvalTimelineResponseSchema, POOL_ROLES } from './approval-flows.ts';
import type { Actor } from './roles.ts';
import { envelope, historyEntrySchema, idListSchema, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText } from './schemas.ts';

/**
 * Onsite management (spec 002 §2 Onsite management, §3 Onsite request, §4 stages, §5 Onsite create, §6, §9): a group of
 * staff working at a project's site for a range of dates, decided in two stages — Department (the project's PM, else
 * the creator's approver, RULES.md §5), then C&B (HR, HRM or ADMIN). Once both approve, every listed staff member gets
 * one approved ONSITE request that credits their timesheet days.
 */
export const ONSITE_BASE = '/tms/request-onsite-management';
export const ONSITE_PAGE = '/timesheet/onsite-management';
export const ONSITE_EXPORT_FILE = 'Onsite_List.xlsx';
/**
 * GET the approval timeline of a record's Department stage (approval flows, docs/approval-flows.md): each step of its
 * flow, or the single step (the Department approver) of a record in no flow. Whoever sees the record; 404 otherwise.
 */
export const ONSITE_TIMELINE = `${ONSITE_BASE}/:id/approval-timeline`;
export const onsiteTimelinePath = (id: number) => `${ONSITE_BASE}/${id}/approval-timeline`;

/** Every role but GUEST (RULES.md §2 pages by role). */
export const ONSITE_USERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'PM'] as const satisfies readonly Actor[];
/** Who decides the C&B stage, and who may withdraw an approved request or edit one created by them (RULES.md §5). */
export const ONSITE_CB_DECIDERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
/** Spec 002 §6: adding and removing staff in the edit modal only for HR. */
export const ONSITE_STAFF_EDITORS = ['HR'] as const satisfies readonly Actor[];

/** Types (spec 002 §5, §9). */
export const ONSITE_TYPES = ['FULL_DAY', 'MORNING', 'AFTERNOON', 'OTHER'] as const;
export type OnsiteType = (typeof ONSITE_TYPES)[number];
export const ONSITE_TYPE_LABELS: Record<OnsiteType, string> = { FULL_DAY: 'Full day', MORNING: 'Morning', AFTERNOON: 'Afternoon', OTHER: 'Other' };

/** The request's own status (1 Pending, 3 Approved — both stages, 4 Rejected — either stage, 5 Withdrawn). */
export const ONSITE_STATUS = { pending: 1, approved: 3, rejected: 4, withdrawn: 5 } as const;
export const ONSITE_STATUS_TEXT: Record<number, string> = { 1: 'Pending', 3: 'Approved', 4: 'Rejected', 5: 'Withdrawn' };
/** A stage's status (spec 002 §4): P, A, R. */
export const ONSITE_STAGE_STATUS = { pending: 1, approved: 3, rejected: 4 } as const;
export const ONSITE_STAGE_LETTER: Record<number, 'P' | 'A' | 'R'> = { 1: 'P', 3: 'A', 4: 'R' };
export const ONSITE_STAGES = { department: 'Department', cb: 'C&B' } as const;

/** Limits and defaults (spec 002 §5, §9). */
export const ONSITE_TITLE_MAX = 250;
export const ONSITE_DEFAULT_START = '08:30';
export const ONSITE_DEFAULT_END = '17:30';
export const ONSITE_DEFAULT_DURATION = 8;
/** The longest range one onsite request covers. */
export const ONSITE_MAX_DAYS = 62;
export const ONSITE_TEXT_MAX = 1000;
/** All attachments of one onsite request together (spec 002 §5 "attachment max 5.0 MB"). */
export const ONSITE_FILES_MAX_BYTES = 5_242_880;

/** Texts: spec 002 §5 verbatim where it gives one (title, its limit with the spec's backtick); ours for the rest. */
export const ONSITE_MESSAGES = {
  titleRequired: 'Please input title!',
  titleTooLong: 'You`ve exceeded the limit by 250 characters',
  projectRequired: 'Please choose project!',
  dateRangeRequired: 'Please choose range of dates!',
  typeRequired: 'Please choose type!',
  dateRangeInvalid: 'The end date must not be before the start date',
  dateRangeTooLong: `An onsite request covers at most ${62} days`,
  invalidDate: 'Invalid Date!',
  textTooLong: 'You`ve exceeded the limit by 1000 characters',
  staffRequired: 'Please add at least one staff member!',
  staffTwice: 'A staff member is listed twice',
  staffOutOfScope: 'You can list only staff within your scope',
  staffOnlySelf: 'You can list only yourself as staff',
  staffChangeHrOnly: 'Only HR can add or remove staff',
  timeInvalid: 'Start time and end time must be HH:mm',
  timeOrder: 'The end time must be after the start time',
  durationInvalid: 'Duration must be greater than 0 and at most 24 hours',
  ccNotFound: 'A CC user was not found',
  locked: 'The date is in a locked timesheet period',
  editClosed: 'Onsite requests can no longer be edited: the timesheet is closing (10 days before its end)',
  noApprover: 'No Department approver could be found for this onsite request',
  notFound: 'Onsite request not found',
  alreadyChanged: 'The onsite request status has already changed',
  ownRequest: 'You cannot approve your own request',
  notDepartmentApprover: 'Only the Department approver can decide this stage',
  notCbApprover: 'Only HR or HRM can decide the C&B stage',
  notCreator: 'Only the creator can change this onsite request',
  notEditable: 'Only a pending onsite request can be edited',
  reasonRequired: 'Reason is required',
  fileNotFound: 'File not found',
  filesTooLarge: 'Maximum allowed file size is 5.0 MB',
  created: 'Create onsite request successfully!',
  updated: 'Update onsite request successfully!',
  approved: 'Approve successfully!',
  rejected: 'Reject successfully!',
  withdrawn: 'Withdraw successfully!',
  success: 'Success',
} as const;

/** HH:mm. */
export const isHm = (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s);

/** Loose on purpose: the service checks every rule in the form's order so each message comes out as written. */
const staffRowSchema = z.object({
  employeeId: idSchema(),
  startTime: safeText().max(5).nullish(),
  endTime: safeText().max(5).nullish(),
  duration: z.union([z.number(), safeText().max(10)]).nullish(),
});
export type OnsiteStaffInput = z.infer<typeof staffRowSchema>;

const formShape = {
  title: safeText(ONSITE_MESSAGES.titleRequired).max(2000, ONSITE_MESSAGES.titleTooLong).nullish(),
  projectId: idSchema(ONSITE_MESSAGES.projectRequired).nullish(),
  fromDate: safeText(ONSITE_MESSAGES.dateRangeRequired).max(20).nullish(),
  toDate: safeText(ONSITE_MESSAGES.dateRangeRequired).max(20).nullish(),
  type: safeText(ONSITE_MESSAGES.typeRequired).max(20).nullish(),
  location: safeText().max(5000).nullish(),
  description: safeText().max(5000).nullish(),
  /** CC users by id, or by login name (the web's staff search gives user names). */
  cc: z.array(idSchema()).max(200).nullish(),
  ccUsernames: z.array(safeText().max(100)).max(200).nullish(),
  employeeList: z.array(staffRowSchema).max(500).nullish(),
};
export const onsiteCreateSchema = z.object(formShape);
export type OnsiteCreatePayload = z.infer<typeof onsiteCreateSchema>;
export const onsiteUpdateSchema = z.object({ ...formShape, version: idSchema().nullish() });
export type OnsiteUpdatePayload = z.infer<typeof onsiteUpdateSchema>;
/** approve (version optional: with it a stale read answers 409). */
export const onsiteApproveSchema = z.object({ version: idSchema().nullish() }).nullish();
export const onsiteReasonSchema = z.object({ reason: safeText(ONSITE_MESSAGES.reasonRequired).max(ONSITE_TEXT_MAX, ONSITE_MESSAGES.textTooLong).nullish(), version: idSchema().nullish() }).nullish();
export type OnsiteReasonPayload = { reason?: string | null; version?: number | null };

export const onsiteIdParamsSchema = z.object({ id: idParamSchema() });
export const onsiteFileParamsSchema = z.object({ id: idParamSchema(), name: safeText(ONSITE_MESSAGES.fileNotFound).min(1).max(200) });

/** List filters (spec 002 §2): title text (with or without diacritics), project, status, date range (overlap), staff. */
export const onsiteListQuerySchema = z.object({
  ...pagingShape(),
  title: safeText().max(250).optional(),
  projectId: idListSchema,
  /** 1, 3, 4, 5 (comma separated). */
  status: idListSchema,
  /** YYYY-MM-DD bounds; the request's range overlaps them. */
  fromDate: safeText().max(20).optional(),
  toDate: safeText().max(20).optional(),
  employee: idListSchema,
});
export type OnsiteListQuery = z.infer<typeof onsiteListQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string(), user_name: z.string() }).nullable();
const stageSchema = z.object({
  stage: z.string(),
  status: z.enum(['P', 'A', 'R']),
  status_num: z.number().int(),
  decidedBy: person,
  decidedAt: z.string().nullable(),
});
export type OnsiteStage = z.infer<typeof stageSchema>;
export const onsiteActionsSchema = z.object({ approve: z.boolean(), reject: z.boolean(), edit: z.boolean(), withdraw: z.boolean(), editStaff: z.boolean(), files: z.boolean() });
export type OnsiteActions = z.infer<typeof onsiteActionsSchema>;
export const onsiteStaffSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  user_name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number(),
  requestId: z.number().int().nullable(),
});
export type OnsiteStaff = z.infer<typeof onsiteStaffSchema>;

/** One row (the spec's sample shape, spec 002 §3 Onsite request). Dates YYYY-MM-DD. */
export const onsiteRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  projectid: z.number().int(),
  projectName: z.string(),
  projectCode: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  type: z.string(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  approver: person,
  /**
   * Approval flows: while the Department stage waits on a ROLE step ("anyone of a role"), that role — anyone of it
   * decides, and `approver` is null; null otherwise.
   */
  approver_role: z.enum(POOL_ROLES).nullable(),
  createdBy: person,
  createdDate: z.string(),
  lastModifiedDate: z.string(),
  status: z.number().int(),
  status_department: stageSchema,
  status_CB: stageSchema,
  reasonsForRejection: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  employeeList: z.array(onsiteStaffSchema),
  /**
   * Approval flows: the step now deciding of a record pending at the Department stage under a flow (its `approver` is
   * that step's approver); null for the single step, and once the Department stage is decided.
   */
  approval_step: z.object({ step: z.number().int(), count: z.number().int(), flow_name: z.string() }).nullable(),
  version: z.number().int(),
  actions: onsiteActionsSchema,
});
export type OnsiteRow = z.infer<typeof onsiteRowSchema>;
export const onsiteFileSchema = z.object({ name: z.string(), original_name: z.string(), size: z.number().int(), content_type: z.string(), created_date: z.string() });
export type OnsiteFile = z.infer<typeof onsiteFileSchema>;
export const onsiteDetailSchema = onsiteRowSchema.extend({
  cc: z.array(z.object({ id: z.number().int(), name: z.string(), user_name: z.string() })),
  files: z.array(onsiteFileSchema),
});
export type OnsiteDetail = z.infer<typeof onsiteDetailSchema>;

export const onsiteListResponseSchema = pagedEnvelope(onsiteRowSchema);
export const onsiteDetailResponseSchema = envelope(onsiteDetailSchema);
export const onsiteWriteResponseSchema = envelope(z.object({ id: z.number().int(), version: z.number().int(), status: z.number().int() }));
export const onsiteHistoryResponseSchema = envelope(z.array(historyEntrySchema));
export const onsiteFilesResponseSchema = envelope(z.array(onsiteFileSchema));
export const onsiteFileResponseSchema = envelope(onsiteFileSchema);
export const onsiteFileDeleteResponseSchema = envelope(z.object({ name: z.string() }));
/** The Department stage's approval timeline: the same answer as a request's (contracts approval-flows.ts). */
export const onsiteTimelineResponseSchema = approvalTimelineResponseSchema;

/** The two-stage tag text: "Department P" then "C&B P" (spec 002 §2). */
export function stageTagText(stage: string, statusNum: number): string {
  return `${stage} ${ONSITE_STAGE_LETTER[statusNum] ?? 'P'}`;
}

/** Export columns (Onsite_List.xlsx). */
export const ONSITE_EXPORT_COLUMNS = [
  { header: 'Title', key: 'title', width: 40 },
  { header: 'Project', key: 'project', width: 30 },
  { header: 'From', key: 'from', width: 12 },
  { header: 'To', key: 'to', width: 12 },
  { header: 'Type', key: 'type', width: 12 },
  { header: 'Location', key: 'location', width: 25 },
  { header: 'Approver', key: 'approver', width: 25 },
  { header: 'Created By', key: 'createdBy', width: 25 },
  { header: 'Department', key: 'department', width: 14 },
  { header: 'C&B', key: 'cb', width: 10 },
  { header: 'Status', key: 'status', width: 12 },
  { header: 'Staff', key: 'staff', width: 50 },
] as const;
/** The export's headers in Vietnamese, by column key. */
export const ONSITE_EXPORT_HEADERS_VI = {
  title: 'Tiêu đề',
  project: 'Dự án',
  from: 'Từ ngày',
  to: 'Đến ngày',
  type: 'Loại',
  location: 'Địa điểm',
  approver: 'Người phê duyệt',
  createdBy: 'Người tạo',
  department: 'Phòng ban',
  cb: 'C&B',
  status: 'Trạng thái',
  staff: 'Nhân viên',
} as const satisfies Record<(typeof ONSITE_EXPORT_COLUMNS)[number]['key'], string>;

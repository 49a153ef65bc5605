import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import {
  DEPARTMENT_POLICY_IMPORT_COLUMNS,
  DEPARTMENT_POLICY_IMPORT_COLUMNS_VI,
  DEPARTMENT_POLICY_RESULT_FILE,
  OT_RULES,
  POLICY_IMPORT_EXTENSIONS,
  POLICY_IMPORT_MAX_ROWS,
  POLICY_MESSAGES as M,
  RULE_TYPES,
  ruleTypeMismatch,
  STAFF_POLICY_IMPORT_COLUMNS,
  STAFF_POLICY_IMPORT_COLUMNS_VI,
  STAFF_POLICY_RESULT_FILE,
  checkPolicyDates,
  checkPolicyFields,
  type PolicyValues,
} from '@tms/contracts/policies';
import { parseDmy } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { cell, dateCell, exampleDates, importInputs, missingColumns, templateColumns, textCell } from '../../lib/import-cells.ts';
import { buildXlsxBuffer, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsxBuffer, type CellValue, type ImportRow } from '../../lib/xlsx.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './policy.repository.ts';
import { newPolicyOf, type PolicyDeps } from './policy.service.ts';

type Kind = repo.PolicyKind;
/** The templates' headers in both languages: a template is written in the requester's, an import read in either. */
const HEADERS: Record<Kind, Bilingual<HeaderTexts>> = {
  staff: { en: STAFF_POLICY_IMPORT_COLUMNS, vi: STAFF_POLICY_IMPORT_COLUMNS_VI },
  department: { en: DEPARTMENT_POLICY_IMPORT_COLUMNS, vi: DEPARTMENT_POLICY_IMPORT_COLUMNS_VI },
};

/** The upload (spec 002 §5 Import (policy)): 'File is required', 'File is wrong format', 'File <= 5MB'. */
export async function readPolicyUpload(request: FastifyRequest, kind: Kind): Promise<{ headers: string[]; rows: ImportRow[] }> {
  try {
    return await readImportUpload(request, { field: 'file', extensions: POLICY_IMPORT_EXTENSIONS, maxRows: POLICY_IMPORT_MAX_ROWS, template: HEADERS[kind] });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 413) throw new AppError(413, M.fileTooLarge);
    throw error;
  }
}

const numberCell = (v: CellValue | undefined): unknown => (typeof v === 'number' ? v : textCell(v));
const isoCell = (v: CellValue | undefined): string => {
  const text = dateCell(v);
  if (typeof text !== 'string' || text === '') return '';
  return parseDmy(text) ?? 'invalid';
};

const COLUMNS = { staff: STAFF_POLICY_IMPORT_COLUMNS, department: DEPARTMENT_POLICY_IMPORT_COLUMNS } as const;

export function policyTemplateColumns(kind: Kind) {
  return templateColumns(HEADERS[kind], Object.keys(COLUMNS[kind]).map((k) => [k, 22] as const));
}

export async function sendPolicyTemplate(reply: FastifyReply, kind: Kind, today: string, fileName: string) {
  const { applyDate, expireDate } = exampleDates(today);
  const example: Record<string, CellValue> = {
    ...(kind === 'staff' ? { username: 'staff' } : { departmentCode: 'DEP1' }),
    workScheduleCode: 'HCM',
    ruleType: RULE_TYPES[0].value,
    explanationNumber: 3,
    refundHours: 1,
    perDay: 1,
    lack: 15,
    otType: OT_RULES[0].value,
    url: 'https://policy.example.com/attendance',
    applyDate,
    expireDate,
  };
  const workbook = await buildXlsxBuffer({ sheetName: kind === 'staff' ? 'Staff Policy' : 'Department Policy', columns: policyTemplateColumns(kind), rows: [example] });
  return sendXlsxBuffer(reply, fileName, workbook);
}

/**
 * All or nothing (RULES.md §1): every row is checked (the modal's rules, the owner, the schedule, the types, the
 * dates against the lock date and today, no two rows of one owner overlapping); any error → the error report and
 * nothing written; else every row in one transaction with the trim rule, then the recalculation.
 */
export async function importPolicies(
  deps: PolicyDeps,
  kind: Kind,
  upload: { headers: string[]; rows: ImportRow[] },
  write: (rows: repo.NewPolicy[]) => Promise<{ count: number }>,
): Promise<{ errors: Map<number, string[]> } | { count: number }> {
  const C = COLUMNS[kind] as typeof DEPARTMENT_POLICY_IMPORT_COLUMNS & { username?: string; departmentCode?: string };
  const inputs = importInputs(upload, {
    missingColumns: (headers) => missingColumns(headers, HEADERS[kind], M.importMissingColumn),
    noRowsMessage: M.importNoRows,
    read: (row) => ({
      owner: textCell(cell(row, kind === 'staff' ? STAFF_POLICY_IMPORT_COLUMNS.username : DEPARTMENT_POLICY_IMPORT_COLUMNS.departmentCode)),
      values: {
        work_schedule_code: textCell(cell(row, C.workScheduleCode)),
        rule_type: textCell(cell(row, C.ruleType)),
        explanation_number: numberCell(cell(row, C.explanationNumber)),
        refund_hours_per_explanation: numberCell(cell(row, C.refundHours)),
        explanation_time_per_days: numberCell(cell(row, C.perDay)),
        lack_of_time_allowed: numberCell(cell(row, C.lack)),
        ot_type: textCell(cell(row, C.otType)),
        url_policy: textCell(cell(row, C.url)),
        apply_date: isoCell(cell(row, C.applyDate)),
        expire_date: isoCell(cell(row, C.expireDate)),
      },
    }),
  });
  const today = deps.clock.today();
  const lockDate = await getLockDate(deps.db);
  const owners =
    kind === 'staff'
      ? new Map((await repo.employeesByUsernames(deps.db, inputs.map((i) => i.owner).filter(Boolean))).map((e) => [e.user_name.toLowerCase(), Number(e.id)]))
      : new Map((await repo.departmentsByCodes(deps.db, inputs.map((i) => i.owner).filter(Boolean))).map((d) => [d.department_code.toLowerCase(), Number(d.id)]));
  const schedules = new Map((await repo.activeSchedules(deps.db)).map((s) => [s.work_schedule_code, s]));
  const errors = new Map<number, string[]>();
  const rows: (repo.NewPolicy & { rowNumber: number })[] = [];
  for (const input of inputs) {
    const messages: string[] = [];
    const owner = owners.get(input.owner.toLowerCase());
    if (input.owner === '') messages.push(kind === 'staff' ? M.staffRequired : M.departmentRequired);
    else if (owner === undefined) messages.push(kind === 'staff' ? M.staffNotFound(input.owner) : M.departmentNotFound(input.owner));
    const fieldMessages = checkPolicyFields(input.values);
    messages.push(...fieldMessages);
    if (fieldMessages.length === 0) {
      const v = input.values as Record<string, unknown>;
      const values: PolicyValues = {
        work_schedule_code: String(v.work_schedule_code),
        rule_type: String(v.rule_type),
        explanation_number: Number(v.explanation_number),
        refund_hours_per_explanation: Number(v.refund_hours_per_explanation),
        explanation_time_per_days: Number(v.explanation_time_per_days),
        lack_of_time_allowed: Number(v.lack_of_time_allowed),
        ot_type: String(v.ot_type),
        url_policy: String(v.url_policy),
        apply_date: String(v.apply_date),
        expire_date: String(v.expire_date),
      };
      const schedule = schedules.get(values.work_schedule_code);
      if (!schedule) messages.push(M.scheduleNotFound(values.work_schedule_code));
      if (!RULE_TYPES.some((t) => t.value === values.rule_type)) messages.push(M.unknownRuleType(values.rule_type));
      else if (schedule) {
        // RULES.md §4: the rule type follows the schedule's type (the same check as Set Policy's, checkValues).
        const mismatch = ruleTypeMismatch(values.rule_type, schedule);
        if (mismatch) messages.push(mismatch);
      }
      if (!OT_RULES.some((t) => t.value === values.ot_type)) messages.push(M.unknownOtRule(values.ot_type));
      messages.push(...checkPolicyDates(values.apply_date, values.expire_date, { lockDate, today }));
      if (owner !== undefined && messages.length === 0) {
        const clash = rows.find((r) => r.owner === owner && r.apply_date <= values.expire_date && r.expire_date >= values.apply_date);
        if (clash) messages.push(M.importOverlap);
        else rows.push({ ...newPolicyOf(owner, values), rowNumber: input.rowNumber });
      }
    }
    if (messages.length > 0) errors.set(input.rowNumber, messages);
  }
  if (errors.size > 0) return { errors };
  return write(rows.map(({ rowNumber: _r, ...r }) => r));
}

export async function answerImport(reply: FastifyReply, kind: Kind, upload: { headers: string[]; rows: ImportRow[] }, result: { errors: Map<number, string[]> } | { count: number }) {
  if ('errors' in result) {
    return sendImportErrorReport(reply, {
      headers: upload.headers,
      rows: upload.rows,
      errors: result.errors,
      resultFileName: kind === 'staff' ? STAFF_POLICY_RESULT_FILE : DEPARTMENT_POLICY_RESULT_FILE,
      template: HEADERS[kind],
    });
  }
  return sendImportSuccess(reply, { count: result.count, message: M.importSuccess });
}


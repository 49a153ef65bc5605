import {
  GENERAL_CONFIG_MESSAGES as M,
  GENERAL_CONFIG_NUMBER_FIELDS,
  GENERAL_CONFIG_OBJECT_TYPE_MAX,
  checkGeneralConfigDates,
  checkGeneralConfigNumber,
  type GeneralConfigCreate,
} from '@tms/contracts/general-config';
import { type Checked, checkDateField } from '@tms/contracts/leave-forms';
import { parseDmy, toDmy } from '../../lib/dates.ts';
import type { GeneralConfigValues } from './general-config.repository.ts';

/** The general configuration form's rules (spec 000 §5) and the field lock of spec 000 §4, for create and edit. */

export type ConfigContext = {
  /** YYYY-MM-DD in the company time zone. */
  today: string;
  /** YYYY-MM-DD end of the most recent approved timesheet, or null. */
  lockDate: string | null;
  /** The stored values, when editing. */
  current?: GeneralConfigValues;
};

export type { Checked } from '@tms/contracts/leave-forms';

/** YYYY-MM-DD, or the message of the first failing rule (required, then a real DD/MM/YYYY date). */
const checkDate = (value: unknown, requiredMessage: string) => checkDateField(value, requiredMessage, parseDmy);

/** Fields an edit of a configuration applied on or before the lock date may not change (all but the expire date). */
const LOCKED_FIELDS = [...GENERAL_CONFIG_NUMBER_FIELDS, 'applyDate', 'objectType'] as const;

/**
 * Every rule in the form's order; `messages` holds each failing rule once, the first is the one shown.
 * Editing: an apply date kept as stored is not checked against today (it may have passed), and a configuration
 * applied on or before the lock date changes only its expire date (spec 000 §4, RULES.md §4).
 */
export function checkConfig(fields: GeneralConfigCreate, ctx: ConfigContext): Checked<GeneralConfigValues> {
  const messages: string[] = [];
  const numbers = {} as Record<(typeof GENERAL_CONFIG_NUMBER_FIELDS)[number], number>;
  for (const field of GENERAL_CONFIG_NUMBER_FIELDS) {
    const checked = checkGeneralConfigNumber(field, fields[field]);
    if (typeof checked !== 'number') messages.push(checked.text);
    else numbers[field] = checked;
  }

  const apply = checkDate(fields.applyDate, M.applyDateRequired);
  const expire = checkDate(fields.expireDate, M.expireDateRequired);
  if ('message' in apply) messages.push(apply.message);
  if ('message' in expire) messages.push(expire.message);
  if ('iso' in apply && 'iso' in expire) {
    const applyChanged = ctx.current === undefined || apply.iso !== ctx.current.applyDate;
    const failures = checkGeneralConfigDates({ apply: apply.iso, expire: expire.iso, applyChanged }, { today: ctx.today, lockDate: ctx.lockDate, formatDate: (d) => toDmy(d)! });
    messages.push(...failures.map((f) => f.text));
  }

  // On edit an absent object_type keeps the stored one; null clears it.
  const objectType = fields.object_type === undefined ? (ctx.current?.objectType ?? null) : fields.object_type?.trim() || null;
  if (objectType !== null && objectType.length > GENERAL_CONFIG_OBJECT_TYPE_MAX) messages.push(M.objectTypeTooLong);

  if (messages.length > 0 || !('iso' in apply) || !('iso' in expire)) return { ok: false, messages: [...new Set(messages)] };
  const value: GeneralConfigValues = { ...numbers, applyDate: apply.iso, expireDate: expire.iso, objectType };

  const current = ctx.current;
  if (current && ctx.lockDate !== null && current.applyDate <= ctx.lockDate && LOCKED_FIELDS.some((f) => value[f] !== current[f])) {
    return { ok: false, messages: [M.fieldsLocked] };
  }
  return { ok: true, value };
}

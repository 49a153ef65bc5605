import type { LogRow } from '@tms/contracts/logs';
import { contractTypeName, genderName } from '../../../components/code-names.ts';
import type { commonTexts } from '../../../components/i18n/index.ts';
import { formatDmy } from '../../../lib/dates.ts';
import { localizeNumberText } from '../../../lib/numbers.ts';
import { en } from '../i18n/en.ts';
import type { LogsT } from '../i18n/index.ts';

type Fields = typeof en.fields;
type Table = keyof Fields;

/**
 * Issue 26 §6: the Logs List showed database field names (employee_id, hrms_username, account_number) and raw values.
 * A field reads as the label of its record's form, in the language on screen; a field this list does not know, as
 * stored.
 */
export function fieldLabel(t: LogsT, table: string, field: string): string {
  const fields = Object.hasOwn(en.fields, table) ? (en.fields[table as Table] as Record<string, string>) : null;
  if (!fields || !Object.hasOwn(fields, field)) return field;
  return (t as (key: string) => string)(`fields.${table}.${field}`);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A decimal (hours, days); whole numbers are often identifiers (account numbers) and stay as stored. */
const DECIMAL = /^-?\d+\.\d+$/;

/**
 * A logged value as people read it: the name the server found for an id or a code of another record; a contract
 * type or gender by its name; a date DD/MM/YYYY; yes/no; a list comma-separated; a decimal as the language writes it.
 */
export function valueText(t: LogsT, common: typeof commonTexts.t, row: LogRow, side: 'new' | 'old'): string {
  const value = side === 'new' ? row.new_value : row.old_value;
  const name = side === 'new' ? row.new_value_name : row.old_value_name;
  if (name) return name;
  if (value === null || value === '') return '';
  if (row.field === 'contract_type') return contractTypeName(common, value);
  if (row.field === 'gender') return genderName(common, value);
  if (ISO_DATE.test(value)) return formatDmy(value);
  if (value === 'true' || value === 'false') return t(value === 'true' ? 'values.yes' : 'values.no');
  if (DECIMAL.test(value)) return localizeNumberText(value);
  if (value.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(value);
      if (Array.isArray(list) && list.every((x) => typeof x === 'string' || typeof x === 'number')) return list.join(', ');
    } catch {
      // not a list: shown as stored
    }
  }
  return value;
}

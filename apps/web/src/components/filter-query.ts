import dayjs from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';

/**
 * Filter fields of `FilterBar` and the flattening of their values into list query parameters
 * (spec 000 §7: "Filter submits send applyFromDate/applyToDate, expireFromDate/expireToDate … as DD/MM/YYYY").
 *
 * Every field has a form `name` (its key in `initialValues` and in the raw values) and a `label`.
 * Query parameters produced by `toFilterQuery`:
 * - dateRange: `fromParam` and `toParam`, each 'DD/MM/YYYY' (or `format`), undefined when empty;
 * - select, division, department, employee, project: `param` (default `name`); several values comma-joined;
 * - checkbox: `param` = 'true' when ticked, undefined otherwise;
 * - text: `param` = the trimmed text, undefined when blank.
 * Every declared parameter is present in the result (undefined when empty) so a new search replaces the old one;
 * the API client drops undefined parameters from the URL.
 */
type FieldBase = {
  /** Form field name: key in `initialValues` and in the raw values. */
  name: string;
  label: string;
  placeholder?: string;
};
type Param = {
  /** Query parameter name; defaults to `name`. */
  param?: string;
};

export type DateRangeFilterField = FieldBase & {
  kind: 'dateRange';
  /** e.g. 'applyFromDate'. */
  fromParam: string;
  /** e.g. 'applyToDate'. */
  toParam: string;
  /** dayjs format of the submitted dates; default 'DD/MM/YYYY'. */
  format?: string;
};
export type SelectFilterField = FieldBase &
  Param & { kind: 'select'; options: { label: string; value: string | number }[]; multiple?: boolean };
/** Divisions from get-all-divisions-departments; multi-select. Value: division `id` (or `department_code`). */
export type DivisionFilterField = FieldBase & Param & { kind: 'division'; valueField?: 'id' | 'department_code' };
/** Departments, narrowed to the divisions chosen in `divisionField` (when given); multi-select. */
export type DepartmentFilterField = FieldBase &
  Param & { kind: 'department'; divisionField?: string; valueField?: 'id' | 'department_code' };
/** Remote staff search (EmployeeSelect): 3+ characters, debounced 1 s. Value: `user_name` (default) or `id`. */
export type EmployeeFilterField = FieldBase &
  Param & {
    kind: 'employee';
    multiple?: boolean;
    valueField?: 'user_name' | 'id';
    /** Labels of values set before any search (a link that opens the page filtered to a person). */
    initialOptions?: { value: string | number; label: string }[];
  };
/** Remote project search (ProjectSelect), 40 per page. Value: `project_id` (default) or `project_code`. */
export type ProjectFilterField = FieldBase & Param & { kind: 'project'; multiple?: boolean; valueField?: 'project_id' | 'project_code' };
export type CheckboxFilterField = FieldBase & Param & { kind: 'checkbox' };
/** Free text (e.g. work schedule code or name). */
export type TextFilterField = FieldBase & Param & { kind: 'text' };

export type FilterField =
  | DateRangeFilterField
  | SelectFilterField
  | DivisionFilterField
  | DepartmentFilterField
  | EmployeeFilterField
  | ProjectFilterField
  | CheckboxFilterField
  | TextFilterField;

/** Raw form values keyed by field name (a dateRange value is `[Dayjs, Dayjs] | null`). */
export type FilterValues = Record<string, unknown>;
/** Flattened query parameters handed to `onSearch`. */
export type FilterQuery = Record<string, string | undefined>;

function formatDate(value: unknown, format: string): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const d = dayjs.isDayjs(value) ? value : dayjs(value as string | Date);
  return d.isValid() ? d.format(format) : undefined;
}

function joinValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const parts = value.filter((v) => v !== null && v !== undefined && v !== '').map(String);
    return parts.length > 0 ? parts.join(',') : undefined;
  }
  const text = String(value).trim();
  return text.length > 0 ? text : undefined;
}

/** The query parameters of a set of filter values (see the module comment for the rules). */
export function toFilterQuery(fields: readonly FilterField[], values: FilterValues | undefined): FilterQuery {
  const query: FilterQuery = {};
  for (const field of fields) {
    const value = values?.[field.name];
    switch (field.kind) {
      case 'dateRange': {
        const range = Array.isArray(value) ? value : [];
        const format = field.format ?? DATE_DMY;
        query[field.fromParam] = formatDate(range[0], format);
        query[field.toParam] = formatDate(range[1], format);
        break;
      }
      case 'checkbox':
        query[field.param ?? field.name] = value === true ? 'true' : undefined;
        break;
      default:
        query[field.param ?? field.name] = joinValue(value);
    }
  }
  return query;
}

/** Values with every field emptied (what 'Reload Search' starts from before applying `initialValues`). */
export function emptyFilterValues(fields: readonly FilterField[]): FilterValues {
  const values: FilterValues = {};
  for (const field of fields) {
    const multiple =
      field.kind === 'division' || field.kind === 'department' || ((field.kind === 'select' || field.kind === 'employee' || field.kind === 'project') && field.multiple);
    values[field.name] = field.kind === 'checkbox' ? false : multiple ? [] : undefined;
  }
  return values;
}

/** How many fields hold a value (the phone's 'Filters' button shows it, issue 26 §3): a range with either end counts once. */
export function activeFilterCount(fields: readonly FilterField[], values: FilterValues | undefined): number {
  const filled = (value: unknown): boolean =>
    Array.isArray(value) ? value.some(filled) : typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null && value !== false;
  return fields.filter((field) => filled(values?.[field.name])).length;
}

/**
 * FilterBar's `onSearch` for a list whose filters are held in state: new filters replace the current ones (the list
 * goes back to page 1); the same filters searched again reload the list. A form that yields no query (undefined: not
 * searchable yet) only sets it, never reloads.
 */
export function searchOrReload<Q extends object | undefined = FilterQuery>(current: NoInfer<Q>, setFilters: (query: Q) => void, reload: () => unknown): (query: Q) => void {
  return (query) => (query !== undefined && JSON.stringify(query) === JSON.stringify(current) ? void reload() : setFilters(query));
}

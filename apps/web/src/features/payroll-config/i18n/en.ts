import { PAYROLL_CONFIG_MESSAGES, PAYROLL_CONFIG_TEXTS, PAYROLL_TABLE_FIELDS } from '@tms/contracts/overtime-pay';
import { OT_LIMIT_MESSAGES } from '@tms/contracts/overtime-limits';

/** The label the contracts give a payroll table's key (the page's texts, spec 002 "Payroll Configuration"). */
const label = (key: string) =>
  [...PAYROLL_TABLE_FIELDS.payroll_overtime, ...PAYROLL_TABLE_FIELDS.bonus, ...PAYROLL_TABLE_FIELDS.overtime_limits].find((f) => f.key === key)?.label ?? key;

/** Payroll Configuration (English, the source; spec 002 "Payroll Configuration"): the contracts' texts verbatim. */
export const en = {
  tab: PAYROLL_CONFIG_TEXTS.tab,
  recalculate: PAYROLL_CONFIG_TEXTS.recalculate,
  overtime: PAYROLL_CONFIG_TEXTS.overtime,
  coefficients: PAYROLL_CONFIG_TEXTS.coefficients,
  taxCoefficients: PAYROLL_CONFIG_TEXTS.taxCoefficients,
  bonus: PAYROLL_CONFIG_TEXTS.bonus,
  save: PAYROLL_CONFIG_TEXTS.save,
  /** Issue 27 §2: the overtime limits card and the listed-sector departments. */
  limits: 'Overtime limits (hours)',
  listed: 'Listed-sector departments (yearly limit of listed sectors)',
  listedHint: 'Decree 145/2020 Art. 61: staff of these departments (or divisions) may work the higher yearly limit.',
  listedSave: 'Save departments',
  listedSaved: OT_LIMIT_MESSAGES.listedSaved,
  /** The fields of the two tables by key (PAYROLL_TABLE_FIELDS). */
  fields: {
    coefficient_workday: label('coefficient_workday'),
    coefficient_night_workday: label('coefficient_night_workday'),
    coefficient_night_workday_has_day_time: label('coefficient_night_workday_has_day_time'),
    coefficient_day_off: label('coefficient_day_off'),
    coefficient_night_day_off: label('coefficient_night_day_off'),
    coefficient_holiday: label('coefficient_holiday'),
    coefficient_night_holiday: label('coefficient_night_holiday'),
    tax_coefficient_workday: label('tax_coefficient_workday'),
    tax_coefficient_night_workday: label('tax_coefficient_night_workday'),
    tax_coefficient_day_off: label('tax_coefficient_day_off'),
    tax_coefficient_night_day_off: label('tax_coefficient_night_day_off'),
    tax_coefficient_holiday: label('tax_coefficient_holiday'),
    tax_coefficient_night_holiday: label('tax_coefficient_night_holiday'),
    Staff: label('Staff'),
    Management: label('Management'),
    month_hours: label('month_hours'),
    year_hours: label('year_hours'),
    year_hours_listed_sector: label('year_hours_listed_sector'),
    day_hours: label('day_hours'),
  },
  /** The page's own messages (the value checks run in the browser too). */
  messages: {
    notANumber: PAYROLL_CONFIG_MESSAGES.notANumber,
    notInteger: PAYROLL_CONFIG_MESSAGES.notInteger,
    outOfRange: PAYROLL_CONFIG_MESSAGES.outOfRange,
    updated: PAYROLL_CONFIG_MESSAGES.updated,
    recalculateConfirm: PAYROLL_CONFIG_MESSAGES.recalculateConfirm,
    recalculateDone: PAYROLL_CONFIG_MESSAGES.recalculateDone,
    recalculateFailed: PAYROLL_CONFIG_MESSAGES.recalculateFailed,
    recalculateRunning: PAYROLL_CONFIG_MESSAGES.recalculateRunning,
  },
};

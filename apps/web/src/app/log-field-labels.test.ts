import { describe, expect, it } from 'vitest';
import { en as employeesEn } from '../features/employees/i18n/en.ts';
import { vi as employeesVi } from '../features/employees/i18n/vi.ts';
import { en as logsEn } from '../features/logs/i18n/en.ts';
import { vi as logsVi } from '../features/logs/i18n/vi.ts';
import { en as policiesEn } from '../features/policies/i18n/en.ts';
import { vi as policiesVi } from '../features/policies/i18n/vi.ts';

/**
 * Issue 26 §6: a Logs List field reads as the label of the form its record is edited in. The logs feature keeps its
 * own copy (features do not import each other); this holds the copy to the forms' texts in both languages.
 */
describe('Logs List field labels are the forms’ labels', () => {
  const cases = [
    { lang: 'en', logs: logsEn, employees: employeesEn, policies: policiesEn },
    { lang: 'vi', logs: logsVi, employees: employeesVi, policies: policiesVi },
  ] as const;

  it.each(cases)('$lang: employee form', ({ logs, employees }) => {
    const { company_id, division_id, remain_offset_leave, ...same } = logs.fields.employees;
    for (const [field, label] of Object.entries(same)) expect(label, field).toBe(employees.fields[field as keyof typeof employees.fields]);
    expect([company_id, division_id, remain_offset_leave]).toEqual([employees.fields.company, employees.fields.division, employees.fields.remainOffsetLeave]);
    expect(logs.fields.users).toEqual({ username: employees.fields.user_name, roles: employees.fields.roles });
  });

  it.each(cases)('$lang: attendance-check mapping form', ({ logs, employees }) => {
    const form = employees.attendance.form;
    expect(logs.fields.attendance_check_configs).toEqual({
      employee_id: form.employee,
      hrms_username: employees.attendance.columns.username,
      account_number: form.accountNumber,
      attendance_check_id: form.attendanceCheckId,
      attendance_check_name: form.attendanceCheckName,
      project: form.project,
      position: form.position,
      attendance_check_system: form.system,
      start_date: form.startDate,
      end_date: form.endDate,
    });
  });

  it.each(cases)('$lang: policy form', ({ logs, policies }) => {
    const { work_start_time: _s, work_end_time: _e, ...shown } = logs.fields.staff_policies;
    expect(shown).toEqual({
      work_schedule_code: policies.form.workSchedule,
      rule_type: policies.form.workScheduleType,
      explanation_number: policies.explanation.explanation_number,
      refund_hours_per_explanation: policies.explanation.refund_hours_per_explanation,
      explanation_time_per_days: policies.explanation.explanation_time_per_days,
      lack_of_time_allowed: policies.form.lack,
      ot_type: policies.form.ot,
      url_policy: policies.form.link,
      apply_date: policies.form.applied,
      expire_date: policies.form.expired,
    });
    expect(logs.fields.department_policies).toEqual(logs.fields.staff_policies);
  });
});

import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import type { ExplanationRow } from '../api/explanations-api.ts';
import { explanationsTexts } from '../i18n/index.ts';
import { explanationColumns, explanationStepLabel } from './explanation-columns.tsx';

const row = (over: Partial<ExplanationRow> = {}): ExplanationRow => ({
  id: 5, abnormal_id: 9, title: 'Explanation 20/11/2026', employee: { id: 11, name: 'Staff', code: 'E011', department: 'Dev 1' },
  assignee: null, original_assignee: null, approver: null, created_by: null, approved_by: null,
  abnormal_date: '2026-11-20', created_date: '2026-11-21T02:00:00Z', modify_date: '2026-11-21T02:00:00Z',
  reason_type: 'LATE_TRAFFIC', reason_type_name: 'Đi muộn do tắc đường', reason_detail: null, absent_type: null, actual: 'LATE_COMING',
  description: 'Traffic jam', reasons_for_rejection: null, case_reason: '2', is_flexible: false, status: 1, statusText: 'PENDING', approval_step: null, version: 1,
  actions: { cancel: false, approve: false, reject: false, edit: false, changeAssignee: false }, ...over,
});

type Column = { title?: unknown; dataIndex?: unknown; render?: (value: unknown, row: ExplanationRow, index: number) => ReactNode };
function reasonTypeCell(r: ExplanationRow): string {
  const columns = explanationColumns(() => undefined, explanationsTexts.t) as Column[];
  const column = columns.find((c) => c.title === explanationsTexts.t('columns.reasonType'))!;
  const value = typeof column.dataIndex === 'string' ? (r as unknown as Record<string, unknown>)[column.dataIndex] : undefined;
  return renderToString(<>{column.render!(value, r, 0)}</>);
}

describe('Explanation Management columns (spec 001 §2.6)', () => {
  it('Reason Type shows the reason type\'s name as the server answers it (in the reader\'s language), not the free text', () => {
    expect(reasonTypeCell(row())).toBe('Đi muộn do tắc đường');
  });
  it('falls back on the code when the reason has no name', () => {
    expect(reasonTypeCell(row({ reason_type_name: null }))).toBe('LATE_TRAFFIC');
  });
});

describe('Explanation Management status of an explanation in an approval flow (issue 29)', () => {
  it("says the step and the current approver's user name while it is pending; the usual status otherwise", () => {
    const assignee = { id: 4, user_name: 'dl', name: 'Dung' };
    expect(explanationStepLabel(row({ approval_step: { step: 2, count: 3 }, assignee }))).toBe('Pending — step 2 of 3 (dl)');
    expect(explanationStepLabel(row({ approval_step: null, assignee }))).toBeUndefined();
  });
});

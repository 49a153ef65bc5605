import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import type { SpecialExplanationRow } from '@tms/contracts/special-explanation';
import { specialExplanationColumns } from './special-explanation-columns.tsx';

const row = (over: Partial<SpecialExplanationRow> = {}): SpecialExplanationRow => ({
  id: 5, employeeId: 3, employeeName: 'Son Staff', userName: 'staff', departmentEmployee: 'Department One', date: '16/03/2026', time: 1.5,
  type: 'LATE_TRAFFIC', typeName: 'Late because of traffic', typeNameVi: 'Đi muộn do tắc đường', requestReason: 'EXPLANATION_REQUEST',
  description: 'Rain', createBy: 'hr', createByName: 'Nguyễn Thị Hoa', departmentCreator: 'Department Two', ccMailInfor: [], is_from_sf4c: false, version: 1, canEdit: true, ...over,
});

type Column = { key?: unknown; title?: unknown; render?: (value: unknown, row: SpecialExplanationRow, index: number) => ReactNode };
const cell = (columns: readonly Column[], key: string, r: SpecialExplanationRow) => renderToString(<>{columns.find((c) => c.key === key)!.render!(undefined, r, 0)}</>);

describe('special explanation columns (spec 001 §2.7)', () => {
  it('lists staff, date, type, time, description, created by, and the action for HR / HRM only', () => {
    const readOnly = specialExplanationColumns({ mayWrite: false, onEdit: () => undefined }) as Column[];
    expect(readOnly.map((c) => c.title)).toEqual(['Staff', 'Date', 'Type', 'Time (hours)', 'Description', 'Created By']);
    const writer = specialExplanationColumns({ mayWrite: true, onEdit: () => undefined }) as Column[];
    expect(writer.map((c) => c.title).at(-1)).toBe('Action');
  });

  it('shows the time with two decimals and disables Edit once the date is locked', () => {
    const columns = specialExplanationColumns({ mayWrite: true, onEdit: () => undefined }) as Column[];
    expect(cell(columns, 'time', row())).toBe('1.50');
    expect(cell(columns, 'staff', row())).toContain('Son Staff');
    expect(cell(columns, 'action', row())).toContain('data-testid="special-explanation-edit-5"');
    expect(cell(columns, 'action', row())).not.toContain('disabled');
    expect(cell(columns, 'action', row({ canEdit: false }))).toContain('disabled');
  });

  it('names the creator, with the username beside it; a creator without an employee record by the username', () => {
    const columns = specialExplanationColumns({ mayWrite: false, onEdit: () => undefined }) as Column[];
    const named = cell(columns, 'createBy', row());
    expect(named).toContain('Nguyễn Thị Hoa');
    expect(named).toContain('(<!-- -->hr<!-- -->)');
    expect(named).toContain('Department Two');
    expect(cell(columns, 'createBy', row({ createByName: null }))).toMatch(/^hr/);
  });
});

import { describe, expect, it } from 'vitest';
import { departmentsOf, divisionsOf, type DepartmentNode } from './lookups.ts';

const tree: DepartmentNode[] = [
  {
    id: 1,
    department_code: 'D1',
    name: 'Division 1',
    department_type: 'Division',
    children: [
      { id: 11, department_code: 'D1A', name: 'Dept 1A', department_type: 'Department' },
      { id: 12, department_code: 'D1B', name: 'Dept 1B', department_type: 'Department' },
    ],
  },
  { id: 2, department_code: 'D2', name: 'Division 2', department_type: 'Division', children: [{ id: 21, department_code: 'D2A', name: 'Dept 2A', department_type: 'Department' }] },
];

describe('division and department options', () => {
  it('lists divisions', () => {
    expect(divisionsOf(tree).map((d) => d.id)).toEqual([1, 2]);
  });
  it('narrows departments to the chosen divisions (by id or code); all when none is chosen', () => {
    expect(departmentsOf(tree).map((d) => d.id)).toEqual([11, 12, 21]);
    expect(departmentsOf(tree, [2]).map((d) => d.id)).toEqual([21]);
    expect(departmentsOf(tree, ['D1']).map((d) => d.id)).toEqual([11, 12]);
    expect(departmentsOf(tree, []).map((d) => d.id)).toEqual([11, 12, 21]);
    expect(departmentsOf(undefined, [1])).toEqual([]);
  });
});

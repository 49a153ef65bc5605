import { useState } from 'react';
import type { EmployeeLookup } from '../../../components/employee-select.tsx';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { newStaffLine, type StaffLine } from './onsite-view.ts';

/** The onsite request's staff lines (each with its own start, end and duration), the add-staff picker and the "no staff" error. */
export function useOnsiteStaff(initial: StaffLine[]) {
  const [staff, setStaff] = useState<StaffLine[]>(initial);
  const [staffError, setStaffError] = useState<string | null>(null);
  const [picker, setPicker] = useState<number | undefined>(undefined);

  const update = (i: number, patch: Partial<StaffLine>) => setStaff((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const add = (_value: unknown, option: RemoteOption<EmployeeLookup> | RemoteOption<EmployeeLookup>[] | undefined) => {
    const item = Array.isArray(option) ? option[0]?.item : option?.item;
    setPicker(undefined);
    if (!item || staff.some((s) => s.employeeId === item.id)) return;
    setStaff((list) => [...list, newStaffLine(item)]);
    setStaffError(null);
  };

  const remove = (line: StaffLine) => setStaff((list) => list.filter((x) => x.employeeId !== line.employeeId));

  return { staff, staffError, setStaffError, picker, update, add, remove };
}

export type OnsiteStaff = ReturnType<typeof useOnsiteStaff>;

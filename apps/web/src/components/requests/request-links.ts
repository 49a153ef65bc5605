import type { UserDetail } from '@tms/contracts/auth';
import { hasRole } from '../../lib/auth.ts';

/** A person Request Management is opened for (`?employee=<id>&employee_name=<label>`): their requests of every status. */
export type LinkedEmployee = { id: number; label: string };

/** The query of the link that opens Request Management on one person's requests (the Team Calendar's names). */
export function requestsOfEmployeeSearch(employee: LinkedEmployee): string {
  return `?${new URLSearchParams({ employee: String(employee.id), employee_name: employee.label }).toString()}`;
}

/**
 * Whether Request Management shows the user only their own requests (the staff filter set, without a Staff field):
 * a user who leads nothing, manages no project and is not HR, HRM, Admin or a guest. Unknown yet counts as staff.
 */
export function seesOnlyOwnRequests(user: Pick<UserDetail, 'roles' | 'isPm'> | null | undefined): boolean {
  return !hasRole(user, 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'GUEST', 'PM');
}

/** A person Request Management is opened for (`?employee=<id>&employee_name=<label>`): their requests of every status. */
export type LinkedEmployee = { id: number; label: string };

/** The query of the link that opens Request Management on one person's requests (the Team Calendar's names). */
export function requestsOfEmployeeSearch(employee: LinkedEmployee): string {
  return `?${new URLSearchParams({ employee: String(employee.id), employee_name: employee.label }).toString()}`;
}

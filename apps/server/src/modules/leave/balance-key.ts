/** A balance read of many (a list of approvals reads each requester's fund at once): one employee on one date. */
export type BalanceKey = { employeeId: number; date: string };

/** The key the many-readers' maps answer under. */
export const balanceKeyOf = (q: BalanceKey): string => `${q.employeeId}:${q.date}`;

import { sql } from 'drizzle-orm';
import { EXPLANATION_STATUS, REQUEST_STATUS } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { intArray } from '../../db/sql-fragments.ts';
import { listRequests, type RequestListRow } from './request-list.repository.ts';

/** Every stored status, so the list's default (Pending only) does not hide a decided request. */
const ALL_STATUSES = [...new Set([...Object.values(REQUEST_STATUS), ...Object.values(EXPLANATION_STATUS)])].filter((s) => s !== REQUEST_STATUS.expired);

/** The list rows of these requests (the request list's own statement), read in the writer's transaction. */
export function requestRowsById(tx: DbOrTx, ids: readonly number[]): Promise<RequestListRow[]> {
  return listRequests(tx, {
    filter: { status: ALL_STATUSES, sort: 'created_date', direction: 1 },
    scope: sql`r.id = any(${intArray(ids)})`,
    lockDate: null,
    timeZone: 'UTC',
    limit: ids.length,
    offset: 0,
  });
}

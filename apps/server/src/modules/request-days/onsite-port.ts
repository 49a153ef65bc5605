import type { FastifyBaseLogger } from 'fastify';
import type { OnsiteCreatePayload } from '@tms/contracts/onsite';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NotifyMailConfig } from '../../lib/notify.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/**
 * What the requests workflow asks of the onsite workflow (one onsite record, one status: docs/onsite.md). An ONSITE
 * request filed on Request Management is an onsite record, and approve / reject / withdraw of its rows are the record's
 * own actions. The requests module may not import the onsite module (module boundaries, docs/ARCHITECTURE.md), so the
 * onsite module provides these two functions when it loads (onsite.service.ts) and the requests module calls them here.
 */
export type OnsitePortDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger; mail: NotifyMailConfig };
export type OnsitePort = {
  /** Files one onsite record for the payload's staff (its checks, history, mail) and answers each staff member's request row id. */
  file: (deps: OnsitePortDeps, caller: SessionUser, payload: OnsiteCreatePayload) => Promise<Map<number, number | null>>;
  /** The record's approve, reject or withdraw, by its rules. */
  decide: (deps: OnsitePortDeps, caller: SessionUser, onsiteId: number, action: 'approve' | 'reject' | 'withdraw', reason: string | null) => Promise<unknown>;
};

let provided: OnsitePort | null = null;

export function provideOnsitePort(port: OnsitePort): void {
  provided = port;
}

export function onsitePort(): OnsitePort {
  if (!provided) throw new Error('The onsite module is not loaded: load modules/onsite/onsite.service.ts before filing or deciding an onsite request');
  return provided;
}

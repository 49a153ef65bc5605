import type { DbOrTx } from '../client.ts';
import type { SeededOrg } from './org.ts';

export type DelegationDemo = { delegations: number };

/** Demo data of Delegation Management (issue 12). FOUNDATION STUB: the delegation helper fills it. */
export async function seedDelegationDemo(_db: DbOrTx, _opts: { org: SeededOrg; today: string; now: Date }): Promise<DelegationDemo> {
  return { delegations: 0 };
}

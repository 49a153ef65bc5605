import type { TestApp } from './harness.ts';
import { drainAll } from '../modules/recalculation/drain.ts';

/**
 * Test-only: what the job worker does on its next poll — drains every queued recalculation. For routes whose answer
 * does not wait for it (route config `recalculation: 'worker'`, e.g. self check-in punches).
 */
export const workerDrain = (t: TestApp) => drainAll({ db: t.db, clock: t.clock });

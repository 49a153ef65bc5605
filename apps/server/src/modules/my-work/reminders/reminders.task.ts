import type { FastifyInstance } from 'fastify';
import { registerWorkerTask } from '../../../lib/jobs.ts';
import { runReminders } from './reminders.runner.ts';

/**
 * The reminders' place in the job worker (lib/jobs.ts): a worker task, run after each poll (every second, in every
 * API process). It looks at most every CHECK_EVERY_MS, so an idle process costs a few statements a minute; the run
 * itself is once a day per kind across processes (reminders.runner.ts).
 */
const CHECK_EVERY_MS = 30_000;
let lastCheck = 0;

export function registerReminderTask(): void {
  registerWorkerTask('reminders.daily', async (app: FastifyInstance) => {
    const now = Date.now();
    if (now - lastCheck < CHECK_EVERY_MS) return;
    lastCheck = now;
    await runReminders(app);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, historyEntrySchema, envelope } from '@tms/contracts/schemas';
import {
  REMINDER_MESSAGES as M,
  REMINDER_SETTINGS_ACCESS as ACCESS,
  REMINDER_SETTINGS_HISTORY_PATH,
  REMINDER_SETTINGS_PATH,
  reminderSettingsResponseSchema,
  reminderSettingsUpdateSchema,
} from '@tms/contracts/reminders';
import { z } from 'zod';
import { requireUser } from '../../../plugins/auth.ts';
import { loadReminderSettings, reminderSettingsHistory, updateReminderSettings } from './reminder-settings.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Reminder settings (issue 30 §4, docs/reminders.md): HR, HRM and Admin read and change them; company-wide, no data scope. */
export async function reminderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reminders'];
  const config = { access: ACCESS, scope: 'none' as const };

  app.get(
    REMINDER_SETTINGS_PATH,
    { config, schema: { tags, response: { 200: reminderSettingsResponseSchema, ...errors } } },
    async () => ({ code: 200, message: 'Success', data: await loadReminderSettings(app.db) }),
  );

  app.put(
    REMINDER_SETTINGS_PATH,
    { config, schema: { tags, body: reminderSettingsUpdateSchema, response: { 200: reminderSettingsResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.saved, data: await updateReminderSettings(app.db, requireUser(request), request.body) }),
  );

  app.get(
    REMINDER_SETTINGS_HISTORY_PATH,
    { config, schema: { tags, response: { 200: envelope(z.array(historyEntrySchema)), ...errors } } },
    async () => ({ code: 200, message: 'Success', data: await reminderSettingsHistory(app.db, app.clock) }),
  );
}

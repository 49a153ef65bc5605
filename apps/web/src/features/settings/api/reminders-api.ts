import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REMINDER_SETTINGS_PATH, type ReminderSettings, type ReminderSettingsUpdate } from '@tms/contracts/reminders';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

/** Reminder settings (issue 30 §4, docs/reminders.md): HR, HRM and Admin. */
export const reminderSettingsKey = ['reminder-settings'] as const;

export function useReminderSettings() {
  return useQuery({ queryKey: reminderSettingsKey, queryFn: ({ signal }) => apiGet<ReminderSettings>(REMINDER_SETTINGS_PATH, undefined, { signal }) });
}

/** PUT with the version read: 409 when someone saved first (the form then reloads). */
export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSettingsUpdate) => apiRequest<ReminderSettings>('PUT', REMINDER_SETTINGS_PATH, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: reminderSettingsKey }),
  });
}

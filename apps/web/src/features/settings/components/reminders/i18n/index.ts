import { defineNamespace } from '../../../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const reminderTexts = defineNamespace('settings-reminders', en, vi);

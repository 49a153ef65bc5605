import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const teamCalendarTexts = defineNamespace('team-calendar', en, vi);

export type TeamCalendarT = ReturnType<typeof teamCalendarTexts.useT>['t'];

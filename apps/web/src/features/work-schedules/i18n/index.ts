import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const workSchedulesTexts = defineNamespace('work-schedules', en, vi);

export type WorkSchedulesT = ReturnType<typeof workSchedulesTexts.useT>['t'];

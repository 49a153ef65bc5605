import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const profileTexts = defineNamespace('profile', en, vi);

export type ProfileT = ReturnType<typeof profileTexts.useT>['t'];

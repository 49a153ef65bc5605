import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const policiesTexts = defineNamespace('policies', en, vi);

export type PoliciesT = ReturnType<typeof policiesTexts.useT>['t'];

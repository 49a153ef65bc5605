import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const webhooksTexts = defineNamespace('webhooks', en, vi);

export type WebhooksT = ReturnType<typeof webhooksTexts.useT>['t'];

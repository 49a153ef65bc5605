import { defineNamespace, type Translate } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const logsTexts = defineNamespace('logs', en, vi);

/** The namespace's `t`, for filter and column builders that take it. */
export type LogsT = Translate<typeof en>;

import { defineNamespace, type Translate } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const reportsTexts = defineNamespace('reports', en, vi);

/** The namespace's `t`, for column builders that take it. */
export type ReportsT = Translate<typeof en>;
